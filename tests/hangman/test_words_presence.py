"""The exact presence posterior (forward pass, enumeration, sampling) against brute force."""

from __future__ import annotations

import itertools
import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.words.charmodel import CharModel, fit_char_model
from wordgames.hangman.words.dictionary import read_words
from wordgames.hangman.words.presence import (
    enumerated_presence,
    fillings,
    length_logprobs,
    letter_presence,
    presence_and_logz,
    sample_fillings,
    sampled_presence,
)

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
MODEL = fit_char_model(WORDS, order=5, dense_order=3)


def brute_force(model: CharModel, slot: str, guessed: frozenset[str], order: int, power=1.0):
    """Every filling of the board scored word by word: the reference."""
    shown = set(slot) - {"_"}
    open_ = [c for c in string.ascii_lowercase if c not in guessed and c not in shown]
    hidden = [i for i, c in enumerate(slot) if c == "_"]
    total, present = 0.0, np.zeros(26)
    for fill in itertools.product(open_, repeat=len(hidden)):
        word = list(slot)
        for i, c in zip(hidden, fill, strict=True):
            word[i] = c
        p = np.exp(power * model.logprob("".join(word), order))
        total += p
        for c in set(fill):
            present[ord(c) - ord("a")] += p
    return present / total, np.log(total)


@st.composite
def boards(draw, max_hidden=3, max_open=4):
    """A short word slot with few hidden positions and few open letters (brute force stays small)."""
    length = draw(st.integers(1, 5))
    hidden = draw(st.integers(1, min(max_hidden, length)))
    open_ = draw(
        st.lists(
            st.sampled_from(string.ascii_lowercase), min_size=1, max_size=max_open, unique=True
        )
    )
    rest = [c for c in string.ascii_lowercase if c not in open_]
    shown = draw(
        st.lists(st.sampled_from(rest), min_size=length - hidden, max_size=length - hidden)
    )
    slot = ["_"] * hidden + shown
    order = draw(st.permutations(range(length)))
    slot = "".join(slot[i] for i in order)
    guessed = frozenset(rest)
    return slot, guessed


@given(boards(), st.integers(2, 3), st.sampled_from([1.0, 2.0]))
def test_forward_pass_equals_brute_force(board, order, power):
    slot, guessed = board
    p, logz = presence_and_logz(MODEL, slot, guessed, order, power)
    ref, ref_logz = brute_force(MODEL, slot, guessed, order, power)
    np.testing.assert_allclose(p, ref, atol=1e-9)
    assert logz == pytest.approx(ref_logz, abs=1e-9)


@given(boards(), st.integers(2, 5))
def test_enumeration_equals_brute_force_at_sparse_orders(board, order):
    slot, guessed = board
    p, logz = enumerated_presence(MODEL, slot, guessed, order)
    ref, ref_logz = brute_force(MODEL, slot, guessed, order)
    np.testing.assert_allclose(p, ref, atol=1e-9)
    assert logz == pytest.approx(ref_logz, abs=1e-9)


@pytest.mark.parametrize("order", [2, 3])
def test_length_probabilities_sum_the_words_of_each_length(order):
    logp = length_logprobs(MODEL, 8, order)
    assert logp[0] == -np.inf
    for length in (1, 2, 3):
        every = np.indices((26,) * length).reshape(length, -1).T  # every word of the length
        ref = np.exp(MODEL.logprob_codes(every, order)).sum()
        assert np.exp(logp[length]) == pytest.approx(ref, rel=1e-9)
        # a board with every position hidden and nothing guessed is "a word of this length"
        blank = presence_and_logz(MODEL, "_" * length, frozenset(), order)[1]
        assert logp[length] == pytest.approx(blank)
    # with the empty word (the boundary straight after the start: smoothing gives it mass) the
    # lengths' probabilities sum to 1, less the tail beyond 400 letters
    empty = np.exp(MODEL.logprob_codes(np.zeros((1, 0), dtype=np.intp), order)[0])
    assert empty + np.exp(length_logprobs(MODEL, 400, order)).sum() == pytest.approx(1.0, abs=1e-9)


def test_guessed_and_shown_letters_are_never_present():
    p = letter_presence(MODEL, "h__p", frozenset("hpxz"))
    for c in "hpxz":
        assert p[ord(c) - ord("a")] == 0
    assert p.max() > 0.3  # e (help) or e/l: something is likely


def test_a_likely_letter_beats_an_unlikely_one():
    # _elp: only h (help) makes a training word; q never precedes e in the fixture
    p = letter_presence(MODEL, "_elp", frozenset("elp"))
    assert p[ord("h") - ord("a")] > p[ord("q") - ord("a")]


def test_fillings_counts_open_letters_to_the_hidden_power():
    assert fillings("_a_", frozenset("a") | frozenset("bcdefghijklmnopqrstuvw")) == 3**2


def test_a_bad_slot_is_refused():
    with pytest.raises(InputError, match="word slot"):
        letter_presence(MODEL, "a b", frozenset())


def test_samples_follow_the_exact_posterior():
    slot, guessed = "_a__", frozenset("eio")
    rng = np.random.default_rng(1)
    codes = sample_fillings(MODEL, slot, guessed, 3, 20000, rng)
    assert (codes[:, 1] == 0).all()  # the shown a stays
    open_ = [i for i in range(26) if chr(97 + i) not in guessed | {"a"}]
    assert np.isin(codes[:, [0, 2, 3]], open_).all()
    empirical = np.zeros(26)
    empirical[open_] = (codes[:, :, None] == np.array(open_)).any(axis=1).mean(axis=0)
    exact, _ = presence_and_logz(MODEL, slot, guessed, 3)
    np.testing.assert_allclose(empirical, exact, atol=0.02)


def test_importance_sampling_converges_to_the_full_order():
    slot, guessed = "_e__", frozenset("aioustr")
    exact, _ = enumerated_presence(MODEL, slot, guessed)
    estimate, ess = sampled_presence(MODEL, slot, guessed, 3, 20000, seed=2)
    assert ess > 100
    np.testing.assert_allclose(estimate, exact, atol=0.05)
