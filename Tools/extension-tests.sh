#!/usr/bin/env bash
# Extension tests, run by Tools/test.sh after the main suite (any failure
# fails the test command):
#  1. Tools/new-feature in a fresh copy of the repository: bad names are
#     refused and a failure half-way changes nothing; then it scaffolds a
#     feature: git shows one existing file changed by two added lines (the
#     feature's line in the features list, FacetFeatures.swift, and the
#     import of its wiring module) and every new file under
#     Modules/Features/NAME or Tests/Features/NAME; the copy builds, the
#     generated tests pass, the new screen is found through the CLI --json,
#     JSON lines and the TUI (tmux), and the layering test's dependency
#     check passes on the copy (its failure reported last, so it hides nothing else).
#  2. Examples/Bookmarks, a separate package on Facet's library products,
#     builds against that copy, its tests pass, its screen is in every front end.
# Where a private mount namespace can be made (as root, as in CI), the copy
# is built at the repository's own path, with a copy of the repository's
# build folder as its scratch folder: every path the compiler recorded is
# the same, so only the new feature's modules and what depends on them
# compile, and the repository's own .build is left exactly as it was.
# Elsewhere the builds use the main build's scratch folder (.build): the
# dependencies are reused, Facet's modules compile again for the copy, and
# .build then holds the copy's products. FACET_EXTENSION_SCRATCH names
# another folder (and turns the namespace off). Times of each step are
# printed at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FACET_EXTENSION_DIR:-$root/.build/extension}
copy=$work/facet            # named like the package, so its identity is `facet`
if [ -z "${FACET_EXTENSION_SCRATCH:-}" ] && unshare -m --propagation private true 2>/dev/null; then
  in_place=true
  scratch=$work/scratch      # the real folder (binaries are run from here)
  build=$root/.build         # the same folder as the builds see it
else
  in_place=false
  scratch=${FACET_EXTENSION_SCRATCH:-$root/.build}
  build=$scratch
fi
source "$root/Tools/build-flags.sh"
name=Notes
screen=notes
times=()

step() { echo "== $*" >&2; }
timed() {  # timed LABEL command…: runs it, records its duration, returns its status
  local label=$1; shift
  local start=$SECONDS status=0
  "$@" || status=$?
  times+=("$(printf '%-52s %4ss' "$label" $((SECONDS - start)))")
  return $status
}
check() { "$@" || { echo "extension-tests: FAIL: $*" >&2; exit 1; }; }
# in_copy DIR SCRIPT: runs SCRIPT with bash in DIR of the copy (DIR relative
# to the copy's root), at the repository's own path when in_place.
in_copy() {
  if $in_place; then
    unshare -m --propagation private bash -c \
      'mount --bind "$1" "$2/.build" && mount --rbind "$2" "$3" && cd "$3/$4" && exec bash -c "$5"' \
      _ "$scratch" "$copy" "$root" "$1" "$2"
  else
    (cd "$copy/$1" && bash -c "$2")
  fi
}
clean_tree() { [ -z "$(git -C "$copy" status --porcelain)" ]; }

step "copying the repository to $copy"
rm -rf "$copy"
mkdir -p "$copy" "$scratch"
# Tracked and new files as they are in the working tree, mtimes kept (so a
# rerun rebuilds only what changed), without build products.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --format=posix --null -T - -cf -) | tar -xf - -C "$copy"
git -C "$copy" init -q
git -C "$copy" add -A
git -C "$copy" -c user.name=extension-tests -c user.email=tests@facet.invalid commit -qm "copy" --no-verify
if $in_place; then
  step "copying the build folder to $scratch (mtimes kept; no release products)"
  rm -rf "$scratch"
  mkdir -p "$scratch" "$copy/.build"
  (cd "$root/.build" && tar --format=posix --no-wildcards-match-slash --exclude=./extension --exclude=./release --exclude='./release.yaml' --exclude='./*/release' -cf - .) \
    | tar -xf - -C "$scratch"
fi

step "Tools/new-feature refuses bad names and changes nothing"
for bad in notes 9Lives "Play list" Playlist Folders Users Help X; do
  if (cd "$copy" && Tools/new-feature "$bad" 2>/dev/null); then echo "extension-tests: FAIL: '$bad' was accepted" >&2; exit 1; fi
  check clean_tree
done
# A failure half-way is rolled back: a dangling link where the tests folder
# must go is not a feature (the name is free), so the feature's modules are
# moved in before creating the tests folder fails.
ln -s "$copy/nowhere" "$copy/Tests/Features/$name"
if (cd "$copy" && Tools/new-feature "$name" >/dev/null 2>&1); then echo "extension-tests: FAIL: the blocked scaffold succeeded" >&2; exit 1; fi
check test "$(git -C "$copy" status --porcelain --untracked-files=all)" = "?? Tests/Features/$name"
rm "$copy/Tests/Features/$name"

