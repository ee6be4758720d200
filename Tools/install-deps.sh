#!/usr/bin/env bash
# Installs the Debian packages (and Python packages) Facet needs, only those
# that are missing. Safe to run again.
#   bash Tools/install-deps.sh run   what building and running Facet needs (Tools/run.sh, Tools/install.sh)
#   bash Tools/install-deps.sh       that and the test peers (Tools/test.sh, CI, the benchmarks)
set -euo pipefail
mode=${1:-test}
case $mode in run|test) ;; *) echo "usage: bash Tools/install-deps.sh [run|test]" >&2; exit 2 ;; esac
# Building and running:
# libsqlite3-dev, libncurses-dev: the database and the TUI (the static release
# link takes their .a files).
# libtagc0-dev: TagLib's C API, for the titles, artists and lengths in audio
# files' own tags (Facet opens the library at run time; the tests link it).
# jq: the command `--json FIELDS --jq EXPR` runs (a child process: jq's
# library cannot be opened inside the static release binary).
# zlib1g-dev: the static release link (Tools/release-build.sh) needs libz.a
# for a library NIO names, though no code from it ends up in the binary.
# libstb-dev, libwebp-dev: stb_image decodes the covers and photos the TUI
# draws, libwebp the WebP ones (linked; the static release link takes their
# libstb.a and libwebp.a).
# libchafa-dev, libglib2.0-dev, libpcre2-dev: libchafa draws those pixels as
# symbols (linked; the static release link takes libchafa.a with static GLib
# and the PCRE2 it needs, since GLib cannot be opened inside a static
# executable: docs/DEPENDENCIES.md).
# libssl-dev: OpenSSL's libcrypto, for SHA-256 (linked; libcrypto.a in the
# static release).
packages=(libsqlite3-dev libncurses-dev libtagc0-dev jq zlib1g-dev libstb-dev libwebp-dev libchafa-dev libglib2.0-dev libpcre2-dev libssl-dev)
# Testing, each a peer or a tool the tests drive:
# sqlite3: the tests read the database from outside Facet; tmux: the TUI's
# end-to-end tests; python3: fixture servers and the MCP and browser clients.
# ncdu: the folder export/import tests check Facet's ncdu JSON against the real one.
# curl: the loopback fixture servers' readiness checks in the tests.
# zsh, fish: the completion scripts are syntax-checked by the shells themselves;
# man-db, groff-base: the man page is rendered in a test; socat: the README's
# socket example runs as written.
# chromium, chromium-driver: the web front end's tests drive a real, headless browser.
# inotify-tools: the live benchmark (Tools/bench/live.sh) times the kernel's own
# file event, inotifywait's, as the peer of an open TUI's refresh.
# mpd, mpc, sox: the player's tests run a real MPD (its own config, port and
# folders) whose pipe output writes PCM to a file; mpc is the independent
# client both ways, and sox makes the tagged audio and measures what MPD played.
# imagemagick: the picture tests make their PNG, JPEG, GIF and WebP fixtures
# with `convert`; chafa: the pictures benchmark's peer (the `chafa` command).
# openssh-server, openssh-client: `facet --connect ssh://host` is tested through
# a real sshd on loopback with its own keys (Tests/TestSupport/SSHServer.swift).
# python3-pyte: a terminal emulator someone else wrote, the screen of the
# pseudo-terminal that answers as a sixel or kitty terminal (fake_terminal.py).
if [ "$mode" = test ]; then
  packages+=(sqlite3 tmux python3 ncdu curl zsh fish man-db groff-base socat chromium chromium-driver inotify-tools)
  packages+=(mpd mpc sox imagemagick chafa openssh-server openssh-client python3-pyte)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ "$mode" = test ]; then
  # The snapshot-schema test validates with Python's jsonschema (an independent
  # validator): install it for this python3 when it is missing.
  if ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "Installing the Python package jsonschema" >&2
    if ! python3 -m pip --version >/dev/null 2>&1; then
      SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pip >/dev/null
    fi
    python3 -m pip install --quiet jsonschema 2>/dev/null \
      || python3 -m pip install --quiet --user jsonschema 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages jsonschema
  fi
  # The end-to-end MCP test drives `facet --ui mcp` with the official Python
  # MCP client (PyPI `mcp`), an implementation independent of Facet's.
  # The tests were written against its 1.x and 2.x APIs: a future major
  # version is not taken on trust.
  mcp_spec='mcp>=1.20,<3'
  if ! python3 -c 'import mcp, importlib.metadata as m; assert int(m.version("mcp").split(".")[0]) < 3' >/dev/null 2>&1; then
    echo "Installing the Python MCP client (pip: $mcp_spec)" >&2
    python3 -m pip install --quiet "$mcp_spec" 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages "$mcp_spec"
  fi
  # The web front end's browser tests drive Chromium with Python's selenium
  # (through the system chromedriver: no browser is downloaded).
  if ! python3 -c "import selenium" >/dev/null 2>&1; then
    echo "Installing the Python package selenium" >&2
    python3 -m pip install --quiet selenium 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages selenium
  fi
  # The tags benchmark (Tools/bench/tags.sh) reads the same audio files' tags
  # with Python's mutagen, a tag reader independent of TagLib, as its peer.
  if ! python3 -c "import mutagen" >/dev/null 2>&1; then
    echo "Installing the Python package mutagen" >&2
    python3 -m pip install --quiet mutagen 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages mutagen
  fi
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "Swift is not on PATH: install the Swift toolchain (6.1 or later) first." >&2
  exit 1
fi
