"""The measurements of Tools/bench/serve.sh (see there). Standard library only."""
import json, os, socket, subprocess, sys, threading, time

work, facet = sys.argv[1], sys.argv[2]
clients_n = int(os.environ.get("CLIENTS", "100"))
load_seconds = float(os.environ.get("LOAD_SECONDS", "10"))
env = dict(os.environ, FACET_HOME=work + "/home", NO_COLOR="1")
sock_path = work + "/facet.sock"


class Lines:
    """Newline-framed JSON over any pair of byte streams."""

    def __init__(self, read, write):
        self.read, self.write, self.buf, self.next_id = read, write, b"", 0

    def send(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.write((json.dumps(msg) + "\n").encode())
        return self.next_id

    def line(self):
        while b"\n" not in self.buf:
            chunk = self.read(1 << 16)
            if not chunk:
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def response(self, id):
        while True:
            msg = self.line()
            if msg.get("id") == id:
                return msg

    def call(self, method, params=None):
        return self.response(self.send(method, params))


def socket_client():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    return s, Lines(s.recv, s.sendall)


def stdio_client():
    p = subprocess.Popen([facet, "--ui", "jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
    def write(data):
        p.stdin.write(data)
    return p, Lines(lambda n: os.read(p.stdout.fileno(), n), write)


def latency_and_throughput(c, label):
    h = c.call("screen.open", {"screen": "playlist", "params": {"name": "Sample"}})["result"]["handle"]
    for _ in range(200):
        c.call("screen.snapshot", {"handle": h})
    n = 3000
    t = time.perf_counter()
    for _ in range(n):
        c.call("screen.snapshot", {"handle": h})
    rtt = (time.perf_counter() - t) / n * 1e6
    n = 30000
    payload = "".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": "screen.snapshot", "params": {"handle": h}}) + "\n" for i in range(1, n + 1)).encode()
    t = time.perf_counter()
    threading.Thread(target=c.write, args=(payload,), daemon=True).start()
    got = 0
    while got < n:
        msg = c.line()
        if "id" in msg:
            got += 1
    rate = n / (time.perf_counter() - t)
    print(f"{label:6s} round trip {rtt:8.1f} us   pipelined {rate:10.0f} msg/s")
    return rtt, rate


server = subprocess.Popen([facet, "serve", "--socket", sock_path], env=env, stderr=subprocess.DEVNULL)
try:
    for _ in range(400):
        try:
            socket_client()[0].close()
            break
        except OSError:
            time.sleep(0.05)

    p, stdio = stdio_client()
    rtt_stdio, rate_stdio = latency_and_throughput(stdio, "stdio")
    p.stdin.close(); p.wait()
    s, sock = socket_client()
    rtt_sock, rate_sock = latency_and_throughput(sock, "socket")
    s.close()

    # Fan-out: CLIENTS watchers, one changer.
    watchers = []
    for _ in range(clients_n):
        s, c = socket_client()
        c.call("screen.open", {"screen": "playlist", "params": {"name": "Sample"}})
        watchers.append((s, c))
    s, changer = socket_client()
    h = changer.call("screen.open", {"screen": "playlist", "params": {"name": "Sample"}})["result"]["handle"]
    delays = []
    for round_ in range(20):
        arrived = [None] * clients_n
        def watch(i, c, version):
            while True:
                msg = c.line()
                if msg.get("method") == "screen.changed" and msg["params"]["version"] >= version:
                    arrived[i] = time.perf_counter()
                    return
        t = time.perf_counter()
        result = changer.call("screen.perform", {"handle": h, "action": "filter", "args": {"text": "o" if round_ % 2 == 0 else ""}})
        version = result["result"]["version"]
        threads = [threading.Thread(target=watch, args=(i, c, version)) for i, (_, c) in enumerate(watchers)]
        for th in threads: th.start()
        for th in threads: th.join()
        delays += [(a - t) * 1000 for a in arrived]
    delays.sort()
    p50, p99 = delays[len(delays) // 2], delays[int(len(delays) * 0.99)]
    print(f"fan-out to {clients_n} clients: p50 {p50:.2f} ms, p99 {p99:.2f} ms (from the change request's send)")
    for s_, _ in watchers: s_.close()
    s.close()

    # Load: every client opens screens and performs actions for LOAD_SECONDS.
    errors, counts = [], []
    def load(i):
        s, c = socket_client()
        sent = answered = 0
        seen = set()
        end = time.time() + load_seconds
        screen = ("playlist", {"name": "Sample"}) if i % 2 == 0 else ("playlists", {})
        while time.time() < end:
            h = c.call("screen.open", {"screen": screen[0], "params": screen[1]})["result"]["handle"]
            ids = [c.send("screen.snapshot", {"handle": h}) for _ in range(5)]
            if screen[0] == "playlist":
                ids.append(c.send("screen.perform", {"handle": h, "action": "filter", "args": {"text": "e"}}))
            ids.append(c.send("screen.close", {"handle": h}))
            sent += len(ids) + 1
            want = list(ids)
            while want:
                msg = c.line()
                if "id" in msg:
                    if msg["id"] != want[0] or msg["id"] in seen:
                        errors.append(f"client {i}: got {msg['id']}, expected {want[0]}")
                    seen.add(msg["id"]); want.pop(0)
            answered += len(ids) + 1
        counts.append((sent, answered))
        s.close()
    peak = [0]
    def sample():
        while threads_alive():
            try:
                for line in open(f"/proc/{server.pid}/status"):
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]))
            except OSError:
                pass
            time.sleep(0.1)
    threads = [threading.Thread(target=load, args=(i,)) for i in range(clients_n)]
    threads_alive = lambda: any(t.is_alive() for t in threads)
    t = time.perf_counter()
    for th in threads: th.start()
    sampler = threading.Thread(target=sample); sampler.start()
    for th in threads: th.join()
    sampler.join()
    took = time.perf_counter() - t
    sent = sum(c[0] for c in counts); answered = sum(c[1] for c in counts)
    print(f"load: {clients_n} clients x {load_seconds:.0f} s: {sent} requests, {answered} answered, "
          f"{len(errors)} out of order or duplicated, {sent / took:.0f} req/s, server peak RSS {peak[0] / 1024:.1f} MiB")
    for e in errors[:5]: print("  ", e)
    print(f"socket/stdio: round trip {rtt_sock / rtt_stdio:.2f}x, throughput {rate_stdio / rate_sock:.2f}x (goal <= 1.2x)")
finally:
    server.terminate()
    server.wait()
