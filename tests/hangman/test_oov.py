"""The unknown-word channel's character model against brute force, and the solver using it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.hangman.evaluate import play
from wordgames.hangman.game import parse_board
from wordgames.hangman.oov import OovModel
from wordgames.hangman.solvers import make_solver
from wordgames.hangman.words.charmodel import fit_char_model
from wordgames.hangman.words.dictionary import read_words

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
# small orders keep the brute force over every word of a length quick
OOV = OovModel(fit_char_model(WORDS, 4, 3), budget=10**6, enumerate=50)


def brute_likelihood(slot: str, guessed: frozenset[str], order: int) -> float:
    """P(board | its length): every word of the length, the fitting ones summed."""
    every = np.indices((26,) * len(slot)).reshape(len(slot), -1).T  # every word of the length
    p = np.exp(OOV.model.logprob_codes(every, order))
    fits = np.ones(len(every), dtype=bool)
    for j, s in enumerate(slot):
        if s == "_":
            fits &= ~np.isin(every[:, j], [ord(c) - ord("a") for c in guessed])
        else:
            fits &= every[:, j] == ord(s) - ord("a")
    return p[fits].sum() / p.sum()


@settings(max_examples=15, deadline=None)
@given(
    st.text("ab_", min_size=1, max_size=3).filter(lambda s: "_" in s),  # the solver's open slots
    st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), max_size=20),
)
def test_likelihood_is_the_boards_share_of_its_lengths_words(slot, extra):
    guessed = frozenset(extra) | (set(slot) - {"_"})
    letters, likelihood = OOV.board(slot, frozenset(guessed))
    # a listed board's Z is rescored at the dense order the normaliser has (order 3 here)
    assert likelihood == pytest.approx(brute_likelihood(slot, guessed, 3), rel=1e-6)
    for c in guessed:
        assert letters[ord(c) - ord("a")] == 0


def test_only_letter_slots_are_handled():
    assert OovModel.handles("d_n_wa_")
    assert not OovModel.handles("don'_")
    assert not OovModel.handles("_9")


def test_an_english_spelling_beats_a_letter_salad():
    # the same shown letters, a plausible and an implausible word shape
    _, plausible = OOV.board("_ing", frozenset("ing"))
    _, salad = OOV.board("_qxz", frozenset("qxz"))
    assert plausible > 100 * salad


@pytest.fixture(scope="module")
def resources(tiny_lm):
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.solvers import Resources
    from wordgames.lm.model import LanguageModel

    return Resources(Lexicon.from_parquet(tiny_lm["unigrams"]), LanguageModel(tiny_lm["binary"]))


def test_the_solver_plays_unknown_words_with_the_kneser_ney_model(resources, monkeypatch):
    calls = []
    original = OovModel._board

    def spy(self, slot, guessed):
        calls.append(slot)
        return original(self, slot, guessed)

    monkeypatch.setattr(OovModel, "_board", spy)
    solver = make_solver("posterior", resources, oov_model="kneser_ney", oov_order=5)
    game, decisions = play(solver, "a quokka in zanzibar", lives=26)
    assert game.won
    assert calls, "the Kneser-Ney model was never asked"
    letters = [d.letter for _, d in decisions]
    assert len(letters) == len(set(letters))


def test_solvers_of_one_lexicon_share_its_character_model(resources):
    first = make_solver("posterior", resources, oov_order=5)
    second = make_solver("posterior", resources, oov_order=5)
    for solver in (first, second):
        solver.decide(parse_board("_____ __ ________"))
    assert first._oov.model is second._oov.model
    # a reweighted copy (a category's word classes) has the same words, so the same model
    copy = resources.lexicon.reweighted(lambda word: 2.0)
    assert copy.kneser_ney(5, 4) is first._oov.model
