#!/usr/bin/env python3
"""Importing a folder of FILES tagged audio files (default 1,000), release
build (see tags.sh): wall time of `facet playlists import DIR` into a fresh
home, against Python's mutagen reading the same files' title, artist and
length (a tag reader independent of TagLib, run as its own process, as
facet is), same run, interleaved, median of RUNS.

The files are made as Tests/TestSupport/TaggedAudioFixture.swift makes
them: a PCM WAV of silence (8 kHz, mono, 8 bits) written here, tagged with
TagLib's own C API (libtag_c.so.0 through ctypes), lengths of 1 to 3 s,
titles and artists partly non-ASCII, in ten subfolders (the import is
recursive). Before timing, facet's songs are checked against the tags
written, and mutagen's count against the files.

Goal: within twice the peer's time. facet does more than the peer (it also
stores every song in SQLite in one transaction), but a tag read is the bulk
of the work for both, and TagLib is native code where mutagen is Python.

    python3 Tools/bench/tags_bench.py FACET [files] [runs]
"""
import ctypes
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

FACET = os.path.abspath(sys.argv[1])
FILES = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
WORK = tempfile.mkdtemp(prefix="facet-tags-bench-")
MUSIC = os.path.join(WORK, "music")
# What the peer does: every file's title, artist and length, printed.
PEER = r"""
import json, os, sys
import mutagen
songs = []
for folder, dirs, files in os.walk(sys.argv[1]):
    dirs.sort()
    for name in sorted(files):
        audio = mutagen.File(os.path.join(folder, name))
        tags = audio.tags or {}
        title, artist = tags.get("TIT2"), tags.get("TPE1")
        songs.append({"title": str(title) if title else name, "artist": str(artist) if artist else "",
                      "length": int(audio.info.length)})
for song in songs:
    print(json.dumps(song, ensure_ascii=False))
"""


def wav(seconds):
    rate = 8000
    size = rate * seconds
    header = b"RIFF" + struct.pack("<I", 36 + size) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate, 1, 8)
    header += b"data" + struct.pack("<I", size)
    return header + b"\x80" * size


def make_files():
    """Writes and tags the files; returns {path: (title, artist, seconds)}."""
    taglib = ctypes.CDLL("libtag_c.so.0")
    taglib.taglib_file_new.restype = ctypes.c_void_p
    taglib.taglib_file_new.argtypes = [ctypes.c_char_p]
    taglib.taglib_file_tag.restype = ctypes.c_void_p
    taglib.taglib_file_tag.argtypes = [ctypes.c_void_p]
    taglib.taglib_file_is_valid.argtypes = [ctypes.c_void_p]
    taglib.taglib_file_save.argtypes = [ctypes.c_void_p]
    taglib.taglib_file_free.argtypes = [ctypes.c_void_p]
    taglib.taglib_tag_set_title.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    taglib.taglib_tag_set_artist.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    taglib.taglib_set_strings_unicode(1)
    expected = {}
    for i in range(1, FILES + 1):
        folder = os.path.join(MUSIC, f"disc {i % 10:02d}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"{i:04d} - file name.wav")
        seconds = 1 + i % 3
        with open(path, "wb") as out:
            out.write(wav(seconds))
        title = f"Song {i} — Ünïcødé" if i % 2 else f"Song {i}"
        artist = f"Artist {i % 37} Björk" if i % 3 else f"Artist {i % 37}"
        handle = taglib.taglib_file_new(path.encode())
        if not handle or not taglib.taglib_file_is_valid(handle):
            sys.exit(f"TagLib could not open {path}")
        tag = taglib.taglib_file_tag(handle)
        taglib.taglib_tag_set_title(tag, title.encode())
        taglib.taglib_tag_set_artist(tag, artist.encode())
        saved = taglib.taglib_file_save(handle)
        taglib.taglib_file_free(handle)
        if not saved:
            sys.exit(f"TagLib could not save {path}")
        expected[path] = (title, artist, seconds)
    return expected


def facet_run(home):
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    env = {**os.environ, "FACET_HOME": home, "NO_COLOR": "1", "LANG": "C.UTF-8"}
    # The home's first run makes its database: outside the timed import.
    subprocess.run([FACET, "playlists"], env=env, stdout=subprocess.DEVNULL, check=True, timeout=60)
    start = time.monotonic()
    subprocess.run([FACET, "playlists", "import", MUSIC, "--name", "tagged"], env=env, stdout=subprocess.DEVNULL,
                   check=True, timeout=600)
    return time.monotonic() - start, env


def peer_run():
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", PEER, MUSIC], stdout=subprocess.PIPE, check=True, timeout=600)
    return time.monotonic() - start, done.stdout


def check(env, peer_out, expected):
    songs = subprocess.run([FACET, "playlist", "tagged", "--all", "--jsonl"], env=env, stdout=subprocess.PIPE,
                           check=True, timeout=60, text=True).stdout.splitlines()
    if len(songs) != FILES:
        sys.exit(f"facet imported {len(songs)} songs, not {FILES}")
    by_location = {}
    for line in songs:
        song = json.loads(line)
        location = urllib.parse.urlparse(song.get("location") or "")
        by_location[urllib.parse.unquote(location.path)] = song
    wrong = 0
    for path, (title, artist, seconds) in expected.items():
        song = by_location.get(path)
        if song is None or song.get("title") != title or song.get("artist") != artist \
                or song.get("duration") != seconds:
            wrong += 1
    if wrong:
        sample = json.dumps(songs[0], ensure_ascii=False)
        sys.exit(f"{wrong} of facet's songs differ from their files' tags (first: {sample})")
    peer_songs = peer_out.decode().splitlines()
    if len(peer_songs) != FILES or json.loads(peer_songs[0])["title"] != expected[sorted(expected)[0]][0]:
        sys.exit(f"mutagen read {len(peer_songs)} files, or not their tags (first: {peer_songs[:1]})")
    print(f"checked: facet stored {len(songs)} songs with their files' titles, artists and lengths; mutagen read "
          f"{len(peer_songs)}")


def main():
    expected = make_files()
    size = sum(os.path.getsize(path) for path in expected)
    print(f"{FILES:,} tagged WAV files, {size / 1e6:.1f} MB, in 10 folders")
    home = os.path.join(WORK, "home")
    _, env = facet_run(home)
    _, peer_out = peer_run()
    check(env, peer_out, expected)
    facet_times, peer_times = [], []
    for _ in range(RUNS):
        # Interleaved, so both meet the same load on a shared machine.
        facet_times.append(facet_run(home)[0])
        peer_times.append(peer_run()[0])
    facet_time, peer_time = statistics.median(facet_times), statistics.median(peer_times)
    print("facet each:", " ".join(f"{t:.3f}" for t in facet_times))
    print("mutagen each:", " ".join(f"{t:.3f}" for t in peer_times))
    print(f"time (median of {RUNS}): facet playlists import {facet_time:.3f} s, mutagen {peer_time:.3f} s")
    print(f"ratio facet / mutagen: {facet_time / peer_time:.2f} (goal <= 2)")
    record("tags", f"playlists import of {FILES:,} tagged audio files (WAV, 10 folders)", facet_time, "s",
           peer="Python mutagen reading title, artist, length", peer_figure=peer_time, goal="ratio <= 2")


try:
    main()
finally:
    shutil.rmtree(WORK, ignore_errors=True)
