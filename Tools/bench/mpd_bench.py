#!/usr/bin/env python3
"""Facet as an MPD client, release build (see mpd.sh).

A real MPD is started here with a config of its own (127.0.0.1, a free
port, its own music folder, database, state and playlist folders; a pipe
output to a file and a null output that keeps real time), over three tagged
sine tones sox makes.

Pause latency: a TUI in tmux shows the player screen. Each trial starts
playback (`mpc play`) and waits until the TUI shows "playing", starts a
`mpc idle player` (the peer: MPD's own notification, to a second client),
then runs `mpc pause`; from the moment that process has exited, the time to
- the TUI: the first `tmux capture-pane` (read every few milliseconds)
  whose State row says "paused";
- the peer: `mpc idle player` printing "player" (0 when it came first).

Queueing: a Facet playlist of 10,000 songs (the three tones over and over,
as paths in MPD's music folder); each trial times `facet playlist Big play`
(clear, 10,000 adds in one command list, play) against `mpc clear` then
`mpc add` reading the same 10,000 URIs from stdin (one command list), then
`mpc play`, same run, each from process start to exit.

Goals (the issue's figures): p99 < 200 ms; ratio <= 1.0.

    python3 Tools/bench/mpd_bench.py FACET [pause trials] [queue trials]
"""
import os
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

