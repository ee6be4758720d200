"""The stored `pictures` setting in `facet --ui web` (headless Chromium).

usage: web_pictures_setting.py URL FACET HOME

The home was prepared by the test: photos from the loopback picture server
(four of six with a picture that is kept), and the setting `pictures` off.
The photos page shows its rows and no <img>; then `FACET settings set
pictures on` runs as another process on the same FACET_HOME, and the page,
untouched, shows the thumbnails (each decoded); `... pictures off` takes
them away again. Prints one JSON object of facts; exits non-zero on a failed
step.
"""
import os
import subprocess
import sys

from web_e2e import in_browser, run

IMAGES = """
  return [...document.querySelectorAll('#screen img')].map((i) => ({
    row: i.closest('tr')?.dataset.id ?? null, width: i.naturalWidth, complete: i.complete }));
"""


def steps(driver, page, facts):
    url, facet, home = sys.argv[1:4]
    base = url.split("?")[0].rstrip("/")
    env = dict(os.environ, FACET_HOME=home)

    def setting(value):
        done = subprocess.run([facet, "settings", "set", "pictures", value], env=env, capture_output=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"settings set pictures {value}: {done.stderr.decode()}")

    driver.get(url)
    page.until("the first screen", lambda: page.title() != "")
    driver.get(base + "/photos")
    page.until("the photos' rows", lambda: len(page.rows()) == 6)
    facts["offImages"] = driver.execute_script(IMAGES)

    setting("on")
    page.until("the thumbnails, decoded", lambda: (lambda images: len(images) == 4
               and all(i["complete"] and i["width"] > 0 for i in images))(driver.execute_script(IMAGES)))
    facts["onImages"] = driver.execute_script(IMAGES)

    setting("off")
    page.until("no thumbnails again", lambda: len(driver.execute_script(IMAGES)) == 0 and len(page.rows()) == 6)
    facts["offAgainImages"] = driver.execute_script(IMAGES)


if __name__ == "__main__":
    run(lambda: in_browser(steps))
