"""Admissible lower bounds on the total of a Wordle opener (numba), cheapest first.

An opener ``g`` splits the ``n`` answers into feedback cells; the total is ``n`` (the opener is played
for every answer) plus the cost of each non-green cell. A cell ``C`` of ``m`` answers, whatever guess
``h`` comes next, costs at least ``m + sum over the sub-cells D of (2|D| - 1)`` (one answer of a
sub-cell can be hit at once, the others need two more guesses), that is
``3m - [h in C] - classes(h, C)`` where ``classes`` counts the feedback classes of ``h`` on ``C``
(the green one included). So:

- ``cell_bound_classes``: ``classes(h, C) <= min(m, kmax)``, ``kmax`` being the most classes any
  guess makes on the whole answer list (a cell's classes are a subset of those), gives
  ``max(2m - 1, 3m - 1 - min(m, kmax))`` per cell with no scan of the cell at all;
- ``opener_cells_bound``: the exact minimum of ``3m - [h in C] - classes(h, C)`` over every allowed
  guess ``h`` (in hard mode: those the opener's feedback still allows), one scan of each cell.

Both ignore the guess limit, so they are lower bounds of the limited problem too. The second stops
as soon as its running sum reaches ``cutoff``: an opener is then excluded, and the partial sum (scanned
cells at their exact one-level bound, the others at the cheap one) is still a lower bound.
"""

from __future__ import annotations

import numba
import numpy as np

from wordgames.wordle.optimal_kernels import (
    HARD_NONE,
    classes_on,
    hard_filter,
    scan_counting,
    scan_pairwise,
)

_PAIRWISE_MAX = 120


@numba.njit(cache=True, inline="always")
def _cheap(m, kmax):
    if m <= 1:
        return m
    return max(2 * m - 1, 3 * m - 1 - min(m, kmax))


@numba.njit(cache=True)
def classes_per_guess(S, A, M, allgreen):
    """Per guess of ``A``: the feedback classes it makes on the answers ``S``."""
    cnt = np.zeros(allgreen + 1, dtype=np.int32)
    out = np.empty(A.shape[0], dtype=np.int64)
    for j in range(A.shape[0]):
        out[j] = classes_on(M[A[j]], S, cnt)
    return out


@numba.njit(cache=True)
def classes_bounds(S, openers, M, allgreen, kmax):
    """Per opener: ``n + sum over its non-green cells of max(2m - 1, 3m - 1 - min(m, kmax))``."""
    n = S.shape[0]
    cnt = np.zeros(allgreen + 1, dtype=np.int64)
    out = np.empty(openers.shape[0], dtype=np.int64)
    for j in range(openers.shape[0]):
        row = M[openers[j]]
        for i in range(n):
            cnt[row[S[i]]] += 1
        total = n
        for i in range(n):
            c = row[S[i]]
            m = cnt[c]
            if m > 0:
                if c != allgreen:
                    total += _cheap(m, kmax)
                cnt[c] = 0
        out[j] = total
    return out


_BLOCK = 512


@numba.njit(cache=True)
def cell_bound(C, A, reach, M, MT, answer_rows, allgreen, zans):
    """``min over h in A of 3m - [h in C] - classes(h, C)`` for a cell ``C`` of ``m >= 3`` answers.

    ``A`` is ordered by ``reach`` descending, ``reach[j]`` being an upper bound on the classes
    ``A[j]`` can make (its classes on the whole answer list). The cell's own answers are tried first
    (they are allowed whatever the hard-mode rule, since each would give the feedback the cell got):
    one that splits the others into singletons gives the least possible value, ``2m - 1``. The
    other guesses are scanned in blocks, stopping once no later guess can do better than the best
    so far (``3m - min(m, reach)``) or one splits the cell into singletons (``2m``)."""
    m = C.shape[0]
    cnt = np.zeros(allgreen + 1, dtype=np.int32)
    best = 3 * m
    for i in range(m):
        best = min(best, 3 * m - 1 - classes_on(M[answer_rows[C[i]]], C, cnt))
    if best == 2 * m - 1:
        return best
    for j0 in range(0, A.shape[0], _BLOCK):
        if best <= 3 * m - min(m, reach[j0]) or best == 2 * m:
            break
        block = A[j0 : j0 + _BLOCK]
        if m <= _PAIRWISE_MAX:
            ncl, ngr, _sq, _h = scan_pairwise(C, block, MT, allgreen, zans, False)
        else:
            ncl, ngr, _sq, _h = scan_counting(C, block, MT, allgreen, zans, False)
        for j in range(block.shape[0]):
            v = 3 * m - ngr[j] - ncl[j]
            if v < best:
                best = v
    return best


@numba.njit(cache=True)
def opener_cells_bound(
    g,
    S,
    A,
    reach,
    A_reach,
    M,
    MT,
    answer_rows,
    allgreen,
    zans,
    letters,
    hard,
    kmax,
    cutoff,
    infeasible,
):
    """The one-level bound of opener ``g`` (see the module doc), scanning cells largest first and
    stopping once the sum reaches ``cutoff``. ``A``: every guess, by ``reach`` descending;
    ``reach``: per guess row, its classes on the whole answer list; ``A_reach = reach[A]``. Returns ``(bound, complete)``; ``bound`` is ``infeasible`` when
    hard mode leaves a cell of two or more answers without an allowed guess."""
    n = S.shape[0]
    ncodes = allgreen + 1
    row = M[g]
    cnt = np.zeros(ncodes, dtype=np.int64)
    for i in range(n):
        cnt[row[S[i]]] += 1
    codes = np.empty(ncodes, dtype=np.int64)
    sizes = np.empty(ncodes, dtype=np.int64)
    k = 0
    total = n
    for c in range(ncodes):
        if cnt[c] > 0 and c != allgreen:
            codes[k] = c
            sizes[k] = -cnt[c]
            k += 1
            total += _cheap(cnt[c], kmax)
    order = np.argsort(sizes[:k], kind="mergesort")
    start = np.zeros(ncodes + 1, dtype=np.int64)
    pos = 0
    for c in range(ncodes):
        start[c] = pos
        pos += cnt[c]
    buf = np.empty(n, dtype=np.int32)
    fill = start.copy()
    for i in range(n):
        c = row[S[i]]
        buf[fill[c]] = S[i]
        fill[c] += 1
    if total >= cutoff:
        return total, False
    for q in range(k):
        c = codes[order[q]]
        m = cnt[c]
        if m <= 2:
            break  # sorted by size: the rest are at their exact one-level bound already
        C = buf[start[c] : start[c] + m]
        if hard != HARD_NONE:
            Ac = hard_filter(A, g, c, letters, hard)
            if Ac.shape[0] == 0:
                return infeasible, True
            b = cell_bound(C, Ac, reach[Ac], M, MT, answer_rows, allgreen, zans)
        else:
            b = cell_bound(C, A, A_reach, M, MT, answer_rows, allgreen, zans)
        cheap = _cheap(m, kmax)
        if b > cheap:
            total += b - cheap
        if total >= cutoff:
            return total, q == k - 1
    return total, True
