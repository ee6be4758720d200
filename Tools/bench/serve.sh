#!/usr/bin/env bash
# `facet serve` benchmark (issue 11). Not part of the test suite.
#
# Builds Facet in release mode and, in one run:
#   - round-trip latency (one request at a time) and pipelined throughput of
#     `screen.snapshot`, over the Unix socket and over stdio (`--ui jsonl`),
#     with the ratio socket/stdio (goal: within 1.2x);
#   - fan-out: 100 clients watch one playlist, another changes it; the time
#     until each client has the notification (p50, p99);
#   - load: CLIENTS clients (100) opening screens and performing actions for
#     LOAD_SECONDS (10): responses counted per id (none lost or duplicated), the
#     server's peak memory.
#
#   bash Tools/bench/serve.sh
#   CLIENTS=50 LOAD_SECONDS=5 bash Tools/bench/serve.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export CLIENTS="${CLIENTS:-100}" LOAD_SECONDS="${LOAD_SECONDS:-10}"

echo "Building release…" >&2
# shellcheck disable=SC2086
swift build -c release --product facet ${SWIFT_BUILD_FLAGS:-} >&2
# shellcheck disable=SC2086
FACET="$(swift build -c release ${SWIFT_BUILD_FLAGS:-} --show-bin-path)/facet"

WORK="$(mktemp -d /tmp/facet-serve-bench-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
python3 Tools/bench/serve_bench.py "$WORK" "$FACET"
