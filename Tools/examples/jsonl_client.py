#!/usr/bin/env python3
"""Drive Facet's JSON-lines interface from another program (standard library only).

Starts `facet --ui jsonl`, imports a playlist, opens it, filters and sorts it,
and prints what it sees. Shows the three things a client needs: matching
responses to requests by id, collecting `screen.changed` notifications, and
waiting for work that finishes after its response (an import).

    python3 Tools/examples/jsonl_client.py [path/to/facet] [playlist-file]

Without a path it runs the binary `Tools/run.sh` builds (.build/release/facet),
else a debug build (.build/debug/facet), else `facet` on PATH. Exits 0 when
every step saw what it expected, 1 otherwise.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


class FacetClient:
    def __init__(self, binary, env=None):
        self.proc = subprocess.Popen(
            [binary, "--ui", "jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env=env, text=True, encoding="utf-8", bufsize=1)
        self.next_id = 0
        self.notifications = []

    def call(self, method, **params):
        """Send one request and return its result; raise on an error response."""
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("facet closed the connection")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                if "error" in message:
                    error = message["error"]
                    raise RuntimeError(f"{error['data']['code']}: {error['message']}")
                return message["result"]
            if "method" in message:
                self.notifications.append(message)

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def items(state):
    return state["snapshot"]["content"]["list"]["items"]


def titles(state):
    return [item["title"] for item in items(state)]


def default_binary():
    """The release build Tools/run.sh makes, else a debug build, else PATH."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for build in ("release", "debug"):
        candidate = os.path.join(root, ".build", build, "facet")
        if os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("facet")
    if found:
        return found
    sys.exit("no facet binary: run 'bash Tools/run.sh' first, or pass its path")


def expect(condition, what):
    if not condition:
        raise SystemExit(f"unexpected: {what}")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else default_binary()
    home = tempfile.mkdtemp(prefix="facet-example-")
    try:
        run(binary, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run(binary, home):
    playlist = sys.argv[2] if len(sys.argv) > 2 else os.path.join(home, "Road Trip.m3u")
    if len(sys.argv) <= 2:
        with open(playlist, "w", encoding="utf-8") as f:
            f.write("#EXTM3U\n#EXTINF:200,Queen - Bohemian Rhapsody\nq.mp3\n"
                    "#EXTINF:180,Eagles - Hotel California\ne.mp3\n#EXTINF:190,ABBA - Dancing Queen\na.mp3\n")
    client = FacetClient(binary, env={**os.environ, "FACET_HOME": home})

    info = client.call("initialize")
    print("server:", info["serverInfo"]["name"], info["serverInfo"]["version"], "screens:", ", ".join(info["screens"]))

    playlists = client.call("screen.open", screen="playlists")
    handle = playlists["handle"]
    started = client.call("screen.perform", handle=handle, action="import", args={"path": playlist})
    print("import pending:", started["outcome"]["pending"], "-", started["snapshot"]["status"].get("message"))
    done = client.call("screen.wait", handle=handle)
    print("import result:", done["snapshot"]["status"].get("message"))
    changes = [n for n in client.notifications if n["params"]["handle"] == handle]
    print("notifications for the import:", [n["params"]["version"] for n in changes])

    name = os.path.splitext(os.path.basename(playlist))[0]
    opened = client.call("screen.open", screen="playlist", params={"name": name})
    print("songs:", titles(opened))
    expect(len(items(opened)) == 3, "three songs")
    filtered = client.call("screen.perform", handle=opened["handle"], action="filter", args={"text": "queen"})
    print("filtered 'queen':", titles(filtered))
    expect(titles(filtered) == ["Bohemian Rhapsody", "Dancing Queen"], "the two songs with 'queen'")
    client.call("screen.perform", handle=opened["handle"], action="filter", args={"text": ""})
    by_artist = client.call("screen.perform", handle=opened["handle"], action="sort", args={"by": "artist"})
    # Rows carry typed values by column id (see rpc.discover's Screen.playlist.values).
    artists = [item["values"]["artist"] for item in items(by_artist)]
    print("sorted by artist:", artists)
    expect(artists == sorted(artists, key=str.casefold), "artists in order")
    try:
        client.call("screen.perform", handle=opened["handle"], action="page", args={"number": 99})
        expect(False, "page 99 of one page is refused")
    except RuntimeError as error:
        print("expected error:", error)
    status = client.close()
    print("exit status:", status)
    expect(status == 0, "facet exits 0 at the end of input")


if __name__ == "__main__":
    main()
