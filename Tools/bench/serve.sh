#!/usr/bin/env bash
# `facet serve` benchmark. Not part of the test suite.
#
# Builds Facet in release mode and, in one run:
#   - round-trip latency (one request at a time) and pipelined throughput of
#     `screen.snapshot` (playlist Sample, ~2.4 KB answers), over stdio
#     (`--ui jsonl`) and over the Unix socket, both open at once and measured
#     in BLOCKS (20) alternating blocks so both see the same machine load;
#     the ratio socket/stdio per pair of blocks (median, range; goal: within
#     1.2x) and each server's CPU time per request (which a loaded machine
#     disturbs far less). Compiled client (serve_client.c): Python's own
#     cost per message is larger than what is compared;
#   - fan-out: CLIENTS (100) clients watch one playlist, another changes it
#     20 times; the time from sending each change until each watcher has read
#     its notification (p50, p99, max);
#   - load: CLIENTS clients opening screens and performing actions for
#     LOAD_SECONDS (10): every response checked by id (lost, duplicated, out
#     of order counted), the server's peak memory.
#
#   bash Tools/bench/serve.sh
#   CLIENTS=50 LOAD_SECONDS=5 BLOCKS=10 bash Tools/bench/serve.sh
#   FACET=.build/release/facet bash Tools/bench/serve.sh   # skip the build
set -euo pipefail
cd "$(dirname "$0")/../.."
export CLIENTS="${CLIENTS:-100}" LOAD_SECONDS="${LOAD_SECONDS:-10}"
BLOCKS="${BLOCKS:-20}" ROUNDTRIPS="${ROUNDTRIPS:-40000}" PIPELINED="${PIPELINED:-200000}"

if [ -z "${FACET:-}" ]; then
  echo "Building release…" >&2
  # shellcheck disable=SC2086
  FACET="$(bash Tools/release-build.sh ${SWIFT_BUILD_FLAGS:-})"
fi
FACET="$(cd "$(dirname "$FACET")" && pwd)/$(basename "$FACET")"

WORK="$(mktemp -d /tmp/facet-serve-bench-XXXXXX)"
SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
cc -O2 -pthread -o "$WORK/serve_client" Tools/bench/serve_client.c
export FACET_HOME="$WORK/home" NO_COLOR=1
SOCKET="$WORK/facet.sock"
"$FACET" serve --socket "$SOCKET" 2>/dev/null &
SERVER=$!
for _ in $(seq 400); do [ -S "$SOCKET" ] && break; sleep 0.05; done

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== latency and throughput: screen.snapshot, $ROUNDTRIPS round trips, $PIPELINED pipelined, in $BLOCKS alternating blocks"
"$WORK/serve_client" compare "$FACET" "$SOCKET" "$ROUNDTRIPS" "$PIPELINED" "$BLOCKS" "$SERVER" | tee "$WORK/compare"
echo "== fan-out"
"$WORK/serve_client" fanout "$SOCKET" "$CLIENTS" 20 | tee "$WORK/fanout"
python3 - "$WORK/compare" "$WORK/fanout" <<'EOF'
import re, sys
sys.path.insert(0, "Tools/bench")
from results import record
compare, fanout = open(sys.argv[1]).read(), open(sys.argv[2]).read()
def found(pattern, text):
    return [float(x) for x in re.search(pattern, text).groups()]
stdio_rtt, stdio_rate = found(r"stdio  round trip median +([0-9.]+) us +pipelined median +([0-9.]+)", compare)
socket_rtt, socket_rate = found(r"socket round trip median +([0-9.]+) us +pipelined median +([0-9.]+)", compare)
(rtt_ratio,) = found(r"socket/stdio round trip: median ([0-9.]+)x", compare)
record("serve", "screen.snapshot round trip over the socket", socket_rtt, "µs", peer="stdio (--ui jsonl)",
       peer_figure=stdio_rtt, ratio=rtt_ratio, goal="ratio <= 1.2")
record("serve", "screen.snapshot pipelined over the socket", socket_rate, "msg/s", peer="stdio (--ui jsonl)",
       peer_figure=stdio_rate)
p50, p99, missing = found(r"p50 ([0-9.]+) ms, p99 ([0-9.]+) ms.*?([0-9]+) notifications missing", fanout)
record("serve", "fan-out of one change to every client, p99", p99, "ms")
record("serve", "fan-out notifications missing", missing, "notifications", goal="figure == 0")
EOF
echo "== load"
python3 Tools/bench/serve_bench.py "$SOCKET" "$SERVER"
echo "machine load after: $(cut -d' ' -f1-3 /proc/loadavg)"
