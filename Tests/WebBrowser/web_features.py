"""Login, settings, stars and photos in `facet --ui web` (headless Chromium).

usage: web_features.py URL GITHUB_URL PHOTOS_URL

On a fresh home: sign in through the login form, save the fixtures' URLs
and a GitHub user through the settings form, then open the starred
repositories (read from the loopback GitHub fixture) and the photos (from
the loopback photos fixture), and open a photo's details. Prints one JSON object
of facts; exits non-zero on a failed step (with the reason on stderr).
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_e2e import in_browser, run


def open_tab(driver, page, screen):
    driver.find_element(By.CSS_SELECTOR, f"#tabs a[data-screen='{screen}']").click()
    page.until(f"the {screen} screen", lambda: page.path().startswith("/" + screen))


def settled(driver):
    """The screen's status no longer says it is reading."""
    return driver.execute_script("return document.querySelector('#screen .status')?.dataset.kind !== 'loading'")


def fill(driver, page, field, value):
    """Types `value` over the field's text as a person does (select all,
    type): focused all along, so a screen update cannot put the old text
    back between a clear and the typing."""
    box = driver.find_element(By.ID, f"field-{field}")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(value)
    page.until(f"{field} typed", lambda: box.get_attribute("value") == value)


def submit(driver, page):
    """Clicks the form's button once the screen enables it (as a person
    would: a disabled button does nothing)."""
    button = "#screen form.fields button[type='submit']"
    page.until("the form's button enabled", lambda: driver.execute_script(f"return document.querySelector(\"{button}\").getAttribute('aria-disabled') === 'false'"))
    driver.find_element(By.CSS_SELECTOR, button).click()


def message(driver, field):
    return driver.execute_script(f"return document.getElementById('field-{field}-message')?.textContent ?? ''")


def main():
    url, github, photos = sys.argv[1:4]
    return in_browser(lambda driver, page, facts: scenario(driver, page, facts, url, github, photos))


def scenario(driver, page, facts, url, github, photos):
    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")

    # Login: the form, as a person fills it in.
    open_tab(driver, page, "login")
    page.until("the login form", lambda: driver.find_elements(By.ID, "field-first-name"))
    fill(driver, page, "first-name", "Ada")
    fill(driver, page, "last-name", "Lovelace")
    submit(driver, page)
    page.until("the sign-in", lambda: "signed in as Ada Lovelace" in page.status())
    facts["loginStatus"] = page.status()

    # Settings: a bad page size is refused beside the field; then the fixtures' URLs are saved.
    open_tab(driver, page, "settings")
    page.until("the settings form", lambda: driver.find_elements(By.ID, "field-page-size"))
    fill(driver, page, "page-size", "many")
    page.until("the page size refused", lambda: message(driver, "page-size") != "")
    facts["pageSizeRefusal"] = message(driver, "page-size")
    fill(driver, page, "page-size", "25")
    for field, value in (("github-user", "octo"), ("github-base-url", github), ("photos-base-url", photos + "/ok")):
        fill(driver, page, field, value)
    page.until("the page size accepted", lambda: message(driver, "page-size") == "")
    submit(driver, page)
    page.until("the save", lambda: page.status().startswith("Saved"))
    facts["settingsStatus"] = page.status()

    # Stars: read from the GitHub fixture.
    open_tab(driver, page, "stars")
    page.until("the starred repositories", lambda: settled(driver) and len(page.rows()) > 0)
    facts["starsTitle"] = page.title()
    facts["starsStatus"] = page.status()
    facts["starsFirstRow"] = page.rows()[0]

    # Photos: read from the photos fixture; Enter on the first opens its details.
    open_tab(driver, page, "photos")
    page.until("the photos", lambda: settled(driver) and len(page.rows()) > 0)
    facts["photosStatus"] = page.status()
    facts["photosFirstRows"] = page.rows()[:3]
    driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
    page.key(Keys.ENTER)
    page.until("the photo's details", lambda: page.path().startswith("/photo/"))
    facts["photoPath"] = page.path()
    page.until("the photo's title", lambda: page.title() != "")
    facts["photoTitle"] = page.title()


if __name__ == "__main__":
    run(main)
