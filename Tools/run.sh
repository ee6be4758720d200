#!/usr/bin/env bash
# Newcomer's first command: install what is missing, build, and run Facet
# offline on its embedded sample playlist. Extra arguments go to facet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh run
# Linked for start-up (static Swift runtime; see Tools/release-build.sh).
facet="$(bash Tools/release-build.sh)"
if [ $# -eq 0 ]; then set -- playlist Sample; fi
exec "$facet" "$@"
