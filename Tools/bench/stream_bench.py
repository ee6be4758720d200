#!/usr/bin/env python3
"""Measures `facet playlist big --all --jsonl` over N songs (default
1,000,000) against `sqlite3 -json` printing the same rows from the same
database file, same run: wall time and peak RSS of each (`/usr/bin/time -v`).
Goals: peak RSS under 40 MB, time within 1.5 times sqlite3's.

    python3 Tools/bench/stream_bench.py FACET [songs] [runs]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

FACET = os.path.abspath(sys.argv[1])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
WORK = tempfile.mkdtemp(prefix="facet-stream-bench-")
HOME = os.path.join(WORK, "home")
ENV = {**os.environ, "FACET_HOME": HOME, "NO_COLOR": "1"}
# The rows and order `facet playlist NAME --all --jsonl` reads.
QUERY = ("SELECT position, title, artist, cover, duration, location FROM song "
         "WHERE playlist_id = (SELECT id FROM playlist WHERE name = 'big') ORDER BY position")


def timed(cmd):
    """(wall seconds, peak RSS in MB) of one run, stdout to /dev/null."""
    with open(os.devnull, "w") as null:
        done = subprocess.run(["/usr/bin/time", "-v"] + cmd, env=ENV, stdout=null, stderr=subprocess.PIPE,
                              text=True, check=True, timeout=600)
    text = done.stderr
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", text)
    hours, minutes, seconds = wall.group(1), wall.group(2), wall.group(3)
    elapsed = int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return elapsed, rss_kb / 1000


def lines(cmd):
    """How many lines a command prints (a check that both print every row)."""
    done = subprocess.run(cmd, env=ENV, stdout=subprocess.PIPE, check=True, timeout=600)
    return done.stdout.count(b"\n")


def main():
    os.makedirs(HOME)
    source = os.path.join(WORK, "big.json")
    with open(source, "w") as out:
        out.write('{"result":[')
        for i in range(1, N + 1):
            song = {"title": f"Song {i} of the bench", "artist_name": f"Artist {i % 5000}",
                    "cover": f"https://covers.example/{i}.jpg"}
            out.write(("," if i > 1 else "") + json.dumps(song))
        out.write("]}")
    subprocess.run([FACET, "playlists", "import", source, "--name", "big"], env=ENV, stdout=subprocess.DEVNULL,
                   check=True, timeout=900)
    os.remove(source)
    database = os.path.join(HOME, "facet.sqlite")
    facet = [FACET, "playlist", "big", "--all", "--jsonl"]
    peer = ["sqlite3", "-json", database, QUERY]
    facet_rows, peer_rows = lines(facet), lines(peer)
    print(f"rows: facet {facet_rows}, sqlite3 -json {peer_rows} lines")
    if facet_rows != N:
        sys.exit(f"facet printed {facet_rows} rows, not {N}")
    small = [FACET, "playlist", "Sample", "--all", "--jsonl"]
    small_rss = min(timed(small)[1] for _ in range(RUNS))
    facet_runs, peer_runs = [], []
    for _ in range(RUNS):
        # Interleaved, so both meet the same load on a shared machine.
        facet_runs.append(timed(facet))
        peer_runs.append(timed(peer))
    facet_time = statistics.median(t for t, _ in facet_runs)
    peer_time = statistics.median(t for t, _ in peer_runs)
    facet_rss = max(r for _, r in facet_runs)
    peer_rss = max(r for _, r in peer_runs)
    label = f"playlist --all --jsonl, {N:,} songs"
    record("stream", label + ": peak RSS", facet_rss, "MB", peer="sqlite3 -json, same query",
           peer_figure=peer_rss, goal="figure < 40")
    record("stream", label, facet_time, "s", peer="sqlite3 -json, same query", peer_figure=peer_time,
           goal="ratio <= 1.5")
    print(f"peak RSS: facet {facet_rss:.1f} MB (7-song playlist: {small_rss:.1f} MB), sqlite3 -json {peer_rss:.1f} MB")
    print(f"time (median of {RUNS}): facet {facet_time:.2f} s, sqlite3 -json {peer_time:.2f} s")
    print(f"ratio facet / sqlite3 -json: {facet_time / peer_time:.2f} (goal <= 1.5)")


try:
    main()
finally:
    shutil.rmtree(WORK, ignore_errors=True)
