"""The web API's answers to a fixed list of requests, as JSON: run it on two checkouts and diff.

    PYTHONPATH=src python scripts/web-api-snapshot.py --configfile config/config.yaml OUT.json

Every request goes through FastAPI's test client to the app ``wordgames serve`` builds for the config
(its artifacts must be built). The hidden Wordle answers and game ids are drawn from a seeded stream
instead of ``secrets``, so two runs play the same games. Timing fields (``seconds``, ``load_seconds``)
are dropped and floats kept to 12 significant digits: two runs of the same code differ in the last
bits of a BLAS sum (OpenBLAS picks its kernels per thread count). Used to check that a refactoring
leaves every answer, errors included, the same.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys

CLUES = ["certificato", "figlio", "tragedia", "stella", "venere"]
MORE_CLUES = [
    ["acqua", "fuoco", "terra", "aria", "cielo"],
    ["casa", "porta", "chiave", "finestra", "tetto"],
]
WORDLE_MOVES = [
    [],
    [{"guess": "salet", "feedback": "....."}],
    [{"guess": "salet", "feedback": ".y..g"}],
    [{"guess": "crane", "feedback": "..g.y"}, {"guess": "moist", "feedback": "....."}],
    [{"guess": "salet", "feedback": "🟩⬛⬛⬛⬛"}],
    [{"guess": "salet", "feedback": "ggggg"}],
    [{"guess": "salet", "feedback": "yyyyy"}],
    [{"guess": "zzzzz", "feedback": "....."}],
    [{"guess": "salet", "feedback": "..x.."}],
]


def requests() -> list[tuple[str, str, object]]:
    out: list[tuple[str, str, object]] = [
        ("GET", "/api/status", None),
        ("GET", "/api/wordle/info", None),
        ("GET", "/api/hangman/info", None),
        ("GET", "/api/guillotine/info", None),
        ("GET", "/api/nothing", None),
        ("GET", "/api/guillotine/solve", None),
    ]
    for moves in WORDLE_MOVES:
        for hard in (False, True):
            for strategy in ("optimal", "entropy", "minimax", "naive", "bogus"):
                body = {"moves": moves, "hard": hard, "strategy": strategy, "top": 5}
                out.append(("POST", "/api/wordle/analyse", body))
    out.append(("POST", "/api/wordle/analyse", {"hard": "yes"}))
    out.append(("POST", "/api/wordle/analyse", {"moves": [], "extra": 1}))
    for phrase in ("It's a sunny day", "the quick brown fox", "a", "123 !!", ""):
        for solver in (None, "baseline", "seed", "posterior", "bogus"):
            out.append(("POST", "/api/hangman/play", {"phrase": phrase, "solver": solver}))
    for board, wrong in (("__'_ _ _____ ___", "xz"), ("_____", ""), ("t__ _____", "e"), ("", "")):
        for solver in (None, "seed", "posterior"):
            body = {"board": board, "wrong": wrong, "solver": solver}
            out.append(("POST", "/api/hangman/assist", body))
    for clues in (CLUES, *MORE_CLUES, CLUES[:4], [*CLUES[:4], "qwertyuiop"], [*CLUES[:4], ""]):
        for solver in ("links", "gullever", "bogus"):
            out.append(
                ("POST", "/api/guillotine/solve", {"clues": clues, "top": 10, "solver": solver})
            )
    out.append(("GET", "/openapi.json", None))
    return out


def wordle_games(client, rng: random.Random) -> list:
    """Three seeded games per mode, played with a fixed list of guesses."""
    out = []
    for hard in (False, True):
        for _ in range(3):
            game = client.post("/api/wordle/new", json={"hard": hard})
            out.append(("new", game.status_code, game.json()))
            gid = game.json().get("game")
            for guess in ("salet", "crane", "moist", "zzzzz", "salet", "pound", "vying", "extra"):
                r = client.post("/api/wordle/guess", json={"game": gid, "guess": guess})
                out.append((guess, r.status_code, r.json()))
    r = client.post("/api/wordle/guess", json={"game": "nope", "guess": "salet"})
    out.append(("unknown game", r.status_code, r.json()))
    return out


TIMINGS = {"seconds", "load_seconds"}


def stable(value):
    """``value`` without timing fields, floats to 12 significant digits."""
    if isinstance(value, dict):
        return {k: stable(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list | tuple):
        return [stable(v) for v in value]
    if isinstance(value, float):
        return float(f"{value:.12g}")
    return value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--configfile", default="config/config.yaml")
    parser.add_argument("out")
    args = parser.parse_args(argv)

    rng = random.Random(0)
    secrets.token_urlsafe = lambda n=None: f"g{rng.randrange(10**9)}"
    secrets.randbelow = lambda n: rng.randrange(n)

    from fastapi.testclient import TestClient

    from wordgames.config import load_cli_config
    from wordgames.web.app import create_app, load_services

    cfg = load_cli_config(args.configfile)
    client = TestClient(create_app(load_services(cfg)))
    answers = []
    for method, path, body in requests():
        r = client.get(path) if method == "GET" else client.post(path, json=body)
        try:
            payload = r.json()
        except ValueError:
            payload = r.text
        answers.append({"request": [method, path, body], "status": r.status_code, "body": payload})
    answers.append({"wordle games": wordle_games(client, rng)})
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(stable(answers), fh, ensure_ascii=False, indent=1, sort_keys=True)
    print(f"{len(answers)} answers written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
