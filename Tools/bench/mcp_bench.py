#!/usr/bin/env python3
"""Tool calls per second through `facet --ui mcp`, beside JSON lines.

The same work both ways: read the snapshot of the sample playlist's screen
(MCP: tools/call screen_snapshot, whose result carries the snapshot as
structuredContent plus a text rendering; JSON lines: screen.snapshot), and run
an action (MCP: tools/call playlist_sort; JSON lines: screen.perform sort).
Sequential: one request, wait for its answer, the next. Pipelined: a writer
thread sends every request while the reader takes answers as they come.
Raw pipes and the standard library only, so the client costs little.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

FACET = os.path.abspath(sys.argv[1])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
SEQUENTIAL = max(200, N // 25)
HOME = tempfile.mkdtemp(prefix="facet-mcp-bench-")
ENV = {"FACET_HOME": HOME, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


class Server:
    def __init__(self, ui):
        self.process = subprocess.Popen([FACET, "--ui", ui], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV)
        self.next_id = 0

    def line(self, method, params):
        self.next_id += 1
        return (json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n").encode()

    def request(self, method, params):
        self.process.stdin.write(self.line(method, params))
        self.process.stdin.flush()
        while True:
            reply = json.loads(self.process.stdout.readline())
            if "id" in reply:
                return reply

    def sequential(self, make, count):
        start = time.perf_counter()
        for _ in range(count):
            reply = self.request(*make())
            assert "result" in reply, reply
        return count / (time.perf_counter() - start)

    def pipelined(self, make, count):
        lines = [self.line(*make()) for _ in range(count)]

        def write():
            for chunk in range(0, count, 256):
                self.process.stdin.write(b"".join(lines[chunk:chunk + 256]))
            self.process.stdin.flush()

        start = time.perf_counter()
        writer = threading.Thread(target=write)
        writer.start()
        answered = 0
        while answered < count:
            line = self.process.stdout.readline()
            if not line.startswith(b'{"jsonrpc":"2.0","method"'):  # a response, not a notification
                answered += 1
        elapsed = time.perf_counter() - start
        writer.join()
        return count / elapsed

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def mcp():
    server = Server("mcp")
    server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    opened = server.request("tools/call", {"name": "open_playlist", "arguments": {"name": "Sample"}})
    handle = opened["result"]["structuredContent"]["handle"]
    read = lambda: ("tools/call", {"name": "screen_snapshot", "arguments": {"handle": handle}})
    flip = iter(range(10**9))
    sort = lambda: ("tools/call", {"name": "playlist_sort", "arguments": {"by": "title" if next(flip) % 2 else "artist"}})
    figures = (server.sequential(read, SEQUENTIAL), server.pipelined(read, N),
               server.sequential(sort, SEQUENTIAL), server.pipelined(sort, N // 5))
    server.close()
    return figures


def jsonl():
    server = Server("jsonl")
    opened = server.request("screen.open", {"screen": "playlist", "params": {"name": "Sample"}})
    handle = opened["result"]["handle"]
    read = lambda: ("screen.snapshot", {"handle": handle})
    flip = iter(range(10**9))
    sort = lambda: ("screen.perform", {"handle": handle, "action": "sort", "args": {"by": "title" if next(flip) % 2 else "artist"}})
    figures = (server.sequential(read, SEQUENTIAL), server.pipelined(read, N),
               server.sequential(sort, SEQUENTIAL), server.pipelined(sort, N // 5))
    server.close()
    return figures


def main():
    m, j = mcp(), jsonl()
    print(f"calls/s, sample playlist screen ({SEQUENTIAL} sequential, {N} pipelined reads, {N // 5} pipelined sorts)")
    print(f"{'':34}{'MCP':>12}{'JSON lines':>12}{'MCP/JSONL':>11}")
    names = ["snapshot read, sequential", "snapshot read, pipelined", "sort action, sequential", "sort action, pipelined"]
    for name, a, b in zip(names, m, j):
        print(f"{name:34}{a:12,.0f}{b:12,.0f}{a / b:11.2f}")
        record("mcp", "MCP " + name, a, "calls/s", peer="JSON lines, same calls", peer_figure=b)


if __name__ == "__main__":
    main()
