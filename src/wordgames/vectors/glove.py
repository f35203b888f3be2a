"""GloVe (Pennington et al., 2014) trained with AdaGrad, compiled with numba, Hogwild over threads.

For every non-zero co-occurrence X_ij the loss is ``f(X_ij) (w_i . c_j + b_i + b~_j - log X_ij)^2 / 2``
with ``f(x) = min(1, (x / x_max)^alpha)``. The update follows the reference C implementation
(``glove.c``): the per-parameter squared-gradient accumulators start at 1, the step of a parameter is
``g / sqrt(G)`` with ``g = eta * f * diff * (other vector)`` and ``G`` taken before adding ``g^2``
(the accumulated gradient is the eta-scaled one, as there). Word and context vectors and the two
biases are separate parameters; the output vectors are ``W + C``.

The non-zero entries are shuffled once with the seed and visited in that order every iteration; with
``threads`` > 1 each thread takes a contiguous slice of the shuffled entries and updates the shared
parameters without locks (Hogwild), so results depend on thread timing; with one thread a run is
bit-identical for a given seed. ``log X`` and ``f(X)`` are computed once, not per iteration. All
arithmetic on the parameters is float32 (the C tool uses double); the loss is summed in float64.

After each iteration a checkpoint (vectors, biases, squared gradients, losses) is written atomically;
a restarted run with the same settings and data resumes from it.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numba
import numpy as np

from wordgames.config import schema_defaults

log = logging.getLogger(__name__)


_DEFAULTS = schema_defaults("glove")


@dataclass(frozen=True)
class GloveParams:
    """Training settings; the defaults are the config schema's (``glove``), read from it."""

    dim: int = _DEFAULTS["dim"]
    iterations: int = _DEFAULTS["iterations"]
    x_max: float = float(_DEFAULTS["x_max"])
    alpha: float = float(_DEFAULTS["alpha"])
    eta: float = float(_DEFAULTS["eta"])
    seed: int = _DEFAULTS["seed"]
    # the schema's null means "the config's top-level threads", which the caller resolves: one
    # thread here keeps a run bit-identical
    threads: int = 1


@dataclass
class GloveState:
    """All trained parameters and AdaGrad accumulators."""

    W: np.ndarray
    C: np.ndarray
    bw: np.ndarray
    bc: np.ndarray
    gW: np.ndarray
    gC: np.ndarray
    gbw: np.ndarray
    gbc: np.ndarray

    FIELDS = ("W", "C", "bw", "bc", "gW", "gC", "gbw", "gbc")

    @classmethod
    def init(cls, vocab_size: int, dim: int, seed: int) -> GloveState:
        """Uniform in [-0.5, 0.5) / dim for vectors and biases, accumulators at 1 (as glove.c)."""
        rng = np.random.default_rng(seed)

        def uniform(*shape):
            return (rng.random(shape, dtype=np.float32) - np.float32(0.5)) / np.float32(dim)

        W = uniform(vocab_size, dim)
        C = uniform(vocab_size, dim)
        bw = uniform(vocab_size)
        bc = uniform(vocab_size)
        ones = np.ones
        return cls(
            W,
            C,
            bw,
            bc,
            ones((vocab_size, dim), np.float32),
            ones((vocab_size, dim), np.float32),
            ones(vocab_size, np.float32),
            ones(vocab_size, np.float32),
        )

    def arrays(self) -> dict[str, np.ndarray]:
        return {name: getattr(self, name) for name in self.FIELDS}

    def vectors(self) -> np.ndarray:
        return self.W + self.C


def prepare(rows, cols, x, x_max: float, alpha: float, seed: int):
    """Shuffle the non-zero entries once; return rows, cols, log x and f(x) as compact arrays."""
    x = np.asarray(x, dtype=np.float64)
    if len(x) and not (x > 0).all():
        raise ValueError("co-occurrence values must be positive")
    order = np.random.default_rng([seed, 1]).permutation(len(x))
    rows = np.ascontiguousarray(np.asarray(rows)[order], dtype=np.int32)
    cols = np.ascontiguousarray(np.asarray(cols)[order], dtype=np.int32)
    x = x[order]
    logx = np.log(x).astype(np.float32)
    fx = np.minimum(1.0, (x / x_max) ** alpha).astype(np.float32)
    return rows, cols, logx, fx


@numba.njit(parallel=True, fastmath=True, cache=True)
def _epoch(W, C, bw, bc, gW, gC, gbw, gbc, rows, cols, logx, fx, eta, n_threads):
    n = rows.shape[0]
    dim = W.shape[1]
    losses = np.zeros(n_threads, np.float64)
    for t in numba.prange(n_threads):
        start = t * n // n_threads
        end = (t + 1) * n // n_threads
        loss = 0.0
        for k in range(start, end):
            i = rows[k]
            j = cols[k]
            wi = W[i]
            cj = C[j]
            gwi = gW[i]
            gcj = gC[j]
            dot = np.float32(0.0)
            for d in range(dim):
                dot += wi[d] * cj[d]
            diff = dot + bw[i] + bc[j] - logx[k]
            fdiff = fx[k] * diff
            loss += 0.5 * fdiff * diff
            g = eta * fdiff
            for d in range(dim):
                a = g * cj[d]
                b = g * wi[d]
                wi[d] -= a / np.sqrt(gwi[d])
                cj[d] -= b / np.sqrt(gcj[d])
                gwi[d] += a * a
                gcj[d] += b * b
            bw[i] -= g / np.sqrt(gbw[i])
            bc[j] -= g / np.sqrt(gbc[j])
            gbw[i] += g * g
            gbc[j] += g * g
        losses[t] = loss
    return losses.sum()


