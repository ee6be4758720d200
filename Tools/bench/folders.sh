#!/usr/bin/env bash
# Folder-scan benchmark. Not part of the test suite.
#
# Builds Facet in release mode, generates three trees under a temporary
# folder (wide: ~200,000 files in ~20,000 directories; deep: long chains of
# nested directories; links: many hard links; flat: 200,000 empty files and
# 50 folders in ONE directory), warms the page cache, then
# times in the same run:  du -sb,  gdu (non-interactive),  ncdu -o /dev/null,
# and Facet's scan (`facet folders PATH --json`). Best of N wall times and the
# peak RSS of each tool are printed, then the ratios LAST.
#
# Goals: Facet <= 0.7x du and <= 1.0x gdu in wall time, using both
# cores; memory <= 100 bytes per entry kept for display. The flat
# directory <= 1.0x du. `facet folders PATH export FILE` vs
# `ncdu -x -o FILE PATH` on each tree (goal <= 1.0x on the ~220k-entry wide
# tree), and memory per kept row with `--files` on one folder of a million
# files (goal <= 100 bytes; MILLION_SCALE scales it, FILES_SCALE does not).
#
#   bash Tools/bench/folders.sh            # full size
#   FILES_SCALE=0.1 bash Tools/bench/folders.sh   # a quick, smaller run
#   RUNS=5 KEEP_TREE=1 bash Tools/bench/folders.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS="${RUNS:-5}"
# FACET_SCAN_THREADS (default 2) is passed through to facet.
SCALE="${FILES_SCALE:-1}"

need=()
command -v gdu >/dev/null 2>&1 || need+=(gdu)
command -v ncdu >/dev/null 2>&1 || need+=(ncdu)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing: ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "Building release…" >&2
FACET="${FACET:-$(bash Tools/release-build.sh)}"

WORK="$(mktemp -d /tmp/facet-bench-XXXXXX)"
export FACET_HOME="$WORK/home"
mkdir -p "$FACET_HOME"
if [ -z "${KEEP_TREE:-}" ]; then trap 'rm -rf "$WORK"' EXIT; fi

python3 - "$WORK" "$SCALE" "$FACET" "$RUNS" <<'PY'
import os, sys, time, subprocess, json
sys.path.insert(0, "Tools/bench")
from results import record

work, scale, facet, runs = sys.argv[1], float(sys.argv[2]), sys.argv[3], int(sys.argv[4])

def generate_wide(root):
    # 20 x 10 x (100*scale) leaf dirs, 10 files each: ~20,000 dirs, ~200,000 files.
    leaves = max(1, int(100 * scale))
    files = dirs = 0
    for a in range(20):
        for b in range(10):
            for c in range(leaves):
                d = os.path.join(root, f"top{a:02}", f"mid{b}", f"leaf{c:03}")
                os.makedirs(d)
                dirs += 1
                for f in range(10):
                    with open(os.path.join(d, f"file{f}.dat"), "wb") as h:
                        h.write(b"x" * ((a * 131 + c * 17 + f * 7) % 3000))
                    files += 1
    return files, dirs

def generate_deep(root):
    # 100 chains, each (200*scale) levels deep, one file per level.
    depth = max(2, int(200 * scale))
    files = dirs = 0
    for chain in range(100):
        d = os.path.join(root, f"chain{chain:03}")
        for level in range(depth):
            d = os.path.join(d, f"l{level}")
            os.makedirs(d, exist_ok=True)
            dirs += 1
            with open(os.path.join(d, "f"), "wb") as h:
                h.write(b"d" * (level % 500))
            files += 1
    return files, dirs

def generate_links(root):
    # 2,000 originals, each hard-linked 49 more times across 100 dirs: 100,000 names.
    originals = max(1, int(2000 * scale))
    targets = [os.path.join(root, f"dir{i:03}") for i in range(100)]
    for t in targets:
        os.makedirs(t)
    files = 0
    for n in range(originals):
        first = os.path.join(targets[n % 100], f"orig{n}")
        with open(first, "wb") as h:
            h.write(b"l" * (1000 + n % 5000))
        files += 1
        for k in range(1, 50):
            os.link(first, os.path.join(targets[(n + k) % 100], f"link{n}_{k}"))
            files += 1
    return files, 100

def generate_flat(root):
    # 200,000 empty files and 50 folders (one small file each) in one directory.
    count = max(1, int(200_000 * scale))
    for n in range(count):
        os.close(os.open(os.path.join(root, f"f{n:06}"), os.O_CREAT | os.O_WRONLY, 0o644))
    for d in range(50):
        os.makedirs(os.path.join(root, f"dir{d:02}"))
        with open(os.path.join(root, f"dir{d:02}", "x"), "wb") as h:
            h.write(b"f" * (d * 10))
    return count + 50, 50

RSS_FILE = os.path.join(work, "rss")

def measure(cmd):
    """Wall seconds and peak RSS (KiB) of one run, output discarded. The RSS
    comes from /usr/bin/time (a forked Python would inflate ru_maxrss)."""
    start = time.perf_counter()
    status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", RSS_FILE] + cmd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{cmd} exited with {status}")
    with open(RSS_FILE) as h:
        rss = int(h.read().split()[-1])
    return wall, rss

def best(cmd):
    results = [measure(cmd) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)

def tools(path):
    return {
        "du -sb": ["du", "-sb", path],
        "gdu": ["gdu", "--non-interactive", "--no-progress", "--summarize", path],
        "ncdu": ["ncdu", "-x", "-o", "/dev/null", path],
        "facet": [facet, "folders", path, "--json"],
    }

