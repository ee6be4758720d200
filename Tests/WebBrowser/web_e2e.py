"""`facet --ui web` in a real browser: headless Chromium driven by selenium.

usage: web_e2e.py FACET_BINARY SOCKET URL WORK [SCREENSHOT_DIR]

The page is served by `facet --connect SOCKET --ui web` (a `facet serve`
core), so a change made by another `facet --connect` process must appear in
the open page. Prints one JSON object of facts; exits non-zero on a failed
step (with the reason on stderr).
"""
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

XSS = "<img src=x onerror=alert(1)>"
WAIT = 20


def browser(extra=()):
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,800", "--force-prefers-reduced-motion", *extra]:
        options.add_argument(argument)
    options.binary_location = os.environ.get("FACET_CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("FACET_CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


class Page:
    def __init__(self, driver):
        self.d = driver

    def until(self, what, condition):
        try:
            return WebDriverWait(self.d, WAIT).until(lambda d: condition())
        except TimeoutException:
            raise AssertionError(f"timed out waiting for {what} (url {self.d.current_url}, "
                                 f"title {self.title()!r}, status {self.status()!r})")

    def title(self):
        return self.d.execute_script("return document.querySelector('#screen h1')?.textContent ?? ''")

    def status(self):
        return self.d.execute_script("return document.querySelector('#screen .status')?.textContent ?? ''")

    def rows(self):
        """The table's body rows as lists of cell texts (spacer rows left out)."""
        return self.d.execute_script("""
            return [...document.querySelectorAll('#screen tbody tr[data-index]')]
              .map(tr => [...tr.cells].map(td => td.textContent));""")

    def headers(self):
        return self.d.execute_script(
            "return [...document.querySelectorAll('#screen thead th')].map(th => th.dataset.column)")

    def key(self, *keys):
        self.d.switch_to.active_element.send_keys(*keys)

    def dialog_open(self):
        return self.d.execute_script("return document.getElementById('prompt').open")

    def path(self):
        return self.d.execute_script("return location.pathname + location.search")


def console_errors(driver):
    """The page's SEVERE console messages: a script error, a refused request."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def in_browser(steps):
    """Runs `steps(driver, page, facts)` in a fresh headless browser and
    answers the facts it gathered, with the page's console errors last."""
    facts = {}
    driver = browser()
    try:
        steps(driver, Page(driver), facts)
        facts["consoleErrors"] = console_errors(driver)
    finally:
        driver.quit()
    return facts


def run(main):
    """Runs a script's `main`, which answers its facts: prints them as one
    JSON object; a failed step exits non-zero with its reason on stderr."""
    try:
        facts = main()
    except AssertionError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
    print(json.dumps(facts))


def jsonl_rows(binary, socket, screen, params):
    """The same screen through `facet --connect SOCKET --ui jsonl`: its rows, cell text as the page shows it."""
    request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "screen.open",
                          "params": {"screen": screen, "params": params}})
    out = subprocess.run([binary, "--connect", socket, "--ui", "jsonl"], input=request + "\n",
                         capture_output=True, text=True, timeout=60, check=True).stdout
    snapshot = json.loads(out.splitlines()[0])["result"]["snapshot"]
    table = snapshot["content"]["list"]

    def text(item, column):
        if column["id"] in item.get("cells", {}):
            return item["cells"][column["id"]]
        value = item.get("values", {}).get(column["id"])
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)
    return [[text(item, c) for c in table["columns"]] for item in table["items"]]


