"""The one interface every Wordle strategy implements.

Feedback patterns are integers 0 .. 3**L - 1: position i contributes digit * 3**i, with digit 0 grey,
1 yellow, 2 green (so all green is 3**L - 1). ``WordleData.matrix[g, a]`` is the pattern that guess
``g`` gets when the answer is ``a``; strategies read it, memory-mapped, and never recompute feedback.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import ClassVar

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


@dataclass
class GameState:
    """What a strategy knows before its next guess."""

    candidates: np.ndarray  # int32 answer indices consistent with every feedback so far
    history: list[tuple[int, int]] = field(default_factory=list)  # (guess row, pattern)
    hard: bool = False

    @property
    def turn(self) -> int:
        return len(self.history)


class Strategy(ABC):
    """A Wordle player. ``next_guess`` returns a row index into ``data.guesses``.

    In hard mode (``hard=True``) every guess must be consistent with every hint revealed so far.
    Strategies that learn or sample take ``seed`` and must be deterministic for a given seed.
    """

    name: ClassVar[str]
    supports_hard: ClassVar[bool] = True

    def __init__(self, data: WordleData, *, hard: bool = False, seed: int = 0) -> None:
        self.data = data
        self.hard = hard
        self.seed = seed

    def new_game(self) -> None:
        """Called before each game (per-game state such as a random stream is reset here)."""

    @abstractmethod
    def next_guess(self, state: GameState) -> int:
        """The row in ``data.guesses`` to play next."""
