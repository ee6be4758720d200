#!/usr/bin/env python3
"""Pipelined JSON-RPC throughput of `facet --ui jsonl` (see jsonrpc.sh).

    python3 Tools/bench/jsonrpc_bench.py WORKDIR TREE CLIENT FACET [BEFORE_FACET]

CLIENT is the compiled `jsonl_pipelined` (Tools/bench/jsonl_pipelined.c):
it writes every request at once on one thread and reads the answers into
one reused buffer on another. Python orchestrates (interleaving, best of
RUNS, ratios) but moves none of the measured bytes: its reads allocated a
fresh megabyte each, a client cost that grew with the answer size.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

RUNS = int(os.environ.get("RUNS", "3"))
TRIVIAL = int(os.environ.get("TRIVIAL", "500000"))
SNAPSHOTS = int(os.environ.get("SNAPSHOTS", "20000"))


def line(request_id, method, params=None):
    message = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"))


def measure(client, binary, home, setup, request, count):
    """One server, one pipelined run: (messages per second, bytes per answer)."""
    env = dict(os.environ, FACET_HOME=home, LANG="C.UTF-8")
    out = subprocess.run([client, binary, setup, request, str(count), "1"], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def main():
    work, tree, client, binary = sys.argv[1:5]
    before = sys.argv[5] if len(sys.argv) > 5 else None
    binaries = {"after": binary}
    if before:
        binaries["before"] = before
    setup = os.path.join(work, "setup.jsonl")
    with open(setup, "w") as h:
        # The folders screen opened and settled (handle h1), then the cached
        # `initialize` answer warmed.
        h.write(line(1, "screen.open", {"screen": "folders", "params": {"path": tree}}) + "\n")
        h.write(line(2, "screen.wait", {"handle": "h1"}) + "\n")
        h.write(line(3, "initialize", {}) + "\n")
    requests = {
        "trivial": (line(7, "initialize"), TRIVIAL),
        "snapshot": (line(8, "screen.snapshot", {"handle": "h1"}), SNAPSHOTS),
    }
    # Interleaved, best of RUNS each: a busy machine slows both alike.
    figures = {label: {} for label in binaries}
    for name, (request, count) in requests.items():
        for _ in range(RUNS):
            for label in sorted(binaries, reverse=True):  # before, then after
                home = os.path.join(work, "home-" + label)
                os.makedirs(home, exist_ok=True)
                rate, size = measure(client, binaries[label], home, setup, request, count)
                best = figures[label].get(name)
                if best is None or rate > best[0]:
                    figures[label][name] = (rate, size)
    for label in sorted(figures, reverse=True):
        for name, (rate, size) in figures[label].items():
            print(f"{label:6} {name:8} {rate:12,.0f} msg/s   ({size:,.0f} bytes per answer)")
    after = figures["after"]
    goal = "ok" if after["trivial"][0] >= 200_000 else "BELOW GOAL"
    print(f"trivial calls: {after['trivial'][0]:,.0f} msg/s (goal >= 200,000: {goal})")
    before = figures.get("before", {})
    peer = "before (%s)" % os.environ.get("BEFORE_LABEL", "BEFORE binary") if before else None
    record("jsonrpc", "trivial calls (initialize), pipelined", after["trivial"][0], "msg/s", peer=peer,
           peer_figure=before.get("trivial", (None,))[0], goal="figure >= 200000")
    record("jsonrpc", "50-row folder snapshots, pipelined", after["snapshot"][0], "msg/s", peer=peer,
           peer_figure=before.get("snapshot", (None,))[0], goal="ratio >= 0.8" if before else None)
    if "before" in figures:
        for name in ("trivial", "snapshot"):
            ratio = after[name][0] / figures["before"][name][0]
            print(f"{name} after/before: {ratio:.2f}x")
        slower = 1 - after["snapshot"][0] / figures["before"]["snapshot"][0]
        verdict = "ok" if slower <= 0.20 else "TOO SLOW"
        print(f"snapshot reads: {max(slower, 0) * 100:.0f}% slower than before (goal <= 20%: {verdict})")


if __name__ == "__main__":
    main()
