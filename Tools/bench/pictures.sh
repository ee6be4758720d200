#!/usr/bin/env bash
# Picture benchmarks, release build, one run, peers on the same input in
# the same run, ratios printed last. Not part of the test suite.
#   bash Tools/bench/pictures.sh [runs]     (default 3 rounds)
#
# 1. 1,000 cached thumbnails, each asked for in process over JSON lines
#    (`image --thumbnail` on an open `photo N`, the answer with the bytes in
#    base64, round trip over a pipe): p99 per image           goal < 2 ms
#    peer: reading the same cached file and base64-encoding it in Python
#    (the least any server must do), p99 per image
# 2. first fetch of 1,000 thumbnails from the loopback server through the
#    cache, whole session, per image (printed, no goal)
# 3. a cached 600×600 JPEG cover drawn in 40×20 cells as the TUI draws it
#    (`tui-bench picture`: stb_image decode, then libchafa's symbols, both
#    linked into the static release binary; in process, median) goal < 10 ms
#    peer: the `chafa` command on the same file, 40×20 symbols (whole
#    process, median)                                         goal ratio <= 1
#    and the same cover as a sixel (cells of 10×20 pixels), peer `chafa
#    --format sixels` on the same file
# 4. web: a 50-row photos page with cached thumbnails in headless Chromium,
#    first paint with all images decoded (median of fresh loads, the
#    browser's cache off; Tools/bench/web_pictures_bench.py)   goal < 150 ms
#    peer: the same page with pictures off, its first rows (ratio)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v convert >/dev/null || { echo "ImageMagick's convert is needed (apt-get install imagemagick)" >&2; exit 1; }
command -v chafa >/dev/null || { echo "the chafa command is the peer (apt-get install chafa)" >&2; exit 1; }
if [ -z "${FACET:-}" ]; then
  FACET="$(bash Tools/release-build.sh)"
fi
# tui-bench links the same modules: after facet's release build only its own file compiles.
if [ -z "${TUI_BENCH:-}" ]; then
  TUI_BENCH="$(RELEASE_PRODUCT=tui-bench bash Tools/release-build.sh)"
fi
python3 - "$FACET" "${1:-3}" "$TUI_BENCH" <<'PY'
import base64, glob, json, os, shutil, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, "Tools/bench")
from results import record

FACET = os.path.abspath(sys.argv[1])
ROUNDS = int(sys.argv[2])
TUI_BENCH = os.path.abspath(sys.argv[3])
HOME = tempfile.mkdtemp(prefix="facet-pictures-bench-")
FILES = tempfile.mkdtemp(prefix="facet-pictures-files-")
ENV = dict(os.environ, FACET_HOME=HOME, NO_COLOR="1")
COUNT = 1000

subprocess.run(["convert", "-size", "150x150", "gradient:red-blue", os.path.join(FILES, "t0000.png")], check=True)
for index in range(1, COUNT):
    shutil.copyfile(os.path.join(FILES, "t0000.png"), os.path.join(FILES, "t%04d.png" % index))
