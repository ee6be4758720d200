#!/usr/bin/env bash
# Facet as an MPD client, release build, against a real MPD of its own (own
# port, folders and a pipe output) started here: how long after `mpc pause`
# exits an open TUI (tmux, player screen) shows "paused", against `mpc idle
# player` (MPD's own notification to a second client) in the same trials
# (goal p99 < 200 ms); and queueing 10,000 songs with `facet playlist NAME
# play` against `mpc add` reading the same songs from stdin in one command
# list, same run (goal ratio <= 1.0). Not part of the test suite.
#   bash Tools/bench/mpd.sh [pause trials] [queue trials]      (default 30, 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/mpd_bench.py "$FACET" "${1:-30}" "${2:-5}"
