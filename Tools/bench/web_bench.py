#!/usr/bin/env python3
"""`facet --ui web` in headless Chromium (Tools/bench/web.sh runs it).

    python3 Tools/bench/web_bench.py FACET_BINARY [CLICKS]

- first meaningful paint: from navigation start to the first rows of a
  50-row screen on the page (the page marks it with performance.mark), median
  of fresh loads;
- click -> updated row: a sort header is clicked and a MutationObserver in
  the page notes when the first row's text changes; p50 and p99.
Both are measured inside the browser, so the driver's own latency is not in them.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "WebBrowser"))
from results import record  # noqa: E402
from web_e2e import Page, browser  # noqa: E402

CLICK = """
const done = arguments[arguments.length - 1];
const column = arguments[0];
const body = document.querySelector('#screen tbody');
const first = () => body.querySelector('tr[data-index]')?.textContent;
const before = first();
const observer = new MutationObserver(() => {
  if (first() !== before) { observer.disconnect(); done(performance.now() - start); }
});
observer.observe(body, { childList: true, subtree: true, characterData: true });
const start = performance.now();
document.querySelector(`#screen thead th[data-column='${column}'] button`).click();
"""


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    binary = sys.argv[1]
    clicks = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    home = tempfile.mkdtemp(prefix="facet-web-bench-")
    env = dict(os.environ, FACET_HOME=home)
    m3u = os.path.join(home, "songs.m3u")
    with open(m3u, "w") as f:
        f.write("#EXTM3U\n")
        for i in range(50):
            f.write(f"#EXTINF:100,Artist {i % 7} - Song {(i * 37 + 13) % 50:02d}\nf{i}.mp3\n")
    subprocess.run([binary, "playlists", "import", m3u, "--name", "Fifty"], env=env, check=True,
                   capture_output=True, timeout=60)
    server = subprocess.Popen([binary, "--ui", "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        url = server.stdout.readline().strip()
        base = url.split("/?")[0]
        driver = browser()
        page = Page(driver)
        try:
            driver.get(url)
            page.until("the first screen", lambda: page.rows())
            paints = []
            for _ in range(20):
                driver.get(base + "/playlist/Fifty")
                page.until("50 rows", lambda: len(page.rows()) >= 50 or driver.execute_script(
                    "return performance.getEntriesByName('facet-rows').length") > 0)
                paints.append(driver.execute_script("return performance.getEntriesByName('facet-rows')[0].startTime"))
            page.until("50 rows", lambda: len(page.rows()) >= 20)
            driver.set_script_timeout(10)
            times = []
            for i in range(clicks):
                times.append(driver.execute_async_script(CLICK, "title" if i % 2 == 0 else "position"))
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=20)
    paint = percentile(paints, 50)
    print(f"first meaningful paint, 50 rows: median {paint:.1f} ms over {len(paints)} loads")
    print(f"click -> updated row: p50 {percentile(times, 50):.1f} ms, p99 {percentile(times, 99):.1f} ms over {clicks}")
    record("web", "first meaningful paint, 50-row screen (median)", paint, "ms", goal="figure < 100")
    record("web", "click -> updated row p50", percentile(times, 50), "ms")
    record("web", "click -> updated row p99", percentile(times, 99), "ms", goal="figure < 50")


if __name__ == "__main__":
    main()
