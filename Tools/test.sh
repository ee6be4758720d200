#!/usr/bin/env bash
# Runs the whole test suite (unit, integration, end-to-end) as CI does, then
# the extension tests (a scaffolded feature and Examples/Bookmarks, built in a
# copy: see Tools/extension-tests.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
bash Tools/extension-tests.sh
