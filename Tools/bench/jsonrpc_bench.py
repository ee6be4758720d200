#!/usr/bin/env python3
"""Pipelined JSON-RPC throughput of `facet --ui jsonl` (see jsonrpc.sh).

    python3 Tools/bench/jsonrpc_bench.py WORKDIR TREE FACET [BEFORE_FACET]
"""
import json
import os
import subprocess
import sys
import threading
import time

RUNS = int(os.environ.get("RUNS", "3"))
TRIVIAL = int(os.environ.get("TRIVIAL", "500000"))
SNAPSHOTS = int(os.environ.get("SNAPSHOTS", "20000"))


def start(binary, home):
    env = dict(os.environ, FACET_HOME=home, LANG="C.UTF-8")
    return subprocess.Popen([binary, "--ui", "jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                            bufsize=0)


def read_line(proc, pending):
    while b"\n" not in pending[0]:
        chunk = proc.stdout.read(1 << 16)
        if not chunk:
            raise RuntimeError("facet closed its output")
        pending[0] += chunk
    line, pending[0] = pending[0].split(b"\n", 1)
    return json.loads(line)


def call(proc, pending, request_id, method, params):
    proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n").encode())
    while True:
        message = read_line(proc, pending)
        if message.get("id") == request_id:
            return message


def pipelined(proc, pending, payload, count):
    """Writes `count` request lines at once; returns seconds until all answered."""
    blob = payload * count
    started = time.perf_counter()
    writer = threading.Thread(target=proc.stdin.write, args=(blob,))
    writer.start()
    answered = pending[0].count(b"\n")
    pending[0] = b""
    size = 0
    while answered < count:
        chunk = proc.stdout.read(1 << 20)
        if not chunk:
            raise RuntimeError("facet closed its output")
        answered += chunk.count(b"\n")
        size += len(chunk)
    elapsed = time.perf_counter() - started
    writer.join()
    return elapsed, size / count


def measure(binary, work, tree, label):
    home = os.path.join(work, "home-" + label)
    os.makedirs(home, exist_ok=True)
    proc = start(binary, home)
    pending = [b""]
    try:
        opened = call(proc, pending, 1, "screen.open", {"screen": "folders", "params": {"path": tree}})
        handle = opened["result"]["handle"]
        waited = call(proc, pending, 2, "screen.wait", {"handle": handle})
        rows = len(waited["result"]["snapshot"]["content"]["list"]["items"])
        # Let the folder watcher's start-up notifications pass before timing.
        time.sleep(0.5)
        call(proc, pending, 3, "initialize", {})
        trivial = (json.dumps({"jsonrpc": "2.0", "id": 7, "method": "initialize"}) + "\n").encode()
        snapshot = (json.dumps({"jsonrpc": "2.0", "id": 8, "method": "screen.snapshot",
                                "params": {"handle": handle}}) + "\n").encode()
        results = {}
        for name, payload, count in (("trivial", trivial, TRIVIAL), ("snapshot", snapshot, SNAPSHOTS)):
            best = None
            for _ in range(RUNS):
                seconds, size = pipelined(proc, pending, payload, count)
                best = seconds if best is None else min(best, seconds)
            results[name] = (count / best, size)
        return rows, results
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)


def main():
    work, tree, binary = sys.argv[1:4]
    before = sys.argv[4] if len(sys.argv) > 4 else None
    figures = {}
    for label, path in (("before", before), ("after", binary)):
        if not path:
            continue
        rows, results = measure(path, work, tree, label)
        figures[label] = results
        for name, (rate, size) in results.items():
            print(f"{label:6} {name:8} {rate:12,.0f} msg/s   ({size:,.0f} bytes per answer, folders screen: {rows} rows)")
    after = figures["after"]
    goal = "ok" if after["trivial"][0] >= 200_000 else "BELOW GOAL"
    print(f"trivial calls: {after['trivial'][0]:,.0f} msg/s (goal >= 200,000: {goal})")
    if "before" in figures:
        for name in ("trivial", "snapshot"):
            ratio = after[name][0] / figures["before"][name][0]
            print(f"{name} after/before: {ratio:.2f}x")
        slower = 1 - after["snapshot"][0] / figures["before"]["snapshot"][0]
        verdict = "ok" if slower <= 0.20 else "TOO SLOW"
        print(f"snapshot reads: {max(slower, 0) * 100:.0f}% slower than before (goal <= 20%: {verdict})")


if __name__ == "__main__":
    main()
