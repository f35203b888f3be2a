"""Numba kernels of the exact Wordle solver: depth-first branch and bound with a transposition table.

``solve(S, A, depth, beta, ctx)`` returns the minimum total number of guesses needed to find every
answer of the candidate set ``S`` (answer indices) with at most ``depth`` more guesses, each drawn from
``A`` (guess rows; in hard mode the guesses still allowed by the history), when that minimum is below
``beta``; otherwise it returns some lower bound ``>= beta`` (a fail-high, as in alpha-beta search).
An answer found at the k-th of these guesses costs k. ``ctx`` is a :class:`Context`: the matrix, the
Zobrist keys, the letter codes, the mode, the transposition table and the counters, which
:class:`~wordgames.wordle.exact.solver.Solver` builds once and passes as one argument (the bounds
of :mod:`~wordgames.wordle.exact.bounds` take it too). The partition scans are in
:mod:`wordgames.wordle.exact.scan`.

Lower bounds. If the next guess ``g`` splits ``S`` (n answers) into cells, the cost is
``n + sum f(cell)`` over the cells that are not the all-green one, and a cell of ``m`` answers costs at
least ``2m - 1`` (``1`` when ``m == 1``): one answer can be hit at the next guess, the others need
two more. So ``LB(g) = n + 2 (n - [g in S]) - (number of non-green cells)``; the transposition table
sharpens the bound of each cell when that cell was met before. A set for which some member splits the
others into singletons costs exactly ``2n - 1`` (the least possible); one for which some guess splits it
into singletons costs exactly ``2n``: both are recognised during the scan and end the search at once.

Search. All guesses are scanned once per node for the partition statistics of each over ``S``
(number of cells, green cell, sum of squared sizes, a label-free partition hash): for small sets by
comparing the patterns of every pair of answers (branch-free byte loops that LLVM vectorises), for
large ones by counting patterns per guess. Guesses that do not split ``S`` are dropped; in normal mode
guesses inducing the same partition are merged into one class, and only one guess per class is passed
down as the children's guess list (a guess equivalent on ``S`` is equivalent on every subset). The
rest are sorted by (LB, sum of squared cell sizes) so a good tree is found first, and every guess
whose bound cannot beat the best tree so far is pruned (the loop stops at the first such guess, the
list being sorted). Within a guess, cells are solved largest first, each with the budget
``best - (cost so far) - (bounds of the cells still to do)``. A node called with a budget of at most
``2n`` fails high at once when no member splits the others into singletons.

Transposition table: a numba typed dict from a 64-bit Zobrist hash of (candidate set, remaining
depth[, allowed-guess set in hard mode]) to a packed entry: exact value and best guess, or a lower
bound. A 64-bit collision among the ~10^6 entries of a run has probability ~10^-7.

Hard mode (``ctx.hard``): 1 = the NYT rule (greens stay in place, every revealed green/yellow letter is
used at least as often as it was revealed), 2 = strict (the guess must give the same feedback as
every earlier guess did, i.e. it could itself be the answer; drawn from the whole guess list).
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from wordgames.wordle.exact.scan import PAIRWISE_MAX, classes_on, scan_counting, scan_pairwise
from wordgames.wordle.feedback import pair_code

INF = 1 << 30
HARD_NONE, HARD_NYT, HARD_STRICT = 0, 1, 2

# ``variant`` bits (benchmarks): scan by counting only; keep every guess (no partition classes)
VARIANT_NO_PAIRWISE, VARIANT_NO_DEDUP, VARIANT_HARD_SHARPEN = 1, 2, 4

# counters in ``stats``
ST_NODES, ST_HITS, ST_SCANS, ST_EXPANDED, ST_DEDUP, ST_CELLOPS, ST_PAIROPS, ST_COUNTOPS = range(8)

_DEPTH_SALT = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_GREEN_SALT = np.uint64(0xD6E8FEB86659FD93)


def new_memo():
    """An empty transposition table (int64 key -> packed int64 entry)."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


