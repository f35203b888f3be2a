"""The lookahead's win probability against a plain recursive game over words, and its use."""

from __future__ import annotations

import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.game import Board
from wordgames.hangman.words.charmodel import encode, fit_char_model
from wordgames.hangman.words.dictionary import read_words
from wordgames.hangman.words.lookahead import best_letter, win_probability
from wordgames.hangman.words.play import play_word
from wordgames.hangman.words.solvers import PatternIndex, _filling_keys, make_solver

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
MODEL = fit_char_model(WORDS, order=5, dense_order=3)
INDEX = PatternIndex(WORDS)


def reference(
    words: dict[str, int], unguessed: str, lives: int, letter: str, widths: tuple[int, ...] = ()
) -> int:
    """Weight of the words won by guessing ``letter``, then always the unguessed letter in the
    most weight of the words still possible (the first such letter alphabetically), except that
    the i-th move after it takes the best of the ``widths[i]`` first letters in that order."""
    groups: dict[tuple[int, ...], dict[str, int]] = {}
    for w, weight in words.items():
        groups.setdefault(tuple(i for i, c in enumerate(w) if c == letter), {})[w] = weight
    rest = unguessed.replace(letter, "")
    total = 0
    for shown, group in groups.items():
        if shown or lives > 1:
            total += play(group, rest, lives if shown else lives - 1, widths)
    return total


def play(words: dict[str, int], unguessed: str, lives: int, widths: tuple[int, ...]) -> int:
    if len(words) == 1:
        return next(iter(words.values()))
    mass = {c: sum(v for w, v in words.items() if c in w) for c in unguessed}
    ranked = sorted(unguessed, key=lambda c: -mass[c])  # stable: ties alphabetically
    width, later = (widths[0], widths[1:]) if widths else (1, ())
    return max(reference(words, unguessed, lives, c, later) for c in ranked[:width])


@st.composite
def games(draw):
    length = draw(st.integers(1, 4))
    letters = draw(st.sampled_from(["ab", "abc", "abcd", "aeiz"]))
    words = draw(
        st.lists(
            st.text(alphabet=letters, min_size=length, max_size=length),
            min_size=1,
            max_size=12,
            unique=True,
        )
    )
    weights = draw(st.lists(st.integers(1, 9), min_size=len(words), max_size=len(words)))
    lives = draw(st.integers(1, 4))
    widths = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    return dict(zip(words, weights, strict=True)), lives, widths


@settings(max_examples=200, deadline=None)
@given(games())
def test_win_probability_equals_the_recursive_game(game):
    words, lives, widths = game
    codes = np.stack([encode(w) for w in words])
    weights = np.array(list(words.values()), dtype=float)  # small integers: sums are exact
    open_ = np.ones(26, dtype=bool)
    for c in string.ascii_lowercase:
        got = win_probability(codes, weights, open_, lives, ord(c) - 97, widths)
        assert got == reference(words, string.ascii_lowercase, lives, c, widths)
        assert got <= weights.sum()
        # searching more letters at a move never loses weight
        assert got >= win_probability(codes, weights, open_, lives, ord(c) - 97)


def test_enough_lives_always_win():
    words = ["cat", "cot", "cut", "bat", "hat", "hot"]
    codes = np.stack([encode(w) for w in words])
    weights = np.ones(len(words))
    for c in range(26):
        assert win_probability(codes, weights, np.ones(26, dtype=bool), 26, c) == len(words)


def test_best_letter_beats_the_likeliest_letter_when_it_can():
    # one life left: c and e are each in three of the five words, but c shows all three at the
    # same place (and one more guess tells only one of them), while e's places name each word
    words = ["bcb", "aca", "bee", "ece", "dde"]
    codes = np.stack([encode(w) for w in words])
    open_ = np.zeros(26, dtype=bool)
    open_[:5] = True
    letters = [2, 4, 1, 0, 3]  # c e b a d: by how many words hold them, ties alphabetically
    best, values = best_letter(codes, np.ones(5), open_, 1, letters)
    expected = [reference(dict.fromkeys(words, 1), "abcde", 1, c) / 5 for c in "cebad"]
    assert values == pytest.approx(expected)
    assert best == 4 and values[1] > values[0]  # e wins 3 of 5, greedy's c fewer


def test_lookahead_solver_plays_an_open_letter_and_says_so():
    solver = make_solver("ngram", INDEX, MODEL, budget=10**6, enumerate=20000, lookahead=200)
    board = Board("_a__", frozenset("a"), frozenset("e"), 6)  # 24 ** 3 fillings
    guess = solver.guess(board)
    assert guess.stage == "lookahead"
    assert guess.letter not in board.guessed and guess.letter != "a"


def test_one_lookahead_letter_is_greedy():
    greedy_solver = make_solver("ngram", INDEX, MODEL, budget=10**6, enumerate=5000, lookahead=0)
    one = make_solver(
        "ngram", INDEX, MODEL, budget=10**6, enumerate=5000, lookahead=200, lookahead_letters=(1,)
    )
    for word in WORDS[:40]:
        a, _, _ = play_word(word, greedy_solver, 6)
        b, _, _ = play_word(word, one, 6)
        assert (a.won, a.history) == (b.won, b.history)


def test_bad_lookahead_options_are_refused():
    with pytest.raises(InputError, match="lookahead"):
        make_solver("ngram", INDEX, MODEL, budget=10**6, enumerate=5000, lookahead=-1)
    for bad in [(), (6, 0)]:
        with pytest.raises(InputError, match="lookahead_letters"):
            make_solver("ngram", INDEX, MODEL, budget=10**6, enumerate=5000, lookahead_letters=bad)


@settings(max_examples=100, deadline=None)
@given(
    st.sets(st.integers(0, 25), min_size=1, max_size=26),
    st.integers(1, 14),
    st.data(),
)
def test_filling_keys_tell_fillings_apart(letters, hidden, data):
    # the key of a filling is its hidden letters in the base of the open letters: equal keys,
    # equal letters (even 14 hidden positions of 2 letters, where base 26 would overflow)
    letters = sorted(letters)
    assume(len(letters) ** hidden < 2**62)  # a board the solver lists has at most `enumerate`
    rows = data.draw(
        st.lists(st.lists(st.sampled_from(letters), min_size=hidden, max_size=hidden), max_size=20)
    )
    if not rows:
        return
    codes = np.array(rows)
    codes = np.concatenate([np.full((len(rows), 1), 25), codes], axis=1)  # a shown position
    open_ = np.zeros(26, dtype=bool)
    open_[letters] = True
    keys = _filling_keys(codes, list(range(1, hidden + 1)), open_)
    for i in range(len(rows)):
        for j in range(len(rows)):
            assert (keys[i] == keys[j]) == (rows[i] == rows[j])
