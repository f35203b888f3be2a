"""One process's share of the all-openers proof (:mod:`wordgames.wordle.exact.openers`).

A :class:`Worker` holds one :class:`~wordgames.wordle.exact.solver.Solver` whose transposition table is
reused across the openers it is given (and started afresh once it outgrows ``memo_cap`` entries). In a
pool, :func:`init_worker` builds the process's worker and :func:`run_task` runs one task on it.
"""

from __future__ import annotations

import time

import numpy as np

from wordgames.wordle.core import WordleData
from wordgames.wordle.exact import bounds as B
from wordgames.wordle.exact.kernels import INF
from wordgames.wordle.exact.solver import Solver

#: transposition-table entries a worker keeps before starting a fresh table (about 50 bytes each)
MEMO_CAP = 6_000_000


# one process's work ------------------------------------------------------------------------------
class Worker:
    """The solver of one process: its transposition table is reused across the openers it gets."""

    def __init__(
        self, data: WordleData, hard: bool, hard_rule: str | None, max_guesses: int, memo_cap: int
    ) -> None:
        self.solver = Solver(data, hard=hard, hard_rule=hard_rule, max_guesses=max_guesses)
        self.memo_cap = memo_cap
        s = self.solver
        self.reach = B.classes_per_guess(s.all_answers, s.all_guesses, s.M, s.allgreen)
        self.kmax = int(self.reach.max())
        self.caps = B.class_caps(s.allgreen, s.letters.shape[1], self.kmax, hard)
        self.order = np.argsort(-self.reach, kind="stable").astype(np.int32)
        self.order_reach = self.reach[self.order]

    def cells(self, rows: list[int], cutoff: int) -> list[tuple]:
        """Per opener: (row, bound, complete, CPU seconds, per-pattern cell bounds or None); the
        cell bounds come back only for an opener the bound did not exclude (its search needs
        them)."""
        s = self.solver
        out = []
        per_cell = np.zeros(s.allgreen + 1, dtype=np.int64)
        for g in rows:
            t = time.process_time()
            bound, complete = B.opener_cells_bound(
                g,
                s.all_answers,
                self.order,
                self.reach,
                self.order_reach,
                self.caps,
                cutoff,
                INF,
                per_cell,
                s.ctx,
            )
            keep = complete and bound < cutoff
            cells = {int(c): int(per_cell[c]) for c in np.flatnonzero(per_cell)} if keep else None
            out.append((g, int(bound), bool(complete), time.process_time() - t, cells))
        return out

    def search(self, g: int, beta: int, cells: dict[int, int] | None = None):
        if len(self.solver.memo) > self.memo_cap:
            self.solver.reset_memo()
        t = time.process_time()
        v = self.solver.opener_value(g, beta, cell_bounds=cells)
        return g, int(v), time.process_time() - t


WORKER: Worker | None = None


def init_worker(lists, matrix, hard, hard_rule, max_guesses, memo_cap) -> None:
    global WORKER
    from wordgames.wordle.data import make_data

    guesses, answers = lists
    WORKER = Worker(make_data(guesses, answers, matrix), hard, hard_rule, max_guesses, memo_cap)


def run_task(task):
    kind, *args = task
    assert WORKER is not None
    return kind, getattr(WORKER, kind)(*args)
