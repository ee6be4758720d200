"""The web toolbar shows what applies (headless Chromium).

usage: web_toolbar.py URL

Stars with no GitHub user: one button applies (Settings); the others are
grouped in one closed menu, each with its reason once opened; the key of
one of them says why in the status, as the TUI's status line does. Prints
one JSON object of facts; exits non-zero on a failed step.
"""
import sys

from selenium.webdriver.common.by import By

from web_e2e import in_browser, run


def bar_facts(driver):
    return driver.execute_script("""
        const bar = document.querySelector('#screen [role=toolbar]');
        const shown = (node) => node.checkVisibility() && node.getClientRects().length > 0;
        const menu = bar.querySelector('details.unavailable');
        return {
          buttons: [...bar.querySelectorAll('button')].filter(shown).map((b) => b.dataset.action),
          enabled: [...bar.querySelectorAll('button')].filter((b) => !b.disabled).map((b) => b.dataset.action),
          reasons: [...bar.querySelectorAll('.reason')].filter(shown).map((r) => r.textContent),
          menu: menu ? menu.querySelector('summary').textContent : null,
        };""")


def steps(driver, page, facts):
    driver.get(sys.argv[1])
    page.until("the first screen", lambda: page.title() != "")
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='stars']").click()
    page.until("the stars screen", lambda: "github" in page.status().lower() or "signed in" in page.status().lower())
    page.until("its actions", lambda: len(bar_facts(driver)["enabled"]) > 0)
    facts["closed"] = bar_facts(driver)
    driver.find_element(By.CSS_SELECTOR, "#screen details.unavailable summary").click()
    page.until("the menu open", lambda: len(bar_facts(driver)["reasons"]) > 0)
    facts["open"] = bar_facts(driver)
    # The key of an action in the menu; the status drawn again keeps
    # the menu as the user left it.
    page.key("r")
    page.until("the reason in the status", lambda: page.status().startswith("Refresh:"))
    facts["keyStatus"] = page.status()
    facts["stillOpen"] = bar_facts(driver)["menu"] is not None and len(bar_facts(driver)["reasons"]) > 0


if __name__ == "__main__":
    run(lambda: in_browser(steps))
