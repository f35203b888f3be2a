"""Partition statistics of guesses over a candidate set, shared by the greedy strategies and the CLI.

A guess ``g`` splits the candidates ``C`` into cells by feedback pattern. For every guess row of
interest, :func:`partition_stats` returns the sum of squared cell sizes (expected remaining =
sum c^2 / n), the entropy of the split in bits and the largest cell (worst case). The kernel (numba,
parallel over guess rows) counts patterns of one matrix row at a time in a small local histogram, so
memory does not grow with the number of guesses; :func:`partition_counts_numpy` is the plain
``bincount`` version used to test it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from wordgames.wordle.core import WordleData


@numba.njit(cache=True, parallel=True)
def _stats_kernel(matrix, rows, cands, n_patterns, sumsq, clogc, worst, cells):
    n = cands.shape[0]
    for k in numba.prange(rows.shape[0]):
        r = rows[k]
        counts = np.zeros(n_patterns, dtype=np.int32)
        for j in range(n):
            counts[matrix[r, cands[j]]] += 1
        s = 0
        e = 0.0
        w = 0
        m = 0
        for j in range(n):
            p = matrix[r, cands[j]]
            c = counts[p]
            if c > 0:
                s += c * c
                e += c * np.log2(c)
                if c > w:
                    w = c
                m += 1
                counts[p] = 0
        sumsq[k] = s
        clogc[k] = e
        worst[k] = w
        cells[k] = m


@dataclass
class PartitionStats:
    rows: np.ndarray  # int32 guess rows
    n: int  # number of candidates
    sumsq: np.ndarray  # int64: sum of squared cell sizes
    entropy: np.ndarray  # float64 bits
    worst: np.ndarray  # int32 largest cell
    cells: np.ndarray  # int32 number of non-empty cells

    @property
    def expected(self) -> np.ndarray:
        """Expected number of candidates left after the guess."""
        return self.sumsq / max(self.n, 1)


def partition_stats(
    data: WordleData, cands: np.ndarray, rows: np.ndarray | None = None
) -> PartitionStats:
    """Statistics of every guess in ``rows`` (default: all) over answer indices ``cands``."""
    matrix = np.asarray(data.matrix)
    if rows is None:
        rows = np.arange(matrix.shape[0], dtype=np.int32)
    rows = np.ascontiguousarray(rows, dtype=np.int32)
    cands = np.ascontiguousarray(cands, dtype=np.int32)
    m = rows.shape[0]
    sumsq = np.zeros(m, dtype=np.int64)
    clogc = np.zeros(m, dtype=np.float64)
    worst = np.zeros(m, dtype=np.int32)
    cells = np.zeros(m, dtype=np.int32)
    if m and cands.size:
        _stats_kernel(matrix, rows, cands, 3**data.word_length, sumsq, clogc, worst, cells)
    n = int(cands.size)
    entropy = (np.log2(n) - clogc / n) if n else np.zeros(m)
    return PartitionStats(rows, n, sumsq, np.maximum(entropy, 0.0), worst, cells)


def partition_counts_numpy(data: WordleData, cands: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """int64 [len(rows), 3**L] pattern histograms with one ``bincount`` over the matrix rows."""
    n_patterns = 3**data.word_length
    sub = np.asarray(data.matrix)[np.ix_(rows, cands)].astype(np.int64)
    offsets = np.arange(len(rows), dtype=np.int64)[:, None] * n_patterns
    counts = np.bincount((sub + offsets).ravel(), minlength=len(rows) * n_patterns)
    return counts.reshape(len(rows), n_patterns)


def rank(
    primary: np.ndarray, is_candidate: np.ndarray, rows: np.ndarray, *, higher_better: bool
) -> np.ndarray:
    """Order of ``rows`` from best to worst: by ``primary``, then candidates first, then row.

    Floating scores are rounded to 1e-9 so that equal splits compare equal.
    """
    key = np.round(np.asarray(primary, dtype=np.float64), 9)
    if higher_better:
        key = -key
    return np.lexsort((rows, ~is_candidate, key))


def answer_codes(data: WordleData) -> np.ndarray:
    """uint8 [n_answers, L] letter codes, cached on ``data``."""
    from wordgames.wordle.feedback import encode

    cached = data.__dict__.get("_wordle_answer_codes")
    if cached is None:
        cached = encode(data.answers)
        data.__dict__["_wordle_answer_codes"] = cached
    return cached


def pattern_marks(word_length: int) -> tuple[np.ndarray, np.ndarray]:
    """int64 [3**L] number of greens and of yellows in each pattern."""
    n = 3**word_length
    codes = np.arange(n)
    greens = np.zeros(n, dtype=np.int64)
    yellows = np.zeros(n, dtype=np.int64)
    for _ in range(word_length):
        digit = codes % 3
        greens += digit == 2
        yellows += digit == 1
        codes = codes // 3
    return greens, yellows
