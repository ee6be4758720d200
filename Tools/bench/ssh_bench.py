"""The work of Tools/bench/ssh.sh (see there). Standard library only.

    python3 ssh_bench.py FACET
"""
import json, os, pty, re, select, shutil, signal, socket, struct, subprocess, sys, tempfile, time, fcntl, termios

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

facet = sys.argv[1]
songs = int(os.environ.get("SCROLL_SONGS", "1000000"))
keys = int(os.environ.get("KEYS", "300"))
# Which figures to take: "keys", "scroll" or both (comma-separated).
parts = os.environ.get("PARTS", "keys,scroll").split(",")
work = tempfile.mkdtemp(prefix="facet-ssh-bench-")
remote_home = os.path.join(work, "remote")
client_home = os.path.join(work, "client")
os.makedirs(remote_home)
os.makedirs(client_home)
children = []


def cleanup():
    for child in children:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
    shutil.rmtree(work, ignore_errors=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)


def start_sshd():
    """sshd on 127.0.0.1 with this run's keys; returns the client config."""
    keygen(f"{work}/host_key")
    keygen(f"{work}/user_key")
    shutil.copy(f"{work}/user_key.pub", f"{work}/authorized_keys")
    os.makedirs("/run/sshd", exist_ok=True)
    port = free_port()
    with open(f"{work}/sshd_config", "w") as f:
        f.write(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {work}/host_key\n"
                f"AuthorizedKeysFile {work}/authorized_keys\nPidFile none\nUsePAM no\nStrictModes no\n"
                "PermitRootLogin yes\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nAcceptEnv FACET_*\n")
    host_key = " ".join(open(f"{work}/host_key.pub").read().split()[:2])
    with open(f"{work}/known_hosts", "w") as f:
        f.write(f"facet-bench {host_key}\n")
    user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    with open(f"{work}/ssh_config", "w") as f:
        f.write(f"Host facet-bench\n  HostName 127.0.0.1\n  Port {port}\n  User {user}\n  HostKeyAlias facet-bench\n"
                f"  IdentityFile {work}/user_key\n  IdentitiesOnly yes\n  UserKnownHostsFile {work}/known_hosts\n"
                "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  LogLevel ERROR\n"
                f"  SetEnv FACET_HOME={remote_home}\n")
    sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-e", "-f", f"{work}/sshd_config"], stderr=subprocess.DEVNULL)
    children.append(sshd)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return f"{work}/ssh_config"
        except OSError:
            time.sleep(0.05)
    raise SystemExit("sshd did not start")


def write_counter():
    """An ssh wrapper that counts the bytes ssh hands to facet (the remote's answers)."""
    path = f"{work}/count_ssh.py"
    with open(path, "w") as f:
        f.write("""import os, subprocess, sys, threading
count_file = sys.argv[1]
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
def up():
    while True:
        data = os.read(0, 1 << 16)
        if not data:
            child.stdin.close()
            return
        child.stdin.write(data)
threading.Thread(target=up, daemon=True).start()
total = 0
while True:
    data = child.stdout.read1(1 << 16) if hasattr(child.stdout, "read1") else os.read(child.stdout.fileno(), 1 << 16)
    if not data:
        break
    total += len(data)
    os.write(1, data)
    with open(count_file, "w") as f:
        f.write(str(total))
""")
    return path


class TUI:
    """The TUI on a pseudo-terminal 120 columns wide, read as bytes."""

    def __init__(self, arguments, env, rows=40):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # The size is set before the TUI starts and reads it.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 120, 0, 0))
            os.execve(facet, [facet] + arguments, env)
        self.out = b""

    def read_until(self, pattern, timeout=60):
        deadline = time.perf_counter() + timeout
        while True:
            match = re.search(pattern, self.out)
            if match:
                self.out = self.out[match.end():]
                return match
            left = deadline - time.perf_counter()
            if left <= 0:
                raise SystemExit(f"timed out waiting for {pattern!r}; the terminal got: {self.out[-600:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                self.out += os.read(self.fd, 1 << 16)

    def key(self, data):
        os.write(self.fd, data)

    def frame_after(self, data, quiet=0.03, timeout=10):
        """Sends a key; the seconds until the TUI wrote its frame (the first
        bytes after the key: the TUI writes a frame in one write, and draws
        only the cells that changed), None if nothing came within `timeout`.
        Then reads until the output has been quiet for `quiet` seconds, so
        the next key starts from a drawn screen."""
        started = time.perf_counter()
        os.write(self.fd, data)
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        took = time.perf_counter() - started
        self.out += os.read(self.fd, 1 << 16)
        while select.select([self.fd], [], [], quiet)[0]:
            self.out += os.read(self.fd, 1 << 16)
        self.out = self.out[-4096:]
        return took

    def close(self):
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)


