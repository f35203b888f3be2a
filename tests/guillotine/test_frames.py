"""The guillotine service's results as pandas DataFrames, on the small config of conftest.py: a
solution (one row per answer) and an evaluation (one row per game), each checked against the
dataclasses and the pyarrow table they view."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from wordgames.guillotine.games import read_games
from wordgames.guillotine.service import GuillotineService, Solution
from wordgames.guillotine.solvers.base import Answer, Link, Result

DATA = Path(__file__).resolve().parents[1] / "data" / "guillotine"
CLUES = ["pane", "gioco", "testa", "osso", "zoccolo"]


def test_a_solution_is_one_row_per_answer(config):
    solution = GuillotineService.from_config(config).solve(CLUES, top=10)
    frame = solution.to_pandas()
    assert {c: str(t) for c, t in frame.dtypes.items()} == {
        "rank": "int64",
        "word": "str",
        "score": "float64",
        "confidence": "float64",
        "linked": "int64",
        **dict.fromkeys(CLUES, "str"),
    }
    answers = solution.answers
    assert len(frame) == len(answers) > 0 and frame["word"].iloc[0] == "duro"
    assert frame["rank"].tolist() == list(range(1, len(answers) + 1))
    assert frame["word"].tolist() == [a.word for a in answers]
    assert frame["score"].tolist() == [a.score for a in answers]
    assert frame["confidence"].tolist() == [a.confidence for a in answers]
    assert frame["linked"].tolist() == [len({x.clue for x in a.links}) for a in answers]
    for clue in CLUES:
        assert frame[clue].tolist() == [
            "; ".join(x.text for x in a.links if x.clue == clue) for a in answers
        ]
    # the links of the answer "duro" ("pane duro", "gioco duro", ...) show under their clues
    assert frame["linked"].iloc[0] >= 1 and (frame.loc[0, CLUES] != "").sum() == frame["linked"][0]


def test_a_clue_named_like_a_column_and_a_repeated_clue():
    clues = ["word", "rank", "pane", "pane", "osso"]
    links = [Link("word", "a", "x"), Link("pane", "b", "x"), Link("pane", "c", "y")]
    answer = Answer("duro", 2.0, 0.5, {"word": "raw"}, links)
    frame = Solution(clues, "links", Result([answer])).to_pandas()
    assert list(frame.columns) == [
        *("rank", "word", "score", "confidence", "linked"),
        *("word (clue)", "rank (clue)", "pane", "osso"),
    ]
    assert frame.iloc[0, 4:].tolist() == [2, "a", "", "b; c", ""]
    assert Solution(clues, "links", Result([])).to_pandas().empty


def test_an_evaluation_is_one_row_per_game(config):
    games = [g for g in read_games(DATA / "games.json") if g.solution]
    ev = GuillotineService.from_config(config).evaluate(games)
    frame, table = ev.to_pandas(), ev.table()
    assert list(frame.columns) == [
        c for c in table.column_names if c not in ("set", "solver", "fold")
    ]
    ints = ("rank", "cand_rank", "pool_size", "full_rank", "full_size")
    assert all(str(frame[c].dtype) == "Int32" for c in ints)
    assert {str(frame[c].dtype) for c in ("solution", "answer")} == {"str"}
    assert str(frame["confidence"].dtype) == "float64" and str(frame["confident"].dtype) == "bool"
    assert len(frame) == table.num_rows == len(games) == 3
    for (_, got), want in zip(frame.iterrows(), table.to_pylist(), strict=True):
        got = {k: _plain(v) for k, v in got.items()}
        assert got == {k: v for k, v in want.items() if k in got}
    # a game whose solution is not ranked keeps <NA>, as the pyarrow table's null
    assert frame["rank"].isna().tolist() == [r["rank"] is None for r in ev.rows]


def _plain(value):
    """A frame's cell as the pyarrow table's ``to_pylist`` gives it: a list, or None if missing."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    return None if pd.isna(value) else value
