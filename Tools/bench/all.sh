#!/usr/bin/env bash
# Runs every benchmark in Tools/bench against one release binary and keeps
# their figures in docs/benchmarks/results.jsonl, then regenerates
# docs/BENCHMARKS.md, its chart and README's summary from them
# (Tools/bench/report.py). Not part of the test suite.
#   bash Tools/bench/all.sh [swift build flags, e.g. --scratch-path .build-rel]
#   FACET=path/to/facet bash Tools/bench/all.sh      (measure that binary, no build;
#                                                     BENCH_REVISION names its commit)
#   ONLY="startup stars" bash Tools/bench/all.sh     (some; their figures replace
#                                                     only their areas' in the results)
# Each script's own knobs (RUNS, FILES_SCALE, ...) pass through; a script's
# output goes to .build/bench/NAME.log as well as the terminal.
set -euo pipefail
cd "$(dirname "$0")/../.."
all=(startup playlist jsonrpc mcp serve tui-frame stars photos folders stream web live tags mpd pictures ssh floor)
read -r -a chosen <<<"${ONLY:-${all[*]}}"
out=docs/benchmarks/results.jsonl
mkdir -p .build/bench docs/benchmarks
bash Tools/install-deps.sh >&2

# The commit the binary is built from, taken before the build.
BENCH_REVISION="${BENCH_REVISION:-$(cd Tools/bench && python3 -c 'import results; print(results.revision())')}"
export BENCH_REVISION
if [ -z "${FACET:-}" ]; then
  FACET="$(bash Tools/release-build.sh "$@")"
fi

work="$(mktemp -d /tmp/facet-bench-all-XXXXXX)"
trap 'rm -rf "$work"' EXIT
# A fresh copy: an old binary file's cached pages come back slower than a new
# copy's, which would put the file's age into the figures.
cp "$FACET" "$work/facet"
export FACET="$work/facet" BENCH_RESULTS="$work/results.jsonl"
: >"$BENCH_RESULTS"

failed=()
started=$SECONDS
for name in "${chosen[@]}"; do
  echo "== $name (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  begun=$SECONDS
  args=()
  [ "$name" = tui-frame ] && args=("$@")
  if ! bash "Tools/bench/$name.sh" "${args[@]}" 2>&1 | tee ".build/bench/$name.log"; then
    failed+=("$name")
  fi
  echo "== $name took $((SECONDS - begun)) s" >&2
done
echo "== all: $((SECONDS - started)) s" >&2

# Areas not run this time keep their earlier figures.
python3 - "$out" "$BENCH_RESULTS" <<'EOF'
import json, os, sys
out, new = sys.argv[1], sys.argv[2]
fresh = [json.loads(line) for line in open(new) if line.strip()]
areas = {row["area"] for row in fresh}
kept = [json.loads(line) for line in open(out) if line.strip()] if os.path.exists(out) else []
with open(out, "w") as h:
    for row in [row for row in kept if row["area"] not in areas] + fresh:
        h.write(json.dumps(row, ensure_ascii=False) + "\n")
EOF
python3 Tools/bench/report.py
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]} (see .build/bench/NAME.log)" >&2
  exit 1
fi
