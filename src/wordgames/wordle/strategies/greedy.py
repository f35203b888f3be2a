"""Greedy one-step strategies: score every allowed guess by how it splits the candidates.

The whole guess list is scored each turn (in hard mode only the guesses
:func:`~wordgames.wordle.rules.hard_mode_allowed` permits); ties go to guesses that could be the
answer (remaining candidates), then to the lower row (alphabetical order). With one or two candidates left the first candidate
is played (no guess can do better).

The choice is a deterministic function of the candidate set (and, in hard mode, of the history that
decides the allowed guesses), so it is memoised per (strategy, lists, candidates[, hard rule,
history]): the first guess is computed once per lists (hard mode has no constraint on it, so both
modes share it), and an evaluation of every answer scores each distinct game position only once.
"""

from __future__ import annotations

import hashlib
from typing import ClassVar

import numpy as np

from wordgames.wordle.core import GameState
from wordgames.wordle.strategies.base import Strategy
from wordgames.wordle.strategies.scoring import PartitionStats, partition_stats, rank

_MEMO: dict[tuple, int] = {}
_MEMO_LIMIT = 200_000


class GreedyStrategy(Strategy):
    """Subclasses define ``score(stats) -> array`` and ``higher_better``."""

    higher_better: ClassVar[bool] = False

    def score(self, stats: PartitionStats) -> np.ndarray:
        raise NotImplementedError

    def ranked(self, state: GameState) -> tuple[np.ndarray, np.ndarray, PartitionStats]:
        """(order, score, stats) of the allowed guesses, best first (used by the CLI too)."""
        from wordgames.wordle.rules import hard_mode_allowed

        data = self.data
        if state.hard and state.history:
            rows = np.flatnonzero(hard_mode_allowed(data, state.history, state.hard_rule))
        else:
            rows = np.arange(len(data.guesses))
        rows = rows.astype(np.int32)
        stats = partition_stats(data, state.candidates, rows)
        score = self.score(stats)
        remaining = np.zeros(len(data.guesses), dtype=bool)
        remaining[data.answer_rows[state.candidates]] = True
        order = rank(score, remaining[rows], rows, higher_better=self.higher_better)
        return order, score, stats

    def next_guess(self, state: GameState) -> int:
        cands = state.candidates
        if len(cands) == 0:
            from wordgames.errors import GameStateError

            raise GameStateError("no answer fits the feedback so far")
        if len(cands) <= 2:
            return int(self.data.answer_rows[cands[0]])
        # the choice depends on the candidates and, in hard mode, on the history (allowed guesses)
        hard = state.hard and bool(state.history)
        digest = hashlib.blake2b(
            np.ascontiguousarray(cands, dtype=np.int32).tobytes(), digest_size=16
        ).digest()
        key = (
            self.name,
            self.data.fingerprint,
            digest,
            (state.hard_rule, tuple(state.history)) if hard else None,
        )
        guess = _MEMO.get(key)
        if guess is None:
            order, _, stats = self.ranked(state)
            guess = int(stats.rows[order[0]])
            if len(_MEMO) >= _MEMO_LIMIT:
                _MEMO.clear()
            _MEMO[key] = guess
        return guess
