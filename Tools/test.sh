#!/usr/bin/env bash
# Runs the whole test suite (unit, integration, end-to-end) as CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
