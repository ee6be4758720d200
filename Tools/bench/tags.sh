#!/usr/bin/env bash
# Audio files' own tags, release build: `facet playlists import DIR` over a
# folder of 1,000 tagged WAV files (made and tagged with TagLib here) against
# Python's mutagen reading the same files' title, artist and length, same
# run, ratio printed last (goal: within twice mutagen's time).
# Not part of the test suite.
#   bash Tools/bench/tags.sh [files] [runs]      (default 1,000, 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
# The binary as Tools/run.sh builds it; FACET=binary measures that one.
FACET="${FACET:-$(bash Tools/release-build.sh)}"
exec python3 Tools/bench/tags_bench.py "$FACET" "${1:-1000}" "${2:-5}"
