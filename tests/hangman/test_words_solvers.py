"""The single-word solvers: the pattern index, the exclusion of training words, derivations, play."""

from __future__ import annotations

import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.game import Board
from wordgames.hangman.words.charmodel import encode, fit_char_model
from wordgames.hangman.words.dictionary import read_words
from wordgames.hangman.words.play import evaluate_words, play_word, summarise
from wordgames.hangman.words.presence import enumerated_presence
from wordgames.hangman.words.solvers import PatternIndex, make_solver, model_presence

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
MODEL = fit_char_model(WORDS, order=5, dense_order=3)
INDEX = PatternIndex(WORDS)


def fits(word: str, masked: str, guessed: frozenset[str]) -> bool:
    """The rule, spelled out: same length, shown letters in place, no guessed letter hidden."""
    return len(word) == len(masked) and all(
        (m == "_" and c not in guessed) or m == c for c, m in zip(word, masked, strict=True)
    )


@st.composite
def boards(draw):
    word = draw(st.sampled_from(WORDS))
    guessed = frozenset(draw(st.lists(st.sampled_from(string.ascii_lowercase), max_size=8)))
    masked = "".join(c if c in guessed else "_" for c in word)
    return masked, guessed


@given(boards())
def test_pattern_index_equals_the_rule(board):
    masked, guessed = board
    expected = [w for w in WORDS if fits(w, masked, guessed)]
    codes = INDEX.fitting_codes(masked, guessed)
    assert sorted("".join(chr(97 + c) for c in row) for row in codes) == expected
    assert len(INDEX.fitting(masked, guessed)) == len(expected)


def test_pattern_solver_picks_the_letter_most_fitting_words_have():
    solver = make_solver("pattern", INDEX, MODEL, budget=10**6, enumerate=1000)
    board = Board("__ll", frozenset("l"), frozenset(), 6)  # ball bell call fall fell fill hill ...
    fitting = [w for w in WORDS if fits(w, "__ll", frozenset("l"))]
    counts = {c: sum(c in w for w in fitting) for c in string.ascii_lowercase if c != "l"}
    guess = solver.guess(board)
    assert counts[guess.letter] == max(counts.values())
    assert guess.stage == "pattern" and guess.fitting == len(fitting)


def test_pattern_solver_falls_back_to_the_model():
    solver = make_solver("pattern", INDEX, MODEL, budget=10**6, enumerate=1000)
    guess = solver.guess(Board("q___", frozenset("q"), frozenset(), 6))
    assert guess.stage == "model" and guess.fitting == 0


def brute_excluded(masked, guessed, excluded):
    """Enumerated posterior with the excluded words' fillings given weight 0."""
    shown = set(masked) - {"_"}
    open_ = [c for c in string.ascii_lowercase if c not in guessed and c not in shown]
    hidden = [i for i, c in enumerate(masked) if c == "_"]
    import itertools

    total, present = 0.0, np.zeros(26)
    for fill in itertools.product(open_, repeat=len(hidden)):
        w = list(masked)
        for i, c in zip(hidden, fill, strict=True):
            w[i] = c
        w = "".join(w)
        if w in excluded:
            continue
        p = np.exp(MODEL.logprob(w))
        total += p
        for c in set(fill):
            present[ord(c) - 97] += p
    return present / total


@pytest.mark.parametrize(
    ("masked", "wrong"), [("h_ll", "a"), ("_ell", "abcdgkmnopqrsuvw"), ("b__", "")]
)
def test_excluding_training_words_equals_zeroing_them(masked, wrong):
    guessed = frozenset(wrong) | (set(masked) - {"_"})
    excluded = {w for w in WORDS if fits(w, masked, guessed)}
    assert excluded
    codes = np.stack([encode(w) for w in sorted(excluded)])
    got = model_presence(MODEL, masked, guessed, budget=10**8, enumerate=10**6, excluded=codes)
    np.testing.assert_allclose(got, brute_excluded(masked, guessed, excluded), atol=1e-7)
    plain = enumerated_presence(MODEL, masked, guessed)[0]
    assert np.abs(got - plain).max() > 1e-3  # the exclusion changed something


@settings(max_examples=20)
@given(st.sampled_from(WORDS), st.sampled_from(["pattern", "ngram"]), st.integers(1, 8))
def test_games_never_repeat_a_letter_and_end_by_the_rules(word, name, lives):
    solver = make_solver(name, INDEX, MODEL, budget=10**6, enumerate=2000)
    game, guesses, times = play_word(word, solver, lives)
    assert len(set(game.history)) == len(game.history)
    assert game.won or len(game.wrong) == lives
    assert len(guesses) == len(times) == len(game.history)
    assert all(g.scores.min() >= 0 and g.scores.max() <= 1 for g in guesses)


def test_evaluate_and_summarise():
    solver = make_solver("ngram", INDEX, MODEL, budget=10**6, enumerate=2000)
    records, times = evaluate_words(solver, ["help", "garden", "qzx"], lives=6)
    s = summarise(records, times)
    assert s["games"] == 3 and 0 <= s["wins"] <= 3
    assert s["win_rate"] == pytest.approx(s["wins"] / 3)
    assert records[0].word == "help" and records[0].guesses


def test_unknown_solver():
    with pytest.raises(InputError, match="unknown word solver"):
        make_solver("oracle", INDEX, MODEL, budget=1, enumerate=1)
