#!/usr/bin/env bash
# TUI frame benchmark: builds tui-bench in release mode (linked as
# Tools/release-build.sh links facet) and prints how long composing a 200x60
# six-column table frame (goal < 0.5 ms) and scrolling a
# 1,000,000-item list take (goal < 2 ms), and the keystroke-to-frame latency
# of a live filter over 1,000,000 songs (goal p99 < 16 ms), with how long the
# filter itself takes to bring its rows (off the key path). Not part of the
# test suite.
#   bash Tools/bench/tui-frame.sh [swift build flags, e.g. --scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
bench="$(RELEASE_PRODUCT=tui-bench bash Tools/release-build.sh "$@")"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
"$bench" | tee "$out"
python3 - "$out" <<'EOF'
import re, sys
sys.path.insert(0, "Tools/bench")
from results import record
text = open(sys.argv[1]).read()
def found(pattern):
    return [float(x) for x in re.search(pattern, text).groups()]
(compose,) = found(r"compose 200x60 6-column table: +([0-9.]+) ms")
(small,) = found(r"scroll one line, 1,000 items: +([0-9.]+) ms")
(million,) = found(r"scroll one line, 1,000,000 items: +([0-9.]+) ms")
p50, p99 = found(r"keystroke to frame: p50 ([0-9.]+) ms, p99 ([0-9.]+) ms")
(rows,) = found(r"filter to frame with its rows: p50 ([0-9.]+) ms")
record("tui", "compose a 200x60 six-column frame", compose, "ms", goal="figure < 0.5")
record("tui", "scroll one line, 1,000,000 items", million, "ms", peer="1,000 items", peer_figure=small, goal="figure < 2")
record("tui", "live filter over 1,000,000 songs, keystroke to frame p99", p99, "ms", goal="figure < 16")
record("tui", "live filter over 1,000,000 songs, filter to its rows p50", rows, "ms")
EOF
