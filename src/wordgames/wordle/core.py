"""The core Wordle types every other module builds on: the lists with their feedback matrix
(:class:`WordleData`) and what a player knows before a guess (:class:`GameState`).

Feedback patterns are integers 0 .. 3**L - 1: position i contributes digit * 3**i, with digit 0 grey,
1 yellow, 2 green (so all green is 3**L - 1). ``WordleData.matrix[g, a]`` is the pattern that guess
``g`` gets when the answer is ``a``; strategies read it, memory-mapped, and never recompute feedback.

``WordleData.index`` (word -> guess row), ``WordleData.fingerprint`` (a digest of both lists, for
caches such as the greedy strategies' first guess) and ``WordleData.is_candidate_row`` (bool per guess
row: is it an answer?) are computed lazily. ``GameState.hard_rule`` says which hard-mode rule applies
(``"nyt"`` or ``"strict"``, see :func:`wordgames.wordle.rules.hard_mode_allowed`).

This module imports nothing else of the package: it is the bottom of ``wordgames.wordle``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np


@dataclass(frozen=True)
class WordleData:
    """The word lists and their feedback matrix."""

    guesses: list[str]  # every allowed guess; the answers are included
    answers: list[str]
    matrix: np.ndarray  # uint8 or uint16 [len(guesses), len(answers)]
    answer_rows: np.ndarray  # int32 [len(answers)]: the row of each answer in ``guesses``

    @property
    def word_length(self) -> int:
        return len(self.answers[0])

    @property
    def all_green(self) -> int:
        return 3**self.word_length - 1

    @cached_property
    def index(self) -> dict[str, int]:
        """word -> row in ``guesses``."""
        return {w: i for i, w in enumerate(self.guesses)}

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of both lists (same lists, same fingerprint)."""
        h = hashlib.sha256()
        h.update("\n".join(self.guesses).encode())
        h.update(b"\0")
        h.update("\n".join(self.answers).encode())
        return h.hexdigest()[:16]

    @cached_property
    def is_candidate_row(self) -> np.ndarray:
        """bool [len(guesses)]: the guess row is one of the answers."""
        mask = np.zeros(len(self.guesses), dtype=bool)
        mask[np.asarray(self.answer_rows)] = True
        return mask


@dataclass
class GameState:
    """What a strategy knows before its next guess."""

    candidates: np.ndarray  # int32 answer indices consistent with every feedback so far
    history: list[tuple[int, int]] = field(default_factory=list)  # (guess row, pattern)
    hard: bool = False
    hard_rule: str = "nyt"  # "nyt" or "strict": see wordgames.wordle.rules.hard_mode_allowed

    @property
    def turn(self) -> int:
        return len(self.history)
