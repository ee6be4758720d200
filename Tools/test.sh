#!/usr/bin/env bash
# Runs the whole test suite (unit, integration, end-to-end) as CI does, then
# the extension tests (a scaffolded feature and Examples/Bookmarks, built in a
# copy: see Tools/extension-tests.sh). Every part runs even when an earlier
# one fails, each is reported at the end, and the command fails if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-deps.sh || exit 1
swift build --build-tests || exit 1

passed=()
failed=()
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Each part's output is also kept, so the end of the run (often all a CI
# page shows) can name what failed instead of only which part.
part() {  # part NAME command…
  local name=$1; shift
  local log="$logs/${#passed[@]}-${#failed[@]}.log"
  echo "== $name" >&2
  if "$@" 2>&1 | tee "$log"; then
    passed+=("$name")
  else
    failed+=("$name")
    failures+=("$name" "$log")
  fi
}
failures=()
# The live-size races (50 fresh scans per case, each waiting on a real
# process) run on their own: they hold a thread of the two-thread test pool
# for a minute or more, which starved the async folder tests meanwhile.
if [ $# -eq 0 ]; then
  part "main suite" swift test --skip-build --skip FolderLiveSizeTests
  part "folder live-size races" swift test --skip-build --filter FolderLiveSizeTests
else
  part "selected tests" swift test --skip-build "$@"
fi
part "extension tests" bash Tools/extension-tests.sh

echo
for name in "${passed[@]}"; do echo "passed: $name"; done
for ((i = 0; i < ${#failures[@]}; i += 2)); do
  echo "FAILED: ${failures[i]}; what it reported:"
  grep -aE '✘|: error:|Fatal error|Test Case .* failed|signal [0-9]|timed out' "${failures[i+1]}" \
    | grep -av -e '^warning' -e '✔' -e '◇' | head -40 | cut -c1-400 | sed 's/^/    /'
done
echo "parts: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
