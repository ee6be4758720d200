"""The web page's confirmation answers the TUI's keys (headless Chromium).

usage: web_dialog_keys.py URL WORK

The server shows WORK, which holds the folders `a` and `b`. `d` on `a`
asks; `n` answers no, Esc cancels, `y` answers yes. Prints one JSON object
of facts; exits non-zero on a failed step.
"""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import in_browser, run


def names(page):
    return [row[0] for row in page.rows()]


def loading(driver):
    return driver.execute_script("return document.querySelector('#screen .status')?.dataset.kind === 'loading'")


def ask_delete(driver, page, name):
    """`d` on the row `name`, until the question shows; returns the dialog's text."""
    page.until(f"the row {name}", lambda: name in names(page))
    page.until("the scan done", lambda: not loading(driver))
    driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
    for _ in range(names(page).index(name)):
        page.key(Keys.ARROW_DOWN)
    page.key("d")
    page.until("the confirmation", page.dialog_open)
    page.until("the screen's question", lambda: driver.find_element(By.ID, "prompt-title").text.startswith(f"Delete {name} ("))
    return driver.execute_script("return document.getElementById('prompt').textContent")


def closed(page):
    page.until("the dialog closed", lambda: not page.dialog_open())
    return True


def steps(driver, page, facts):
    url, work = sys.argv[1:3]
    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='folders']").click()
    page.until("the folder rows", lambda: {"a", "b"} <= set(names(page)))

    facts["dialogText"] = ask_delete(driver, page, "a")
    page.key("n")
    facts["closedByN"] = closed(page)
    facts["keptAfterN"] = os.path.exists(os.path.join(work, "a"))

    ask_delete(driver, page, "a")
    page.key(Keys.ESCAPE)
    facts["closedByEsc"] = closed(page)
    facts["keptAfterEsc"] = os.path.exists(os.path.join(work, "a"))

    ask_delete(driver, page, "a")
    page.key("y")
    facts["closedByY"] = closed(page)
    page.until("a gone", lambda: "a" not in names(page) and "b" in names(page) and not loading(driver))
    facts["goneAfterY"] = not os.path.exists(os.path.join(work, "a"))
    facts["bKept"] = os.path.exists(os.path.join(work, "b"))


if __name__ == "__main__":
    run(lambda: in_browser(steps))