def run_epoch(state: GloveState, rows, cols, logx, fx, eta: float, threads: int = 1) -> float:
    """One pass over the (shuffled) entries; returns the mean loss per entry."""
    threads = max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(threads)
    total = _epoch(
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
        threads,
    )
    return float(total) / max(1, len(rows))


def reference_epoch(state: GloveState, rows, cols, logx, fx, eta: float) -> float:
    """The same update in plain numpy, one entry at a time (slow; the tests' reference)."""
    eta = np.float32(eta)
    loss = 0.0
    for k in range(len(rows)):
        i, j = rows[k], cols[k]
        wi, cj = state.W[i].copy(), state.C[j].copy()
        diff = np.float32(wi @ cj + state.bw[i] + state.bc[j] - logx[k])
        fdiff = fx[k] * diff
        loss += 0.5 * float(fdiff) * float(diff)
        g = eta * fdiff
        grad_w = g * cj
        grad_c = g * wi
        state.W[i] = wi - grad_w / np.sqrt(state.gW[i])
        state.C[j] = cj - grad_c / np.sqrt(state.gC[j])
        state.gW[i] += grad_w * grad_w
        state.gC[j] += grad_c * grad_c
        state.bw[i] -= g / np.sqrt(state.gbw[i])
        state.bc[j] -= g / np.sqrt(state.gbc[j])
        state.gbw[i] += g * g
        state.gbc[j] += g * g
    return loss / max(1, len(rows))


# checkpoints ---------------------------------------------------------------------------------------
def _fingerprint(params: GloveParams, vocab_size: int, nnz: int, checksum: float) -> dict:
    fp = asdict(params)
    fp.pop("iterations")
    fp.pop("threads")
    fp.update(vocab_size=int(vocab_size), nnz=int(nnz), checksum=float(checksum))
    return fp


def save_checkpoint(folder: Path, state: GloveState, meta: dict) -> None:
    """One file, ``state.npz``, holding the parameters and ``meta`` (as JSON): written atomically, so
    a kill never leaves parameters of one iteration beside the loss list of another."""
    from wordgames.artifacts import atomic_path

    folder.mkdir(parents=True, exist_ok=True)
    with atomic_path(folder / "state.npz", suffix=".npz") as tmp, open(tmp, "wb") as fh:
        np.savez(fh, meta=np.array(json.dumps(meta)), **state.arrays())


def load_checkpoint(folder: Path, fingerprint: dict) -> tuple[GloveState, dict] | None:
    state_path = folder / "state.npz"
    if not state_path.is_file():
        return None
    try:
        with np.load(state_path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("fingerprint") != fingerprint:
                log.warning(
                    "checkpoint in %s is for other settings or data: starting afresh", folder
                )
                return None
            state = GloveState(**{name: data[name].copy() for name in GloveState.FIELDS})
    except (OSError, ValueError, KeyError) as exc:
        log.warning("unreadable checkpoint in %s (%s): starting afresh", folder, exc)
        return None
    return state, meta


def train(
    rows,
    cols,
    x,
    vocab_size: int,
    params: GloveParams,
    *,
    checkpoint_dir: str | os.PathLike | None = None,
    stop_after: int | None = None,
    keep_checkpoint: bool = False,
    show_progress: bool = True,
) -> tuple[GloveState, list]:
    """Train GloVe on the non-zero entries (rows, cols, x); returns the state and loss per iteration.

    With ``checkpoint_dir`` the state is saved after every iteration and a matching checkpoint there
    is resumed. ``stop_after`` ends after that many iterations in total (simulates an interruption:
    the checkpoint is kept). The checkpoint is deleted at the end unless ``keep_checkpoint``.
    """
    from wordgames.progress import progress

    x_arr = np.asarray(x, dtype=np.float64)
    rows_p, cols_p, logx, fx = prepare(rows, cols, x_arr, params.x_max, params.alpha, params.seed)
    fingerprint = _fingerprint(params, vocab_size, len(x_arr), float(x_arr.sum()))
    folder = Path(checkpoint_dir) if checkpoint_dir is not None else None
    losses: list[float] = []
    state = None
    if folder is not None:
        loaded = load_checkpoint(folder, fingerprint)
        if loaded is not None:
            state, meta = loaded
            losses = list(meta["losses"])
            log.info("resuming from checkpoint after iteration %d", len(losses))
    if state is None:
        state = GloveState.init(vocab_size, params.dim, params.seed)
    end = params.iterations if stop_after is None else min(params.iterations, stop_after)
    bar = progress(
        desc="glove",
        total=params.iterations,
        unit="iter",
        initial=len(losses),
        disable=not show_progress,
    )
    try:
        for it in range(len(losses), end):
            t0 = time.perf_counter()
            loss = run_epoch(state, rows_p, cols_p, logx, fx, params.eta, params.threads)
            if not math.isfinite(loss):
                raise FloatingPointError(f"GloVe loss is {loss} at iteration {it + 1}: lower eta")
            losses.append(loss)
            log.info(
                "iteration %d/%d: loss %.6f (%.2f s)",
                it + 1,
                params.iterations,
                loss,
                time.perf_counter() - t0,
            )
            if folder is not None:
                save_checkpoint(folder, state, {"fingerprint": fingerprint, "losses": losses})
            bar.update(1)
    finally:
        bar.close()
    if folder is not None and len(losses) >= params.iterations and not keep_checkpoint:
        shutil.rmtree(folder, ignore_errors=True)
    return state, losses
