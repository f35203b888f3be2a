"""The one interface every Wordle strategy implements.

Feedback patterns are integers 0 .. 3**L - 1: position i contributes digit * 3**i, with digit 0 grey,
1 yellow, 2 green (so all green is 3**L - 1). ``WordleData.matrix[g, a]`` is the pattern that guess
``g`` gets when the answer is ``a``; strategies read it, memory-mapped, and never recompute feedback.

Compatible additions (wordle suite):

- ``WordleData.index`` (word -> guess row), ``WordleData.fingerprint`` (a digest of both lists, for
  caches such as the greedy strategies' first guess) and ``WordleData.is_candidate_row`` (bool per
  guess row: is it an answer?), all computed lazily;
- ``GameState.hard_rule``: which hard-mode rule applies (``"nyt"`` or ``"strict"``, see
  :func:`wordgames.wordle.game.hard_mode_allowed`); ``"nyt"`` by default;
- ``Strategy.start_game(game_number)``: what the game engine calls before each game; it seeds
  ``self.rng`` from ``(seed, game_number)`` and then calls ``new_game()``, so stochastic strategies are
  deterministic per game whatever the order games are played in.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
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
    hard_rule: str = "nyt"  # "nyt" or "strict": see wordgames.wordle.game.hard_mode_allowed

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

    def new_game(self) -> None:  # noqa: B027 (optional hook)
        """Called before each game (per-game state such as a random stream is reset here)."""

    def start_game(self, game_number: int = 0) -> None:
        """What the game engine calls before each game: seed ``self.rng``, then ``new_game()``."""
        self.rng = np.random.default_rng([self.seed, game_number])
        self.new_game()

    @abstractmethod
    def next_guess(self, state: GameState) -> int:
        """The row in ``data.guesses`` to play next."""
