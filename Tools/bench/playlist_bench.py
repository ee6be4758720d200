#!/usr/bin/env python3
"""Measures the three playlist figures against peers, same run.

1. Import of an N-song seed-format JSON file by `facet` vs `sqlite3` importing
   the same rows from CSV into the same schema (goal: ratio <= 1.2).
2. Opening a playlist and fetching its last page, at 10k and at N songs
   (goal: < 50 ms and flat; peak memory flat).
3. JSON-RPC round trips: 200k pipelined snapshot reads through a pipe
   (goal: >= 100k messages/s), beside Python's own json decode+encode of the
   same messages as a peer.
"""
import csv
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

FACET = os.path.abspath(sys.argv[1])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
WORK = tempfile.mkdtemp(prefix="facet-bench-")

SCHEMA = """
CREATE TABLE playlist (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, source TEXT NOT NULL,
  format TEXT NOT NULL, imported_at REAL NOT NULL, song_count INTEGER NOT NULL DEFAULT 0);
CREATE TABLE song (playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE, position INTEGER NOT NULL,
  title TEXT NOT NULL, artist TEXT NOT NULL, cover TEXT NOT NULL, PRIMARY KEY (playlist_id, position)) WITHOUT ROWID;
CREATE INDEX song_by_title ON song (playlist_id, title COLLATE NOCASE, position);
CREATE INDEX song_by_artist ON song (playlist_id, artist COLLATE NOCASE, position);
INSERT INTO playlist VALUES (1, 'Big', 'csv', 'csv', 0, 0);
"""


def generate(n, stem):
    js, cs = os.path.join(WORK, stem + ".json"), os.path.join(WORK, stem + ".csv")
    with open(js, "w") as j, open(cs, "w", newline="") as c:
        w = csv.writer(c)
        j.write('{"result":[')
        for i in range(1, n + 1):
            title, artist, cover = f"Song {i} of the bench", f"Artist {i % 5000}", f"https://covers.example/{i}.jpg"
            j.write(("," if i > 1 else "") + json.dumps({"title": title, "artist_name": artist, "cover": cover}))
            w.writerow([1, i, title, artist, cover])
        j.write("]}")
    return js, cs


def run(cmd, env=None, stdin=None, stdout=subprocess.DEVNULL):
    """Runs a command; returns (seconds, peak RSS in MiB of that child)."""
    elapsed, peak, _ = run_cpu(cmd, env, stdin, stdout)
    return elapsed, peak


