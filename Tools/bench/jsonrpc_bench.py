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


class Server:
    """One running facet with the folders screen open and settled."""

    def __init__(self, binary, work, tree, label):
        home = os.path.join(work, "home-" + label)
        os.makedirs(home, exist_ok=True)
        self.proc = start(binary, home)
        self.pending = [b""]
        opened = call(self.proc, self.pending, 1, "screen.open", {"screen": "folders", "params": {"path": tree}})
        handle = opened["result"]["handle"]
        waited = call(self.proc, self.pending, 2, "screen.wait", {"handle": handle})
        self.rows = len(waited["result"]["snapshot"]["content"]["list"]["items"])
        call(self.proc, self.pending, 3, "initialize", {})
        self.payloads = {
            "trivial": ((json.dumps({"jsonrpc": "2.0", "id": 7, "method": "initialize"}) + "\n").encode(), TRIVIAL),
            "snapshot": ((json.dumps({"jsonrpc": "2.0", "id": 8, "method": "screen.snapshot",
                                      "params": {"handle": handle}}) + "\n").encode(), SNAPSHOTS),
        }

    def run(self, name):
        payload, count = self.payloads[name]
        seconds, size = pipelined(self.proc, self.pending, payload, count)
        return count / seconds, size

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main():
    work, tree, binary = sys.argv[1:4]
    before = sys.argv[4] if len(sys.argv) > 4 else None
    servers = {"after": Server(binary, work, tree, "after")}
    if before:
        servers["before"] = Server(before, work, tree, "before")
    # Let the folder watchers' start-up notifications pass before timing.
    time.sleep(0.5)
    # Interleaved, best of RUNS each: a busy machine slows both alike.
    figures = {label: {} for label in servers}
    for name in ("trivial", "snapshot"):
        for _ in range(RUNS):
            for label in sorted(servers, reverse=True):  # before, then after
                rate, size = servers[label].run(name)
                best = figures[label].get(name)
                if best is None or rate > best[0]:
                    figures[label][name] = (rate, size)
    for server in servers.values():
        server.close()
    for label in sorted(figures, reverse=True):
        for name, (rate, size) in figures[label].items():
            print(f"{label:6} {name:8} {rate:12,.0f} msg/s   ({size:,.0f} bytes per answer, "
                  f"folders screen: {servers[label].rows} rows)")
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
