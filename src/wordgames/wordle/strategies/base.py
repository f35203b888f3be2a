"""The one interface every Wordle strategy implements (over :mod:`wordgames.wordle.core`'s types).

``Strategy.start_game(game_number)`` is what the game engine calls before each game; it seeds
``self.rng`` from ``(seed, game_number)`` and then calls ``new_game()``, so stochastic strategies are
deterministic per game whatever the order games are played in.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np

from wordgames.wordle.core import GameState, WordleData


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
