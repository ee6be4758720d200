#!/usr/bin/env bash
# Web front end benchmarks in headless Chromium: first meaningful paint of a
# 50-row screen, click -> updated row, scrolling a 1,000,000-song playlist and
# the server's memory with 10 idle pages, on loopback. Not part of the test suite.
#   bash Tools/bench/web.sh [runs]      (default 200 clicks)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/web_bench.py "$FACET" "${1:-200}"
