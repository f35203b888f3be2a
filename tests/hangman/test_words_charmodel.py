"""The character Kneser-Ney model: proper distributions, sparse equals dense, save and load."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.words.charmodel import (
    BOUNDARY,
    SYMBOLS,
    CharModel,
    _keys,
    fit_char_model,
)
from wordgames.hangman.words.dictionary import read_words

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")


@pytest.fixture(scope="module")
def model():
    return fit_char_model(WORDS, order=5, dense_order=3)


def _reference_keys(words: list[str], order: int) -> list[list[int]]:
    """Every k-gram ending at a letter or the final boundary, one padded word at a time."""
    out: list[list[int]] = [[] for _ in range(order)]
    for word in words:
        seq = [BOUNDARY] * (order - 1) + [ord(c) - ord("a") for c in word] + [BOUNDARY]
        for t in range(order - 1, len(seq)):
            for k in range(1, order + 1):
                out[k - 1].append(
                    sum(s * SYMBOLS ** (k - 1 - j) for j, s in enumerate(seq[t - k + 1 : t + 1]))
                )
    return out


@given(
    st.lists(st.text("abcz", min_size=0, max_size=6), min_size=1, max_size=8),
    st.integers(1, 5),
)
def test_kgram_keys_match_a_word_by_word_reference(words, order):
    got = _keys(words, order)
    assert [k.tolist() for k in got] == _reference_keys(words, order)


def test_every_dense_row_sums_to_one(model):
    for table in model.tables:
        np.testing.assert_allclose(table.sum(axis=-1), 1.0, atol=1e-12)
        assert (table > 0).all()


@pytest.mark.parametrize("order", [4, 5])
def test_sparse_rows_sum_to_one(model, order):
    for context in model.orders[order - 1].contexts[:50]:
        grams = context * SYMBOLS + np.arange(SYMBOLS)
        assert model.conditional(grams, order).sum() == pytest.approx(1.0, abs=1e-12)


def test_sparse_lookup_equals_the_dense_table(model):
    rng = np.random.default_rng(0)
    grams = rng.integers(0, SYMBOLS**3, 500)
    dense_model = fit_char_model(WORDS, order=5, dense_order=5)
    for order in (4, 5):
        grams = rng.integers(0, SYMBOLS**order, 500)
        np.testing.assert_allclose(
            model.conditional(grams, order), dense_model.conditional(grams, order), atol=1e-12
        )


def test_short_words_sum_to_at_most_one(model):
    """Words of 1 and 2 letters are a part of all words: their mass is below 1, above 0."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = list(letters) + ["".join(p) for p in itertools.product(letters, repeat=2)]
    total = sum(np.exp(model.logprob(w)) for w in words)
    assert 0 < total < 1


def test_training_words_beat_scrambles(model):
    assert model.logprob("helping") > model.logprob("hgpnlie")


def test_save_and_load(model, tmp_path):
    path = tmp_path / "m.npz"
    model.save(path)
    again = CharModel.load(path)
    assert again.order == 5 and again.dense_order == 3
    assert again.logprob("garden") == pytest.approx(model.logprob("garden"))


def test_load_refuses_other_files(tmp_path):
    with pytest.raises(InputError, match="not found"):
        CharModel.load(tmp_path / "none.npz")
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros(2))
    with pytest.raises(InputError, match="not a character model"):
        CharModel.load(bad)


@pytest.mark.parametrize(("order", "dense"), [(0, 1), (10, 4), (4, 5)])
def test_bad_orders(order, dense):
    with pytest.raises(InputError, match="order"):
        fit_char_model(WORDS, order, dense)


def test_dense_tables_change_the_tables_not_the_model(model):
    from wordgames.errors import InputError
    from wordgames.hangman.words.charmodel import dense_tables

    wider = dense_tables(model, 5)
    assert wider.dense_order == 5 and wider.orders is model.orders
    np.testing.assert_allclose(
        wider.table(5).reshape(-1)[:1000],
        fit_char_model(WORDS, order=5, dense_order=5).table(5).reshape(-1)[:1000],
    )
    assert wider.logprob("garden") == pytest.approx(model.logprob("garden"))
    with pytest.raises(InputError, match="dense order must be in"):
        dense_tables(model, 6)