def zobrist(n: int, seed: int) -> np.ndarray:
    """Random 64-bit keys, one per index."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, np.iinfo(np.uint64).max, size=n, dtype=np.uint64, endpoint=True)


@numba.njit(cache=True, inline="always")
def _mix(x):
    x = x ^ (x >> np.uint64(30))
    x = x * _MIX1
    x = x ^ (x >> np.uint64(27))
    x = x * _MIX2
    return x ^ (x >> np.uint64(31))


@numba.njit(cache=True, inline="always")
def _pack_exact(value, guess):
    return (np.int64(value) << 26) | (np.int64(guess + 1) << 1) | 1


@numba.njit(cache=True, inline="always")
def _pack_lb(value):
    return np.int64(value) << 26


@numba.njit(cache=True, inline="always")
def _entry_value(e):
    return e >> 26


@numba.njit(cache=True, inline="always")
def _entry_guess(e):
    return ((e >> 1) & ((1 << 25) - 1)) - 1


@numba.njit(cache=True, inline="always")
def _cell_lb(m):
    return 1 if m == 1 else 2 * m - 1


@numba.njit(cache=True)
def set_hash(S, zans):
    h = np.uint64(0)
    for i in range(S.shape[0]):
        h += zans[S[i]]
    return h


@numba.njit(cache=True, inline="always")
def _key(hs, ha, depth):
    return np.int64(_mix(hs ^ _mix(ha + np.uint64(depth) * _DEPTH_SALT)))


@numba.njit(cache=True)
def memo_key(S, A, depth, zans, zgue, hard):
    """The transposition-table key of a node (the allowed set counts only in hard mode)."""
    ha = np.uint64(0)
    if hard != HARD_NONE:
        ha = set_hash(A, zgue)
    return _key(set_hash(S, zans), ha, depth)


@numba.njit(cache=True)
def pattern_of(g, x, length):
    """Feedback of letter codes ``g`` against ``x`` (the real duplicate-letter rules)."""
    return pair_code(g, x, np.zeros(32, dtype=np.int8), length)


@numba.njit(cache=True)
def hard_filter(A, g, code, letters, hard):
    """The guesses of ``A`` still allowed in hard mode after ``g`` got ``code``."""
    length = letters.shape[1]
    gw = letters[g]
    out = np.empty(A.shape[0], dtype=np.int32)
    k = 0
    if hard == HARD_STRICT:
        for j in range(A.shape[0]):
            if pattern_of(gw, letters[A[j]], length) == code:
                out[k] = A[j]
                k += 1
        return out[:k]
    # NYT: greens in place, each revealed letter used at least as often as revealed
    need = np.zeros(32, dtype=np.int32)
    greenpos = np.zeros(length, dtype=np.int32)
    c = code
    for i in range(length):
        d = c % 3
        c //= 3
        if d == 2:
            greenpos[i] = 1
        if d >= 1:
            need[gw[i]] += 1
    have = np.zeros(32, dtype=np.int32)
    for j in range(A.shape[0]):
        x = letters[A[j]]
        ok = True
        for i in range(length):
            if greenpos[i] == 1 and x[i] != gw[i]:
                ok = False
                break
        if ok:
            for i in range(length):
                have[x[i]] += 1
            for i in range(length):
                if have[gw[i]] < need[gw[i]]:
                    ok = False
            for i in range(length):
                have[x[i]] = 0
        if ok:
            out[k] = A[j]
            k += 1
    return out[:k]


@numba.njit(cache=True)
def _member(A, g):
    """Whether ``g`` is in the sorted array ``A``."""
    i = np.searchsorted(A, g)
    return i < A.shape[0] and A[i] == g


@numba.njit(cache=True)
def _dedup(phash, cidx, nu):
    """Positions (into ``phash[:nu]``) of one entry per distinct hash, the one of lowest ``cidx``
    (an open-addressing table; entries come in increasing ``cidx`` order, so the first wins)."""
    cap = 64
    while cap < 2 * nu:
        cap *= 2
    mask = np.uint64(cap - 1)
    used = np.zeros(cap, dtype=np.bool_)
    tkeys = np.empty(cap, dtype=np.uint64)
    keep = np.empty(nu, dtype=np.int32)
    nk = 0
    for q in range(nu):
        h = phash[q]
        slot = _mix(h) & mask
        while True:
            if not used[slot]:
                used[slot] = True
                tkeys[slot] = h
                keep[nk] = q
                nk += 1
                break
            if tkeys[slot] == h:
                break
            slot = (slot + np.uint64(1)) & mask
    return keep, nk


@numba.njit(cache=True)
def _isort(keys):
    """argsort of int64 keys (insertion sort for short arrays, numpy otherwise)."""
    n = keys.shape[0]
    if n > 32:
        return np.argsort(keys, kind="quicksort")
    idx = np.arange(n)
    for i in range(1, n):
        j = i
        while j > 0 and keys[idx[j - 1]] > keys[idx[j]]:
            t = idx[j]
            idx[j] = idx[j - 1]
            idx[j - 1] = t
            j -= 1
    return idx


class Context(NamedTuple):
    """Everything :func:`solve` reads besides the node itself, passed as one argument (numba types
    a named tuple of arrays, ints and the table in nopython mode). ``memo`` and ``stats`` are
    updated in place; the rest is read only."""

    M: np.ndarray  # feedback matrix [guesses, answers] (uint8/uint16)
    MT: np.ndarray  # the same, transposed and contiguous (rows are answers)
    answer_rows: np.ndarray  # int32 [answers]: each answer's guess row
    zans: np.ndarray  # uint64 Zobrist keys, one per answer
    zgue: np.ndarray  # uint64 Zobrist keys, one per guess (the allowed set, hard mode)
    letters: np.ndarray  # uint8 [guesses, L]: letter codes (hard-mode filters)
    hard: int  # HARD_NONE, HARD_NYT or HARD_STRICT
    allgreen: int  # the all-green pattern, 3**L - 1
    memo: object  # the transposition table (:func:`new_memo`)
    stats: np.ndarray  # int64 [8] counters (ST_*)
    variant: int  # VARIANT_* bits (benchmarks); 0 in play


@numba.njit(cache=True)
def solve(S, A, depth, beta, ctx):
    """Minimum total guesses for ``S`` within ``depth`` guesses from ``A`` if below ``beta``, else
    a lower bound ``>= beta``. Exact results are stored in ``ctx.memo`` with their best guess.

    ``A`` must be sorted. In normal mode it may be any subset of the guesses that contains, for
    every guess, one with the same partition of ``S`` (the recursion passes such a reduced list).
    """
    M, MT, answer_rows, zans, zgue = ctx.M, ctx.MT, ctx.answer_rows, ctx.zans, ctx.zgue
    letters, hard, allgreen, memo, stats = ctx.letters, ctx.hard, ctx.allgreen, ctx.memo, ctx.stats
    variant = ctx.variant
    n = S.shape[0]
    if n == 1:
        return 1
    if depth <= 1:
        return INF
    if n == 2:
        return 3
    stats[ST_NODES] += 1
    normal = hard == HARD_NONE
    ha = np.uint64(0)
    if not normal:
        ha = set_hash(A, zgue)
    key = _key(set_hash(S, zans), ha, depth)
    old_lb = 0
    if key in memo:
        e = memo[key]
        stats[ST_HITS] += 1
        if e & 1:
            return _entry_value(e)
        old_lb = _entry_value(e)
        if old_lb >= beta:
            return old_lb
    ncodes = allgreen + 1
    cnt = np.zeros(ncodes, dtype=np.int32)
    floor = 2 * n - 1  # nothing can cost less
    # members first: one that splits the others into singletons ends the search at 2n - 1
    for i in range(n):
        g = answer_rows[S[i]]
        if classes_on(M[g], S, cnt) == n and (normal or _member(A, g)):
            memo[key] = _pack_exact(floor, g)
            return floor
    if n == 3 and depth >= 3:  # a member leaves the other two together: 3 + 3
        g = answer_rows[S[0]]
        memo[key] = _pack_exact(6, g)
        return 6
    if beta <= 2 * n:  # no member gives 2n - 1, so the cost is at least 2n: fail high unscanned
        lbv = max(2 * n, old_lb)
        memo[key] = _pack_lb(lbv)
        return lbv

    # scan every guess: number of cells, green cell, sum of squared sizes, partition hash
    nA = A.shape[0]
    dedup = normal and (variant & VARIANT_NO_DEDUP) == 0
    if n <= PAIRWISE_MAX and (variant & VARIANT_NO_PAIRWISE) == 0:
        ncl, ngr, nsq, nh = scan_pairwise(S, A, MT, allgreen, zans, dedup)
    else:
        ncl, ngr, nsq, nh = scan_counting(S, A, MT, allgreen, zans, dedup)
    stats[ST_SCANS] += nA
    stats[ST_CELLOPS] += nA * n
    if n <= PAIRWISE_MAX and (variant & VARIANT_NO_PAIRWISE) == 0:
        stats[ST_PAIROPS] += nA * n * (n - 1) // 2
    else:
        stats[ST_COUNTOPS] += nA * n
    ckeys = np.empty(nA, dtype=np.int64)
    cidx = np.empty(nA, dtype=np.int32)
    phash = np.empty(nA, dtype=np.uint64)
    nu = 0
    two_n = -1
    for j in range(nA):
        ncells = ncl[j]
        ingreen = ngr[j]
        if ncells == 1 and ingreen == 0:
            continue  # learns nothing
        k_ng = ncells - ingreen
        if k_ng == n - ingreen:  # every non-green cell is a singleton
            if ingreen == 1:  # (members were tried first: only reached if one was not allowed)
                memo[key] = _pack_exact(floor, A[j])
                return floor
            two_n = A[j]
            break
        lb = n + 2 * (n - ingreen) - k_ng
        ckeys[nu] = (np.int64(lb) << 32) | nsq[j]
        cidx[nu] = j
        phash[nu] = nh[j] + np.uint64(ingreen) * _GREEN_SALT
        nu += 1
    if two_n >= 0:  # members were tried first, so 2n is optimal
        memo[key] = _pack_exact(2 * n, two_n)
        return 2 * n
    if depth == 2:
        memo[key] = _pack_lb(INF)
        return INF

    # normal mode: one guess per partition class, passed down as the children's guess list
    if dedup:
        keep, nk = _dedup(phash, cidx, nu)
        stats[ST_DEDUP] += nu - nk
        childA = np.empty(nk, dtype=np.int32)
        for q in range(nk):
            childA[q] = A[cidx[keep[q]]]
    else:
        keep = np.arange(nu).astype(np.int32)
        nk = nu
        childA = A
    # candidates that could beat beta, most promising first
    kk = np.empty(nk, dtype=np.int64)
    kg = np.empty(nk, dtype=np.int32)
    nc = 0
    fail = INF  # on failure, the least bound proved over all guesses (>= beta): a tighter entry
    for q in range(nk):
        ck = ckeys[keep[q]]
        if (ck >> 32) < beta:
            kk[nc] = ck
            kg[nc] = A[cidx[keep[q]]]
            nc += 1
        elif (ck >> 32) < fail:
            fail = ck >> 32
    order = _isort(kk[:nc])

    best = beta
    best_g = -1
    bufS = np.empty(n, dtype=np.int32)
    start = np.zeros(ncodes + 1, dtype=np.int32)
    cell_code = np.empty(ncodes, dtype=np.int32)
    cell_size = np.empty(ncodes, dtype=np.int64)
    cell_lb = np.empty(ncodes, dtype=np.int64)
    for oi in range(nc):
        idx = order[oi]
        lb = kk[idx] >> 32
        if lb >= best:
            fail = min(fail, lb)
            break
        g = kg[idx]
        stats[ST_EXPANDED] += 1
        row = M[g]
        # counting sort of S by pattern
        for i in range(n):
            cnt[row[S[i]]] += 1
        ncell = 0
        pos = 0
        for c in range(ncodes):
            if cnt[c] > 0 and c != allgreen:
                cell_code[ncell] = c
                cell_size[ncell] = cnt[c]
                ncell += 1
            start[c] = pos
            pos += cnt[c]
        start[ncodes] = pos
        for i in range(n):
            c = row[S[i]]
            bufS[start[c]] = S[i]
            start[c] += 1
        for c in range(ncodes):  # restore the starts
            start[c] -= cnt[c]
            cnt[c] = 0
        # the allowed guesses of each cell (hard mode), and each cell's bound from the table
        subAs = [childA[:0]]
        total_lb = n
        sharpen = normal or (variant & VARIANT_HARD_SHARPEN) != 0
        for q in range(ncell):
            m = cell_size[q]
            c = cell_code[q]
            b = _cell_lb(m)
            if not normal and m > 2 and sharpen:
                subAs.append(hard_filter(A, g, c, letters, hard))
            else:
                subAs.append(childA[:0])
            if m > 2 and sharpen:
                sub = bufS[start[c] : start[c] + m]
                sha = np.uint64(0)
                if not normal:
                    sha = set_hash(subAs[q + 1], zgue)
                ck = _key(set_hash(sub, zans), sha, depth - 1)
                if ck in memo:
                    v = _entry_value(memo[ck])
                    if v > b:
                        b = v
            elif m == 2 and depth - 1 < 2:
                b = INF
            cell_lb[q] = b
            total_lb += b
        if total_lb >= best:
            fail = min(fail, total_lb)
            continue
        # largest cells first: they are the likeliest to blow the budget
        sizes = np.empty(ncell, dtype=np.int64)
        for q in range(ncell):
            sizes[q] = -cell_size[q]
        corder = _isort(sizes)
        acc = n
        rest = total_lb - n
        ok = True
        for qi in range(ncell):
            q = corder[qi]
            m = cell_size[q]
            rest -= cell_lb[q]
            if m <= 2:
                acc += cell_lb[q]
                continue
            budget = best - acc - rest
            c = cell_code[q]
            sub = bufS[start[c] : start[c] + m]
            if normal:
                subA = childA
            elif sharpen:
                subA = subAs[q + 1]
            else:  # filtered only now: a guess pruned at its first cell never filters the rest
                subA = hard_filter(A, g, c, letters, hard)
            v = solve(sub, subA, depth - 1, budget, ctx)
            if v >= budget:
                ok = False
                fail = min(fail, acc + v + rest)
                break
            acc += v
        if ok and acc < best:
            best = acc
            best_g = g
            if best <= floor + 2:
                break  # 2n - 1 and 2n were excluded by the scan, so 2n + 1 cannot be beaten
    if best_g >= 0:
        memo[key] = _pack_exact(best, best_g)
        return best
    lbv = max(beta, old_lb, min(fail, INF))
    memo[key] = _pack_lb(lbv)
    return lbv


@numba.njit(cache=True)
def memo_lookup(memo, key):
    """(exact, value, guess) of a table entry; (False, 0, -1) when absent."""
    if key in memo:
        e = memo[key]
        return (e & 1) == 1, _entry_value(e), _entry_guess(e)
    return False, 0, -1
