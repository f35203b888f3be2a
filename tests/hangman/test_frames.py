"""The Hangman service's results as pandas DataFrames, on the tiny LM: a played game (one row per
guess) and an evaluation (one row per phrase), each checked against the records it views."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from wordgames.hangman.evaluate import GameRecords
from wordgames.hangman.game import Game
from wordgames.hangman.service import HangmanService
from wordgames.hangman.solvers import SOLVERS


@pytest.fixture(scope="module")
def hangman(tiny_lm):
    return HangmanService(tiny_lm["unigrams"], tiny_lm["binary"])


@pytest.mark.parametrize("name", list(SOLVERS))
def test_a_played_game_is_one_row_per_guess(hangman, name):
    for phrase in ("It's a sunny day", "members of the supreme court", "zyzzyva quiz"):
        played = hangman.play(phrase, name)
        frame = played.to_pandas()
        assert {c: str(t) for c, t in frame.dtypes.items()} == {
            "turn": "int64",
            "board": "str",
            "wrong": "str",
            "guess": "str",
            "hit": "bool",
            "lives_left": "int64",
            "stage": "str",
            "prediction": "str",
        }
        assert frame["turn"].tolist() == list(range(1, len(played.steps) + 1))
        assert frame["guess"].tolist() == [s.guess for s in played.steps]
        assert frame["stage"].tolist() == [s.decision.stage for s in played.steps]
        assert frame["prediction"].tolist() == [s.decision.prediction for s in played.steps]
        # replayed as a new game: the board before each guess, its hit, the lives after it
        game = Game(phrase, lives=played.lives)
        for row in frame.itertuples():
            assert row.board == game.masked and row.wrong == "".join(
                g for g in game.history if g in game.wrong
            )
            assert game.guess(row.guess) == row.hit
            assert row.lives_left == game.lives - game.errors
        assert game.over and game.won == played.won


def test_an_evaluation_is_one_row_per_phrase(hangman, tmp_path):
    f = tmp_path / "p.tsv"
    f.write_text("answer\tcategory\na sunny day\tPhrase\nmembers of the supreme court\t\n")
    records = hangman.evaluate(f, "baseline")
    more = hangman.evaluate(["It's a sunny day", "zyzzyva quiz"], "seed")
    assert isinstance(records, GameRecords) and isinstance(records, list)
    for recs in (records, more):
        frame = recs.to_pandas()
        assert {c: str(t) for c, t in frame.dtypes.items()} == {
            "phrase": "str",
            "category": "str",
            "won": "bool",
            "wrong": "int64",
            "guesses": "int64",
            "letters": "str",
            "seconds": "float64",
        }
        rows = frame.astype(object).where(frame.notna(), None).to_dict("records")
        assert rows == [asdict(r) for r in recs]
    assert records.to_pandas()["category"].tolist()[0] == "Phrase"
    assert more.to_pandas()["category"].isna().all()
    assert GameRecords().to_pandas().empty
