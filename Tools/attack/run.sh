#!/usr/bin/env bash
# The attack suite, long mode. Not part of the test command (which runs the
# same tests in short mode: `swift test --filter AttackTests`).
#
# Long mode: 100,000 fuzzed JSON lines (plus a 1,000,000-deep nesting, a
# 10,000-request batch, NUL, invalid UTF-8, lone surrogates, huge numbers,
# CRLF, no final newline), 20 kill -9 trials during an import, a rename and
# a sign-in (then PRAGMA integrity_check and no half-written playlist), a
# 50,000-deep tree, closed/vanishing outputs, odd terminal widths, a full
# disk (tmpfs, as root) and a read-only data directory; exports planted with
# symlinks, device nodes, FIFOs and sockets; `..` after a file; crafted ncdu
# imports (overflowing and negative sizes, a ~100 MB file); and what the
# other attack files add (serve clients, flat and deep folders, hostile
# servers). docs/RELIABILITY.md lists the figures.
#
#   bash Tools/attack/run.sh            # long mode
#   SHORT=1 bash Tools/attack/run.sh    # the short mode, as in the test command
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/opt/swift/usr/bin:$PATH
[ -z "${SHORT:-}" ] && export FACET_ATTACK_LONG=1
echo "Building…" >&2
swift build --build-tests >&2
start=$(date +%s)
status=0
swift test --skip-build --filter AttackTests 2>&1 | tee /tmp/facet-attack.log | grep -E "✔ Test|✘|passed after|failed after" || status=$?
grep -q "✘" /tmp/facet-attack.log && status=1
echo "== attack suite ($([ -n "${FACET_ATTACK_LONG:-}" ] && echo long || echo short) mode): $(( $(date +%s) - start )) s, $([ $status -eq 0 ] && echo PASSED || echo FAILED)"
exit $status
