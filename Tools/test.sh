#!/usr/bin/env bash
# Runs the whole test suite (unit, integration, end-to-end) as CI does, then
# the extension tests (a scaffolded feature and Examples/Bookmarks, built in a
# copy: see Tools/extension-tests.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh
swift build --build-tests
# The live-size races (50 fresh scans per case, each waiting on a real
# process) run on their own: they hold a thread of the two-thread test pool
# for a minute or more, which starved the async folder tests meanwhile.
if [ $# -eq 0 ]; then
  swift test --skip-build --skip FolderLiveSizeTests
  swift test --skip-build --filter FolderLiveSizeTests
else
  swift test --skip-build "$@"
fi
bash Tools/extension-tests.sh
