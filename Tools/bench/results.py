#!/usr/bin/env python3
"""One place that writes benchmark figures as JSON lines, for every script in
Tools/bench (the Python ones import it, the shell ones call its command line).
Tools/bench/report.py turns the lines into docs/BENCHMARKS.md.

    from results import record
    record("startup", "facet playlists", 3.2, "ms", peer="sqlite3, same query", peer_figure=1.8, goal="ratio <= 2")

    python3 Tools/bench/results.py AREA BENCHMARK FIGURE UNIT [--peer NAME --peer-figure X] [--ratio R] [--goal G]

A line is appended to $BENCH_RESULTS (default .build/bench/results.jsonl).
Fields: area, benchmark, figure, unit, peer, peer_figure, ratio (figure /
peer_figure unless given), goal ("ratio <= 1.2", "figure < 20",
"figure >= 200000": what the figure or the ratio must satisfy), binary_revision
($BENCH_REVISION, else the checkout's commit plus "-dirty" when tracked files
differ from it), load_average (one minute, when the figure was taken), date
(UTC) and machine (cores, CPU model, kernel).
"""
import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOAL = re.compile(r"^(figure|ratio) (<=|<|>=|>|==) (-?[0-9.]+)$")


def results_path():
    return os.environ.get("BENCH_RESULTS") or os.path.join(ROOT, ".build", "bench", "results.jsonl")


def revision():
    given = os.environ.get("BENCH_REVISION")
    if given:
        return given
    try:
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        return head + ("-dirty" if changed else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine():
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "kernel": platform.release()}


def goal_met(goal, figure, ratio):
    """True or False for a goal as written in the results, None without one."""
    if not goal:
        return None
    match = GOAL.match(goal)
    if not match:
        raise ValueError("a goal reads 'figure|ratio OP NUMBER', not %r" % goal)
    subject, op, bound = match.group(1), match.group(2), float(match.group(3))
    value = figure if subject == "figure" else ratio
    if value is None:
        return None
    return {"<=": value <= bound, "<": value < bound, ">=": value >= bound, ">": value > bound,
            "==": value == bound}[op]


def record(area, benchmark, figure, unit, peer=None, peer_figure=None, ratio=None, goal=None):
    """Appends one figure; returns the line written."""
    if goal:
        goal_met(goal, 0, 0)  # refuses a goal report.py could not read
    if ratio is None and peer_figure:
        ratio = figure / peer_figure
    line = {
        "area": area,
        "benchmark": benchmark,
        "figure": round(float(figure), 4),
        "unit": unit,
        "peer": peer,
        "peer_figure": None if peer_figure is None else round(float(peer_figure), 4),
        "ratio": None if ratio is None else round(float(ratio), 4),
        "goal": goal,
        "binary_revision": revision(),
        "load_average": os.getloadavg()[0],
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": machine(),
    }
    path = results_path()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "a") as out:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
    return line


def main():
    parser = argparse.ArgumentParser(description="Appends one benchmark figure to $BENCH_RESULTS.")
    parser.add_argument("area")
    parser.add_argument("benchmark")
    parser.add_argument("figure", type=float)
    parser.add_argument("unit")
    parser.add_argument("--peer")
    parser.add_argument("--peer-figure", type=float)
    parser.add_argument("--ratio", type=float)
    parser.add_argument("--goal")
    a = parser.parse_args()
    record(a.area, a.benchmark, a.figure, a.unit, a.peer, a.peer_figure, a.ratio, a.goal)


if __name__ == "__main__":
    sys.exit(main())
