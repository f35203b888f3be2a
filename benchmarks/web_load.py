"""Load on `wordgames serve`: concurrent clients on each JSON API, latency and throughput side by side,
and the server's resident memory with all three games loaded, before and after the load.

Starts the server on --configfile (its artifacts must be built), then for each endpoint and each
client count sends --requests requests from that many threads (each waits for its answer before the
next), all on this machine's loopback. Prints one table; exit 3 when the config's artifacts are
missing (what `make bench` reports as skipped).

With --soak N it then sends N more requests of ever-different inputs (Wordle games played with
random guesses, so the optimal strategy leaves its tree and solves sub-problems; Hangman boards of
random phrases with random letters revealed; guillotine games of random known clues; each with a
random solver or strategy) from --soak-clients clients, and prints the server's resident memory
every N/10 requests: memory that grows with the requests shows as a rising column.

    python benchmarks/web_load.py --configfile config/config.yaml [--clients 1,20,50] [--requests 400]
        [--soak 20000] [--soak-clients 4]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from wordgames.web import local
from wordgames.web.local import post_json
from wordgames.web.worker import resident_mb

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
        status, answer = post_json(base + path, body, timeout=120)
        if status != 200:
            raise RuntimeError(f"{path}: {status} {answer}")
        return answer

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
    """Resident memory of the server and its children (the worker of exact Wordle searches)."""
    total = resident_mb(pid)
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                total += sum(rss_mb(int(child)) for child in fh.read().split())
        except FileNotFoundError:  # a thread or child that just ended
            continue
    return total


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


# soak ----------------------------------------------------------------------------------------------
PHRASES = [
    "it's a sunny day",
    "the early bird catches the worm",
    "a penny saved is a penny earned",
    "better late than never",
    "actions speak louder than words",
    "the quick brown fox jumps over the lazy dog",
    "every cloud has a silver lining",
    "don't judge a book by its cover",
    "when in rome do as the romans do",
    "the pen is mightier than the sword",
    "an apple a day keeps the doctor away",
    "practice makes perfect",
    "time flies when you're having fun",
    "two heads are better than one",
    "where there's smoke there's fire",
    "the news was read on the radio",
]
CLUES = [
    "certificato",
    "figlio",
    "tragedia",
    "stella",
    "venere",
    "pane",
    "gioco",
    "testa",
    "osso",
    "monaco",
    "abito",
    "dire",
    "fare",
    "mezzo",
    "porta",
    "casa",
    "mare",
    "acqua",
    "colpo",
    "stato",
    "sole",
    "luna",
    "cuore",
    "mano",
    "piede",
    "fuoco",
    "terra",
    "aria",
    "vino",
    "tempo",
    "strada",
    "libro",
    "carta",
    "notte",
    "giorno",
    "occhio",
    "bocca",
    "sale",
    "ferro",
    "oro",
    "campo",
]


HANGMAN_SOLVERS = ["baseline", "seed", "posterior"]
GUILLOTINE_SOLVERS = ["links", "gullever"]


def hangman_board(rng: random.Random) -> dict:
    """An assist body for a random phrase with a random half (at most) of its letters shown and
    up to one wrong letter, for a random solver: boards that repeat little, unlike BODIES'."""
    phrase = rng.choice(PHRASES)
    letters = sorted({c for c in phrase if c.isalpha()})
    shown = set(rng.sample(letters, rng.randrange(len(letters) // 2 + 1)))
    absent = [c for c in "jqxzvkw" if c not in letters]
    wrong = "".join(rng.sample(absent, min(len(absent), rng.randrange(2))))
    board = "".join(c if not c.isalpha() or c in shown else "_" for c in phrase)
    return {"board": board, "wrong": wrong, "solver": rng.choice(HANGMAN_SOLVERS), "top": 10}


SOAK_TIMEOUT = 300  # seconds a soak client waits for one answer


def call(base: str, path: str, body: dict) -> tuple[int | str, dict]:
    """The status and answer; status "timeout" when none came within SOAK_TIMEOUT (then the
    answer names the request, so the soak's summary says which input hung)."""
    try:
        return post_json(base + path, body, timeout=SOAK_TIMEOUT)
    except (TimeoutError, urllib.error.URLError) as e:
        if isinstance(e, urllib.error.URLError) and not isinstance(e.reason, TimeoutError):
            raise
        return "timeout", {"path": path, "body": body}


class Soak:
    """Ever-different requests; each ``step`` sends one (or, for Wordle, one guess of a game and
    the analysis of the position it leads to) and returns the number of requests sent."""

    def __init__(self, base: str, games: dict, strategies: list[str], seed: int):
        self.base = base
        self.rng = random.Random(seed)
        self.kinds = [k for k in ("wordle", "hangman", "guillotine") if games[k]]
        self.strategies = strategies
        # per solver, the clues it knows (gullever knows only words with vectors): every game
        # sent is one it can answer
        self.clues = {}
        for solver in GUILLOTINE_SOLVERS if games["guillotine"] else []:
            known = [c for c in CLUES if self._known(c, solver)]
            if len(known) >= 5:
                self.clues[solver] = known
        if not self.clues:
            self.kinds = [k for k in self.kinds if k != "guillotine"]
        self.statuses: dict[int | str, int] = {}
        self.timeouts: list[dict] = []  # the requests that got no answer in time

    def _known(self, word: str, solver: str) -> bool:
        body = {"clues": [word] * 5, "top": 1, "solver": solver}
        return call(self.base, "/api/guillotine/solve", body)[0] == 200

    def _count(self, status: int | str, answer: dict | None = None) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status == "timeout":
            self.timeouts.append(answer)
            print(f"soak: no answer in {SOAK_TIMEOUT} s to {json.dumps(answer)}", file=sys.stderr)

    def step(self) -> int:
        kind = self.rng.choice(self.kinds)
        return getattr(self, kind)()

    def wordle(self) -> int:
        rng = self.rng
        hard = rng.random() < 0.5
        status, game = call(self.base, "/api/wordle/new", {"hard": hard})
        self._count(status, game)
        if status != 200:
            return 1
        sent, moves, word = 1, [], None
        for _ in range(6):
            strategy = rng.choice(self.strategies)
            status, a = call(
                self.base,
                "/api/wordle/analyse",
                {"moves": moves, "hard": hard, "strategy": strategy, "top": 5},
            )
            self._count(status, a)
            sent += 1
            if status != 200 or a.get("solved") or not a.get("candidates"):
                break
            # a random word still possible (hard mode allows it): leaves the optimal tree
            word = rng.choice(a["candidates"])
            status, g = call(self.base, "/api/wordle/guess", {"game": game["game"], "guess": word})
            self._count(status, g)
            sent += 1
            if status != 200 or g["over"]:
                break
            moves.append({"guess": word, "feedback": g["pattern"]})
        return sent

    def hangman(self) -> int:
        rng = self.rng
        if rng.random() < 0.1:
            body = {"phrase": rng.choice(PHRASES), "solver": rng.choice(HANGMAN_SOLVERS)}
            status, answer = call(self.base, "/api/hangman/play", body)
        else:
            status, answer = call(self.base, "/api/hangman/assist", hangman_board(rng))
        self._count(status, answer)
        return 1

    def guillotine(self) -> int:
        solver = self.rng.choice(sorted(self.clues))
        clues = self.rng.sample(self.clues[solver], 5)
        status, answer = call(
            self.base, "/api/guillotine/solve", {"clues": clues, "solver": solver}
        )
        self._count(status, answer)
        return 1


def soak(base: str, pid: int, status: dict, total: int, clients: int) -> None:
    strategies = ["optimal", "entropy", "expected-size", "minimax", "naive"]
    workers = [Soak(base, status["games"], strategies, seed) for seed in range(clients)]
    sent = 0
    lock = threading.Lock()
    every = max(total // 10, 1)
    marks: list[tuple[int, float, float]] = [(0, 0.0, rss_mb(pid))]
    t0 = time.perf_counter()

    def client(w: Soak):
        nonlocal sent
        while True:
            with lock:
                if sent >= total:
                    return
            n = w.step()
            with lock:
                before = sent
                sent += n
                if sent // every > before // every:
                    marks.append((sent, time.perf_counter() - t0, rss_mb(pid)))

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, workers))
    if marks[-1][0] != sent:
        marks.append((sent, time.perf_counter() - t0, rss_mb(pid)))
    statuses: dict[int | str, int] = {}
    for w in workers:
        for code, n in w.statuses.items():
            statuses[code] = statuses.get(code, 0) + n
    print(
        f"\nsoak: {sent} requests from {clients} clients, statuses "
        f"{dict(sorted(statuses.items(), key=str))} (a timeout and a 5xx count as errors)"
    )
    for w in workers:
        for t in w.timeouts:
            print(f"  timed out after {SOAK_TIMEOUT} s: POST {t['path']} {json.dumps(t['body'])}")
    print(f"{'requests':>9} {'seconds':>8} {'RSS MB':>8}")
    for n, sec, rss in marks:
        print(f"{n:>9} {sec:>8.0f} {rss:>8.0f}")
    first = next((m for m in marks if m[0] >= every), marks[-1])
    print(
        f"RSS after {first[0]} requests {first[2]:.0f} MB, after {marks[-1][0]}: "
        f"{marks[-1][2]:.0f} MB ({marks[-1][2] - first[2]:+.0f} MB)"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--clients", default="1,20,50", help='client counts ("": soak only)')
    ap.add_argument(
        "--requests", type=int, default=400, help="requests per endpoint and client count"
    )
    ap.add_argument("--soak", type=int, default=0, help="then N requests of ever-new inputs")
    ap.add_argument("--soak-clients", type=int, default=4)
    ap.add_argument(
        "--server-log",
        help="where the server's output goes (kept after the run; default a new file in /tmp)",
    )
    args = ap.parse_args()
    if args.server_log:
        log = open(args.server_log, "wb")  # noqa: SIM115 (the server writes it while we run)
    else:
        log = tempfile.NamedTemporaryFile(prefix="web-load-", suffix=".log", delete=False)  # noqa: SIM115
    try:
        proc, base = local.start(args.configfile, log, seconds=600)
    except local.ServerExited as e:
        with open(log.name) as fh:
            print(fh.read()[-2000:], file=sys.stderr)
        return 3 if e.returncode == 2 else 1
    try:
        with urllib.request.urlopen(base + "/api/status", timeout=10) as r:
            status = json.loads(r.read())
        loaded_rss = rss_mb(proc.pid)
        endpoints = dict(BODIES)
        # each request a board not sent before, from any client count (the solvers' word-match
        # cache sees only the words the phrases share)
        rng = random.Random(0)
        endpoints["hangman new boards"] = (
            "/api/hangman/assist",
            lambda: [hangman_board(rng) for _ in range(args.requests)],
        )
        if status["games"]["wordle"]:
            endpoints["wordle analyse"] = ("/api/wordle/analyse", wordle_bodies(base))
        if status["games"]["guillotine"]:
            endpoints["guillotine solve"] = ("/api/guillotine/solve", guillotine_bodies(base))
        endpoints = {k: v for k, v in endpoints.items() if v[1] and status["games"][k.split()[0]]}
        rows = []
        for name, (path, bodies) in endpoints.items():
            for clients in (int(c) for c in args.clients.split(",") if c):
                r = run(
                    base, path, bodies() if callable(bodies) else bodies, clients, args.requests
                )
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
        if args.soak:
            soak(base, proc.pid, status, args.soak, args.soak_clients)
        return 0
    finally:
        local.stop(proc)
        log.close()
        print(f"server log: {log.name}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
