"""Deleting the home folder from `facet --ui web` (headless Chromium).

usage: web_home_delete.py URL WORK

The server's user has WORK/users/me as home and shows WORK/users. `d` on
`me` asks the screen's question, then its typed second answer: a wrong
path deletes nothing, the right one deletes it; `other` needs yes alone.
Prints one JSON object of facts; exits non-zero on a failed step.
"""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import Page, browser, console_errors, run


def names(page):
    return [row[0] for row in page.rows()]


def ask_delete(driver, page, name):
    """`d` on the row `name`; returns the dialog's title once the screen's question shows."""
    # After a delete the list is read again: wait for the row, not just any rows.
    page.until(f"the row {name}", lambda: name in names(page))
    driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
    for _ in range(names(page).index(name)):
        page.key(Keys.ARROW_DOWN)
    page.key("d")
    page.until("the confirmation", page.dialog_open)
    page.until("the screen's question", lambda: driver.find_element(By.ID, "prompt-title").text.startswith(f"Delete {name} ("))
    return driver.find_element(By.ID, "prompt-title").text


def loading(driver):
    """The screen's status says it is still reading (a scan, a re-read)."""
    return driver.execute_script("return document.querySelector('#screen .status')?.dataset.kind === 'loading'")


def text(driver, element_id):
    return driver.execute_script(f"return document.getElementById('{element_id}')?.textContent ?? ''")


def main():
    url, work = sys.argv[1:3]
    home = os.path.join(work, "users", "me")
    facts = {}
    driver = browser()
    page = Page(driver)
    try:
        driver.get(url)
        page.until("the first screen", lambda: page.title() != "")
        driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='folders']").click()
        page.until("the folder rows", lambda: {"me", "other"} <= set(names(page)))
        # Scanned to the end: a folder still being measured is refused, not asked about.
        page.until("the scan done", lambda: not loading(driver))

        facts["homeQuestion"] = ask_delete(driver, page, "me")
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("the typed question", lambda: "home folder" in text(driver, "prompt-text"))
        facts["typedQuestion"] = text(driver, "prompt-text")
        facts["typedFocus"] = driver.switch_to.active_element.get_attribute("id")
        page.key(os.path.join(work, "users", "other"), Keys.ENTER)
        page.until("the refusal", lambda: "nothing was deleted" in page.status())
        facts["refusal"] = page.status()
        facts["homeKeptAfterWrongPath"] = os.path.exists(os.path.join(home, "notes"))
        facts["otherKeptAfterWrongPath"] = os.path.exists(os.path.join(work, "users", "other", "x"))

        ask_delete(driver, page, "me")
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("the typed question", lambda: "home folder" in text(driver, "prompt-text"))
        page.key(home, Keys.ENTER)
        # The list as read again after the delete (not an empty one meanwhile).
        page.until("me gone", lambda: "me" not in names(page) and "other" in names(page))
        facts["homeGone"] = not os.path.exists(home)

        facts["otherQuestion"] = ask_delete(driver, page, "other")
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("other gone", lambda: "other" not in names(page) and not loading(driver))
        facts["otherGone"] = not os.path.exists(os.path.join(work, "users", "other"))
        facts["consoleErrors"] = console_errors(driver)
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    run(main)
