"""Play solvers on phrase sets: per-game records and a summary."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from wordgames.hangman.game import LIVES, Game
from wordgames.hangman.puzzles import Puzzle
from wordgames.hangman.solvers import Solver


@dataclass
class GameRecord:
    phrase: str
    won: bool
    wrong: int
    guesses: int
    letters: str
    seconds: float
    category: str | None = None


class GameRecords(list[GameRecord]):
    """The records of an evaluation, one per phrase: a list, and its pandas view."""

    def to_pandas(self):
        """One row per phrase: ``phrase`` str, ``category`` str (missing when the puzzle had
        none), ``won`` bool, ``wrong`` int64 (wrong letters), ``guesses`` int64, ``letters`` str
        (the letters guessed, in order), ``seconds`` float64."""
        import pandas as pd

        rows = [asdict(r) for r in self]
        types = {"phrase": "str", "category": "str", "won": "bool", "wrong": "int64"}
        types.update(guesses="int64", letters="str", seconds="float64")
        return pd.DataFrame(
            {k: pd.Series([row[k] for row in rows], dtype=t) for k, t in types.items()}
        )


def play(
    solver: Solver, phrase: str, lives: int = LIVES, category: str | None = None
) -> tuple[Game, list]:
    """Play one game; returns the finished game and the decisions made."""
    game = Game(phrase, lives=lives, category=category)
    decisions = []
    while not game.over:
        board = game.board()
        decision = solver.decide(board)
        decisions.append((board, decision))
        game.guess(decision.letter)
    return game, decisions


def evaluate(
    solver: Solver,
    phrases: list[str] | list[Puzzle],
    lives: int = LIVES,
    desc: str = "",
    categories: bool = True,
) -> GameRecords:
    """Play every phrase; a :class:`Puzzle`'s category is shown to the solver unless
    ``categories`` is False (to measure what the category is worth)."""
    from wordgames.progress import progress

    records = GameRecords()
    for item in progress(phrases, desc=desc or f"hangman {solver.name}", unit=" games"):
        phrase, category = (item, None) if isinstance(item, str) else item
        t0 = time.perf_counter()
        game, _ = play(solver, phrase, lives, category if categories else None)
        records.append(
            GameRecord(
                phrase=game.phrase,
                won=game.won,
                wrong=game.errors,
                guesses=len(game.history),
                letters="".join(game.history),
                seconds=time.perf_counter() - t0,
                category=game.category,
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
    types = {"category": pa.string()}
    table = pa.table({k: pa.array(v, types.get(k)) for k, v in data.items()})
    for name, value in columns.items():
        table = table.append_column(name, pa.array([value] * len(records), pa.string()))
    return table


def markdown_table(
    columns: list[tuple[str, Callable[[dict], str]]], rows: list[dict], text: int
) -> str:
    """A summary table a person reads: ``columns`` are (header, cell of a row); the first ``text``
    columns are left-aligned, the numbers after them right-aligned."""
    lines = ["| " + " | ".join(head for head, _ in columns) + " |"]
    lines.append("|" + "---|" * text + "---:|" * (len(columns) - text))
    lines += ["| " + " | ".join(cell(r) for _, cell in columns) + " |" for r in rows]
    return "\n".join(lines) + "\n"
