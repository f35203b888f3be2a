"""Admissible lower bounds on the total of a Wordle opener (numba), cheapest first.

An opener ``g`` splits the ``n`` answers into feedback cells; the total is ``n`` (the opener is played
for every answer) plus the cost of each non-green cell. A cell ``C`` of ``m`` answers, whatever guess
``h`` comes next, costs at least ``m + sum over the sub-cells D of (2|D| - 1)`` (one answer of a
sub-cell can be hit at once, the others need two more guesses), that is
``3m - [h in C] - classes(h, C)`` where ``classes`` counts the feedback classes of ``h`` on ``C``
(the green one included). So:

- ``classes_bounds``: ``classes(h, C) <= min(m, cap(C))`` gives ``max(2m - 1, 3m - 1 - min(m,
  cap))`` per cell with no scan of the cell at all. ``cap`` is ``kmax``, the most classes any guess
  makes on the whole answer list (a cell's classes are a subset of those); in hard mode also
  ``3 ** (L - greens)`` for a cell whose pattern has ``greens`` green letters, since every allowed
  guess keeps those letters in place, so its feedback is green there on every answer of the cell
  (:func:`class_caps`);
- ``opener_cells_bound``: the exact minimum of ``3m - [h in C] - classes(h, C)`` over every allowed
  guess ``h`` (in hard mode: those the opener's feedback still allows), one scan of each cell.

Both ignore the guess limit, so they are lower bounds of the limited problem too. The second stops
as soon as its running sum reaches ``cutoff``: an opener is then excluded, and the partial sum (scanned
cells at their exact one-level bound, the others at the cheap one) is still a lower bound. It scans
the smallest cells first (of three answers or more): per unit of scanning they raise the bound most,
so an opener is excluded sooner; an opener that is not excluded gets every cell scanned anyway, and
its per-cell bounds are handed to the exact search (``Solver.opener_value``), which starts from them.
"""

from __future__ import annotations

import numba
import numpy as np

from wordgames.wordle.exact.kernels import HARD_NONE, hard_filter
from wordgames.wordle.exact.scan import PAIRWISE_MAX, classes_on, scan_counting, scan_pairwise


@numba.njit(cache=True, inline="always")
def _cheap(m, cap):
    if m <= 1:
        return m
    return max(2 * m - 1, 3 * m - 1 - min(m, cap))


def class_caps(allgreen: int, length: int, kmax: int, hard: bool) -> np.ndarray:
    """Per feedback pattern: at most how many classes a next guess can make on its cell.

    ``kmax`` always; in hard mode (either rule) also ``3 ** (length - greens)``: an allowed guess
    repeats the green letters in place, so on every answer of the cell its feedback is green at
    those positions and only the other positions tell answers apart."""
    caps = np.full(allgreen + 1, kmax, dtype=np.int64)
    if hard:
        for code in range(allgreen + 1):
            greens, c = 0, code
            for _ in range(length):
                greens += c % 3 == 2
                c //= 3
            caps[code] = min(kmax, 3 ** (length - greens))
    return caps


@numba.njit(cache=True)
def classes_per_guess(S, A, M, allgreen):
    """Per guess of ``A``: the feedback classes it makes on the answers ``S``."""
    cnt = np.zeros(allgreen + 1, dtype=np.int32)
    out = np.empty(A.shape[0], dtype=np.int64)
    for j in range(A.shape[0]):
        out[j] = classes_on(M[A[j]], S, cnt)
    return out


@numba.njit(cache=True)
def classes_bounds(S, openers, M, allgreen, caps):
    """Per opener: ``n + sum over its non-green cells C of max(2m - 1, 3m - 1 - min(m, caps[C]))``
    (``caps``: :func:`class_caps`)."""
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
                    total += _cheap(m, caps[c])
                cnt[c] = 0
        out[j] = total
    return out


_BLOCK = 512


@numba.njit(cache=True)
def cell_bound(C, A, reach, ctx):
    """``min over h in A of 3m - [h in C] - classes(h, C)`` for a cell ``C`` of ``m >= 3`` answers.

    ``A`` is ordered by ``reach`` descending, ``reach[j]`` being an upper bound on the classes
    ``A[j]`` can make (its classes on the whole answer list). The cell's own answers are tried first
    (they are allowed whatever the hard-mode rule, since each would give the feedback the cell got):
    one that splits the others into singletons gives the least possible value, ``2m - 1``. The
    other guesses are scanned in blocks, stopping once no later guess can do better than the best
    so far (``3m - min(m, reach)``) or one splits the cell into singletons (``2m``). ``ctx``: the
    solver's :class:`~wordgames.wordle.exact.kernels.Context`."""
    M, MT, answer_rows, allgreen, zans = ctx.M, ctx.MT, ctx.answer_rows, ctx.allgreen, ctx.zans
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
        if m <= PAIRWISE_MAX:
            ncl, ngr, _sq, _h = scan_pairwise(C, block, MT, allgreen, zans, False)
        else:
            ncl, ngr, _sq, _h = scan_counting(C, block, MT, allgreen, zans, False)
        for j in range(block.shape[0]):
            v = 3 * m - ngr[j] - ncl[j]
            if v < best:
                best = v
    return best


@numba.njit(cache=True)
def opener_cells_bound(g, S, A, reach, A_reach, caps, cutoff, infeasible, out, ctx):
    """The one-level bound of opener ``g`` (see the module doc), scanning cells smallest first
    (from three answers on) and stopping once the sum reaches ``cutoff``. ``A``: every guess, by
    ``reach`` descending; ``reach``: per guess row, its classes on the whole answer list;
    ``A_reach = reach[A]``; ``caps``: :func:`class_caps`. ``out`` (one slot per pattern) gets each
    cell's bound, the scanned ones exact, the others at the cheap bound. Returns
    ``(bound, complete)``; ``bound`` is ``infeasible`` when hard mode leaves a cell of two or
    more answers without an allowed guess. ``ctx``: the solver's
    :class:`~wordgames.wordle.exact.kernels.Context`."""
    M, letters, hard, allgreen = ctx.M, ctx.letters, ctx.hard, ctx.allgreen
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
        out[c] = 0
        if cnt[c] > 0 and c != allgreen:
            out[c] = _cheap(cnt[c], caps[c])
            total += out[c]
            if cnt[c] > 2:
                codes[k] = c
                sizes[k] = cnt[c]
                k += 1
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
        return total, k == 0
    for q in range(k):
        c = codes[order[q]]
        m = cnt[c]
        C = buf[start[c] : start[c] + m]
        if hard != HARD_NONE:
            Ac = hard_filter(A, g, c, letters, hard)
            if Ac.shape[0] == 0:
                return infeasible, True
            b = cell_bound(C, Ac, reach[Ac], ctx)
        else:
            b = cell_bound(C, A, A_reach, ctx)
        if b > out[c]:
            total += b - out[c]
            out[c] = b
        if total >= cutoff:
            return total, q == k - 1
    return total, True
