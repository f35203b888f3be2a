"""The phrase channel: the board index against a plain per-phrase check, the EM's weights on
answers drawn from a known mixture, and the weights' JSON and the board's probabilities."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.hangman.game import MASK
from wordgames.hangman.phrase_channel import (
    Answers,
    ChannelInfo,
    PhraseChannel,
    PhraseIndex,
    choose,
    fit,
)
from wordgames.hangman.phrase_lists import PhraseList, phrase_table

WORDS = st.text(alphabet="abcd", min_size=1, max_size=3) | st.sampled_from(["a'b", "cd'a"])
PHRASES = st.lists(st.lists(WORDS, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=25)


def _table(phrases: list[str], types: int = 2):
    """The phrase table of ``phrases`` (phrase i of type i % types), through a list file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "l.tsv")
        path.write_text("".join(f"{p}\tt{i % types}\n" for i, p in enumerate(phrases)))
        return phrase_table([PhraseList.from_config("l", {"type": 2}, str(path))])


def _board(phrase: str, shown: str) -> list[str]:
    """The slots of a board of ``phrase`` whose letters in ``shown`` are revealed."""
    return [
        "".join(ch if not ch.isalpha() or ch in shown else MASK for ch in token)
        for token in phrase.split(" ")
    ]


def _reference(letters: list[str], shapes: list[str], slots: list[str], guessed: set[str]):
    """Rows fitting the board, one phrase at a time with a regular expression, and the letters
    each has at hidden positions."""
    hidden = "[" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in guessed) + "]"
    board = "".join(slots)
    pattern = re.compile("".join(hidden if ch == MASK else re.escape(ch) for ch in board))
    shape = ".".join(str(len(s)) for s in slots)
    out = {}
    for row, (text, sh) in enumerate(zip(letters, shapes, strict=True)):
        if sh == shape and pattern.fullmatch(text):
            out[row] = {text[i] for i, ch in enumerate(board) if ch == MASK}
    return out


@given(PHRASES, st.data())
def test_fitting_is_the_per_phrase_check(phrases, data):
    table = _table(phrases)
    index = PhraseIndex(table)
    # a board of a listed phrase, or of one the list may not have
    phrase = data.draw(
        st.sampled_from(phrases) | st.lists(WORDS, min_size=1, max_size=3).map(" ".join)
    )
    guessed = set(data.draw(st.text(alphabet="abcde", max_size=5)))
    shown = "".join(c for c in guessed if data.draw(st.booleans()))
    slots = _board(phrase, shown)
    if MASK not in "".join(slots):
        return
    rows, present = index.fitting(slots, guessed)
    letters = table.column("letters").to_pylist()
    expected = _reference(letters, table.column("shape").to_pylist(), slots, guessed)
    assert sorted(rows.tolist()) == sorted(expected)
    for r, p in zip(rows.tolist(), present, strict=True):
        got = {chr(ord("a") + i) for i in np.flatnonzero(p)}
        assert got == expected[r]


def _mixture_answers(rng, lam_by_category, pi, n=6000, universe=20000, sizes=(40, 400)):
    """Answers drawn from a known mixture: with λ of the answer's category from a list (type by
    π, uniform within it), else from an LM that is uniform over ``universe`` phrases (which hold
    every listed one)."""
    members = [rng.choice(universe, size, replace=False) for size in sizes]
    lm_log = -np.log(universe)
    cats, m_a, m_t, m_q = [], [], [], []
    for i in range(n):
        c = int(rng.integers(len(lam_by_category)))
        if rng.random() < lam_by_category[c]:
            t = rng.choice(len(pi), p=pi)
            x = int(rng.choice(members[t]))
        else:
            x = int(rng.integers(universe))
        cats.append(c)
        for t, listed in enumerate(members):
            if x in listed:
                m_a.append(i)
                m_t.append(t)
                m_q.append(-np.log(len(listed)))
    answers = Answers(
        np.full(n, lm_log),
        np.array(cats, np.int64),
        np.array(m_a, np.int64),
        np.array(m_t, np.int64),
        np.array(m_q),
    )
    return answers


def test_em_recovers_the_mixture_it_was_drawn_from():
    rng = np.random.default_rng(7)
    lam_by_category, pi = [0.1, 0.5], np.array([0.7, 0.3])
    answers = _mixture_answers(rng, lam_by_category, pi)
    lams, pis = fit(answers, n_types=2, n_categories=2, kappa=2.0)
    assert lams[-1] == pytest.approx(np.mean(lam_by_category), abs=0.03)
    assert lams[0] == pytest.approx(0.1, abs=0.03) and lams[1] == pytest.approx(0.5, abs=0.04)
    assert pis[-1] == pytest.approx(pi, abs=0.04)
    assert pis[1] == pytest.approx(pi, abs=0.05)
    assert sum(pis[0]) == pytest.approx(1.0) and sum(pis[-1]) == pytest.approx(1.0)


def test_a_large_kappa_pulls_the_categories_to_the_pool():
    rng = np.random.default_rng(3)
    answers = _mixture_answers(rng, [0.1, 0.5], np.array([0.5, 0.5]), n=2000)
    lams, _ = fit(answers, n_types=2, n_categories=2, kappa=1e7)
    assert lams[0] == pytest.approx(lams[-1], abs=1e-3) and lams[1] == pytest.approx(
        lams[-1], abs=1e-3
    )


def test_the_folds_choose_a_kappa_and_the_lists_beat_the_lm_alone():
    rng = np.random.default_rng(11)
    answers = _mixture_answers(rng, [0.05, 0.6], np.array([0.6, 0.4]), n=3000)
    folds = np.arange(3000) % 3
    kappa, evidence = choose(answers, folds, 2, 2, [1.0, 1e6])
    table = evidence["heldout_loglik_per_answer"]
    assert evidence["folds"] == 3 and kappa == 1.0  # the categories differ: little pooling wins
    assert table["cat kappa=1"] > table["pooled kappa=1"] > table["lm alone"]


def test_channel_info_round_trip_and_the_board(tmp_path):
    table = _table(["cotton candy", "cotton swab", "star wars", "supreme court"], types=2)
    info = ChannelInfo(
        types=["l:t0", "l:t1"],
        categories=["food_drink"],
        kappa=10.0,
        lam={"": 0.2, "food_drink": 0.6},
        pi={"": [0.5, 0.5], "food_drink": [0.9, 0.1]},
        answers=12,
        train="train.tsv",
        labels={"l": "Lists"},
    )
    path = info.write(tmp_path / "info.json")
    assert ChannelInfo.read(path) == info
    import pyarrow.parquet as pq

    pq.write_table(table, tmp_path / "table.parquet")
    channel = PhraseChannel.load(tmp_path / "table.parquet", path)
    assert channel.describe("l:t0") == "Lists t0" and channel.describe("l") == "Lists"
    board = channel.board(["c_tt__", "c____"], set("ct"), "Food &amp; Drinks")
    assert board is not None and board.lam == 0.6  # the category, plural folded
    assert board.norms == ["cotton candy"]  # "cotton swab" has 4 letters in its second word
    assert board.probs.sum() == pytest.approx(1.0) and board.present[ord("o") - ord("a")] == 1.0
    assert channel.board(["c_tt__", "c____"], set("cto"), None) is None  # an o was guessed
    assert channel.board(["_", "__"], set(), None) is None  # no listed phrase of that shape
