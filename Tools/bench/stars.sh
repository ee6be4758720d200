#!/usr/bin/env bash
# Stars benchmarks: release build against the loopback fixture
# holding 10,000 starred repositories, in one run. Not part of the test suite.
#   bash Tools/bench/stars.sh [stars]        (default 10,000)
# Figures: cold full sync vs curl fetching the same 100 pages one after
# another over one connection (goal <= 1.3x); warm refresh of an unchanged
# list (goal: one request, < 50 ms); opening the cached list and a full-text
# search (goal < 20 ms each, whole CLI process); peak memory of each.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/opt/swift/usr/bin:$PATH
# FACET=binary measures that binary instead (no build).
if [ -z "${FACET:-}" ]; then
  FACET="$(bash Tools/release-build.sh)"
fi
exec python3 Tools/bench/stars_bench.py "$FACET" "${1:-10000}"
