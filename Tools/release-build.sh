#!/usr/bin/env bash
# Builds the release `facet` exactly as users run it (Tools/run.sh) and as
# every benchmark measures it, and prints the binary's path on stdout.
#   bash Tools/release-build.sh [extra swift build flags]
#
# Link choices, all for one-shot start-up (issue 16; figures in README):
# - --static-swift-stdlib: the Swift runtime and Foundation linked in, so the
#   loader does not resolve the symbols of 14 Swift libraries (~3x faster).
# - -no-pie: a static Swift binary as a position-independent executable
#   carries ~127,000 relative relocations that the loader applies on every
#   start, dirtying ~400 pages (1-1.5 ms). Shared libraries, stack and heap
#   stay randomised; only the executable's own image loads at a fixed address.
# - --no-export-dynamic: SwiftPM exports every symbol of an executable (39,000
#   here) for testable executables; nothing links against this one, and the
#   export made each dynamic lookup and `dladdr` walk a large table (~1 ms).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build -c release --product facet --static-swift-stdlib \
  -Xlinker -no-pie -Xlinker --no-export-dynamic "$@" >&2
echo "$(swift build -c release --static-swift-stdlib "$@" --show-bin-path)/facet"
