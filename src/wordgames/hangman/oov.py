"""Words outside the vocabulary, spelled like the vocabulary: a Kneser-Ney character model of its
word types, for the posterior solver's unknown-word channel.

The posterior weighs, in each slot, the vocabulary words that fit against a word it does not know
(Bayes' rule with prior ``oov_rate``). With this model the unknown word's likelihood is
P(board | the slot's length) = Z(board) / P(length), and its letters are the exact presence
posterior the single-word solver plays (:mod:`wordgames.hangman.words.presence`), so a name
(FOXX, DUNAWAY) or a coinage gets letters that follow English spelling instead of the
position-blind letter bigrams of :class:`~wordgames.hangman.lexicon.Lexicon`.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from wordgames.hangman.game import LETTERS, MASK
from wordgames.hangman.words.charmodel import CharModel
from wordgames.hangman.words.presence import (
    length_logprobs,
    posterior,
    presence_and_logz,
    presence_order,
)


class OovModel:
    """Boards of unknown words under ``model`` (a :class:`CharModel`, e.g.
    :meth:`Lexicon.kneser_ney <wordgames.hangman.lexicon.Lexicon.kneser_ney>`); ``budget`` and
    ``enumerate`` bound each board's posterior as in ``hangman.words``."""

    def __init__(self, model: CharModel, budget: int, enumerate: int):
        self.model = model
        self.budget = budget
        self.enumerate = enumerate
        self._lengths: dict[int, np.ndarray] = {}  # order -> log P(length), lengths 0..max
        self.board = lru_cache(maxsize=8192)(self._board)

    @staticmethod
    def handles(slot: str) -> bool:
        """Whether the slot is letters and masks only (a digit or apostrophe: the bigram model)."""
        return all(ch == MASK or ch in LETTERS for ch in slot)

    def _board(self, slot: str, guessed: frozenset[str]) -> tuple[np.ndarray, float]:
        """(P(letter at some hidden position) for a..z, P(the board | a word of its length))."""
        letters, logz, order = posterior(self.model, slot, guessed, self.budget, self.enumerate)
        if order > self.model.dense_order:
            # Z of a listed board is at the full order; the length normaliser needs a dense one
            order = presence_order(self.model, slot, guessed, self.budget)
            logz = presence_and_logz(self.model, slot, guessed, order)[1]
        return letters, math.exp(min(0.0, logz - self._length_logprob(len(slot), order)))

    def _length_logprob(self, length: int, order: int) -> float:
        table = self._lengths.get(order)
        if table is None or len(table) <= length:
            table = length_logprobs(self.model, max(length, 32), order)
            self._lengths[order] = table
        return float(table[length])
