#!/usr/bin/env bash
# MCP front end: tool calls per second, sequential and pipelined,
# beside the JSON-lines figure for the same screen read in the same run.
# Release build; not part of the test suite.
#   bash Tools/bench/mcp.sh [pipelined calls]      (default 50,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# FACET=binary measures that binary instead (no build).
if [ -z "${FACET:-}" ]; then
  FACET="$(bash Tools/release-build.sh)"
fi
exec python3 Tools/bench/mcp_bench.py "$FACET" "${1:-50000}"