def number(n):
    """A regex for `n` as the TUI may print it, with or without thousands separators."""
    return b",?".join(re.escape(digit.encode()) for digit in str(n))


TOTAL = number(songs)


def keystrokes(target, env):
    """Keystroke (down) -> the frame that shows the next position, in ms."""
    tui = TUI(["--connect", target, "--ui", "tui", "playlist", "Million"], env)
    tui.read_until(rb"(?<![0-9,])1/" + TOTAL, timeout=float(os.environ.get("OPEN_TIMEOUT", "300")))
    times = []
    for _ in range(keys):
        took = tui.frame_after(b"j")
        if took is None:
            raise SystemExit("a key drew no frame")
        times.append(took * 1000)
    tui.close()
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]


def main():
    m3u = os.path.join(work, "million.m3u")
    with open(m3u, "w") as f:
        f.write("#EXTM3U\n")
        for i in range(songs):
            f.write(f"#EXTINF:100,Artist {i % 7} - Song {(i * 37 + 13) % songs:02d}\nf{i}.mp3\n")
    base = dict(os.environ, FACET_HOME=remote_home, NO_COLOR="1")
    subprocess.run([facet, "playlists", "import", m3u, "--name", "Million"], env=base, check=True,
                   capture_output=True, timeout=1200)
    os.remove(m3u)
    config = start_sshd()
    counter = write_counter()
    count_file = f"{work}/bytes"
    env = dict(os.environ, FACET_HOME=client_home, TERM="xterm-256color", LANG="C.UTF-8", FACET_REMOTE=facet,
               FACET_SSH_COMMAND=f"python3 {counter} {count_file} ssh -F {config}")
    peer_socket = f"{work}/peer.sock"
    serve = subprocess.Popen([facet, "serve", "--socket", peer_socket], env=base, stderr=subprocess.DEVNULL)
    children.append(serve)
    deadline = time.time() + 30
    while not os.path.exists(peer_socket) and time.time() < deadline:
        time.sleep(0.05)
    print(f"machine: {os.cpu_count()} cores, load {open('/proc/loadavg').read().split()[:3]}")
    if "keys" in parts:
        measure_keys(env, peer_socket)
    if "scroll" in parts:
        measure_scroll(env, base, peer_socket, count_file)


def measure_keys(env, peer_socket):
    ssh_p50, ssh_p99 = keystrokes("ssh://facet-bench", env)
    sock_p50, sock_p99 = keystrokes(peer_socket, env)
    print(f"keystroke to frame over ssh: p50 {ssh_p50:.2f} ms, p99 {ssh_p99:.2f} ms")
    print(f"keystroke to frame on a local serve socket: p50 {sock_p50:.2f} ms, p99 {sock_p99:.2f} ms")
    record("ssh", "TUI keystroke to frame over ssh on loopback, p99", ssh_p99, "ms",
           peer="the same TUI on a local facet serve socket", peer_figure=sock_p99, goal="figure < 30")



def measure_scroll(env, base, peer_socket, count_file):
    # Bytes while scrolling top to bottom, a page at a time.
    # A tall terminal: fewer pages to press through, the same rows shown.
    tui = TUI(["--connect", "ssh://facet-bench", "--ui", "tui", "playlist", "Million"], env,
              rows=int(os.environ.get("SCROLL_ROWS", "200")))
    tui.read_until(rb"(?<![0-9,])1/" + TOTAL, timeout=float(os.environ.get("OPEN_TIMEOUT", "300")))
    before = int(open(count_file).read())
    pages = 0
    # PageDown until a press draws nothing: the last page is shown.
    while tui.frame_after(b"\x1b[6~", quiet=0.01, timeout=2) is not None:
        pages += 1
    after = int(open(count_file).read())
    tui.close()
    wire = after - before
    # The rows shown: each page's rows, as JSON, from the same screen read by the CLI.
    page = subprocess.run([facet, "--connect", peer_socket, "playlist", "Million", "--json"], env=base,
                          capture_output=True, text=True, check=True).stdout
    items = json.loads(page)["content"]["list"]["items"]
    per_row = sum(len(json.dumps(item, separators=(",", ":")).encode()) for item in items) / max(1, len(items))
    # Paging shows every row once, top to bottom.
    shown_bytes = per_row * songs
    print(f"scroll 1..{songs:,} in {pages} pages: {wire:,} bytes over ssh; rows shown {shown_bytes:,.0f} bytes; "
          f"ratio {wire / shown_bytes:.2f}")
    record("ssh", "bytes over ssh scrolling a 1,000,000-song playlist top to bottom", wire, "bytes",
           peer="bytes of the rows shown", peer_figure=shown_bytes, goal="ratio < 2")


try:
    main()
finally:
    cleanup()
