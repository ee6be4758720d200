#!/usr/bin/env bash
# Live screens across processes, release build: how long after a one-shot
# `facet playlists import` exits an open TUI (tmux) and a JSON-lines client
# show the new playlist, against `inotifywait` piped to `sqlite3` on the
# same database, same run (goal p99 < 500 ms from the exit); and the idle
# TUI's wake-ups per second against `top -d 1` and `less` in tmux sessions of
# the same size, same window (goal <= 5/s). Not part of the test suite.
#   bash Tools/bench/live.sh [imports] [idle seconds]      (default 20, 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/live_bench.py "$FACET" "${1:-20}" "${2:-5}"
