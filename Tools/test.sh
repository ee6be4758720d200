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
# for a minute or more, which starved the async folder tests meanwhile. So
# does the walk of every action over a real app: it holds the main actor,
# which every view-model test shares, for most of a minute.
# The TUI's tests run beside the main suite, in a process of their own:
# they drive the real TUI under tmux and wait for each frame on a thread of
# the test pool, which in the main suite left its async tests (and the
# deadlines some of them keep) without a thread for long stretches. Started
# as the test binary itself: a second `swift test` would wait for the first
# one's lock on .build.
tui_tests='^TUITests\.'
if [ $# -eq 0 ]; then
  tests="$(swift build --show-bin-path)/FacetPackageTests.xctest"
  (
    begun=$SECONDS
    "$tests" --testing-library swift-testing --filter "$tui_tests" > "$logs/tui.out" 2>&1
    echo "$?" > "$logs/tui.status"
    echo "$((SECONDS - begun))" > "$logs/tui.took"
  ) &
  tui=$!
  part "main suite" swift test --skip-build --skip FolderLiveSizeTests --skip ActionEffectWalkTests --skip "$tui_tests"
  wait "$tui"
  part "TUI tests (beside the main suite)" bash -c 'cat "$1"; exit "$(cat "$2")"' _ "$logs/tui.out" "$logs/tui.status"
  times[${#times[@]} - 1]="TUI tests (beside the main suite): $(cat "$logs/tui.took") s"
  part "folder live-size races" swift test --skip-build --filter FolderLiveSizeTests
  part "action effect walk" swift test --skip-build --filter ActionEffectWalkTests
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
