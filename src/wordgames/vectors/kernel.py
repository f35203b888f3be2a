"""The GloVe AdaGrad update: the numba kernel and its plain numpy reference (the tests').

Per pair (i, j) with ``diff = w_i . c_j + b_i + b~_j - log x`` and ``fdiff = f(x) * diff``, as
Stanford's ``glove.c`` does it since 2019 (gradient clipping and the NaN guards):

* a pair whose ``diff`` or ``fdiff`` is nan/inf is skipped (no update, no loss);
* vector gradient ``g = clip(fdiff * other, -100, 100) * eta`` per component, step ``g / sqrt(G)``
  with ``G`` taken before adding ``g^2`` (the accumulated gradient is the eta-scaled, clipped one);
  the steps of w_i and of c_j are applied only if the sums of both are finite;
* bias step ``fdiff / sqrt(G_b)``, then ``G_b += fdiff^2``: no eta, as in glove.c (a step that is
  nan/inf is dropped, glove.c's ``check_nan``). ``bias_eta=True`` scales the bias gradient by eta
  instead (``eta * fdiff``), the rule this package followed before.

A NaN gradient component cannot reach the clip: it needs a non-finite w_i or c_j, which makes
``diff`` non-finite, so the pair is skipped first (glove.c's ``fmin``/``fmax`` would turn it into
``-100`` otherwise). Arithmetic is float32 (glove.c
uses double); the loss is summed in float64.
"""

from __future__ import annotations

import math

import numba
import numpy as np

GRAD_CLIP = 100.0  # glove.c's grad_clip_value default

# fastmath without nnan / ninf: with those the compiler may drop the finiteness checks
_FASTMATH = {"nsz", "arcp", "contract", "afn", "reassoc"}


@numba.njit(parallel=True, fastmath=_FASTMATH, cache=True)
def _epoch(W, C, bw, bc, gW, gC, gbw, gbc, rows, cols, logx, fx, eta, bias_eta, n_threads, carry):
    n = rows.shape[0]
    dim = W.shape[1]
    clip = np.float32(GRAD_CLIP)
    # below this bound of (fdiff * norm)^2 no component reaches the clip (2% margin for rounding)
    free_clip = np.float32(0.98 * GRAD_CLIP * GRAD_CLIP)
    losses = np.zeros(n_threads, np.float64)
    for t in numba.prange(n_threads):
        start = t * n // n_threads
        end = (t + 1) * n // n_threads
        uw = np.empty(dim, np.float32)
        uc = np.empty(dim, np.float32)
        # the first thread continues the running sum of earlier blocks: with one thread the loss
        # is summed in the same order whatever the block size
        loss = carry if t == 0 else 0.0
        for k in range(start, end):
            i = rows[k]
            j = cols[k]
            wi = W[i]
            cj = C[j]
            gwi = gW[i]
            gcj = gC[j]
            dot = np.float32(0.0)
            nw = np.float32(0.0)
            nc = np.float32(0.0)
            for d in range(dim):
                dot += wi[d] * cj[d]
                nw += wi[d] * wi[d]
                nc += cj[d] * cj[d]
            diff = dot + bw[i] + bc[j] - logx[k]
            fdiff = fx[k] * diff
            if not (math.isfinite(diff) and math.isfinite(fdiff)):
                continue
            loss += 0.5 * fdiff * diff
            # one pass: each component steps at once, its old value kept in uw / uc so that a
            # non-finite sum restores them exactly (glove.c computes all steps, then applies them
            # if finite: the same result, about 20% slower here as a second pass)
            sw = np.float32(0.0)
            sc = np.float32(0.0)
            if fdiff * fdiff * max(nw, nc) <= free_clip:
                # |fdiff * component| <= |fdiff| * norm < clip: the clip is the identity, skip it
                g = fdiff * eta
                for d in range(dim):
                    a = g * cj[d]
                    b = g * wi[d]
                    ua = a / np.sqrt(gwi[d])
                    ub = b / np.sqrt(gcj[d])
                    uw[d] = wi[d]
                    uc[d] = cj[d]
                    wi[d] -= ua
                    cj[d] -= ub
                    sw += ua
                    sc += ub
                    gwi[d] += a * a
                    gcj[d] += b * b
            else:
                for d in range(dim):
                    a = min(max(fdiff * cj[d], -clip), clip) * eta
                    b = min(max(fdiff * wi[d], -clip), clip) * eta
                    ua = a / np.sqrt(gwi[d])
                    ub = b / np.sqrt(gcj[d])
                    uw[d] = wi[d]
                    uc[d] = cj[d]
                    wi[d] -= ua
                    cj[d] -= ub
                    sw += ua
                    sc += ub
                    gwi[d] += a * a
                    gcj[d] += b * b
            if not (math.isfinite(sw) and math.isfinite(sc)):
                for d in range(dim):
                    wi[d] = uw[d]
                    cj[d] = uc[d]
            g = eta * fdiff if bias_eta else fdiff
            step = g / np.sqrt(gbw[i])
            if math.isfinite(step):
                bw[i] -= step
            step = g / np.sqrt(gbc[j])
            if math.isfinite(step):
                bc[j] -= step
            gbw[i] += g * g
            gbc[j] += g * g
        losses[t] = loss
    return losses.sum()


def epoch_sum(
    state, rows, cols, logx, fx, eta: float, bias_eta: bool, threads: int = 1, carry: float = 0.0
) -> float:
    """One pass of the kernel over the given pairs (in order; Hogwild over ``threads`` contiguous
    slices); returns ``carry`` plus their summed loss."""
    threads = max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    return float(
        _epoch(
            state.W,
            state.C,
            state.bw,
            state.bc,
            state.gW,
            state.gC,
            state.gbw,
            state.gbc,
            rows,
            cols,
            logx,
            fx,
            np.float32(eta),
            bool(bias_eta),
            threads,
            float(carry),
        )
    )


def reference_epoch(state, rows, cols, logx, fx, eta: float, bias_eta: bool = False) -> float:
    """The same update in plain numpy, one pair at a time (slow; the tests' reference); returns
    the mean loss per pair."""
    eta = np.float32(eta)
    clip = np.float32(GRAD_CLIP)
    loss = 0.0
    with np.errstate(all="ignore"):
        for k in range(len(rows)):
            i, j = rows[k], cols[k]
            wi, cj = state.W[i].copy(), state.C[j].copy()
            diff = np.float32(wi @ cj + state.bw[i] + state.bc[j] - logx[k])
            fdiff = np.float32(fx[k] * diff)
            if not (np.isfinite(diff) and np.isfinite(fdiff)):
                continue
            loss += 0.5 * float(fdiff) * float(diff)
            grad_w = np.clip(fdiff * cj, -clip, clip) * eta
            grad_c = np.clip(fdiff * wi, -clip, clip) * eta
            step_w = grad_w / np.sqrt(state.gW[i])
            step_c = grad_c / np.sqrt(state.gC[j])
            state.gW[i] += grad_w * grad_w
            state.gC[j] += grad_c * grad_c
            if np.isfinite(step_w.sum()) and np.isfinite(step_c.sum()):
                state.W[i] = wi - step_w
                state.C[j] = cj - step_c
            g = eta * fdiff if bias_eta else fdiff
            for b, gb, idx in ((state.bw, state.gbw, i), (state.bc, state.gbc, j)):
                step = g / np.sqrt(gb[idx])
                if np.isfinite(step):
                    b[idx] -= step
                gb[idx] += g * g
    return loss / max(1, len(rows))
