#!/usr/bin/env bash
# Playlist benchmarks (issue 2), release build, peers run on the same input
# in the same run; ratios printed last. Not part of the test suite.
#   bash Tools/bench/playlist.sh [songs]      (default 1,000,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
swift build -c release --product facet >&2
exec python3 Tools/bench/playlist_bench.py .build/release/facet "${1:-1000000}"