def run_cpu(cmd, env=None, stdin=None, stdout=subprocess.DEVNULL):
    """Runs a command; returns (wall seconds, peak RSS in MiB, CPU seconds
    (user + system) of that child). On a shared machine the wall time is
    mostly waiting for a core, so the CPU time is printed beside it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdin=stdin, stdout=stdout, check=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, max(after.ru_maxrss, before.ru_maxrss) / 1024, cpu


def facet_env(home):
    return {**os.environ, "FACET_HOME": home, "NO_COLOR": "1"}


INDEXES = [line for line in SCHEMA.splitlines() if line.startswith("CREATE INDEX")]


def import_bench(n, second_peer=False):
    """facet's import against sqlite3 `.import` into the same indexed schema
    (the issue's peer); with `second_peer`, also sqlite3 importing into the
    bare table and building the two indexes afterwards, which is what facet
    does for an import larger than the songs already stored."""
    js, cs = generate(n, f"songs{n}")
    home = os.path.join(WORK, f"home{n}")
    subprocess.run([FACET, "playlists"], env=facet_env(home), stdout=subprocess.DEVNULL, check=True)  # create + migrate
    t_facet, _, c_facet = run_cpu([FACET, "playlists", "import", js, "--name", "Big"], env=facet_env(home))
    db = os.path.join(WORK, f"peer{n}.sqlite")
    subprocess.run(["sqlite3", db], input=SCHEMA, text=True, check=True)
    t_peer, _, c_peer = run_cpu(["sqlite3", db, "-cmd", ".mode csv", f".import {cs} song"])
    late = None
    if second_peer:
        db2 = os.path.join(WORK, f"peer{n}-late.sqlite")
        bare = "\n".join(line for line in SCHEMA.splitlines() if line not in INDEXES)
        subprocess.run(["sqlite3", db2], input=bare, text=True, check=True)
        late = run_cpu(["sqlite3", db2, "-cmd", ".mode csv", "-cmd", f".import {cs} song", "\n".join(INDEXES)])
    return home, (t_facet, c_facet), (t_peer, c_peer), late


def last_page_bench(home, n, repeats=15):
    last = (n + 49) // 50
    times, peak = [], 0.0
    for _ in range(repeats):
        # Each run is a fresh process: its own peak RSS is read from /usr/bin/time.
        out = subprocess.run(["/usr/bin/time", "-f", "%M", FACET, "playlist", "Big", "--page", str(last), "--json"],
                             env=facet_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        peak = max(peak, int(out.stderr.strip().splitlines()[-1]) / 1024)
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([FACET, "playlist", "Big", "--page", str(last), "--json"], env=facet_env(home),
                       stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, peak


def rpc_bench(home, count=200_000):
    requests = os.path.join(WORK, "requests.jsonl")
    with open(requests, "w") as f:
        f.write(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "screen.open", "params": {"screen": "playlists"}}) + "\n")
        for i in range(1, count + 1):
            f.write('{"jsonrpc":"2.0","id":%d,"method":"screen.snapshot","params":{"handle":"h1"}}\n' % i)
    responses = os.path.join(WORK, "responses.jsonl")
    with open(requests) as inp, open(responses, "w") as out:
        seconds, _ = run([FACET, "--ui", "jsonl"], env=facet_env(home), stdin=inp, stdout=out)
    with open(responses) as f:
        answered = sum(1 for _ in f)
    assert answered == count + 1, f"expected {count + 1} responses, got {answered}"
    # Peer: Python decoding each request and encoding a response of the same size.
    with open(responses) as f:
        sample = f.readline()
    body = json.loads(sample)["result"]
    start = time.perf_counter()
    with open(requests) as f:
        for line in f:
            req = json.loads(line)
            json.dumps({"jsonrpc": "2.0", "id": req["id"], "result": body}, sort_keys=True)
    peer = time.perf_counter() - start
    return (count + 1) / seconds, (count + 1) / peer, len(sample)


def main():
    print(f"work folder: {WORK}")
    print(f"load: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"== import: {N:,} songs (facet JSON) vs sqlite3 .import (CSV), same schema")
    home_big, (t_facet, c_facet), (t_peer, c_peer), late = import_bench(N, second_peer=True)
    print(f"facet import   {t_facet:8.2f} s   ({N / t_facet:,.0f} songs/s)   CPU {c_facet:6.2f} s")
    print(f"sqlite3 import {t_peer:8.2f} s   ({N / t_peer:,.0f} rows/s)    CPU {c_peer:6.2f} s")
    print(f"sqlite3 import, indexes built after {late[0]:6.2f} s   CPU {late[2]:6.2f} s")

    print("== open playlist + last page (fresh process each time, median of 15)")
    home_small, _, _, _ = import_bench(10_000)
    small_ms, small_peak = last_page_bench(home_small, 10_000)
    big_ms, big_peak = last_page_bench(home_big, N)
    print(f"10,000 songs   {small_ms:7.1f} ms   peak {small_peak:6.1f} MiB")
    print(f"{N:,} songs {big_ms:7.1f} ms   peak {big_peak:6.1f} MiB")

    print("== JSON-RPC: 200,000 pipelined screen.snapshot reads")
    facet_rate, peer_rate, size = rpc_bench(home_small)
    print(f"facet          {facet_rate:10,.0f} msg/s  (response {size} bytes)")
    print(f"python json    {peer_rate:10,.0f} msg/s  (decode + encode only, no I/O)")

    print("== ratios")
    print(f"import facet/sqlite3      {t_facet / t_peer:5.2f}x   (CPU {c_facet / c_peer:4.2f}x; goal <= 1.2x)")
    print(f"import facet/sqlite3 with indexes built after  {t_facet / late[0]:5.2f}x   (CPU {c_facet / late[2]:4.2f}x)")
    print(f"last page {N:,}/10,000  {big_ms / small_ms:5.2f}x   ({big_ms:.1f} ms vs {small_ms:.1f} ms; goal < 50 ms and flat)")
    print(f"peak memory big/small     {big_peak / small_peak:5.2f}x   (goal: flat)")
    print(f"rpc facet/python-json     {facet_rate / peer_rate:5.2f}x   ({facet_rate:,.0f} msg/s; goal >= 100,000 msg/s)")
    area = "playlist"
    record(area, f"import {N:,} songs", t_facet, "s", peer="sqlite3 .import, same indexed table", peer_figure=t_peer,
           goal="ratio <= 1.2")
    record(area, f"import {N:,} songs, peer building indexes after", t_facet, "s",
           peer="sqlite3 .import, indexes built after", peer_figure=late[0])
    record(area, f"last page of {N:,} songs", big_ms, "ms", peer="last page of 10,000 songs", peer_figure=small_ms,
           goal="figure < 50")
    record(area, f"peak memory, last page of {N:,} songs", big_peak, "MiB", peer="at 10,000 songs",
           peer_figure=small_peak)
    record(area, "JSON-RPC pipelined snapshot reads", facet_rate, "msg/s", peer="Python json decode+encode, no I/O",
           peer_figure=peer_rate, goal="figure >= 100000")
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
