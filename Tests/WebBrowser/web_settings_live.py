"""Settings saved by another process reach an open web page (headless Chromium).

usage: web_settings_live.py URL FACET HOME

The page shows Stars with no GitHub user; then `FACET settings set
github-user octo` runs as another process on the same FACET_HOME, and the
page, untouched, shows octo's stars; its Settings tab then shows each
setting once. Prints one JSON object of facts;
exits non-zero on a failed step.
"""
import os
import subprocess
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import in_browser, run


def steps(driver, page, facts):
    url, facet, home = sys.argv[1:4]
    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='stars']").click()
    page.until("the missing user", lambda: "github user is required" in page.status())
    facts["before"] = page.title()
    env = dict(os.environ, FACET_HOME=home)
    saved = subprocess.run([facet, "settings", "set", "github-user", "octo"], env=env, capture_output=True, timeout=120)
    facts["saved"] = saved.returncode
    page.until("octo's stars", lambda: page.title() == "Stars of octo" and len(page.rows()) > 0)
    facts["after"] = page.title()
    # The Settings tab shows each setting once: its form field, not a
    # second "(saved)" row beside it.
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='settings']").click()
    page.until("the settings form", lambda: page.title() == "Settings" and driver.find_elements(By.CSS_SELECTOR, "dl.detail dt"))
    facts["settingsRows"] = [dt.text for dt in driver.find_elements(By.CSS_SELECTOR, "dl.detail dt")]
    # One field typed and the button clicked at once, before the edit's own
    # round trip: the edit is saved, and "Saved:" names that field alone.
    box = driver.find_element(By.ID, "field-page-size")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("25")
    driver.find_element(By.CSS_SELECTOR, "#screen form.fields button[type='submit']").click()
    page.until("the save", lambda: "Saved" in page.status())
    facts["savedStatus"] = page.status()
    shown = subprocess.run([facet, "settings", "get", "page-size"], env=env, capture_output=True, timeout=120)
    facts["pageSize"] = shown.stdout.decode().strip()


if __name__ == "__main__":
    run(lambda: in_browser(steps))
