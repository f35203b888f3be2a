"""Numba scans of the exact Wordle solver: how each guess splits a candidate set.

Per guess of a list ``A`` over the answers ``S``: the number of feedback cells, whether the all-green
cell is among them, the sum of squared cell sizes and a label-free partition hash (two guesses with
the same partition of ``S`` get the same hash). :func:`scan_pairwise` compares the patterns of every
pair of answers (fast for small sets), :func:`scan_counting` counts patterns per guess (for large
ones); both return the same arrays. ``MT`` is the feedback matrix transposed (rows are answers).
"""

from __future__ import annotations

import numba
import numpy as np

#: Sets up to this size are scanned pairwise (the pair counters are uint16, the indices uint8).
PAIRWISE_MAX = 120
_BLOCK = 64
_STRIDE = 256


@numba.njit(cache=True, inline="always")
def classes_on(row, S, cnt):
    """Feedback classes of the guess whose matrix row is ``row`` on the answers ``S``; ``cnt`` is a
    zeroed scratch array of one slot per pattern, left zeroed."""
    k = 0
    for j in range(S.shape[0]):
        c = row[S[j]]
        if cnt[c] == 0:
            k += 1
        cnt[c] += 1
    for j in range(S.shape[0]):
        cnt[row[S[j]]] = 0
    return k


@numba.njit(cache=True)
def scan_counting(S, A, MT, allgreen, zans, with_hash):
    """Per guess of ``A``: cells, green (0/1), sum of squared cell sizes and a label-free partition
    hash over ``S``; counts per (guess, pattern) for blocks of guesses (MT rows are answers)."""
    n = S.shape[0]
    nA = A.shape[0]
    ncodes = allgreen + 1
    ncl = np.empty(nA, dtype=np.int64)
    ngr = np.empty(nA, dtype=np.int64)
    nsq = np.empty(nA, dtype=np.int64)
    nh = np.zeros(nA, dtype=np.uint64)
    B = _BLOCK
    stride = _STRIDE if ncodes <= _STRIDE else ncodes
    bcnt = np.zeros(B * stride, dtype=np.int32)
    bfirst = np.zeros(B * stride, dtype=np.int32)
    for j0 in range(0, nA, B):
        bl = min(B, nA - j0)
        for b in range(bl):
            ncl[j0 + b] = 0
            nsq[j0 + b] = 0
        for i in range(n):
            r = MT[S[i]]
            zi = zans[S[i]]
            for b in range(bl):
                c = r[A[j0 + b]]
                ix = b * stride + c
                k = bcnt[ix]
                bcnt[ix] = k + 1
                nsq[j0 + b] += 2 * k + 1
                if k == 0:
                    ncl[j0 + b] += 1
                    bfirst[ix] = i
                if with_hash:  # element -> first element of its cell: free of pattern labels
                    nh[j0 + b] += zi * np.uint64(bfirst[ix] + 1)
        for b in range(bl):
            ngr[j0 + b] = 1 if bcnt[b * stride + allgreen] > 0 else 0
        bcnt[:] = 0
    return ncl, ngr, nsq, nh


@numba.njit(cache=True)
def scan_pairwise(S, A, MT, allgreen, zans, with_hash):
    """What :func:`scan_counting` returns, by comparing the patterns of every pair of answers:
    n(n-1)/2 byte comparisons per guess in branch-free loops that LLVM vectorises, far faster
    than counting for small ``n`` (``n <= 255``)."""
    n = S.shape[0]
    nA = A.shape[0]
    X = np.empty((n, nA), dtype=MT.dtype)
    for i in range(n):
        r = MT[S[i]]
        xi = X[i]
        for j in range(nA):
            xi[j] = r[A[j]]
    pairs = np.zeros(nA, dtype=np.uint16)
    green = np.zeros(nA, dtype=np.uint8)
    ncl = np.zeros(nA, dtype=np.uint16)
    newc = np.empty(nA, dtype=np.uint8)
    rep = np.empty(nA, dtype=np.uint8)
    nh = np.zeros(nA, dtype=np.uint64)
    ag = MT.dtype.type(allgreen)
    one = np.uint8(1)
    for i in range(n):
        xi = X[i]
        ii = np.uint8(i)
        for j in range(nA):
            newc[j] = one
            rep[j] = ii
            green[j] |= np.uint8(xi[j] == ag)
        for k in range(i):  # (an ascending loop: LLVM did not vectorise the descending one)
            xk = X[k]
            kk = np.uint8(k)
            if with_hash:
                for j in range(nA):
                    e = np.uint8(xi[j] == xk[j])
                    pairs[j] += e
                    f = e & newc[j]  # first equal element: i's cell representative
                    rep[j] += f * (kk - rep[j])
                    newc[j] &= one - e
            else:
                for j in range(nA):
                    e = np.uint8(xi[j] == xk[j])
                    pairs[j] += e
                    newc[j] &= one - e
        for j in range(nA):
            ncl[j] += newc[j]
        if with_hash:
            zi = zans[S[i]]
            for j in range(nA):
                nh[j] += zi * (np.uint64(rep[j]) + np.uint64(1))
    ncl64 = np.empty(nA, dtype=np.int64)
    ngr = np.empty(nA, dtype=np.int64)
    nsq = np.empty(nA, dtype=np.int64)
    for j in range(nA):
        ncl64[j] = ncl[j]
        ngr[j] = green[j]
        nsq[j] = n + 2 * np.int64(pairs[j])
    return ncl64, ngr, nsq, nh


@numba.njit(cache=True)
def partition_stats(S, A, M, allgreen):
    """Per guess of ``A``: number of cells and sum of squared cell sizes over ``S``."""
    n = S.shape[0]
    cnt = np.zeros(allgreen + 1, dtype=np.int32)
    ncells = np.zeros(A.shape[0], dtype=np.int64)
    sumsq = np.zeros(A.shape[0], dtype=np.int64)
    ingreen = np.zeros(A.shape[0], dtype=np.int64)
    for j in range(A.shape[0]):
        row = M[A[j]]
        for i in range(n):
            cnt[row[S[i]]] += 1
        ingreen[j] = 1 if cnt[allgreen] > 0 else 0
        for i in range(n):
            c = row[S[i]]
            k = cnt[c]
            if k > 0:
                ncells[j] += 1
                sumsq[j] += k * k
                cnt[c] = 0
    return ncells, sumsq, ingreen
