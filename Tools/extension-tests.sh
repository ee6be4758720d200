#!/usr/bin/env bash
# Extension tests, run by Tools/test.sh after the main suite (any failure
# fails the test command):
#  1. Tools/new-feature in a fresh copy of the repository: bad names are
#     refused and a failure half-way changes nothing; then it scaffolds a
#     feature, `git diff` shows no front-end file touched, the copy builds,
#     the generated tests (and the layering test's dependency check) pass, and the new screen is
#     found through the CLI --json, JSON lines and the TUI (tmux).
#  2. Examples/Bookmarks, a separate package on Facet's library products,
#     builds against that copy, its tests pass, its screen is in every front end.
# Both builds use the main build's scratch folder (.build), so the
# dependencies compiled for the main suite (SwiftNIO, BoringSSL, GRDB…) are
# reused and only Facet's own modules compile again for the copy; a CI run
# pays for one dependency build, not two. Afterwards .build holds the copy's
# products: the next `swift build` of the checkout recompiles Facet's
# modules (not the dependencies). FACET_EXTENSION_SCRATCH overrides the
# folder. Times of each step are printed at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FACET_EXTENSION_DIR:-$root/.build/extension}
copy=$work/facet            # named like the package, so its identity is `facet`
scratch=${FACET_EXTENSION_SCRATCH:-$root/.build}
name=Notes
screen=notes
times=()

step() { echo "== $*" >&2; }
timed() {  # timed LABEL command…: runs it and records its duration
  local label=$1; shift
  local start=$SECONDS
  "$@"
  times+=("$(printf '%-52s %4ss' "$label" $((SECONDS - start)))")
}
check() { "$@" || { echo "extension-tests: FAIL: $*" >&2; exit 1; }; }
clean_tree() { [ -z "$(git -C "$copy" status --porcelain)" ]; }

step "copying the repository to $copy"
rm -rf "$copy"
mkdir -p "$copy" "$scratch"
# Tracked and new files as they are in the working tree, mtimes kept (so a
# rerun rebuilds only what changed), without build products.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$copy"
git -C "$copy" init -q
git -C "$copy" add -A
git -C "$copy" -c user.name=extension-tests -c user.email=tests@facet.invalid commit -qm "copy" --no-verify

step "Tools/new-feature refuses bad names and changes nothing"
for bad in notes 9Lives "Play list" Playlist Folders Users Help X; do
  if (cd "$copy" && Tools/new-feature "$bad" 2>/dev/null); then echo "extension-tests: FAIL: '$bad' was accepted" >&2; exit 1; fi
  check clean_tree
done
# A failure half-way (a file where its last folder must go) is rolled back.
touch "$copy/Tests/TUITests/$name"
if (cd "$copy" && Tools/new-feature "$name" >/dev/null 2>&1); then echo "extension-tests: FAIL: the blocked scaffold succeeded" >&2; exit 1; fi
check test "$(git -C "$copy" status --porcelain)" = "?? Tests/TUITests/$name"
rm "$copy/Tests/TUITests/$name"

step "Tools/new-feature $name"
scaffold_start=$SECONDS
timed "Tools/new-feature $name" bash -c "cd '$copy' && Tools/new-feature $name"
# Exactly one existing file changes (the feature list); nothing in a front end or the launcher.
check test "$(git -C "$copy" diff --name-only)" = "Modules/Composition/FacetApp.swift"
check test "$(git -C "$copy" diff --numstat | cut -f1,2)" = "$(printf '1\t0')"
if git -C "$copy" status --porcelain --untracked-files=all | grep -E ' Apps/|Package.swift'; then
  echo "extension-tests: FAIL: the scaffold touched a front end, the launcher or Package.swift" >&2; exit 1
fi

step "building the copy (scratch $scratch)"
timed "swift build --build-tests (copy + $name)" bash -c "cd '$copy' && swift build --build-tests --scratch-path '$scratch'"
step "the generated tests and the layering rules on the scaffolded code"
tests="$name|everyDependencyIsAllowedByTheArchitecture"
test_log=$work/generated-tests.log
timed "swift test --filter '$tests'" bash -c "set -o pipefail; cd '$copy' && swift test --skip-build --scratch-path '$scratch' --filter '$tests' 2>&1 | tee '$test_log' >&2"
# A filter that matches nothing passes too: every suite the scaffold writes
# must have run and passed, with at least as many tests as its templates hold.
expected=1  # the layering test
for template in "$root"/Tools/templates/feature/Tests/*/__Name__/*.swift.tmpl; do
  suite=$(basename "$template" .swift.tmpl)
  suite=${suite//__Name__/$name}
  check grep -q "Suite $suite passed" "$test_log"
  expected=$((expected + $(grep -c '@Test' "$template")))
done
ran=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$test_log" | tail -1)
check test "${ran:-0}" -ge "$expected"
scaffold_total=$((SECONDS - scaffold_start))
step "the $screen screen in every front end"
timed "CLI, JSON lines, TUI checks ($screen)" python3 "$root/Tools/extension/check_screen.py" "$scratch/debug/facet" "$screen" "$name" "No entries yet"

step "Examples/Bookmarks against the copy's products"
example=$copy/Examples/Bookmarks
timed "swift build --build-tests (Examples/Bookmarks)" bash -c "cd '$example' && swift build --build-tests --scratch-path '$scratch'"
timed "swift test (Examples/Bookmarks)" bash -c "cd '$example' && swift test --skip-build --scratch-path '$scratch'"
timed "CLI, JSON lines, TUI checks (bookmarks)" python3 "$root/Tools/extension/check_screen.py" "$scratch/debug/facet-bookmarks" bookmarks Bookmarks "No bookmarks yet"

echo "== extension tests passed; times:" >&2
printf '  %s\n' "${times[@]}" >&2
echo "  from Tools/new-feature to a passing swift test of $name: ${scaffold_total}s" >&2
