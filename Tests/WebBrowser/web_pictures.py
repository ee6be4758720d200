"""Covers and photos in `facet --ui web` (headless Chromium).

usage: web_pictures.py URL

The home was prepared by the test: playlist "Road" whose songs' covers are
a JPEG from the loopback picture server, a PNG beside the audio file, an
SVG labelled image/png and a PNG declaring 50,000×50,000; photos from the
picture server. Opens the playlist and a photo, waits for every picture to
load or be refused, and reports what each <img> decoded; fetches the
picture endpoint itself for its headers, with and without the page's
cookie. Prints one JSON object of facts; exits non-zero on a failed step.
"""
import sys
import urllib.error
import urllib.request

from web_e2e import in_browser, run

SETTLED = """
  const images = [...document.querySelectorAll('#screen img')];
  return images.every((i) => i.complete) && document.querySelectorAll('#screen tbody tr[data-id]').length > 0;
"""

IMAGES = """
  return [...document.querySelectorAll('#screen img')].map((i) => ({
    row: i.closest('tr')?.dataset.id ?? null, kind: i.className, width: i.naturalWidth,
    src: new URL(i.src).origin === location.origin ? 'same-origin' : i.src }));
"""


def main():
    url = sys.argv[1]
    base = url.split("?")[0].rstrip("/")
    return in_browser(lambda driver, page, facts: scenario(driver, page, facts, url, base))


def scenario(driver, page, facts, url, base):
    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")
    driver.get(base + "/playlist/Road")
    page.until("the playlist's rows", lambda: len(page.rows()) == 4)
    # Refused pictures leave no <img>; the others decode.
    page.until("every cover loaded or refused", lambda: driver.execute_script(SETTLED)
               and len(driver.execute_script(IMAGES)) <= 2)
    facts["playlistImages"] = driver.execute_script(IMAGES)
    # The size a row's thumbnail is shown at, in device pixels: what the page asks the server for.
    facts["thumbnailPixels"] = driver.execute_script(
        "const i = document.querySelector('#screen img.thumb'); return Math.ceil(i.getBoundingClientRect().width * devicePixelRatio)")
    # A thumbnail made by the server: a PNG of the asked size that the browser decodes.
    facts["scaled"] = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const image = new Image();
      const query = '/picture?' + new URLSearchParams({screen: 'playlist', params: JSON.stringify({name: 'Road'}), action: 'cover', item: '1', fit: '12'});
      image.onload = () => done({width: image.naturalWidth, height: image.naturalHeight});
      image.onerror = () => done(null);
      image.src = query;
    """)
    # The endpoint itself: the sniffed type and nosniff, and a refusal for the SVG.
    facts["endpoint"] = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const query = (item) => '/picture?' + new URLSearchParams({screen: 'playlist', params: JSON.stringify({name: 'Road'}), action: 'cover', item});
      Promise.all([fetch(query('1')), fetch(query('3')), fetch(query('1') + '&fit=12'), fetch(query('1') + '&fit=0'),
                   fetch('/picture?screen=playlist&action=delete&params=%7B%22name%22%3A%22Road%22%7D')])
        .then((answers) => done(answers.map((a) => ({status: a.status, type: a.headers.get('content-type'),
                                                    nosniff: a.headers.get('x-content-type-options'),
                                                    csp: a.headers.get('content-security-policy'),
                                                    reason: a.headers.get('facet-picture-refused')}))));
    """)
    try:
        urllib.request.urlopen(base + "/picture?screen=photo&params=%7B%22id%22%3A4%7D&action=image", timeout=30)
        facts["withoutCookie"] = 200
    except urllib.error.HTTPError as error:
        facts["withoutCookie"] = error.code

    # The photos list: a thumbnail beside each row whose picture is kept.
    driver.get(base + "/photos")
    page.until("the photos' rows", lambda: len(page.rows()) == 6)
    page.until("every thumbnail loaded or refused", lambda: driver.execute_script(SETTLED)
               and len(driver.execute_script(IMAGES)) <= 4)
    facts["photosImages"] = driver.execute_script(IMAGES)

    driver.get(base + "/photo/4")
    page.until("the photo's picture", lambda: driver.execute_script(
        "const i = document.querySelector('#screen img.picture'); return i && i.complete && i.naturalWidth > 0"))
    facts["photoImages"] = driver.execute_script(IMAGES)


if __name__ == "__main__":
    run(main)