step "Tools/new-feature $name"
scaffold_start=$SECONDS
timed "Tools/new-feature $name" bash -c "cd '$copy' && Tools/new-feature $name"
# Exactly one existing file changes, by two added lines: the feature's line
# in the features list and its wiring module's import.
check test "$(git -C "$copy" diff --numstat)" = "$(printf '2\t0\tModules/Composition/FacetFeatures.swift')"
check test "$(git -C "$copy" diff -U0 | grep -E '^[+-][^+-]')" = "$(printf '+import %sWiring\n+        %sFeature.self,' "$name" "$name")"
# Every other change is a new file under the feature's two folders.
status=$(git -C "$copy" status --porcelain --untracked-files=all)
check test "$(grep -c '^?? ' <<<"$status")" -ge 10
if grep -vE "^ M Modules/Composition/FacetFeatures.swift\$|^\?\? (Modules|Tests)/Features/$name/" <<<"$status"; then
  echo "extension-tests: FAIL: the scaffold changed files outside Modules/Features/$name and Tests/Features/$name" >&2; exit 1
fi

step "building the copy (scratch $scratch)"
# Uncached manifests: SwiftPM caches a manifest's evaluation by its text, and
# Package.swift is unchanged while it now finds one more feature folder.
timed "swift build --build-tests (copy + $name)" in_copy . "swift build --build-tests ${link_flags[*]} --manifest-cache none --scratch-path '$build'"
step "the generated tests (the ${name}Tests target)"
tests="${name}Tests\\."
# Outside the repository: inside the namespace its path shows the copy.
test_log=$(mktemp)
trap 'rm -f "$test_log"' EXIT
timed "swift test --filter '$tests'" in_copy . "set -o pipefail; swift test --skip-build --scratch-path '$build' --filter '$tests' 2>&1 | tee '$test_log' >&2"
# A filter that matches nothing passes too: every suite the scaffold writes
# must have run and passed, with at least as many tests as its templates hold.
expected=0
suites=0
while IFS= read -r -d '' template; do
  suite=$(sed -n 's/.*@Suite.* struct \([A-Za-z0-9_]*\).*/\1/p' "$template" | head -1)
  [ -n "$suite" ] || continue
  suite=${suite//__Name__/$name}
  check grep -q "Suite $suite passed" "$test_log"
  suites=$((suites + 1))
  expected=$((expected + $(grep -c '@Test' "$template")))
done < <(find "$root/Tools/templates/feature/Tests/Features/__Name__" -name '*.swift.tmpl' -print0)
check test "$suites" -ge 4
ran=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$test_log" | tail -1)
check test "${ran:-0}" -ge "$expected"
scaffold_total=$((SECONDS - scaffold_start))
step "the $screen screen in every front end"
timed "CLI, JSON lines, TUI checks ($screen)" python3 "$root/Tools/extension/check_screen.py" "$scratch/debug/facet" "$screen" "$name" "No entries yet"

step "the layering rules on the copy with $name (every dependency allowed)"
# Here, while the copy's test binary is current: the example's build below
# leaves its own products in the scratch folder, and the check would need
# the copy built again. A failure is reported after the example has run,
# so it hides nothing else.
layering=passed
timed "layering dependency check (copy + $name)" in_copy . "swift test --skip-build --scratch-path '$build' --filter everyDependencyIsAllowedByTheArchitecture >&2" || layering=failed

step "Examples/Bookmarks against the copy's products"
timed "swift build --build-tests (Examples/Bookmarks)" in_copy Examples/Bookmarks "swift build --build-tests ${link_flags[*]} --manifest-cache none --scratch-path '$build'"
timed "swift test (Examples/Bookmarks)" in_copy Examples/Bookmarks "swift test --skip-build --scratch-path '$build'"
timed "CLI, JSON lines, TUI checks (bookmarks)" python3 "$root/Tools/extension/check_screen.py" "$scratch/debug/facet-bookmarks" bookmarks Bookmarks "No bookmarks yet"

if [ "$layering" != passed ]; then
  echo "extension-tests: FAIL: the layering rules refuse a dependency of the copy with $name (above)" >&2
  exit 1
fi

echo "== extension tests passed; times:" >&2
printf '  %s\n' "${times[@]}" >&2
echo "  from Tools/new-feature to a passing swift test of $name: ${scaffold_total}s" >&2
