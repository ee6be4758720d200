#!/usr/bin/env bash
# Newcomer's first command: install what is missing, build, and run Facet
# offline on its embedded sample playlist. Extra arguments go to facet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh
swift build -c release --product facet >&2
if [ $# -eq 0 ]; then set -- playlist Sample; fi
exec .build/release/facet "$@"
