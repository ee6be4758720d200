"""The player and the now-playing bar on the web page, against a real MPD
(headless Chromium).

usage: web_player.py URL MPD_PORT

MPD plays "Tone One" (queued: Tone One, Tone Two). On the Playlists tab
the bar says what plays and follows `mpc pause` run elsewhere. On the
Player tab the page's own Pause button and the `c` key pause and resume
(mpc reads the state each left), and `mpc next` run elsewhere shows in
the page. Prints one JSON object of facts; exits non-zero on a failed step.
"""
import subprocess
import sys

from selenium.webdriver.common.by import By

from web_e2e import in_browser, run


def mpc(port, *arguments):
    return subprocess.run(["mpc", "-h", "127.0.0.1", "-p", port, *arguments], capture_output=True, text=True,
                          timeout=30)


def mpd_state(port):
    lines = mpc(port, "status").stdout.splitlines()
    if len(lines) < 2:
        return "stopped"
    return "playing" if lines[1].startswith("[playing]") else "paused" if lines[1].startswith("[paused]") else "stopped"


def bar(driver):
    return driver.execute_script("""
        const bar = document.getElementById('bars');
        return bar.hidden ? '' : bar.textContent;""")


def detail(driver, row):
    return driver.execute_script(
        "return document.querySelector(`#screen dt[data-row='${arguments[0]}']`)?.nextElementSibling?.textContent ?? ''",
        row)


def steps(driver, page, facts):
    url, port = sys.argv[1:3]
    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='playlists']").click()
    page.until("the playlists", lambda: page.title() == "Playlists")
    page.until("the bar, playing", lambda: bar(driver).startswith("playing · Tone One"))
    facts["barPlaying"] = bar(driver)
    facts["mpcPause"] = mpc(port, "pause").returncode
    page.until("the bar, paused", lambda: bar(driver).startswith("paused · Tone One"))
    facts["barPaused"] = bar(driver)

    # The player tab: its own screen says it all, so the bar steps aside.
    driver.find_element(By.CSS_SELECTOR, "#tabs a[data-screen='player']").click()
    page.until("the player", lambda: page.title() == "Player" and detail(driver, "state") == "paused")
    facts["barOnPlayerTab"] = bar(driver)
    driver.find_element(By.CSS_SELECTOR, "#screen button[data-action='pause']").click()
    page.until("mpc: playing after the Pause button", lambda: mpd_state(port) == "playing")
    page.until("the page: playing", lambda: detail(driver, "state") == "playing")
    facts["afterButton"] = mpd_state(port)
    # Elapsed time moves on in the page while it plays.
    first = detail(driver, "elapsed")
    page.until("the elapsed time to move", lambda: detail(driver, "elapsed") != first)
    facts["elapsedMoved"] = [first, detail(driver, "elapsed")]
    page.key("c")
    page.until("mpc: paused after the c key", lambda: mpd_state(port) == "paused")
    page.until("the page: paused", lambda: detail(driver, "state") == "paused")
    facts["afterKey"] = mpd_state(port)
    facts["mpcNext"] = mpc(port, "next").returncode
    page.until("the next song, live", lambda: detail(driver, "title") == "Tone Two")
    facts["titleAfterNext"] = detail(driver, "title")


if __name__ == "__main__":
    run(lambda: in_browser(steps))
