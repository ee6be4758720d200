#!/usr/bin/env python3
"""`facet --ui web` in headless Chromium (Tools/bench/web.sh runs it).

    python3 Tools/bench/web_bench.py FACET_BINARY [CLICKS]

- first meaningful paint: from navigation start to the first rows of a
  50-row screen on the page (the page marks it with performance.mark), median
  of fresh loads;
- click -> updated row: a sort header is clicked and a MutationObserver in
  the page notes when the first row's text changes; p50 and p99.
- scrolling a 1,000,000-song playlist (SCROLL_SONGS): the page scrolls its
  table programmatically, one step per animation frame, slowly through loaded
  rows, fast across unloaded ones and by jumps far away (the page then asks
  for the rows there). Chromium runs without its frame-rate limit, so the
  interval between requestAnimationFrame callbacks is what a frame costs
  (frames during a rest step, with nothing to draw, are left out); p99 of those intervals, the p99 of the page's scroll handler plus the
  layout it causes, and the long animation frames Chromium reports.
- server memory: VmRSS of the `facet --ui web` process with 10 pages open
  and idle, minus its VmRSS before any page was opened.
The browser figures are measured inside the browser, so the driver's own
latency is not in them.
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


# One step per frame: [frames, pixels per frame] scrolls, ["jump", row] sets
# the position, ["rest", ms] lets requests answer.
SCROLL = """
const done = arguments[arguments.length - 1];
const steps = arguments[0];
const scroller = document.querySelector('#screen .scroller');
const intervals = [], handlers = [], longFrames = [], slow = [];
let handlerStart = 0;
document.addEventListener('scroll', () => { handlerStart = performance.now(); }, { capture: true });
scroller.addEventListener('scroll', () => { scroller.scrollHeight; handlers.push(performance.now() - handlerStart); });
let observer = null;
if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
  observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) { longFrames.push(e.duration); slow.push(['long frame', Math.round(e.duration), index, e.scripts.map((x) => `${x.invoker} ${Math.round(x.duration)}`).join(', ')]); } });
  observer.observe({ type: 'long-animation-frame' });
}
let index = 0, left = null, restUntil = 0, last = null, scrolled = false;
function frame(now) {
  // A frame after a rest step has nothing to draw and waits for the display's rate: not a scrolling frame.
  if (last !== null && scrolled) { intervals.push(now - last); if (now - last > 16) slow.push(['frame', Math.round(now - last), index]); }
  last = now;
  if (index >= steps.length) {
    observer?.disconnect();
    done({ intervals, handlers, longFrames, slow, rows: document.querySelectorAll('#screen tbody tr').length });
    return;
  }
  const [kind, value] = steps[index];
  scrolled = kind !== 'rest';
  if (kind === 'jump') { scroller.scrollTop = value * 32; index++; }
  else if (kind === 'rest') {
    if (!restUntil) restUntil = now + value;
    if (now >= restUntil) { restUntil = 0; index++; }
  } else {
    if (left === null) left = kind;
    scroller.scrollTop += value;
    if (--left === 0) { left = null; index++; }
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""

SCROLL_STEPS = [
    [240, 6],            # reading speed through the first loaded rows, past their end
    [120, 3200],         # a fast fling across rows nobody loaded
    ["rest", 400],
    ["jump", 500000],    # the scroll bar dragged to the middle
    ["rest", 400],
    [240, 6],
    [60, -40],
    ["jump", 999000],    # and to the end
    ["rest", 400],
    [240, -6],
]

# Frames unthrottled, so a frame's interval is its cost rather than the display's rate.
UNTHROTTLED = ["--disable-frame-rate-limit", "--disable-gpu-vsync"]


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def settled_rss_kb(pid):
    """VmRSS once two readings a second apart agree within a page or two."""
    before = rss_kb(pid)
    for _ in range(20):
        time.sleep(1)
        now = rss_kb(pid)
        if abs(now - before) <= 8:
            return now
        before = now
    return before


def write_m3u(path, count):
    with open(path, "w") as f:
        f.write("#EXTM3U\n")
        for i in range(count):
            f.write(f"#EXTINF:100,Artist {i % 7} - Song {(i * 37 + 13) % count:02d}\nf{i}.mp3\n")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    binary = sys.argv[1]
    clicks = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    home = tempfile.mkdtemp(prefix="facet-web-bench-")
    env = dict(os.environ, FACET_HOME=home)
    songs = int(os.environ.get("SCROLL_SONGS", "1000000"))
    for name, count in [("Fifty", 50), ("Million", songs)]:
        m3u = os.path.join(home, f"{name}.m3u")
        write_m3u(m3u, count)
        subprocess.run([binary, "playlists", "import", m3u, "--name", name], env=env, check=True,
                       capture_output=True, timeout=600)
        os.remove(m3u)
    server = subprocess.Popen([binary, "--ui", "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        url = server.stdout.readline().strip()
        base = url.split("/?")[0]
        idle_kb = settled_rss_kb(server.pid)
        driver = browser(UNTHROTTLED)
        page = Page(driver)
        try:
            driver.get(url)
            page.until("the first screen", lambda: page.rows())
            # Ten pages open on a 50-row screen, then left alone.
            driver.get(base + "/playlist/Fifty")
            page.until("50 rows", lambda: len(page.rows()) >= 20)
            first_tab = driver.current_window_handle
            for _ in range(9):
                driver.switch_to.new_window("tab")
                driver.get(base + "/playlist/Fifty")
                page.until("50 rows", lambda: len(page.rows()) >= 20)
            pages_kb = settled_rss_kb(server.pid)
            for handle in driver.window_handles:
                if handle != first_tab:
                    driver.switch_to.window(handle)
                    driver.close()
            driver.switch_to.window(first_tab)
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
            driver.get(base + "/playlist/Million")
            page.until("the first rows", lambda: page.rows() and page.rows()[0][0] != "…")
            driver.set_script_timeout(120)
            scroll = driver.execute_async_script(SCROLL, SCROLL_STEPS)
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
    intervals, handlers, long_frames = scroll["intervals"], scroll["handlers"], scroll["longFrames"]
    print(f"scrolling {songs} songs: frame interval p50 {percentile(intervals, 50):.1f} ms, "
          f"p99 {percentile(intervals, 99):.1f} ms over {len(intervals)} frames; scroll handler + layout "
          f"p99 {percentile(handlers, 99):.2f} ms over {len(handlers)}; {len(long_frames)} long animation frames "
          f"(max {max(long_frames, default=0):.0f} ms); {scroll['rows']} rows in the DOM")
    # Where the slow frames fell ([kind, ms, step of SCROLL_STEPS, scripts]): for reading, not recorded.
    print("frames over 16 ms:", scroll["slow"])
    label = f"scrolling a {songs:,}-song playlist"
    record("web", f"{label}: frame time p99 (rAF interval, unthrottled)", percentile(intervals, 99), "ms",
           goal="figure < 16")
    record("web", f"{label}: frame time p50 (rAF interval, unthrottled)", percentile(intervals, 50), "ms")
    record("web", f"{label}: scroll handler + layout p99", percentile(handlers, 99), "ms")
    record("web", f"{label}: long animation frames", len(long_frames), "frames")
    extra_mb = (pages_kb - idle_kb) / 1024
    print(f"server RSS: idle {idle_kb / 1024:.1f} MB, 10 idle pages {pages_kb / 1024:.1f} MB (+{extra_mb:.2f} MB)")
    record("web", "server RSS, idle", idle_kb / 1024, "MB")
    record("web", "server RSS with 10 idle pages, above idle", extra_mb, "MB", goal="figure < 5")


if __name__ == "__main__":
    main()
