"""What the web page shows after an action, in headless Chromium.

usage: web_seams.py URL PLAYLIST FOLDER

`u` after a removal: the song put back is the selected row, wherever the
selection was. FOLDER holds files only: its empty list says how to list
them with the page's own key and button, not the CLI's word. Prints one
JSON object of facts; exits non-zero on a failed step.
"""
import sys
from urllib.parse import quote

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import Page, browser, console_errors, run

SELECTED = "return document.querySelector('#screen tbody tr[aria-selected=\"true\"]')?.dataset.id ?? null"


def main():
    url, name, folder = sys.argv[1:4]
    base = url.split("/?")[0]
    facts = {}
    driver = browser()
    page = Page(driver)
    try:
        driver.get(url)
        page.until("the first screen", lambda: page.title() != "")
        driver.get(f"{base}/playlist/{quote(name)}")
        page.until("the playlist's rows", lambda: page.title() == name and len(page.rows()) == 5)
        scroller = driver.find_element(By.CSS_SELECTOR, "#screen .scroller")
        scroller.send_keys(Keys.HOME)
        scroller.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        page.until("the third song selected", lambda: driver.execute_script(SELECTED) == "3")
        page.key("x")
        page.until("the question", page.dialog_open)
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("the song removed", lambda: len(page.rows()) == 4)
        driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
        page.until("the first song selected", lambda: driver.execute_script(SELECTED) == "1")
        page.key("u")
        page.until("the song back", lambda: len(page.rows()) == 5 and "Undone" in page.status())
        facts["selectedAfterUndo"] = driver.execute_script(SELECTED)
        facts["selectedTitle"] = driver.execute_script(
            "return document.querySelector('#screen tbody tr[aria-selected=\"true\"]')?.textContent ?? ''")

        driver.get(f"{base}/folders/{quote(folder, safe='')}")
        page.until("the empty folder's message", lambda: "not listed" in driver.execute_script(
            "return document.querySelector('#screen .empty')?.textContent ?? ''"))
        facts["emptyMessage"] = driver.execute_script("return document.querySelector('#screen .empty').textContent")
        facts["restRow"] = driver.execute_script(
            "return document.querySelector('#screen dt[data-row=\"rest\"]')?.nextElementSibling?.textContent ?? ''")
        facts["consoleErrors"] = console_errors(driver)
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    run(main)
