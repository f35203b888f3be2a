"""``mcts``: the seed paper's "Monte-Carlo tree search" agent (Pates & Quinn).

Despite the name it does not build a search tree: it weights each remaining candidate by how many
letters it shares with the other remaining candidates, and samples the next guess in proportion to
that weight. Our reading of the paper, on the real feedback rules: the weight of candidate ``w`` is
``sum over remaining candidates c of (2 * greens + 1 * yellows)`` of the feedback ``w`` would get if
``c`` were the answer (read from the feedback matrix), plus one so every candidate keeps a chance. The
sample is drawn from the per-game random stream (``(seed, game number)``), so evaluations are
reproducible. Guesses are always remaining candidates, so both hard-mode rules are satisfied.
"""

from __future__ import annotations

import numpy as np

from wordgames.errors import GameStateError
from wordgames.wordle.core import GameState
from wordgames.wordle.strategies.base import Strategy
from wordgames.wordle.strategies.scoring import pattern_marks


def match_weights(data, cands: np.ndarray) -> np.ndarray:
    """float64 [len(cands)]: 2 * greens + yellows of each candidate against all candidates."""
    greens, yellows = pattern_marks(data.word_length)
    value = 2 * greens + yellows
    rows = data.answer_rows[cands]
    weights = np.zeros(len(cands), dtype=np.float64)
    step = max(1, 4_000_000 // max(len(cands), 1))
    for start in range(0, len(cands), step):
        sub = np.asarray(data.matrix[rows[start : start + step]])[:, cands]
        weights[start : start + step] = value[sub].sum(axis=1)
    return weights


class MCTSStrategy(Strategy):
    name = "mcts"

    def __init__(self, data, *, hard: bool = False, seed: int = 0) -> None:
        super().__init__(data, hard=hard, seed=seed)
        self.rng = np.random.default_rng([seed, 0])
        self._first: np.ndarray | None = None

    def next_guess(self, state: GameState) -> int:
        cands = state.candidates
        if len(cands) == 0:
            raise GameStateError("no answer fits the feedback so far")
        if len(cands) == len(self.data.answers) and not state.history:
            if self._first is None:
                self._first = match_weights(self.data, cands)
            weights = self._first
        else:
            weights = match_weights(self.data, cands)
        p = (weights + 1.0) / (weights + 1.0).sum()
        pick = cands[int(self.rng.choice(len(cands), p=p))]
        return int(self.data.answer_rows[pick])