FACET = os.path.abspath(sys.argv[1])
PAUSES = int(sys.argv[2]) if len(sys.argv) > 2 else 30
QUEUES = int(sys.argv[3]) if len(sys.argv) > 3 else 5
WORK = tempfile.mkdtemp(prefix="facet-mpd-bench-")
MUSIC = os.path.join(WORK, "music")
HOME = os.path.join(WORK, "home")
TMUX = ["tmux", "-L", "facet-mpd-bench-%d" % os.getpid(), "-f", "/dev/null"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()
ENV = {**os.environ, "FACET_HOME": HOME, "NO_COLOR": "1", "LANG": "C.UTF-8",
       "MPD_HOST": "127.0.0.1", "MPD_PORT": str(PORT), "MPD_MUSIC_DIRECTORY": MUSIC}
MPC = ["mpc", "-h", "127.0.0.1", "-p", str(PORT)]


def start_mpd():
    os.makedirs(MUSIC)
    os.makedirs(os.path.join(WORK, "playlists"))
    for name, hertz in (("one", 440), ("two", 550), ("three", 660)):
        subprocess.run(["sox", "-n", "--comment", "TITLE=Tone " + name, "--comment", "ARTIST=Bench",
                        "-r", "44100", "-c", "2", os.path.join(MUSIC, name + ".flac"), "synth", "600", "sine",
                        str(hertz)], check=True)
    config = os.path.join(WORK, "mpd.conf")
    with open(config, "w") as out:
        out.write(f'''music_directory "{MUSIC}"
playlist_directory "{WORK}/playlists"
db_file "{WORK}/db"
state_file "{WORK}/state"
log_file "{WORK}/log"
bind_to_address "127.0.0.1"
port "{PORT}"
zeroconf_enabled "no"
auto_update "no"
audio_output {{
    type "pipe"
    name "pcm"
    command "cat > /dev/null"
    format "44100:16:2"
}}
audio_output {{
    type "null"
    name "clock"
    sync "yes"
}}
''')
    mpd = subprocess.Popen(["mpd", "--no-daemon", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    subprocess.run(MPC + ["update", "--wait"], check=True, stdout=subprocess.DEVNULL)
    return mpd


def p(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def capture():
    return subprocess.run(TMUX + ["capture-pane", "-p", "-t", "bench"], capture_output=True, text=True).stdout


def state_row(text):
    for line in text.splitlines():
        if line.strip().startswith("State"):
            return line
    return ""


def wait_for(word, limit=20):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if word in state_row(capture()):
            return time.monotonic()
        time.sleep(0.002)
    raise SystemExit(f"the TUI never showed {word!r}:\n{capture()}")


def pause_latency():
    subprocess.run(MPC + ["clear"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(MPC + ["add", "one.flac", "two.flac"], check=True)
    command = " ".join(f"{k}={shlex.quote(v)}" for k, v in ENV.items() if k.startswith(("FACET_", "MPD_", "LANG", "NO_COLOR")))
    subprocess.run(TMUX + ["new-session", "-d", "-s", "bench", "-x", "100", "-y", "30",
                           f"env {command} {shlex.quote(FACET)} --ui tui --no-mouse player"], check=True)
    tui, peer = [], []
    try:
        for _ in range(PAUSES):
            subprocess.run(MPC + ["play"], check=True, stdout=subprocess.DEVNULL)
            wait_for("playing")
            idle = subprocess.Popen(MPC + ["idle", "player"], stdout=subprocess.PIPE, text=True)
            told = []
            reader = threading.Thread(target=lambda: (idle.stdout.readline(), told.append(time.monotonic())))
            reader.start()
            time.sleep(0.05)  # let the peer's idle reach MPD before the pause
            subprocess.run(MPC + ["pause"], check=True, stdout=subprocess.DEVNULL)
            exited = time.monotonic()
            shown = wait_for("paused")
            reader.join(timeout=20)
            idle.wait()
            told = told[0] if told else time.monotonic()
            tui.append(max(0.0, shown - exited) * 1000)
            peer.append(max(0.0, told - exited) * 1000)
    finally:
        subprocess.run(TMUX + ["kill-server"], stderr=subprocess.DEVNULL)
    return tui, peer


def timed(argv, stdin=None):
    started = time.monotonic()
    subprocess.run(argv, env=ENV, check=True, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def queue_times():
    names = ["one.flac", "two.flac", "three.flac"]
    uris = [names[i % 3] for i in range(10_000)]
    m3u = os.path.join(WORK, "Big.m3u")
    with open(m3u, "w") as out:
        out.write("#EXTM3U\n" + "".join(f"#EXTINF:600,Bench - Tone {i}\n{MUSIC}/{uri}\n" for i, uri in enumerate(uris)))
    subprocess.run([FACET, "playlists", "import", m3u], env=ENV, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    listing = os.path.join(WORK, "uris.txt")
    with open(listing, "w") as out:
        out.write("\n".join(uris) + "\n")
    facet, mpc = [], []
    for _ in range(QUEUES):
        facet.append(timed([FACET, "playlist", "Big", "play"]))
        count = subprocess.run(MPC + ["playlist"], capture_output=True, text=True).stdout.count("\n")
        assert count == 10_000, count
        with open(listing) as stdin:
            started = time.monotonic()
            subprocess.run(MPC + ["clear"], check=True, stdout=subprocess.DEVNULL)
            subprocess.run(MPC + ["add"], check=True, stdin=stdin, stdout=subprocess.DEVNULL)
            subprocess.run(MPC + ["play"], check=True, stdout=subprocess.DEVNULL)
            mpc.append(time.monotonic() - started)
    return facet, mpc


def main():
    mpd = start_mpd()
    try:
        tui, peer = pause_latency()
        facet, mpc = queue_times()
    finally:
        mpd.terminate()
        mpd.wait(timeout=10)
    label = f"`mpc pause` -> an open TUI shows paused ({PAUSES} trials), from mpc's exit"
    print(f"{label}: p50 {p(tui, .5):.1f} ms, p99 {p(tui, .99):.1f} ms; "
          f"mpc idle player: p50 {p(peer, .5):.1f} ms, p99 {p(peer, .99):.1f} ms")
    record("mpd", label + ": p99", p(tui, .99), "ms", peer="mpc idle player", peer_figure=p(peer, .99) or None,
           goal="figure < 200")
    f, m = statistics.median(facet), statistics.median(mpc)
    print(f"queue 10,000 songs and play (median of {QUEUES}): facet playlist play {f * 1000:.0f} ms, "
          f"mpc clear + add (stdin, one command list) + play {m * 1000:.0f} ms, ratio {f / m:.2f}")
    record("mpd", "queue 10,000 songs: facet playlist NAME play (median)", f * 1000, "ms",
           peer="mpc clear; mpc add < list; mpc play", peer_figure=m * 1000, ratio=f / m, goal="ratio <= 1.0")


if __name__ == "__main__":
    main()
