#!/usr/bin/env bash
# TUI frame benchmark: builds tui-bench in release mode and prints how long
# composing a 200x60 list frame and scrolling a 1,000,000-item list take,
# against the 2 ms goal (ratio last). Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product tui-bench >&2
"$(swift build -c release --show-bin-path)/tui-bench"