def exports(path):
    # Both write a real file (an export to /dev/null would hide the writing).
    return {
        "ncdu -o": ["ncdu", "-x", "-o", os.path.join(work, "ncdu-export.json"), path],
        # --yes: replace the previous run's file, as ncdu -o does.
        "facet export": [facet, "folders", path, "export", os.path.join(work, "facet-export.json"), "--yes"],
    }

summary = []
for name, generate in [("wide", generate_wide), ("deep", generate_deep), ("links", generate_links), ("flat", generate_flat)]:
    root = os.path.join(work, name)
    os.makedirs(root)
    t0 = time.perf_counter()
    files, dirs = generate(root)
    print(f"\n== {name}: {files:,} files, {dirs:,} directories (generated in {time.perf_counter() - t0:.1f} s)", flush=True)
    subprocess.run(["du", "-sb", root], stdout=subprocess.DEVNULL)  # warm the cache
    subprocess.run(["du", "-sb", root], stdout=subprocess.DEVNULL)
    # Check Facet agrees with du before timing it.
    du_total = int(subprocess.run(["du", "-sb", root], capture_output=True, text=True).stdout.split()[0])
    snap = json.loads(subprocess.run([facet, "folders", root, "--json"], capture_output=True, text=True).stdout)
    total_row = next(r["value"] for r in snap["content"]["detail"]["rows"] if r["label"] == "Total")
    facet_total = int(total_row.split("(")[-1].split(" ")[0].replace(",", ""))
    kept = len(snap["content"]["list"]["items"])
    print(f"   totals: du {du_total:,} bytes, facet {facet_total:,} bytes -> {'AGREE' if du_total == facet_total else 'DIFFER'}")
    times = {}
    for label, cmd in tools(root).items():
        wall, rss = best(cmd)
        times[label] = (wall, rss)
        print(f"   {label:8} {wall * 1000:8.1f} ms (best of {runs})   peak RSS {rss / 1024:7.1f} MiB", flush=True)
    for label, cmd in exports(root).items():
        wall, rss = best(cmd)
        times[label] = (wall, rss)
        print(f"   {label:12} {wall * 1000:8.1f} ms (best of {runs})   peak RSS {rss / 1024:7.1f} MiB", flush=True)
    empty = os.path.join(work, "empty"); os.makedirs(empty, exist_ok=True)
    startup, baseline = best([facet, "folders", empty, "--json"])
    print(f"   (facet on an empty folder: {startup * 1000:.1f} ms, {baseline / 1024:.1f} MiB: start-up, database, JSON)")
    extra = max(0, times["facet"][1] - baseline) * 1024
    entries = files + dirs
    summary.append((name, times, extra, entries, kept, startup))

print("\n== Ratios (Facet wall time / peer; goals: <= 0.7 x du, <= 1.0 x gdu; flat: <= 1.0 x du)")
print(f"   (cores: {os.cpu_count()}; load average now: {os.getloadavg()[0]:.2f})")
for name, times, extra, entries, kept, startup in summary:
    f = times["facet"][0]
    scan = max(f - startup, 1e-6)
    print(f"   {name:6} facet/du {f / times['du -sb'][0]:5.2f}   facet/gdu {f / times['gdu'][0]:5.2f}   facet/ncdu {f / times['ncdu'][0]:5.2f}"
          f"   (scan only, start-up subtracted: facet/du {scan / times['du -sb'][0]:5.2f})")
    print(f"          memory: peak RSS over an empty-folder run {extra / 1024 / 1024:6.1f} MiB = {extra / entries:6.1f} B per scanned entry;"
          f" {kept} entries kept for display")
    print(f"          export: facet/ncdu -o {times['facet export'][0] / times['ncdu -o'][0]:5.2f} (goal <= 1.0 on wide)")
    ms = lambda label: times[label][0] * 1000
    record("folders", f"scan, {name} tree ({entries:,} entries)", ms("facet"), "ms", peer="du -sb",
           peer_figure=ms("du -sb"), goal="ratio <= 1.0" if name == "flat" else "ratio <= 0.7")
    if "gdu" in times:
        record("folders", f"scan, {name} tree", ms("facet"), "ms", peer="gdu", peer_figure=ms("gdu"),
               goal=None if name == "flat" else "ratio <= 1.0")
    record("folders", f"scan, {name} tree", ms("facet"), "ms", peer="ncdu", peer_figure=ms("ncdu"))
    record("folders", f"export, {name} tree", ms("facet export"), "ms", peer="ncdu -o",
           peer_figure=ms("ncdu -o"), goal="ratio <= 1.0" if name == "wide" else None)

# Memory per kept row with --files: one folder of a million empty files.
million = os.path.join(work, "million")
os.makedirs(million)
count = max(1, int(1_000_000 * float(os.environ.get("MILLION_SCALE", "1"))))
for n in range(count):
    os.close(os.open(os.path.join(million, f"f{n:07}"), os.O_CREAT | os.O_WRONLY, 0o644))
empty = os.path.join(work, "empty")
_, baseline = best([facet, "folders", empty, "--files", "--json"])
wall, rss = best([facet, "folders", million, "--files", "--json"])
extra = max(0, rss - baseline) * 1024
print(f"\n== --files on {count:,} files in one folder: {wall * 1000:.1f} ms, peak RSS {rss / 1024:.1f} MiB;"
      f" {extra / count:.1f} bytes per kept row over an empty-folder run (goal <= 100)")
record("folders", f"memory per kept row, --files on {count:,} files", extra / count, "bytes", goal="figure <= 100")
PY
