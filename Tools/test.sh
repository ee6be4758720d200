#!/usr/bin/env bash
# Runs the whole test suite (unit, integration, end-to-end) as CI does, then
# the extension tests (a scaffolded feature and Examples/Bookmarks, built in a
# copy: see Tools/extension-tests.sh). Every part runs even when an earlier
# one fails, each is reported at the end, and the command fails if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
# Each step's time is printed at the end: docs/TESTING.md keeps the figures
# of a first run on a fresh machine.
started=$SECONDS
bash Tools/install-deps.sh || exit 1
installed=$SECONDS
source Tools/build-flags.sh
swift build --build-tests "${link_flags[@]}" || exit 1
built=$SECONDS

passed=()
failed=()
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Each part's output is also kept, so the end of the run (often all a CI
# page shows) can name what failed instead of only which part.
part() {  # part NAME command…
  local name=$1; shift
  local log="$logs/${#passed[@]}-${#failed[@]}.log"
  local begun=$SECONDS
  echo "== $name" >&2
  if "$@" 2>&1 | tee "$log"; then
    passed+=("$name")
  else
    failed+=("$name")
    failures+=("$name" "$log")
  fi
  times+=("$name: $((SECONDS - begun)) s")
}
times=()
failures=()
# The live-size races (50 fresh scans per case, each waiting on a real
# process) run on their own: they hold a thread of the two-thread test pool
# for a minute or more, which starved the async folder tests meanwhile.
# Two parts run beside the main suite, one after the other, in a process of
# their own, started as the test binary itself (a second `swift test` would
# wait for the first one's lock on .build):
# - the TUI's tests: they drive the real TUI under tmux and wait for each
#   frame on a thread of the test pool, which in the main suite left its
#   async tests (and the deadlines some of them keep) without a thread for
#   long stretches;
# - the walk of every action over a real app: it holds its process's main
#   actor, which every view-model test in the main suite shares, for most
#   of a minute.
tui_tests='^TUITests\.'
beside() {  # beside NAME FILTER: the tests run by the test binary, their log, status and time kept
  local begun=$SECONDS
  "$tests" --testing-library swift-testing --filter "$2" > "$logs/$1.out" 2>&1
  echo "$?" > "$logs/$1.status"
  echo "$((SECONDS - begun))" > "$logs/$1.took"
}
reported() {  # reported PART NAME: a part run beside, as if run here
  part "$1" bash -c 'cat "$1"; exit "$(cat "$2")"' _ "$logs/$2.out" "$logs/$2.status"
  times[${#times[@]} - 1]="$1: $(cat "$logs/$2.took") s"
}
if [ $# -eq 0 ]; then
  tests="$(swift build --show-bin-path)/FacetPackageTests.xctest"
  (beside tui "$tui_tests"; beside walk ActionEffectWalkTests) &
  alongside=$!
  part "main suite" swift test --skip-build --skip FolderLiveSizeTests --skip ActionEffectWalkTests --skip "$tui_tests"
  wait "$alongside"
  reported "TUI tests (beside the main suite)" tui
  reported "action effect walk (beside the main suite)" walk
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
echo "times: install $((installed - started)) s, build $((built - installed)) s; $(IFS=';'; echo "${times[*]}"); all $((SECONDS - started)) s"
echo "parts: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
