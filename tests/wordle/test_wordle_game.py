from __future__ import annotations

import numpy as np
import pytest

from wordgames.errors import GameStateError, InputError
from wordgames.wordle.core import GameState
from wordgames.wordle.feedback import feedback
from wordgames.wordle.game import filter_candidates, hard_mode_allowed, play_game
from wordgames.wordle.strategies.base import Strategy


def history_of(data, answer, *words):
    return [(data.index[w], feedback(w, answer)) for w in words]


def test_filter_candidates_keeps_exactly_the_consistent_answers(small_data):
    cands = np.arange(len(small_data.answers), dtype=np.int32)
    g = small_data.index["crane"]
    pattern = feedback("crane", "trace")
    left = filter_candidates(small_data, cands, g, pattern)
    expected = [i for i, a in enumerate(small_data.answers) if feedback("crane", a) == pattern]
    assert left.tolist() == expected
    assert small_data.answers.index("trace") in left.tolist()


def test_hard_mode_rules_differ_on_reusing_a_misplaced_yellow(small_data):
    history = history_of(small_data, "trace", "crane")  # y g g . g
    nyt = hard_mode_allowed(small_data, history, "nyt")
    strict = hard_mode_allowed(small_data, history, "strict")
    allowed_nyt = {small_data.guesses[i] for i in np.flatnonzero(nyt)}
    allowed_strict = {small_data.guesses[i] for i in np.flatnonzero(strict)}
    assert {"trace", "brace", "grace"} <= allowed_strict
    # crane keeps the greens and uses the c, so the NYT rule allows it; it cannot be the answer
    assert "crane" in allowed_nyt and "crane" not in allowed_strict
    assert "slate" not in allowed_nyt  # drops the green r
    assert allowed_strict <= allowed_nyt


def test_nyt_rule_counts_repeated_letters(small_data):
    # speed against steed: s g, p ., e g, e g, d g: a guess must keep s.eed
    history = history_of(small_data, "steed", "speed")
    allowed = {
        small_data.guesses[i] for i in np.flatnonzero(hard_mode_allowed(small_data, history))
    }
    assert allowed == {w for w in small_data.guesses if w[0] == "s" and w[2:] == "eed"}
    # sheet against steed: two e's revealed (green) -> both must be kept
    history = history_of(small_data, "steed", "sheet")
    allowed = {
        small_data.guesses[i] for i in np.flatnonzero(hard_mode_allowed(small_data, history))
    }
    assert "steed" in allowed and "stale" not in allowed
    assert all(w.count("e") >= 2 and w[0] == "s" and w[2] == "e" for w in allowed)


def test_no_history_allows_everything_and_unknown_rule_fails(small_data):
    assert hard_mode_allowed(small_data, []).all()
    with pytest.raises(InputError, match="unknown hard-mode rule"):
        hard_mode_allowed(small_data, history_of(small_data, "crane", "slate"), "lenient")


class Scripted(Strategy):
    name = "scripted"

    def __init__(self, data, words, hard=False):
        super().__init__(data, hard=hard)
        self.words = words

    def next_guess(self, state: GameState) -> int:
        return self.data.index[self.words[state.turn]]


def test_play_game_records_the_game(small_data):
    result = play_game(Scripted(small_data, ["slate", "crane", "trace"]), "trace")
    assert result.won and result.n_guesses == 3
    assert result.guesses == ["slate", "crane", "trace"]
    assert result.patterns[-1] == small_data.all_green


def test_play_game_stops_after_max_guesses(small_data):
    result = play_game(Scripted(small_data, ["slate"] * 10), "trace", max_guesses=4)
    assert not result.won and result.n_guesses == 4


def test_engine_rejects_illegal_hard_mode_guess(small_data):
    player = Scripted(small_data, ["crane", "slate", "trace"], hard=True)
    with pytest.raises(GameStateError, match="hard mode"):
        play_game(player, "trace")
    # the same game is fine in normal mode
    assert play_game(Scripted(small_data, ["crane", "slate", "trace"]), "trace").won


def test_unknown_answer(small_data):
    with pytest.raises(InputError, match="not in the answer list"):
        play_game(Scripted(small_data, ["crane"]), "salet")
