#!/usr/bin/env bash
# Start-up benchmark: whole-process times of one-shot commands next
# to sqlite3 running the equivalent query on the same database, in one run;
# peak RSS of `facet playlists` and of an idle `--ui jsonl` session; ratios
# last. Release build, warm cache, a fresh FACET_HOME holding the sample
# playlist. Not part of the test suite.
#   bash Tools/bench/startup.sh            (FACET=path/to/facet: skip the build)
# Needs hyperfine (Debian: apt-get install hyperfine), sqlite3 and cc.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${FACET:-}" ]; then
    bash Tools/install-deps.sh
    FACET="$(bash Tools/release-build.sh)"   # as Tools/run.sh
fi
command -v hyperfine >/dev/null || { echo "startup.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "startup.sh: needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FACET_HOME="$work/home"
db="$FACET_HOME/facet.sqlite"
"$FACET" playlists >/dev/null   # creates, migrates and seeds the sample once

echo "binary: $FACET ($(du -h "$FACET" | cut -f1), $(ldd "$FACET" | grep -c 'swift') Swift shared libraries linked)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

# -N: no shell in between, so only the process itself is timed.
hyperfine -N --warmup 10 --runs "${RUNS:-100}" --export-json "$work/times.json" \
    --command-name 'facet --version' "$FACET --version" \
    --command-name 'facet playlists' "$FACET playlists" \
    --command-name 'facet playlist Sample' "$FACET playlist Sample" \
    --command-name 'sqlite3 playlists' "sqlite3 $db 'select name, source, song_count from playlist order by name limit 20'" \
    --command-name 'sqlite3 playlist Sample' "sqlite3 $db \"select title, artist, position from song where playlist_id = (select id from playlist where name = 'Sample') order by position limit 20\"" \
    >&2

# Peak RSS (VmHWM) of a one-shot command and of a JSON-lines session that
# has answered `initialize` and sits idle.
rss_playlists=$( { /usr/bin/time -f '%M' "$FACET" playlists >/dev/null; } 2>&1 | tail -1)
rss_jsonl=$(python3 - "$FACET" <<'EOF'
import subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "--ui", "jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n'); p.stdin.flush()
p.stdout.readline(); time.sleep(0.5)
hwm = [l.split()[1] for l in open(f"/proc/{p.pid}/status") if l.startswith("VmHWM")][0]
p.stdin.close(); p.wait(); print(hwm)
EOF
)

# Sequential JSON-lines round trips from a compiled client, and the
# server's RSS before and after them (ROUNDTRIPS=1000000 for the long check).
cc -O2 -o "$work/roundtrip" Tools/bench/jsonl_roundtrip.c
roundtrip=$("$work/roundtrip" "$FACET" "${ROUNDTRIPS:-100000}")

python3 - "$work/times.json" "$rss_playlists" "$rss_jsonl" "$roundtrip" <<'EOF'
import json, re, sys
sys.path.insert(0, "Tools/bench")
from results import record
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
ms = lambda n: r[n]["mean"] * 1000
med = lambda n: r[n]["median"] * 1000
print()
print(f"{'command':24} {'mean ms':>8} {'median':>8} {'min':>7} {'user+sys':>9}")
for n, x in r.items():
    print(f"{n:24} {ms(n):8.2f} {med(n):8.2f} {x['min']*1000:7.2f} {(x['user']+x['system'])*1000:9.2f}")
print()
print(f"peak RSS: facet playlists {int(sys.argv[2])/1024:.1f} MiB, idle --ui jsonl session {int(sys.argv[3])/1024:.1f} MiB")
print()
# On a loaded machine wall time is mostly waiting for a core; CPU time
# (user+sys) is printed too, since it is what the process itself costs.
cpu = lambda n: (r[n]["user"] + r[n]["system"]) * 1000
print("ratios, facet / sqlite3 (goal <= 2x, first bar <= 4x; --version goal <= 3 ms):")
for f, q in [("facet playlists", "sqlite3 playlists"), ("facet playlist Sample", "sqlite3 playlist Sample")]:
    print(f"  {f:22} median wall {med(f)/med(q):5.2f}x   CPU {cpu(f)/cpu(q):5.2f}x")
print("  " + sys.argv[4] + " (goal <= 100 us)")
print(f"  facet --version        median wall {med('facet --version'):.2f} ms   CPU {cpu('facet --version'):.2f} ms")
for f, q in [("facet playlists", "sqlite3 playlists"), ("facet playlist Sample", "sqlite3 playlist Sample")]:
    record("startup", f + ", median wall", med(f), "ms", peer=q.replace("sqlite3", "sqlite3, same query:"),
           peer_figure=med(q), goal="ratio <= 2")
record("startup", "facet --version, median wall", med("facet --version"), "ms", goal="figure <= 3")
record("startup", "peak RSS, facet playlists", int(sys.argv[2]) / 1024, "MiB")
record("startup", "peak RSS, idle --ui jsonl session", int(sys.argv[3]) / 1024, "MiB")
trip = re.search(r"round trip \(initialize\): ([0-9.]+) us", sys.argv[4])
if trip:
    record("startup", "JSON-lines round trip, sequential", float(trip.group(1)), "µs", goal="figure <= 100")
EOF
