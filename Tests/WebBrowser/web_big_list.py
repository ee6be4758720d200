"""A long playlist in `facet --ui web`, in headless Chromium.

usage: web_big_list.py URL PLAYLIST ROW

Opens the playlist, sets the table's scroll position to ROW (as a dragged
scroll bar does) and waits for the rows there. Prints one JSON object of
facts: the rows in the DOM, the positions the rows in view show, and which
requests the page sent to get there. Exits non-zero on a failed step.
"""
import sys
from urllib.parse import quote

from web_e2e import Page, browser, console_errors, run

# Every message the page sends on its WebSocket, kept for the facts.
RECORD_SENT = """
window.facetSent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.facetSent.push(JSON.parse(data)); return send.call(this, data); };
"""

SCROLL = """
const scroller = document.querySelector('#screen .scroller');
const head = document.querySelector('#screen thead').offsetHeight;
window.facetSent.length = 0;
scroller.scrollTop = arguments[0] * 32 + head;
scroller.dispatchEvent(new Event('scroll'));
return scroller.scrollTop;
"""

# The rows whose top is inside the scroller's view, below the header.
IN_VIEW = """
const scroller = document.querySelector('#screen .scroller');
const head = document.querySelector('#screen thead').offsetHeight;
const top = scroller.getBoundingClientRect().top + head;
const bottom = scroller.getBoundingClientRect().bottom;
const position = [...document.querySelectorAll('#screen thead th')].findIndex(th => th.dataset.column === 'position');
return [...document.querySelectorAll('#screen tbody tr[data-index]')]
  .filter(tr => { const r = tr.getBoundingClientRect(); return r.top >= top - 1 && r.top < bottom; })
  .map(tr => ({ index: Number(tr.dataset.index), id: tr.dataset.id ?? null, position: tr.cells[position]?.textContent ?? '' }));
"""


def main():
    url, name, row = sys.argv[1], sys.argv[2], int(sys.argv[3])
    base = url.split("/?")[0]
    facts = {}
    driver = browser()
    page = Page(driver)
    try:
        driver.get(url)
        page.until("the first screen", lambda: page.rows())
        driver.get(f"{base}/playlist/{quote(name)}")
        page.until("the playlist's first rows", lambda: page.title() == name and page.rows()
                   and page.rows()[0][0] != "…")
        driver.execute_script(RECORD_SENT)
        facts["scrollTop"] = driver.execute_script(SCROLL, row)

        def landed():
            rows = driver.execute_script(IN_VIEW)
            return rows if rows and all(r["id"] is not None for r in rows) else None
        view = page.until(f"the rows at {row}", landed)
        facts["firstInView"] = view[0]["index"]
        facts["rowsInView"] = len(view)
        # Positions are 1-based and the row's id; the cell may group digits.
        facts["positionsMatch"] = all(
            r["id"] == str(r["index"] + 1) and r["position"].replace(",", "").replace("\u202f", "") == r["id"]
            for r in view)
        facts["domRows"] = driver.execute_script("return document.querySelectorAll('#screen tbody tr').length")
        sent = driver.execute_script("return window.facetSent")
        actions = [m["params"].get("action") for m in sent if m.get("method") == "screen.perform"]
        facts["actionsSent"] = [a for a in actions if a != "select"]
        errors = console_errors(driver)
        facts["consoleErrors"] = errors
    finally:
        driver.quit()
    return facts


if __name__ == "__main__":
    run(main)
