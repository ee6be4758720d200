#!/usr/bin/env bash
# Playlist benchmarks, release build, peers run on the same input
# in the same run; ratios printed last. Not part of the test suite.
#   bash Tools/bench/playlist.sh [songs]      (default 1,000,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/playlist_bench.py "$FACET" "${1:-1000000}"
