#!/usr/bin/env bash
# Builds the release `facet` exactly as users run it (Tools/run.sh) and as
# every benchmark measures it, and prints the binary's path on stdout.
#   bash Tools/release-build.sh [extra swift build flags]
#
# Link choices, all for one-shot start-up (figures in docs/BENCHMARKS.md):
# - --static-swift-stdlib -static-executable: one static executable, with
#   the Swift runtime, Foundation, glibc, libstdc++, SQLite and ncursesw
#   linked in (the .a files of the same Debian -dev packages), so the loader
#   maps, relocates and resolves no shared library at every start.
#   Name lookups (DNS, /etc/hosts, users) still go through glibc's NSS,
#   which a static glibc loads at run time from the same glibc: build the
#   binary on the machine (or distribution release) that runs it, as
#   Tools/run.sh does. ncursesw's .a needs terminfo's named after it.
# - --no-export-dynamic: SwiftPM exports every symbol of an executable for
#   testable executables; nothing links against this one, and the export
#   made each dynamic lookup and `dladdr` walk a large table.
# - -disable-concrete-type-metadata-mangled-name-accessors (a frontend
#   flag): a generic type's metadata is reached through a compiled
#   accessor, not by demangling its name at run time, which checks each
#   generic requirement by scanning every protocol conformance in this
#   large binary; a one-shot command asks for hundreds of such types once.
# - no debug information (-gnone; -g0 for the C and C++ of the
#   dependencies): only a debugger reads it, Tools/install.sh strips it,
#   and writing it made the first build about a minute longer.
#   FACET_DEBUG_INFO=1 keeps it (Tools/install.sh --keep-debug-info).
set -euo pipefail
cd "$(dirname "$0")/.."
# RELEASE_PRODUCT builds another product linked the same way (tui-bench).
product="${RELEASE_PRODUCT:-facet}"
export PATH="/opt/swift/usr/bin:$PATH"
source Tools/build-flags.sh
flags=(-c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker --no-export-dynamic -Xlinker -ltinfo "${link_flags[@]}"
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
if [ "${FACET_DEBUG_INFO:-0}" != 1 ]; then
  flags+=(-Xswiftc -gnone -Xcc -g0 -Xcxx -g0)
fi
# Progress and every real warning or error are shown; what a static link
# always says (glibc's NSS and dlopen want the same glibc at run time, and
# mktemp in Foundation) and SwiftPM's notes on files inside dependencies
# (a note whose files are all under .build/checkouts) are kept in the log
# only: a dependency's manifest is not Facet's to change. Facet's own targets
# declare every file (UnhandledFilesRuleTests asks SwiftPM), and a note on
# them would show.
log=.build/release-build.log
mkdir -p .build
expected='in statically linked applications requires at runtime|the use of .mktemp. is dangerous'
# Drops an "unhandled files" note together with its file lines when every
# one of them is inside a dependency's checkout.
dependency_notes() {
  awk '
    function flush() { if (held != "" && !(all_deps)) printf "%s", held; held = "" }
    /found [0-9]+ file\(s\) which are unhandled/ { flush(); held = $0 "\n"; all_deps = 1; next }
    held != "" && /^ +\// { held = held $0 "\n"; if ($0 !~ /\/\.build[^\/]*\/checkouts\//) all_deps = 0; next }
    { flush(); print; fflush() }
    END { flush() }'
}
echo "Building $product (release; full log: $log)" >&2
set +e
swift build "${flags[@]}" --product "$product" "$@" 2>&1 | tee "$log" | grep --line-buffered -v -E "$expected" | dependency_notes >&2
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "The release build failed (full log: $log)." >&2
  exit "$status"
fi
echo "$(swift build "${flags[@]}" "$@" --show-bin-path)/$product"
