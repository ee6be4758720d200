#!/usr/bin/env python3
"""A 50-row photos page with cached thumbnails in headless Chromium
(Tools/bench/pictures.sh runs it; Tools/bench/web.sh times pages without pictures).

    python3 Tools/bench/web_pictures_bench.py FACET_BINARY [LOADS]

- first paint with all images decoded: from navigation start to the first
  frame after the last of the 50 rows' thumbnails has loaded and decoded
  (each <img>'s load, then img.decode(), then requestAnimationFrame, noted
  by a script the browser runs before the page's own), median of LOADS
  fresh loads; every thumbnail is already in Facet's picture cache, and the
  browser's cache is emptied before each load, so each load asks the server
  for all 50 (checked in the page's resource timing); within a load the
  browser's cache works as usual.
- peer, in the same run: the same page with pictures off (FACET_PICTURES=off
  for the server), from navigation start to its first rows on the page (the
  page's `facet-rows` mark); the ratio is pictures on / off.
- bytes: the thumbnails' bodies one load moved (resource timing), against
  the 50 pictures as the cache keeps them (what the page moved when it
  fetched each picture whole); the server scales each to the row's size.
- the first load after the server started is printed apart: it is the one
  that makes the thumbnails (the server keeps them), the others reuse them.
The window is tall enough for all 50 rows, so the virtual list draws every
row and its picture. Figures are measured inside the browser.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "WebBrowser"))
from results import record  # noqa: E402
from web_e2e import Page, browser  # noqa: E402

ROWS = 50

# Runs in every document before the page's scripts: notes when each image
# has loaded, decoded and reached a frame.
NOTE_IMAGES = """
window.facetImagesShown = [];
document.addEventListener('load', (event) => {
  const image = event.target;
  if (image.tagName !== 'IMG') return;
  image.decode().then(() => requestAnimationFrame(() => window.facetImagesShown.push(performance.now())), () => {});
}, true);
"""


def main():
    binary = os.path.abspath(sys.argv[1])
    loads = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    home = tempfile.mkdtemp(prefix="facet-web-pictures-bench-")
    files = tempfile.mkdtemp(prefix="facet-web-pictures-files-")
    env = dict(os.environ, FACET_HOME=home, NO_COLOR="1")
    # 50 thumbnails of 150×150 (JSONPlaceholder's size), each a different picture.
    for index in range(ROWS):
        subprocess.run(["convert", "-seed", str(index + 1), "-size", "150x150", "plasma:fractal",
                        os.path.join(files, "t%02d.png" % index)], check=True)
    fixture = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tools/fixtures/pictures_fixture.py"), files],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    port = int(fixture.stdout.readline().split()[1])

    def facet(*args):
        done = subprocess.run([binary, *args], env=env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            sys.exit("facet %s failed: %s" % (" ".join(args), done.stderr))

    try:
        facet("login", "sign-in", "--first-name", "Bench", "--last-name", "Mark")
        facet("settings", "set", "photos-base-url", "http://127.0.0.1:%d" % port)
        facet("photos", "reload")
        # Every thumbnail into Facet's picture cache before anything is timed.
        for ident in range(1, ROWS + 1):
            facet("photo", str(ident), "image", "--thumbnail", "--json")
        whole = sum(os.path.getsize(os.path.join(files, name)) for name in os.listdir(files))
        shown, first, moved = paint(binary, env, loads, pictures=True)
        bare, _, _ = paint(binary, env, loads, pictures=False)
    finally:
        fixture.stdin.close()
        fixture.wait(timeout=20)
        shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(files, ignore_errors=True)
    on, off = statistics.median(shown), statistics.median(bare)
    print(f"photos page, 50 rows, cached thumbnails: first paint with all images decoded, median {on:.1f} ms "
          f"over {len(shown)} loads (p90 {sorted(shown)[int(len(shown) * 0.9) - 1]:.1f} ms)")
    print(f"peer, pictures off: first rows on the page, median {off:.1f} ms (ratio {on / off:.2f})")
    print(f"first load after the server started (the thumbnails made then): {first:.1f} ms")
    record("pictures", "web: the same page's first load after the server started, thumbnails made then", first, "ms",
           peer="later loads, the thumbnails kept (median)", peer_figure=on)
    print(f"thumbnails' bytes per load: {moved / 1024:.1f} KiB; the 50 pictures whole: {whole / 1024:.1f} KiB "
          f"(ratio {moved / whole:.3f})")
    record("pictures", "web: a 50-row photos page's thumbnails, bytes moved per load", moved / 1024, "KiB",
           peer="the same 50 pictures whole, as the cache keeps them", peer_figure=whole / 1024)
    record("pictures", "web: 50-row photos page, cached thumbnails, first paint with all images decoded (median)", on, "ms",
           peer="the same page with pictures off, first rows painted (median)", peer_figure=off, goal="figure < 150")


def paint(binary, env, loads, pictures):
    """Milliseconds from navigation start per fresh load: to the last
    thumbnail shown (pictures on), or to the first rows (off); and the
    unmeasured first load's figure and the last load's thumbnail bytes."""
    server_env = dict(env) if pictures else dict(env, FACET_PICTURES="off")
    server = subprocess.Popen([binary, "--ui", "web"], env=server_env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    times = []
    first = None
    moved = 0
    try:
        url = server.stdout.readline().strip()
        base = url.split("/?")[0]
        driver = browser(["--window-size=1200,2400"])
        page = Page(driver)
        try:
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NOTE_IMAGES})
            driver.get(url)
            page.until("the first screen", lambda: page.title() != "")
            # One load unmeasured (printed apart): the page's own scripts come from the server once, and the thumbnails are made.
            for index in range(loads + 1):
                driver.get("about:blank")
                driver.execute_cdp_cmd("Network.clearBrowserCache", {})
                driver.get(base + "/photos")
                page.until("50 rows", lambda: len(page.rows()) == ROWS)
                if pictures:
                    page.until("50 thumbnails shown", lambda: driver.execute_script(
                        "return window.facetImagesShown.length") >= ROWS)
                    count = driver.execute_script("return document.querySelectorAll('#screen tbody img').length")
                    if count != ROWS:
                        sys.exit(f"{count} thumbnails on the page, not {ROWS}")
                    asked = driver.execute_script("""return new Set(performance.getEntriesByType('resource')
                        .filter((e) => e.name.includes('/picture') && e.transferSize > 0).map((e) => e.name)).size""")
                    if asked < ROWS:
                        sys.exit(f"only {asked} thumbnails came from the server; the rest from the browser's cache")
                    figure = driver.execute_script("return Math.max(...window.facetImagesShown)")
                    moved = driver.execute_script("""return performance.getEntriesByType('resource')
                        .filter((e) => e.name.includes('/picture')).reduce((sum, e) => sum + e.encodedBodySize, 0)""")
                else:
                    if driver.execute_script("return document.querySelectorAll('#screen img').length"):
                        sys.exit("pictures off, yet the page shows some")
                    figure = driver.execute_script("return performance.getEntriesByName('facet-rows')[0].startTime")
                if index:
                    times.append(figure)
                else:
                    first = figure
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=20)
    return times, first, moved


if __name__ == "__main__":
    main()
