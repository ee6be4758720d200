"""How long a client that connects during a fan-out waits: CLIENTS clients
of one `facet serve` each have the playlists screen open; one of them
imports a playlist, so every other screen reads again and is told; a new
client connects at that moment and opens a screen. Prints the new client's
wait during the fan-out and with no fan-out (the baseline), the median of
ROUNDS rounds each. Standard library only.

    python3 serve_fanout_bench.py FACET_BINARY
"""
import json, os, select, socket, statistics, subprocess, sys, tempfile, threading, time

binary = sys.argv[1]
clients_n = int(os.environ.get("CLIENTS", "1000"))
rounds = int(os.environ.get("ROUNDS", "5"))
home = tempfile.mkdtemp(prefix="facet-fanout-")
sock_path = home + "/serve.sock"
env = dict(os.environ, FACET_HOME=home, NO_COLOR="1")
server = subprocess.Popen([binary, "serve", "--socket", sock_path], env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 60
while not os.path.exists(sock_path):
    if time.time() > deadline or server.poll() is not None:
        sys.exit("facet serve did not start")
    time.sleep(0.02)


def request(s, ident, method, params):
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n").encode())


def answer(s, ident, timeout=60):
    """Reads lines until the response to `ident` (notifications skipped)."""
    buf, end = b"", time.time() + timeout
    while True:
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            msg = json.loads(line)
            if msg.get("id") == ident:
                return msg
        if time.time() > end:
            raise TimeoutError(ident)
        s.settimeout(max(0.01, end - time.time()))
        chunk = s.recv(1 << 16)
        if not chunk:
            raise EOFError
        buf += chunk


clients, handles = [], []
for i in range(clients_n):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    request(s, 1, "screen.open", {"screen": "playlists"})
    clients.append(s)
for s in clients:
    handles.append(answer(s, 1)["result"]["handle"])
    s.setblocking(False)

# Every client reads what it is sent, as a connected TUI would.
stop = False
notified = [0]
last_notified = [0.0]


def drain():
    while not stop:
        ready, _, _ = select.select(clients, [], [], 0.05)
        for s in ready:
            try:
                data = s.recv(1 << 20)
            except BlockingIOError:
                continue
            notified[0] += data.count(b'"screen.changed"')
            last_notified[0] = time.perf_counter()


reader = threading.Thread(target=drain, daemon=True)
reader.start()


def newcomer():
    start = time.perf_counter()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    request(s, 1, "screen.open", {"screen": "playlists"})
    answer(s, 1)
    took = time.perf_counter() - start
    s.close()
    return took


playlist = home + "/one.m3u"
with open(playlist, "w") as f:
    f.write("#EXTM3U\n#EXTINF:100,Artist - Song\n/music/song.mp3\n")
importer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
importer.connect(sock_path)
request(importer, 1, "screen.open", {"screen": "playlists"})
handle = answer(importer, 1)["result"]["handle"]

quiet, during, spans = [], [], []
for r in range(rounds):
    time.sleep(0.5)
    quiet.append(newcomer())
    request(importer, 100 + r, "screen.perform",
            {"handle": handle, "action": "import", "args": {"path": playlist, "name": "Round %d" % r}})
    answer(importer, 100 + r)
    answered = time.perf_counter()
    # The import goes on in the background, then the others read again:
    # newcomers one after another for a second, the longest wait counts.
    end, waits = time.time() + 1.0, []
    while time.time() < end:
        waits.append(newcomer())
    during.append(max(waits))
    time.sleep(1.0)
    # From the import's answer to the last client told of it.
    spans.append(last_notified[0] - answered)

stop = True
reader.join()
server.terminate()
server.wait(timeout=30)
print("clients %d, notifications seen %d" % (clients_n, notified[0]))
print("new client's open, no fan-out:     median %.1f ms (max %.1f)" % (statistics.median(quiet) * 1000, max(quiet) * 1000))
print("new client's open, during fan-out: median %.1f ms (max %.1f)" % (statistics.median(during) * 1000, max(during) * 1000))
print("fan-out, import answered to last client told: median %.0f ms" % (statistics.median(spans) * 1000))
