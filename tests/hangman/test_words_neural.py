"""The neural character model and its mixture with Kneser-Ney: proper distributions, exact
enumeration of a board's fillings under the mixture, and training that learns."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hangman.test_words_presence import boards, brute_force
from wordgames.errors import InputError
from wordgames.hangman.words.charmodel import SYMBOLS, fit_char_model
from wordgames.hangman.words.dictionary import read_words
from wordgames.hangman.words.neural import (
    NeuralCharModel,
    fit_neural,
    log_loss,
    mixed,
)
from wordgames.hangman.words.presence import enumerated_presence

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
KN = fit_char_model(WORDS, order=5, dense_order=3)
NET = fit_neural(WORDS, context=3, hidden=16, epochs=2, batch=64, seed=1)
MIX = mixed(KN, NET, 0.6)


@given(st.lists(st.integers(0, SYMBOLS - 1), min_size=3, max_size=3))
def test_network_and_mixture_are_distributions(window):
    q = NET.probs(np.array([window]))[0]
    assert q.shape == (SYMBOLS,) and q.sum() == pytest.approx(1.0, abs=1e-5)
    assert (q > 0).all()


@settings(max_examples=40, deadline=None)
@given(boards())
def test_enumeration_under_the_mixture_equals_brute_force(board):
    slot, guessed = board
    p, logz = enumerated_presence(MIX, slot, guessed)
    ref, ref_logz = brute_force(MIX, slot, guessed, MIX.order)
    np.testing.assert_allclose(p, ref, atol=1e-6)
    assert logz == pytest.approx(ref_logz, abs=1e-6)


def test_mixture_weights_and_lower_orders():
    word = WORDS[3]
    assert mixed(KN, NET, 1.0).logprob(word) == pytest.approx(KN.logprob(word))
    assert MIX.logprob(word, order=3) == pytest.approx(KN.logprob(word, order=3))
    assert MIX.logprob(word) != pytest.approx(KN.logprob(word))


def test_training_learns_and_round_trips(tmp_path):
    before = log_loss(fit_neural(WORDS, 3, 16, 1, batch=10**6, rate=1e-9), WORDS)
    assert before == pytest.approx(np.log(SYMBOLS), abs=0.2)
    assert log_loss(NET, WORDS) < before - 0.3
    NET.save(tmp_path / "net.npz")
    back = NeuralCharModel.load(tmp_path / "net.npz")
    assert back.context == 3 and log_loss(back, WORDS) == pytest.approx(log_loss(NET, WORDS))


def test_bad_models_are_refused(tmp_path):
    with pytest.raises(InputError, match="reads 5 symbols"):
        mixed(KN, fit_neural(WORDS[:20], 5, 4, 1), 0.5)
    with pytest.raises(InputError, match="weight"):
        mixed(KN, NET, 1.5)
    with pytest.raises(InputError, match="not found"):
        NeuralCharModel.load(tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(InputError, match="not a neural character model"):
        NeuralCharModel.load(tmp_path / "bad.npz")


def test_cached_rows_equal_fresh_ones():
    fresh = mixed(KN, NET, 0.6)
    codes = np.array([[0, 1, 2, 3], [0, 1, 2, 4], [7, 1, 2, 3]])
    first = fresh.logprob_codes(codes)
    again = fresh.logprob_codes(codes[::-1])[::-1]
    np.testing.assert_allclose(first, again, rtol=1e-6)
    np.testing.assert_allclose(first, mixed(KN, NET, 0.6).logprob_codes(codes), rtol=1e-6)
    assert len(fresh._cache["keys"]) == len(set(fresh._cache["keys"].tolist()))


def test_a_full_cache_starts_again_with_the_same_rows(monkeypatch):
    from wordgames.hangman.words import neural

    monkeypatch.setattr(neural, "CACHE", 12)
    small = mixed(KN, NET, 0.6)
    for word in WORDS[:30]:  # the buffer of 12 rows refills many times (longer words bypass it)
        assert small.logprob(word) == pytest.approx(MIX.logprob(word), rel=1e-6)
        assert small._cache["used"] <= 12
        assert np.all(np.diff(small._cache["keys"]) > 0)


def test_the_pattern_baseline_falls_back_on_kneser_ney_alone():
    from wordgames.hangman.words.solvers import PatternIndex, make_solver

    solver = make_solver("pattern", PatternIndex(WORDS), MIX, budget=10**6, enumerate=100)
    assert type(solver.model) is type(KN) and solver.model.kneser_ney() is solver.model
    assert solver.model.logprob(WORDS[2]) == pytest.approx(KN.logprob(WORDS[2]))
    ngram = make_solver("ngram", PatternIndex(WORDS), MIX, budget=10**6, enumerate=100)
    assert ngram.model is MIX
