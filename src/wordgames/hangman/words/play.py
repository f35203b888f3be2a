"""Play single-word games: one game per word, a record of each, and their summary."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from wordgames.errors import InputError
from wordgames.hangman.game import Game
from wordgames.hangman.words.solvers import Guess, WordSolver


@dataclass
class WordRecord:
    word: str
    won: bool
    wrong: int
    guesses: str  # the letters in the order guessed
    ms_median: float  # median milliseconds per decision in this game
    ms_max: float


def play_word(word: str, solver: WordSolver, lives: int) -> tuple[Game, list[Guess], list[float]]:
    """One game: the finished game, every guess the solver made and its milliseconds."""
    game = Game(word, lives=lives)
    guesses, times = [], []
    while not game.over:
        t0 = time.perf_counter()
        guess = solver.guess(game.board())
        times.append((time.perf_counter() - t0) * 1000)
        guesses.append(guess)
        game.guess(guess.letter)
    return game, guesses, times


def record(game: Game, times: list[float]) -> WordRecord:
    ordered = sorted(times)
    return WordRecord(
        word=game.phrase,
        won=game.won,
        wrong=len(game.wrong),
        guesses="".join(game.history),
        ms_median=ordered[len(ordered) // 2],
        ms_max=ordered[-1],
    )


def evaluate_words(
    solver: WordSolver, words: list[str], lives: int, desc: str = ""
) -> tuple[list[WordRecord], list[float]]:
    """A game per word: the records and the milliseconds of every decision."""
    from wordgames.progress import progress

    records, times = [], []
    for word in progress(words, desc=desc or f"hangman words {solver.name}", unit=" games"):
        game, _, ms = play_word(word, solver, lives)
        records.append(record(game, ms))
        times += ms
    return records, times


def shard_of(words: list[str], shard: int, shards: int) -> list[str]:
    """The ``shard``-th of ``shards`` runs of consecutive words (sizes differ by at most one), so
    the shards joined in order are the words again."""
    if shards < 1 or not 0 <= shard < shards:
        raise InputError(f"shard {shard} of {shards}: a shard is 0 .. shards - 1")
    n = len(words)
    return words[shard * n // shards : (shard + 1) * n // shards]


def summarise(records: list[WordRecord], times: list[float] | None = None) -> dict:
    games = len(records)
    wins = sum(r.won for r in records)
    out = {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "mean_wrong": sum(r.wrong for r in records) / games if games else 0.0,
        "mean_guesses": sum(len(r.guesses) for r in records) / games if games else 0.0,
    }
    if times:
        ordered = sorted(times)
        out["ms_median"] = ordered[len(ordered) // 2]
        out["ms_max"] = ordered[-1]
    return out


def records_table(records: list[WordRecord], **columns):
    import pyarrow as pa

    data = {k: [asdict(r)[k] for r in records] for k in WordRecord.__dataclass_fields__}
    table = pa.table(data)
    for name, value in columns.items():
        table = table.append_column(name, pa.array([value] * len(records), pa.string()))
    return table


def read_records(table) -> list[WordRecord]:
    return [
        WordRecord(**{k: row[k] for k in WordRecord.__dataclass_fields__})
        for row in table.to_pylist()
    ]
