"""Load on `wordgames serve`: concurrent clients on each JSON API, latency and throughput side by side,
and the server's resident memory with all three games loaded, before and after the load.

Starts the server on --configfile (its artifacts must be built), then for each endpoint and each
client count sends --requests requests from that many threads (each waits for its answer before the
next), all on this machine's loopback. Prints one table; exit 3 when the config's artifacts are
missing (what `make bench` reports as skipped).

    python benchmarks/web_load.py --configfile config/config.yaml [--clients 1,20,50] [--requests 400]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

BODIES = {
    "hangman assist": (
        "/api/hangman/assist",
        [
            {"board": "__'_ _ _____ ___", "wrong": "xz"},
            {"board": "___ __ ___ _____ ___", "wrong": ""},
            {"board": "a_ __n__ ___ _ _e_", "wrong": "iu"},
        ],
    ),
}


def wordle_bodies(base: str) -> list[dict]:
    """Positions of real games on the server's lists: the start, and after the optimal opener in
    three hidden-answer games (normal and hard mode)."""

    def call(path, body):
        request = urllib.request.Request(
            base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=120) as r:
            return json.loads(r.read())

    bodies = [{"moves": []}]
    opener = call("/api/wordle/analyse", {"moves": []})["suggestion"]["word"]
    for hard in (False, True, False):
        game = call("/api/wordle/new", {"hard": hard})
        played = call("/api/wordle/guess", {"game": game["game"], "guess": opener})
        if not played["over"]:
            bodies.append(
                {"moves": [{"guess": opener, "feedback": played["pattern"]}], "hard": hard}
            )
    return bodies


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def post(base: str, path: str, body: dict) -> tuple[float, int]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    return time.perf_counter() - t0, status


def run(base: str, path: str, bodies: list[dict], clients: int, requests: int) -> dict:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    counter = iter(range(requests))

    def client():
        nonlocal errors
        while True:
            with lock:
                k = next(counter, None)
            if k is None:
                return
            seconds, status = post(base, path, bodies[k % len(bodies)])
            with lock:
                latencies.append(seconds)
                errors += status != 200

    t0 = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        for _ in range(clients):
            pool.submit(client)
    wall = time.perf_counter() - t0
    q = statistics.quantiles(latencies, n=100, method="inclusive")
    return {
        "requests": len(latencies),
        "errors": errors,
        "p50": q[49],
        "p99": q[98],
        "throughput": len(latencies) / wall,
    }


def guillotine_bodies(base: str) -> list[dict]:
    """The games of this list the server can answer (every clue known to its evidence)."""
    games = [
        ["certificato", "figlio", "tragedia", "stella", "venere"],
        ["pane", "gioco", "testa", "osso", "zoccolo"],
        ["monaco", "abito", "dire", "fare", "mezzo"],
        ["porta", "casa", "mare", "acqua", "pane"],
    ]
    known = [
        {"clues": g} for g in games if post(base, "/api/guillotine/solve", {"clues": g})[1] == 200
    ]
    return known


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--clients", default="1,20,50")
    ap.add_argument(
        "--requests", type=int, default=400, help="requests per endpoint and client count"
    )
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tempfile.NamedTemporaryFile(prefix="web-load-", suffix=".log", delete=False)  # noqa: SIM115 (the server writes it while we run)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordgames",
            "serve",
            "--configfile",
            args.configfile,
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 600
        while True:
            if proc.poll() is not None:
                with open(log.name) as fh:
                    print(fh.read()[-2000:], file=sys.stderr)
                return 3 if proc.returncode == 2 else 1
            try:
                with urllib.request.urlopen(base + "/api/status", timeout=2) as r:
                    status = json.loads(r.read())
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        loaded_rss = rss_mb(proc.pid)
        endpoints = dict(BODIES)
        if status["games"]["wordle"]:
            endpoints["wordle analyse"] = ("/api/wordle/analyse", wordle_bodies(base))
        if status["games"]["guillotine"]:
            endpoints["guillotine solve"] = ("/api/guillotine/solve", guillotine_bodies(base))
        endpoints = {k: v for k, v in endpoints.items() if v[1] and status["games"][k.split()[0]]}
        rows = []
        for name, (path, bodies) in endpoints.items():
            for clients in (int(c) for c in args.clients.split(",")):
                r = run(base, path, bodies, clients, args.requests)
                r.update(endpoint=name, clients=clients, rss=rss_mb(proc.pid))
                rows.append(r)
                print(json.dumps(r), file=sys.stderr)
        print(
            f"\nwordgames serve --configfile {args.configfile}  ({os.cpu_count()} cores; "
            f"games loaded in {status['load_seconds']} s)"
        )
        print(f"resident memory after loading: {loaded_rss:.0f} MB")
        print(
            f"{'endpoint':<18} {'clients':>7} {'requests':>8} {'errors':>6} {'p50 ms':>8} "
            f"{'p99 ms':>8} {'req/s':>7} {'RSS MB after':>12}"
        )
        for r in rows:
            print(
                f"{r['endpoint']:<18} {r['clients']:>7} {r['requests']:>8} {r['errors']:>6} "
                f"{1000 * r['p50']:>8.1f} {1000 * r['p99']:>8.1f} {r['throughput']:>7.1f} "
                f"{r['rss']:>12.0f}"
            )
        return 0
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        os.unlink(log.name)


if __name__ == "__main__":
    sys.exit(main())
