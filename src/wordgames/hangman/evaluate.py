"""Play solvers on phrase sets: per-game records and a summary."""

from __future__ import annotations

import csv
import html
import io
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from wordgames.errors import InputError
from wordgames.hangman.game import LETTERS, LIVES, Game, normalise
from wordgames.hangman.solvers import Solver
from wordgames.textfiles import read_text


@dataclass
class GameRecord:
    phrase: str
    won: bool
    wrong: int
    guesses: int
    letters: str
    seconds: float


def read_phrases(path: str | os.PathLike, limit: int | None = None) -> list[str]:
    """Phrases from a file: one a line, or a TSV whose header has an ``answer`` column.

    HTML entities are decoded (scraped puzzle sets write ``&amp;``, which is not three letters).
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"phrase file not found: {path}")
    with io.StringIO(read_text(path), newline="") as fh:
        first = fh.readline()
        fh.seek(0)
        header = first.rstrip("\r\n").split("\t")
        if "\t" in first:
            if "answer" not in header:
                raise InputError(f"{path} line 1: a TSV needs an 'answer' column, got {header}")
            rows = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
            raw = [(i + 2, row.get("answer") or "") for i, row in enumerate(rows)]
        else:
            raw = [(i + 1, line) for i, line in enumerate(fh)]
    phrases = []
    for lineno, text in raw:
        text = html.unescape(text).strip()
        if not text:
            continue
        if not any(ch in LETTERS for ch in normalise(text)):
            raise InputError(f"{path} line {lineno}: the phrase {text!r} has no letters")
        phrases.append(text)
        if limit is not None and len(phrases) >= limit:
            break
    if not phrases:
        raise InputError(f"{path}: no phrases")
    return phrases


def play(solver: Solver, phrase: str, lives: int = LIVES) -> tuple[Game, list]:
    """Play one game; returns the finished game and the decisions made."""
    game = Game(phrase, lives=lives)
    decisions = []
    while not game.over:
        board = game.board()
        decision = solver.decide(board)
        decisions.append((board, decision))
        game.guess(decision.letter)
    return game, decisions


def evaluate(
    solver: Solver, phrases: list[str], lives: int = LIVES, desc: str = ""
) -> list[GameRecord]:
    from wordgames.progress import progress

    records = []
    for phrase in progress(phrases, desc=desc or f"hangman {solver.name}", unit=" games"):
        t0 = time.perf_counter()
        game, _ = play(solver, phrase, lives)
        records.append(
            GameRecord(
                phrase=game.phrase,
                won=game.won,
                wrong=game.errors,
                guesses=len(game.history),
                letters="".join(game.history),
                seconds=time.perf_counter() - t0,
            )
        )
    return records


def summarise(records: list[GameRecord]) -> dict:
    games = len(records)
    wins = sum(r.won for r in records)
    seconds = sum(r.seconds for r in records)
    guesses = sum(r.guesses for r in records)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "mean_wrong": sum(r.wrong for r in records) / games if games else 0.0,
        "mean_guesses": guesses / games if games else 0.0,
        "seconds": seconds,
        "seconds_per_guess": seconds / guesses if guesses else 0.0,
    }


def records_table(records: list[GameRecord], **columns):
    import pyarrow as pa

    rows = [asdict(r) for r in records]
    data = {k: [row[k] for row in rows] for k in GameRecord.__dataclass_fields__}
    table = pa.table(data)
    for name, value in columns.items():
        table = table.append_column(name, pa.array([value] * len(records), pa.string()))
    return table
