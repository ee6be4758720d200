#!/usr/bin/env bash
# `facet --connect ssh://HOST` benchmark, on loopback. Not part of the test suite.
#
# Builds Facet in release mode and, in one run, with a real sshd on
# 127.0.0.1 (its own generated keys and config, never the machine's):
#   - keystroke -> frame of the TUI (one line down in a 1,000,000-song
#     playlist), p50 and p99: attached through ssh (goal p99 < 30 ms) and,
#     as the peer, the same TUI attached to a local `facet serve` socket on
#     the same data (ratio reported);
#   - bytes that cross the ssh channel while the TUI scrolls that playlist
#     from top to bottom a page at a time, against the bytes of the rows
#     shown (each row's JSON once per page it is on; goal < 2x).
#
#   bash Tools/bench/ssh.sh
#   SCROLL_SONGS=100000 KEYS=200 bash Tools/bench/ssh.sh
#   FACET=.build/release/facet bash Tools/bench/ssh.sh   # skip the build
#   PARTS=keys bash Tools/bench/ssh.sh                  # one of the two figures
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${FACET:-}" ]; then
  echo "Building release…" >&2
  # shellcheck disable=SC2086
  FACET="$(bash Tools/release-build.sh ${SWIFT_BUILD_FLAGS:-})"
fi
FACET="$(cd "$(dirname "$FACET")" && pwd)/$(basename "$FACET")"
exec python3 Tools/bench/ssh_bench.py "$FACET"