def main():
    binary, socket, url, work = sys.argv[1:5]
    shots = sys.argv[5] if len(sys.argv) > 5 else None
    facts = {}
    driver = browser()
    page = Page(driver)
    try:
        driver.get(url)
        # The token is exchanged for a cookie no script can read, and leaves the URL.
        page.until("the playlists screen", lambda: page.title() == "Playlists" and page.rows())
        facts["urlAfterToken"] = page.path()
        facts["scriptSeesCookie"] = driver.execute_script("return document.cookie")
        facts["tabs"] = driver.execute_script(
            "return [...document.querySelectorAll('#tabs a')].map(a => [a.dataset.screen, a.getAttribute('aria-current')])")
        facts["playlistsMatchJSONL"] = page.rows() == jsonl_rows(binary, socket, "playlists", {})

        # Import through the form, under a name that is markup.
        m3u = os.path.join(work, "road.m3u")
        with open(m3u, "w") as f:
            f.write("#EXTM3U\n#EXTINF:354,Queen - Bohemian Rhapsody\na.mp3\n"
                    "#EXTINF:200,Toto - Africa\nb.mp3\n#EXTINF:245,Queen - Don't Stop Me Now\nc.mp3\n")
        driver.find_element(By.CSS_SELECTOR, "button[data-action='import']").click()
        page.until("the import dialog", page.dialog_open)
        driver.find_element(By.ID, "param-path").send_keys(m3u)
        driver.find_element(By.ID, "param-name").send_keys(XSS)
        driver.find_element(By.CSS_SELECTOR, "#prompt button[data-ok]").click()
        page.until("the imported playlist", lambda: any(r[0] == XSS for r in page.rows()))
        facts["markupShownAsText"] = [r[0] for r in page.rows() if r[0] == XSS] == [XSS]
        facts["imagesInPage"] = len(driver.find_elements(By.CSS_SELECTOR, "#screen img"))
        try:
            driver.switch_to.alert
            facts["alertRan"] = True
        except NoAlertPresentException:
            facts["alertRan"] = False
        if shots:
            driver.save_screenshot(os.path.join(shots, "web-playlists.png"))

        # Keyboard only: move to Sample and open it with Enter.
        names = [r[0] for r in page.rows()]
        driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
        for _ in range(names.index("Sample")):
            page.key(Keys.ARROW_DOWN)
        page.key(Keys.ENTER)
        page.until("the Sample playlist", lambda: page.title().startswith("Sample") or page.path().startswith("/playlist/"))
        page.until("its songs", lambda: len(page.rows()) == 7)
        facts["openedPath"] = page.path()
        driver.execute_script("window.facetMarker = 'same page'")

        # Sort by clicking a header: the URL follows, the rows are in order.
        titles_column = page.headers().index("title")
        driver.find_element(By.CSS_SELECTOR, "#screen thead th[data-column='title'] button").click()
        page.until("songs sorted by title", lambda: "sort=title" in page.path())
        page.until("sorted rows", lambda: [r[titles_column] for r in page.rows()] ==
                   sorted([r[titles_column] for r in page.rows()], key=str.casefold))
        facts["sortedPath"] = page.path()
        facts["sortedMatchesJSONL"] = page.rows() == jsonl_rows(binary, socket, "playlist", {"name": "Sample", "sort": "title"})

        # Another process removes a song: the open page shows it, without a reload.
        before = len(page.rows())
        subprocess.run([binary, "--connect", socket, "playlist", "Sample", "remove-song", "1", "--yes"],
                       capture_output=True, timeout=60, check=True)
        page.until("the other process's change", lambda: len(page.rows()) == before - 1)
        facts["remoteChangeWithoutReload"] = driver.execute_script("return window.facetMarker") == "same page"

        # Filter from the keyboard: '/' opens the prompt, Enter runs it.
        page.key("/")
        page.until("the filter dialog", page.dialog_open)
        page.key("o", Keys.ENTER)
        page.until("filtered rows", lambda: "filter=o" in page.path())
        page.until("only matching rows", lambda: all("o" in " ".join(r).lower() for r in page.rows()))
        facts["filteredPath"] = page.path()
        filtered = page.rows()

        # Back and forward, then a reload: the same screen each time.
        driver.back()
        page.until("back to playlists", lambda: page.title() == "Playlists")
        facts["backPath"] = page.path()
        driver.forward()
        page.until("forward to the playlist", lambda: page.path().startswith("/playlist/") and page.rows())
        page.until("the same rows", lambda: page.rows() == filtered)
        facts["forwardPath"] = page.path()
        driver.refresh()
        page.until("the reloaded playlist", lambda: page.path().startswith("/playlist/") and page.rows() == filtered)
        facts["reloadPath"] = page.path()

        # Delete through the dialog, from the keyboard: it names its target, Cancel has the focus.
        driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='playlists']").click()
        page.until("playlists", lambda: page.title() == "Playlists" and page.rows())
        names = [r[0] for r in page.rows()]
        driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
        for _ in range(names.index(XSS)):
            page.key(Keys.ARROW_DOWN)
        page.key("d")
        page.until("the confirmation", page.dialog_open)
        facts["confirmTitle"] = driver.find_element(By.ID, "prompt-title").text
        facts["confirmFocus"] = driver.switch_to.active_element.text
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("the deleted row gone", lambda: XSS not in [r[0] for r in page.rows()])
        facts["afterDelete"] = [r[0] for r in page.rows()]

        # Import by completing the path: part of a folder's name, Tab, part of a file's, Tab.
        lists = os.path.join(work, "tab-lists")
        os.makedirs(lists)
        with open(os.path.join(lists, "mix.m3u"), "w") as f:
            f.write("#EXTM3U\n#EXTINF:200,Toto - Africa\nb.mp3\n")
        for other in ["mixtape.txt", XSS + ".m3u"]:
            open(os.path.join(lists, other), "w").close()
        driver.find_element(By.CSS_SELECTOR, "button[data-action='import']").click()
        page.until("the import dialog", page.dialog_open)
        field = driver.find_element(By.ID, "param-path")

        def hint():
            return driver.execute_script("return document.getElementById('param-path-hint').textContent")

        def value():
            return field.get_attribute("value")
        typed = os.path.join(work, "tab-li")
        page.key(typed, Keys.TAB)
        page.until("the folder completed", lambda: value() == lists + "/")
        page.until("the folder's names listed", lambda: XSS + ".m3u" in hint())
        facts["completionHint"] = hint()
        facts["completionOptions"] = driver.execute_script(
            "return [...document.querySelectorAll('#param-path-matches option')].map(o => o.value)")
        facts["imagesInDialog"] = len(driver.find_elements(By.CSS_SELECTOR, "#prompt img"))
        page.key("mi", Keys.TAB)
        page.until("the names' common part", lambda: value() == lists + "/mix")
        page.until("the choice listed", lambda: hint() == "mix.m3u  mixtape.txt")
        page.key(".", Keys.TAB)
        page.until("the file completed", lambda: value() == lists + "/mix.m3u")
        facts["completedPath"] = value()
        facts["completionFocus"] = driver.switch_to.active_element.get_attribute("id")
        facts["typedForCompletion"] = len(typed) + 3
        facts["completionRequests"] = driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname === '/complete').length")
        driver.find_element(By.ID, "param-name").send_keys("Tabbed", Keys.ENTER)
        page.until("the playlist imported by completion", lambda: "Tabbed" in [r[0] for r in page.rows()])
        facts["afterCompletedImport"] = [r[0] for r in page.rows()]
        try:
            driver.switch_to.alert
            facts["alertRanInCompletion"] = True
        except NoAlertPresentException:
            facts["alertRanInCompletion"] = False

        # The folders screen, for the README.
        driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='folders']").click()
        page.until("folders", lambda: page.path().startswith("/folders"))
        page.until("folders settled", lambda: page.d.execute_script(
            "return document.querySelector('#screen .status')?.dataset.kind !== 'loading'"))
        if shots:
            driver.save_screenshot(os.path.join(shots, "web-folders.png"))

        # Delete a folder: the dialog asks the screen's own question, naming the row with its size.
        page.until("the folder rows", lambda: "Scans" in [r[0] for r in page.rows()])
        names = [r[0] for r in page.rows()]
        driver.find_element(By.CSS_SELECTOR, "#screen .scroller").send_keys(Keys.HOME)
        for _ in range(names.index("Scans")):
            page.key(Keys.ARROW_DOWN)
        page.key("d")
        page.until("the folder's confirmation", page.dialog_open)
        page.until("the screen's question", lambda: driver.find_element(By.ID, "prompt-title").text.startswith("Delete Scans ("))
        facts["folderConfirmTitle"] = driver.find_element(By.ID, "prompt-title").text
        facts["folderConfirmFields"] = len(driver.find_elements(By.CSS_SELECTOR, "#prompt input"))
        page.key(Keys.TAB)
        page.key(Keys.ENTER)
        page.until("the deleted folder gone", lambda: "Scans" not in [r[0] for r in page.rows()])
        facts["folderGoneFromDisk"] = not os.path.exists(os.path.join(work, "music", "Scans"))
        facts["consoleErrors"] = console_errors(driver)
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    run(main)
