#!/usr/bin/env bash
# JSON-RPC throughput benchmark. Not part of the test suite.
#
# Builds Facet in release mode, makes a folder with 50 subfolders, then runs
# pipelined JSON-RPC over `facet --ui jsonl` with a compiled client
# (Tools/bench/jsonl_pipelined.c: it writes every request at once on one
# thread and reads the answers into one reused buffer on another):
#   - trivial: `initialize`, answered from a cached result;
#   - snapshot: `screen.snapshot` of the 50-row folders screen.
# Prints messages per second for each, best of RUNS.
#
# Before and after in one run: set BEFORE to another facet binary (e.g. one
# built from an older commit) and it is measured the same way, with the
# ratios printed last. Goals: trivial >= 200k msg/s; snapshot reads with
# typed values no more than 20% slower than before.
#
#   bash Tools/bench/jsonrpc.sh
#   BEFORE=/tmp/facet-before/.build/release/facet bash Tools/bench/jsonrpc.sh
#   RUNS=5 TRIVIAL=1000000 SNAPSHOTS=50000 bash Tools/bench/jsonrpc.sh
#   FACET=.build/release/facet bash Tools/bench/jsonrpc.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export RUNS="${RUNS:-3}" TRIVIAL="${TRIVIAL:-500000}" SNAPSHOTS="${SNAPSHOTS:-20000}"

# SWIFT_BUILD_FLAGS (e.g. --scratch-path DIR) is passed to swift build;
# FACET=path/to/facet skips the build. Static Swift libraries, as
# Tools/run.sh builds it.
if [ -z "${FACET:-}" ]; then
  echo "Building release…" >&2
  # shellcheck disable=SC2086
  FACET="$(bash Tools/release-build.sh ${SWIFT_BUILD_FLAGS:-})"
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

WORK="$(mktemp -d /tmp/facet-jsonrpc-bench-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tree"
for i in $(seq -w 1 50); do
  mkdir -p "$WORK/tree/folder-$i/inner"
  head -c $((10#$i * 1000)) /dev/zero > "$WORK/tree/folder-$i/inner/data"
done

cc -O2 -pthread -o "$WORK/pipelined" Tools/bench/jsonl_pipelined.c
python3 Tools/bench/jsonrpc_bench.py "$WORK" "$WORK/tree" "$WORK/pipelined" "$FACET" ${BEFORE:+"$BEFORE"}
