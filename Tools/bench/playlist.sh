#!/usr/bin/env bash
# Playlist benchmarks (issue 2), release build, peers run on the same input
# in the same run; ratios printed last. Not part of the test suite.
#   bash Tools/bench/playlist.sh [songs]      (default 1,000,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# Static Swift runtime and Foundation: a one-shot command starts ~3x faster
# (no dynamic symbol resolution of 14 Swift libraries; issue 16).
swift build -c release --product facet --static-swift-stdlib >&2
exec python3 Tools/bench/playlist_bench.py .build/release/facet "${1:-1000000}"
