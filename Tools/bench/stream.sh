#!/usr/bin/env bash
# Streaming benchmark, release build: `facet playlist big --all --jsonl`
# over a million songs against `sqlite3 -json` on the same query and file,
# same run; peak RSS of both and the time ratio printed last.
# Not part of the test suite.
#   bash Tools/bench/stream.sh [songs] [runs]      (default 1,000,000, 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/stream_bench.py "$FACET" "${1:-1000000}" "${2:-3}"
