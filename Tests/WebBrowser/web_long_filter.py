"""A filter far longer than a WebSocket frame's default size, typed in
headless Chromium: the page keeps its connection and filters.

usage: web_long_filter.py URL LENGTH

Prints one JSON object of facts; exits non-zero on a failed step.
"""
import sys

from selenium.webdriver.common.keys import Keys

from web_e2e import in_browser, run


def scenario(driver, page, facts, url, length):
    driver.get(url)
    page.until("the playlists", lambda: page.title() == "Playlists" and page.rows())
    page.key("/")
    page.until("the filter dialog", page.dialog_open)
    # Typed in one go: send_keys of this many characters would take minutes.
    driver.execute_script("document.activeElement.value = arguments[0]", "q" * length)
    page.key(Keys.ENTER)
    page.until("the filter in the address", lambda: "filter=" in page.path())
    page.until("the list filtered", lambda: not page.rows())
    facts["filterInURL"] = len(page.path().split("filter=", 1)[1])
    facts["connection"] = driver.execute_script("return document.getElementById('connection').textContent")
    # Still connected: another request gets its answer.
    page.key("/")
    page.until("the filter dialog again", page.dialog_open)
    driver.execute_script("document.activeElement.value = 'Sam'")
    page.key(Keys.ENTER)
    page.until("the list filtered again", lambda: "Sample" in [r[0] for r in page.rows()])
    facts["connectionAfter"] = driver.execute_script("return document.getElementById('connection').textContent")


def main():
    url, length = sys.argv[1], int(sys.argv[2])
    return in_browser(lambda driver, page, facts: scenario(driver, page, facts, url, length))


if __name__ == "__main__":
    run(main)
