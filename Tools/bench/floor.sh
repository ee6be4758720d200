#!/usr/bin/env bash
# Floor probes for the start-up figures (issues 10 and 16): the smallest
# programs doing a command's work with the packages Facet uses, linked as
# Tools/release-build.sh links Facet (Tools/bench/floor/), timed next to
# Facet and the peers in one run. Facet minus its floor is what Facet's own
# layers cost; the floor minus the peer is what the packages cost.
#   bash Tools/bench/floor.sh          (FACET=path/to/facet: skip Facet's build)
# SKIP_PLAYLISTS=1 times the photos half only. Needs hyperfine, sqlite3,
# curl. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/install-deps.sh
if [ -z "${FACET:-}" ]; then FACET="$(bash Tools/release-build.sh)"; fi
FACET=$(realpath "$FACET")
export PATH="/opt/swift/usr/bin:$PATH"
flags=(-c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker --no-export-dynamic)
(cd Tools/bench/floor && swift build "${flags[@]}" >&2)
bin=$(cd Tools/bench/floor && swift build "${flags[@]}" --show-bin-path)

work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export FACET_HOME="$work/home"
db="$FACET_HOME/facet.sqlite"
"$FACET" playlists >/dev/null
"$FACET" login sign-in --first-name Floor --last-name Probe >/dev/null

# The photos fixture on a loopback port (it prints "PORT n" first).
python3 Tools/fixtures/photos_fixture.py < <(sleep 3600 2>/dev/null) > "$work/port" 2>/dev/null &
server=$!
until [ -s "$work/port" ]; do sleep 0.1; done
port=$(head -1 "$work/port" | awk '{print $2}')
url="http://127.0.0.1:$port/ok/photos"
"$FACET" settings set photos-base-url "http://127.0.0.1:$port/ok" >/dev/null
"$FACET" photos --offline reload >/dev/null

[ -n "${SKIP_PLAYLISTS:-}" ] || hyperfine -N --warmup 10 --runs "${RUNS:-100}" --export-json "$work/playlists.json" \
    --command-name 'sqlite3 playlists' "sqlite3 $db 'select name, source, song_count from playlist order by name limit 20'" \
    --command-name 'floor: GRDB query' "$bin/grdb-floor $db" \
    --command-name 'facet playlists' "$FACET playlists" >&2
hyperfine -N --warmup 5 --runs "${PHOTO_RUNS:-30}" --export-json "$work/photos.json" \
    --command-name 'curl photos' "curl -s -o /dev/null $url" \
    --command-name 'floor: AsyncHTTPClient GET' "$bin/ahc-floor $url" \
    --command-name 'facet photos reload' "$FACET photos --offline reload" >&2

# Each probe beside what it stands between: the peer below it, Facet above it.
python3 - "$work/playlists.json" "$work/photos.json" <<'EOF'
import json, os, sys
sys.path.insert(0, "Tools/bench")
from results import record
for path in sys.argv[1:]:
    if not os.path.exists(path):
        continue
    r = {x["command"]: x["median"] * 1000 for x in json.load(open(path))["results"]}
    pairs = [("floor: GRDB query", "sqlite3 playlists"), ("facet playlists", "floor: GRDB query"),
             ("floor: AsyncHTTPClient GET", "curl photos"), ("facet photos reload", "floor: AsyncHTTPClient GET")]
    for name, peer in pairs:
        if name in r and peer in r:
            record("floor", name + ", median wall", r[name], "ms", peer=peer, peer_figure=r[peer])
EOF
