"""The load part of Tools/bench/serve.sh (see there): CLIENTS clients, each
opening screens and performing actions for LOAD_SECONDS against a running
`facet serve`; every response is checked by id (lost, duplicated, out of
order counted); the server's peak resident memory is sampled.
Standard library only.

    python3 serve_bench.py SOCKET SERVER_PID
"""
import json, os, socket, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

sock_path, server_pid = sys.argv[1], int(sys.argv[2])
clients_n = int(os.environ.get("CLIENTS", "100"))
load_seconds = float(os.environ.get("LOAD_SECONDS", "10"))
lock = threading.Lock()
totals = {"sent": 0, "answered": 0, "lost": 0, "duplicated": 0, "out_of_order": 0, "errors": 0, "notifications": 0}
samples = []


class Client:
    def __init__(self):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(sock_path)
        self.s.settimeout(30)  # a response not there in 30 s is counted as lost
        self.buf, self.next_id = b"", 0

    def send(self, method, params):
        self.next_id += 1
        self.s.sendall((json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n").encode())
        return self.next_id

    def line(self):
        while b"\n" not in self.buf:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)


def load(i):
    c = Client()
    count = dict.fromkeys(totals, 0)
    seen = set()
    end = time.time() + load_seconds
    screen = ("playlist", {"name": "Sample"}) if i % 2 == 0 else ("playlists", {})
    try:
        while time.time() < end:
            want = [c.send("screen.open", {"screen": screen[0], "params": screen[1]})]
            handle = None
            while handle is None:
                msg = c.line()
                if msg.get("id") == want[0]:
                    handle = msg["result"]["handle"]
                elif "method" in msg:
                    count["notifications"] += 1
            seen.add(want.pop())
            count["sent"] += 1; count["answered"] += 1
            want = [c.send("screen.snapshot", {"handle": handle}) for _ in range(5)]
            if screen[0] == "playlist":
                want.append(c.send("screen.perform", {"handle": handle, "action": "filter", "args": {"text": "e" if i % 4 else ""}}))
            want.append(c.send("screen.close", {"handle": handle}))
            count["sent"] += len(want)
            while want:
                try:
                    msg = c.line()
                except socket.timeout:
                    count["lost"] += len(want)
                    want = []
                    break
                if "id" not in msg:
                    count["notifications"] += 1
                    continue
                if msg["id"] in seen:
                    count["duplicated"] += 1
                    continue
                if "error" in msg:
                    count["errors"] += 1
                if msg["id"] != want[0]:
                    count["out_of_order"] += 1
                seen.add(msg["id"])
                if msg["id"] in want:
                    want.remove(msg["id"])
                count["answered"] += 1
    except (EOFError, OSError) as error:
        print(f"  client {i}: {error}", file=sys.stderr)
    finally:
        c.s.close()
        with lock:
            for key in totals:
                totals[key] += count[key]


def rss_kib():
    for line in open(f"/proc/{server_pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


before = rss_kib()
threads = [threading.Thread(target=load, args=(i,)) for i in range(clients_n)]
started = time.perf_counter()
for t in threads:
    t.start()
while any(t.is_alive() for t in threads):
    samples.append(rss_kib())
    time.sleep(0.1)
took = time.perf_counter() - started
after = rss_kib()
print(f"load: {clients_n} clients x {load_seconds:.0f} s: {totals['sent']} requests, {totals['answered']} answered "
      f"({totals['sent'] / took:.0f} req/s), {totals['lost']} lost, {totals['duplicated']} duplicated, "
      f"{totals['out_of_order']} out of order, {totals['errors']} errors, {totals['notifications']} notifications")
print(f"server RSS: {before / 1024:.1f} MiB before, peak {max(samples + [after]) / 1024:.1f} MiB, {after / 1024:.1f} MiB after")
area = "serve"
record(area, f"load: {clients_n} clients x {load_seconds:.0f} s, requests answered", totals["answered"], "requests")
record(area, "load: requests lost, duplicated or out of order",
       totals["lost"] + totals["duplicated"] + totals["out_of_order"], "requests", goal="figure == 0")
record(area, "load: server peak memory", max(samples + [after]) / 1024, "MiB")
