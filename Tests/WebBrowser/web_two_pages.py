"""Two pages of one `facet --ui web`, in headless Chromium (two windows).

usage: web_two_pages.py URL WORK

A filter typed in page A stays in A; a playlist A imports appears in
page B, which does nothing, beside the rows A's filter hides. Prints one
JSON object of facts; exits non-zero on a failed step.
"""
import os
import sys
from urllib.parse import urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import Page, browser, run


def names(page):
    return sorted(row[0] for row in page.rows())


def main():
    url, work = sys.argv[1:3]
    facts = {}
    driver = browser()
    page = Page(driver)
    try:
        driver.get(url)
        page.until("A's playlists", lambda: page.title() == "Playlists" and page.rows())
        a = driver.current_window_handle
        # The token became a cookie: B opens the same screen by its address.
        parts = urlsplit(url)
        driver.switch_to.new_window("window")
        b = driver.current_window_handle
        driver.get(f"{parts.scheme}://{parts.netloc}/playlists")
        page.until("B's playlists", lambda: page.title() == "Playlists" and "Sample" in names(page))

        # A filters its list down to nothing.
        driver.switch_to.window(a)
        page.key("/")
        page.until("the filter dialog", page.dialog_open)
        page.key("zz", Keys.ENTER)
        page.until("A filtered", lambda: "filter=zz" in page.path() and "Sample" not in names(page))

        # A imports a playlist its filter lets through.
        m3u = os.path.join(work, "mix.m3u")
        with open(m3u, "w") as f:
            f.write("#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\na.mp3\n")
        driver.find_element(By.CSS_SELECTOR, "button[data-action='import']").click()
        page.until("the import dialog", page.dialog_open)
        driver.find_element(By.ID, "param-path").send_keys(m3u)
        driver.find_element(By.ID, "param-name").send_keys("zz mix")
        driver.find_element(By.CSS_SELECTOR, "#prompt button[data-ok]").click()
        page.until("the import in A", lambda: "zz mix" in names(page))
        facts["aNames"] = names(page)
        facts["aPath"] = page.path()

        # B, untouched, shows the import beside the sample.
        driver.switch_to.window(b)
        page.until("the import in B", lambda: "zz mix" in names(page))
        facts["bNames"] = names(page)
        facts["bPath"] = page.path()
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    run(main)
