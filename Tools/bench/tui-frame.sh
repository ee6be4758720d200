#!/usr/bin/env bash
# TUI frame benchmark: builds tui-bench in release mode and prints how long
# composing a 200x60 six-column table frame (issue 15 goal < 0.5 ms) and
# scrolling a 1,000,000-item list take (goal < 2 ms), and the keystroke-to-
# frame latency of a live filter over 1,000,000 songs (goal p99 < 16 ms),
# with how long the filter itself takes to bring its rows (off the key
# path). Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product tui-bench >&2
"$(swift build -c release --show-bin-path)/tui-bench"
