#!/usr/bin/env python3
"""Driver for Tools/bench/stars.sh: starts the fixture, times curl and facet."""
import json, os, resource, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

facet, count = os.path.abspath(sys.argv[1]), int(sys.argv[2])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
server = subprocess.Popen([sys.executable, os.path.join(root, "Tools/fixtures/github_fixture.py"), "--stars", str(count)],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
port = int(server.stdout.readline().split()[1])
base = "http://127.0.0.1:%d" % port
homes = [tempfile.mkdtemp(prefix="facet-stars-bench-")]
env = dict(os.environ, FACET_HOME=homes[0], NO_COLOR="1", TZ="UTC")


def run(*args):
    """Runs facet once; returns (wall ms, peak RSS KiB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([facet, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        sys.exit("facet %s failed: %s" % (" ".join(args), done.stderr))
    return elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before


def requests():
    return len(json.load(urllib.request.urlopen(base + "/_log")))


def setup():
    run("login", "sign-in", "--first-name", "Bench", "--last-name", "Mark")
    run("settings", "set", "github-user", "octo")
    run("settings", "set", "github-base-url", base)


try:

    pages = (count + 99) // 100
    urls = ["%s/users/octo/starred?per_page=100&page=%d" % (base, p) for p in range(1, pages + 1)]
    curl = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(["curl", "-s", "-H", "Accept: application/vnd.github.star+json"] +
                       sum([["-o", "/dev/null", u] for u in urls], []), check=True)
        curl.append((time.perf_counter() - start) * 1000)
    curl_ms = min(curl)

    cold = []
    for attempt in range(3):
        # Truly cold: a new home (database) each time, signed in and set up.
        homes.append(tempfile.mkdtemp(prefix="facet-stars-bench-"))
        env["FACET_HOME"] = homes[-1]
        setup()
        n0 = requests()
        ms, _, _ = run("stars")
        cold.append(ms)
        full_requests = requests() - n0
    cold_ms = min(cold)

    run("stars")  # settle the ETag
    n0 = requests()
    warm = [run("stars")[0] for _ in range(5)]
    warm_requests = (requests() - n0) / 5

    opened = [run("stars", "--refresh", "none")[0] for _ in range(7)]
    searched = [run("stars", "--refresh", "none", "--search", "drawing 42")[0] for _ in range(7)]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss

    print("stars benchmark: %d starred repositories, %d pages" % (count, pages))
    print("  curl, %d pages over one connection : %8.1f ms" % (pages, curl_ms))
    print("  facet cold full sync (whole process): %8.1f ms  (%d requests)  ratio %.2fx (goal <= 1.3x)" % (cold_ms, full_requests, cold_ms / curl_ms))
    print("  facet warm refresh, unchanged list  : %8.1f ms  (%.0f request per run; goal 1, < 50 ms)" % (statistics.median(warm), warm_requests))
    print("  facet open cached list (no network) : %8.1f ms  median (goal < 20 ms)" % statistics.median(opened))
    print("  facet full-text search over cache   : %8.1f ms  median (goal < 20 ms)" % statistics.median(searched))
    print("  peak memory of any facet run        : %8.1f MiB" % (peak / 1024))
    record("stars", "cold full sync of %d stars" % count, cold_ms, "ms", peer="curl, same %d pages" % pages,
           peer_figure=curl_ms, goal="ratio <= 1.3")
    record("stars", "warm refresh, unchanged list", statistics.median(warm), "ms", goal="figure < 50")
    record("stars", "requests per warm refresh", warm_requests, "requests", goal="figure <= 1")
    record("stars", "open cached list, whole process", statistics.median(opened), "ms", goal="figure < 20")
    record("stars", "full-text search, whole process", statistics.median(searched), "ms", goal="figure < 20")
    record("stars", "peak memory of any facet run", peak / 1024, "MiB")
finally:
    server.terminate()
    for home in homes:
        shutil.rmtree(home, ignore_errors=True)
