"""The Wordle service's results as pandas DataFrames: a played game (one row per guess) and an
evaluation (one row per answer), each checked against the dataclass or pyarrow form it views."""

from __future__ import annotations

import pytest
from wordle_reference import ref_feedback

from wordgames.wordle.feedback import format_letters, format_squares, parse_feedback
from wordgames.wordle.game import GameResult
from wordgames.wordle.service import WordleService


@pytest.fixture(scope="module")
def svc(small_lists):
    guesses, answers = small_lists
    return WordleService.from_lists(guesses, answers, say=None)


@pytest.mark.parametrize("strategy", ["naive", "entropy", "optimal"])
def test_a_played_game_is_one_row_per_guess(svc, strategy):
    answers = svc.data.answers
    for answer in (answers[0], "crane", answers[-1]):
        game = svc.play(answer, strategy, seed=3)
        frame = game.to_pandas()
        assert {c: str(t) for c, t in frame.dtypes.items()} == {
            "turn": "int64",
            "guess": "str",
            "feedback": "str",
            "squares": "str",
            "words_left": "Int64",
            "solved": "bool",
        }
        assert frame["turn"].tolist() == list(range(1, len(game.guesses) + 1))
        assert frame["guess"].tolist() == game.guesses
        assert [parse_feedback(f, 5) for f in frame["feedback"]] == game.patterns
        assert frame["squares"].tolist() == [format_squares(p, 5) for p in game.patterns]
        # the words left, counted again from the feedback with the plain-Python reference
        possible = list(answers)
        expected = []
        for guess in game.guesses:
            possible = [
                a for a in possible if ref_feedback(guess, a) == ref_feedback(guess, answer)
            ]
            expected.append(len(possible))
        assert frame["words_left"].tolist() == expected
        assert frame["solved"].tolist() == [g == answer for g in game.guesses]
        assert frame["solved"].iloc[-1] == game.won


def test_a_result_built_without_the_words_left_shows_them_missing():
    pattern = ref_feedback("chart", "crane")
    frame = GameResult("crane", ["chart"], [pattern]).to_pandas()
    assert frame["feedback"].tolist() == [format_letters(pattern, 5)]
    assert frame["words_left"].isna().all() and not frame["solved"].any()
    assert GameResult("crane").to_pandas().empty


def test_an_evaluation_is_one_row_per_answer(svc):
    table = svc.evaluate("entropy", limit=7, show_progress=False)
    frame = table.to_pandas()
    assert list(frame.columns) == table.column_names and len(frame) == table.num_rows == 7
    dtypes = {c: str(t) for c, t in frame.dtypes.items()}
    assert dtypes == {
        "game": "int32",
        "answer": "str",
        "strategy": "str",
        "hard": "bool",
        "hard_rule": "str",
        "seed": "int64",
        "guesses": "int8",
        "won": "bool",
        "seconds": "float64",
        "path": "object",
        "lists": "str",
    }
    rows = table.to_pylist()
    for (_, got), want in zip(frame.iterrows(), rows, strict=True):
        assert {**got.to_dict(), "path": list(got["path"])} == want
    # each row is the game play() plays against that answer
    for answer, path in zip(frame["answer"], frame["path"], strict=True):
        assert svc.play(answer, "entropy").guesses == list(path)
    assert frame["answer"].tolist() == svc.data.answers[:7]


def test_pandas_is_imported_only_when_a_frame_is_asked_for():
    """pandas costs the command line about a second at start-up: the services of the three games
    and the modules of their results import it inside ``to_pandas`` only."""
    import subprocess
    import sys

    modules = [
        "wordgames.cli",
        *(f"wordgames.{game}.service" for game in ("wordle", "hangman", "guillotine")),
        "wordgames.wordle.game",
        "wordgames.hangman.evaluate",
    ]
    code = f"import sys\nfor m in {modules!r}: __import__(m)\nprint('pandas' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"
