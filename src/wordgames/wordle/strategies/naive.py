"""``naive``: the seed paper's filter agent (Pates & Quinn).

It keeps the answers consistent with every feedback so far and guesses one of them uniformly at
random. The random stream is seeded per game from ``(seed, game number)``
(:meth:`Strategy.start_game`), so an evaluation is reproducible. Every guess is a remaining candidate,
so it satisfies both hard-mode rules by construction.
"""

from __future__ import annotations

import numpy as np

from wordgames.errors import GameStateError
from wordgames.wordle.core import GameState
from wordgames.wordle.strategies.base import Strategy


class NaiveStrategy(Strategy):
    name = "naive"

    def __init__(self, data, *, hard: bool = False, seed: int = 0) -> None:
        super().__init__(data, hard=hard, seed=seed)
        self.rng = np.random.default_rng([seed, 0])

    def next_guess(self, state: GameState) -> int:
        if len(state.candidates) == 0:
            raise GameStateError("no answer fits the feedback so far")
        pick = state.candidates[int(self.rng.integers(len(state.candidates)))]
        return int(self.data.answer_rows[pick])