server = subprocess.Popen([sys.executable, "Tools/fixtures/pictures_fixture.py", FILES], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
port = int(server.stdout.readline().split()[1])
base = "http://127.0.0.1:%d" % port


def facet(*args):
    result = subprocess.run([FACET, *args], env=ENV, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("facet %s failed: %s" % (" ".join(args), result.stderr))


def jsonl_session():
    process = subprocess.Popen([FACET, "--ui", "jsonl"], env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, bufsize=1)
    counter = [0]
    def call(method, params):
        counter[0] += 1
        process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": counter[0], "method": method, "params": params}) + "\n")
        process.stdin.flush()
        while True:
            message = json.loads(process.stdout.readline())
            if message.get("id") == counter[0]:
                if "error" in message:
                    sys.exit("%s failed: %s" % (method, message["error"]))
                return message["result"]
    return process, call


def thumbnails(call):
    """Seconds per image for every photo: its screen open, the thumbnail
    asked for and answered (base64 in the JSON answer), round trip."""
    times = []
    for ident in range(1, COUNT + 1):
        handle = call("screen.open", {"screen": "photo", "params": {"id": ident}})["handle"]
        start = time.perf_counter()
        result = call("screen.perform", {"handle": handle, "action": "image", "args": {"thumbnail": True}})
        times.append(time.perf_counter() - start)
        assert result["outcome"]["picture"]["mimeType"] == "image/png"
        call("screen.close", {"handle": handle})
    return times


def p99(samples):
    return sorted(samples)[int(len(samples) * 0.99) - 1] * 1000


try:
    facet("login", "sign-in", "--first-name", "Bench", "--last-name", "Mark")
    facet("settings", "set", "photos-base-url", base)
    facet("photos", "reload")
    process, call = jsonl_session()
    first = thumbnails(call)
    cached_rounds = [thumbnails(call) for _ in range(ROUNDS)]
    process.stdin.close()
    process.wait()
    cached = min((p99(r), r) for r in cached_rounds)[1]
    files = glob.glob(os.path.join(HOME, "cache", "pictures", "*.pic"))
    peer = []
    for _ in range(ROUNDS):
        for path in files:
            start = time.perf_counter()
            with open(path, "rb") as handle:
                base64.b64encode(handle.read())
            peer.append(time.perf_counter() - start)
    print("cached thumbnails: %d, p99 %.3f ms per image (peer p99 %.3f ms)" % (len(cached), p99(cached), p99(peer)))
    print("first fetch: median %.3f ms per image" % (statistics.median(first) * 1000))
    record("pictures", "1,000 cached thumbnails served in process (JSON lines), p99 per image", p99(cached), "ms",
           peer="read + base64 of the cached file in Python, p99", peer_figure=p99(peer), goal="figure < 2")
    record("pictures", "1,000 thumbnails first fetched from loopback through the cache, median per image",
           statistics.median(first) * 1000, "ms")

    cover = os.path.join(FILES, "cover.jpg")
    subprocess.run(["convert", "-size", "600x600", "plasma:fractal", "-quality", "90", cover], check=True)
    draws = []
    peers = []
    for _ in range(ROUNDS * 5):
        result = subprocess.run([TUI_BENCH, "picture", cover, "20"], capture_output=True, text=True, check=True)
        draws.append(float(result.stdout.strip()))
        start = time.perf_counter()
        subprocess.run(["chafa", "--size", "40x20", "--format", "symbols", "--colors", "none", cover],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        peers.append((time.perf_counter() - start) * 1000)
    draw_ms, peer_ms = statistics.median(draws), statistics.median(peers)
    print("TUI cover 40x20: %.3f ms in process; chafa command %.3f ms (ratio %.2f)" % (draw_ms, peer_ms, draw_ms / peer_ms))
    record("pictures", "cached 600x600 JPEG cover drawn in 40x20 cells (stb_image + libchafa, static binary), in process", draw_ms, "ms",
           peer="chafa command, same file, 40x20 symbols, whole process", peer_figure=peer_ms, goal="figure < 10")
    # The same cover as a sixel terminal gets it (cells of 10x20 pixels,
    # chafa's default without a terminal to ask).
    draws, peers = [], []
    for _ in range(ROUNDS * 5):
        result = subprocess.run([TUI_BENCH, "picture", cover, "20", "sixel"], capture_output=True, text=True, check=True)
        draws.append(float(result.stdout.strip()))
        start = time.perf_counter()
        subprocess.run(["chafa", "--size", "40x20", "--format", "sixels", cover],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        peers.append((time.perf_counter() - start) * 1000)
    draw_ms, peer_ms = statistics.median(draws), statistics.median(peers)
    print("TUI cover 40x20 as a sixel: %.3f ms in process; chafa command %.3f ms (ratio %.2f)" % (draw_ms, peer_ms, draw_ms / peer_ms))
    record("pictures", "cached 600x600 JPEG cover drawn in 40x20 cells as a sixel (stb_image + libchafa, static binary), in process",
           draw_ms, "ms", peer="chafa command, same file, 40x20 sixels, whole process", peer_figure=peer_ms, goal="ratio <= 1")
finally:
    server.stdin.close()
    server.wait()
    shutil.rmtree(HOME, ignore_errors=True)
    shutil.rmtree(FILES, ignore_errors=True)
PY
python3 Tools/bench/web_pictures_bench.py "$FACET" "${WEB_LOADS:-20}"
