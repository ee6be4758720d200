#!/usr/bin/env python3
"""Finds a screen through every front end of a built facet executable.

    check_screen.py BINARY SCREEN TITLE TEXT

CLI: `BINARY SCREEN --json` prints a snapshot of SCREEN with typed columns.
JSON lines: `screens.list` names it and `screen.open` returns its snapshot.
TUI (tmux): the tab bar numbers the top-level screens ("6 TITLE"); typing
that number shows the screen, with TEXT (something only it shows). Each check runs in a fresh
FACET_HOME. Exits 1 with the reason on the first failure.
"""
import json
import re
import os
import subprocess
import sys
import tempfile
import time


def fail(message):
    print(f"check_screen: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def environment(home):
    return {"FACET_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1"}


def check_cli(binary, screen):
    with tempfile.TemporaryDirectory() as home:
        run = subprocess.run([binary, screen, "--json"], env=environment(home), capture_output=True, text=True, timeout=60)
        if run.returncode != 0:
            fail(f"CLI: `{screen} --json` exited {run.returncode}: {run.stderr}")
        snapshot = json.loads(run.stdout)
        if snapshot.get("screen") != screen:
            fail(f"CLI: the snapshot is of {snapshot.get('screen')!r}, not {screen!r}")
        columns = ((snapshot.get("content") or {}).get("list") or {}).get("columns") or []
        if not columns or not all("type" in column for column in columns):
            fail(f"CLI: the {screen} list declares no typed columns: {columns}")
    print(f"  CLI --json: {screen} with columns {[c['id'] + ':' + c['type'] for c in columns]}")


def check_jsonl(binary, screen):
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "screens.list"},
        {"jsonrpc": "2.0", "id": 2, "method": "screen.open", "params": {"screen": screen}},
        {"jsonrpc": "2.0", "id": 3, "method": "rpc.discover"},
    ]
    with tempfile.TemporaryDirectory() as home:
        run = subprocess.run(
            [binary, "--ui", "jsonl"], env=environment(home), capture_output=True, text=True, timeout=60,
            input="".join(json.dumps(request) + "\n" for request in requests))
    if run.returncode != 0:
        fail(f"JSON lines exited {run.returncode}: {run.stderr}")
    answers = {message.get("id"): message for message in map(json.loads, run.stdout.splitlines()) if "id" in message}
    if not any(item.get("id") == screen for item in answers.get(1, {}).get("result", [])):
        fail(f"JSON lines: screens.list does not name {screen}: {answers.get(1)}")
    opened = answers.get(2, {}).get("result", {})
    if opened.get("snapshot", {}).get("screen") != screen:
        fail(f"JSON lines: screen.open did not return a {screen} snapshot: {answers.get(2)}")
    if screen not in json.dumps(answers.get(3, {}).get("result", {})):
        fail(f"JSON lines: rpc.discover does not describe {screen}")
    print(f"  JSON lines: screens.list, screen.open and rpc.discover know {screen}")


def check_tui(binary, title, text):
    socket = f"facet-check-{os.getpid()}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    with tempfile.TemporaryDirectory() as home:
        command = (f"env -i PATH=/usr/bin:/bin HOME='{home}' FACET_HOME='{home}' TERM=xterm-256color "
                   f"LANG=C.UTF-8 '{binary}' --ui tui; sleep 30")
        subprocess.run(tmux + ["new-session", "-d", "-s", "t", "-x", "120", "-y", "30", command], check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            def capture():
                return subprocess.run(tmux + ["capture-pane", "-p", "-t", "t"], capture_output=True, text=True).stdout

            def wait(predicate, what):
                deadline = time.time() + 30
                screen = ""
                while time.time() < deadline:
                    screen = capture()
                    if predicate(screen):
                        return screen
                    time.sleep(0.2)
                fail(f"TUI: never showed {what}; the terminal shows:\n{screen}")

            named = re.compile(rf"(^|\s){re.escape(title)}\b")
            screen = wait(lambda s: named.search(s.split("\n")[0]), f"a tab named {title!r}")
            numbered = re.search(rf"([0-9]+) {re.escape(title)}\b", screen.split("\n")[0])
            if numbered:
                # Tabs 1-9 have their digit.
                number = numbered.group(1)
                subprocess.run(tmux + ["send-keys", "-t", "t", "-l", number], check=True)
            else:
                # A tenth tab on has no digit: from the first tab (a list, where
                # Tab is not a form's), shift-Tab goes round to the last one.
                number = "last"
                subprocess.run(tmux + ["send-keys", "-t", "t", "-l", "1"], check=True)
                wait(lambda s: "Playlists" in s.split("\n")[1], "the first tab")
                subprocess.run(tmux + ["send-keys", "-t", "t", "BTab"], check=True)
            wait(lambda s: text in s, repr(text))
            print(f"  TUI: tab {number} {title!r} shows {text!r}")
        finally:
            subprocess.run(tmux + ["kill-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    binary, screen, title, text = sys.argv[1:]
    check_cli(binary, screen)
    check_jsonl(binary, screen)
    check_tui(binary, title, text)
