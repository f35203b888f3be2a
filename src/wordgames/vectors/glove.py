"""GloVe (Pennington et al., 2014) trained with AdaGrad, compiled with numba, Hogwild over threads.

For every non-zero co-occurrence X_ij the loss is ``f(X_ij) (w_i . c_j + b_i + b~_j - log X_ij)^2 / 2``
with ``f(x) = min(1, (x / x_max)^alpha)``. The update is Stanford's ``glove.c`` as it is since 2019
(``wordgames.vectors.kernel`` says it exactly): accumulators start at 1; a vector component steps by
``g / sqrt(G)`` with ``g = clip(f * diff * other, -100, 100) * eta`` and ``G`` taken before adding
``g^2``; the vector steps of a pair are skipped if their sums are nan/inf; a bias steps by
``f * diff / sqrt(G_b)`` without eta (``bias_eta`` = the older eta-scaled bias step). Word and
context vectors and the two biases are separate parameters; the output vectors are ``W + C``.

Out of core: the pairs are first written to a shuffled file of 16-byte records (i, j, log x, f(x);
``wordgames.vectors.pairs``, a seeded uniform permutation that does not depend on the memory budget)
and every iteration streams that file through one reusable buffer of ``buffer_mb`` MiB (0 / None:
the whole file loaded once). Memory is then the four vocabulary tables plus that buffer, whatever
the number of pairs. With ``threads`` > 1 each block is split into contiguous slices updated without
locks (Hogwild), so results depend on thread timing; with one thread a run is bit-identical for a
given seed, whatever ``buffer_mb``. All arithmetic on the parameters is float32 (glove.c uses
double); the loss is summed in float64.

After each iteration a checkpoint (vectors, biases, squared gradients, losses) is written atomically;
a restarted run with the same settings and data resumes from it (the pairs file is written again).
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from wordgames.config import schema_defaults
from wordgames.vectors.kernel import epoch_sum, reference_epoch  # noqa: F401 (re-exported)
from wordgames.vectors.pairs import (
    RECORD,
    PairsFile,
    array_batches,
    block_records,
    iter_blocks,
    parquet_batches,
    write_pairs,
)

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
    bias_eta: bool = _DEFAULTS["bias_eta"]
    # MiB of pairs read at a time; 0 / None = the whole pairs file in memory
    buffer_mb: float | None = _DEFAULTS["buffer_mb"]
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
            # in place: no temporaries the size of a table
            a = rng.random(shape, dtype=np.float32)
            a -= np.float32(0.5)
            a /= np.float32(dim)
            return a

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

    def take_vectors(self) -> np.ndarray:
        """``W + C`` summed into W, every other table released: no extra table at the end of a
        run (the state is unusable afterwards)."""
        vectors = self.W
        vectors += self.C
        for name in self.FIELDS:
            setattr(self, name, None)
        return vectors


def prepare(rows, cols, x, x_max: float, alpha: float, seed: int, folder=None):
    """The pairs of in-memory arrays in training order, as the four field arrays (i, j, log x,
    f(x)): written through the pairs file, so the order is the one training uses (benchmarks)."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        n, batches = array_batches(rows, cols, x)
        vocab = int(max(np.max(rows), np.max(cols))) + 1 if n else 1
        pairs = write_pairs(
            batches, n, Path(tmp) / "pairs.bin", vocab, x_max=x_max, alpha=alpha, seed=seed
        )
        rec = np.fromfile(pairs.path, dtype=RECORD)
    return tuple(np.ascontiguousarray(rec[f]) for f in RECORD.names)


def run_epoch(
    state: GloveState, rows, cols, logx, fx, eta: float, threads: int = 1, bias_eta: bool = False
) -> float:
    """One pass over the given pairs (in their order); returns the mean loss per pair."""
    return epoch_sum(state, rows, cols, logx, fx, eta, bias_eta, threads) / max(1, len(rows))


# checkpoints ---------------------------------------------------------------------------------------
# bump when the update rule or the pairs order changes: a checkpoint of another version is ignored
UPDATE_VERSION = "glove.c-2019-clip100/pairs-keysort-v1"


def _fingerprint(params: GloveParams, vocab_size: int, nnz: int, checksum: float) -> dict:
    fp = asdict(params)
    # neither changes the result of a one-thread run
    for name in ("iterations", "threads", "buffer_mb"):
        fp.pop(name)
    fp.update(
        vocab_size=int(vocab_size), nnz=int(nnz), checksum=float(checksum), update=UPDATE_VERSION
    )
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


def _pairs_target(checkpoint_dir: Path | None, work_dir) -> tuple[Path, Path | None]:
    """Where the pairs file goes: beside the checkpoint folder, else in a temporary folder under
    ``work_dir`` (the output folder; the system's temporary folder if None). Returns the path and
    the temporary folder to remove afterwards."""
    if checkpoint_dir is not None:
        return checkpoint_dir.parent / f"{checkpoint_dir.name}.pairs.bin", None
    if work_dir is not None:
        Path(work_dir).mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".glove-pairs-", dir=work_dir))
    return tmp / "pairs.bin", tmp


def train(
    rows,
    cols,
    x,
    vocab_size: int,
    params: GloveParams,
    **kwargs,
) -> tuple[GloveState, list]:
    """Train GloVe on in-memory non-zero entries (rows, cols, x); see ``train_batches``."""
    n, batches = array_batches(rows, cols, x)
    return train_batches(n, batches, vocab_size, params, **kwargs)


def train_parquet(path, vocab_size: int, params: GloveParams, column: str = "weight", **kwargs):
    """Train GloVe on a co-occurrence Parquet (columns i, j, ``column``), read in batches."""
    n, batches = parquet_batches(path, column)
    return train_batches(n, batches, vocab_size, params, source=str(path), **kwargs)


def train_batches(
    n: int,
    batches,
    vocab_size: int,
    params: GloveParams,
    *,
    source: str = "co-occurrence",
    checkpoint_dir: str | os.PathLike | None = None,
    work_dir: str | os.PathLike | None = None,
    stop_after: int | None = None,
    keep_checkpoint: bool = False,
    show_progress: bool = True,
) -> tuple[GloveState, list]:
    """Write the shuffled pairs file of the ``n`` entries in ``batches``, train on it, delete it;
    returns the state and the loss per iteration.

    With ``checkpoint_dir`` the state is saved after every iteration and a matching checkpoint there
    is resumed. ``stop_after`` ends after that many iterations in total (simulates an interruption:
    the checkpoint is kept). The checkpoint is deleted at the end unless ``keep_checkpoint``.
    """
    folder = Path(checkpoint_dir) if checkpoint_dir is not None else None
    records = block_records(params.buffer_mb)  # a bad buffer fails before any work
    target, tmpdir = _pairs_target(folder, work_dir)
    try:
        t0 = time.perf_counter()
        pairs = write_pairs(
            batches,
            n,
            target,
            vocab_size,
            x_max=params.x_max,
            alpha=params.alpha,
            seed=params.seed,
            budget_bytes=records * RECORD.itemsize if records else None,
            source=source,
        )
        log.info("shuffled %d pairs into %s (%.1f s)", n, target, time.perf_counter() - t0)
        return train_pairs(
            pairs,
            vocab_size,
            params,
            checkpoint_dir=folder,
            stop_after=stop_after,
            keep_checkpoint=keep_checkpoint,
            show_progress=show_progress,
        )
    finally:
        target.unlink(missing_ok=True)
        if tmpdir is not None:
            shutil.rmtree(tmpdir, ignore_errors=True)


def train_pairs(
    pairs: PairsFile,
    vocab_size: int,
    params: GloveParams,
    *,
    checkpoint_dir: Path | None = None,
    stop_after: int | None = None,
    keep_checkpoint: bool = False,
    show_progress: bool = True,
) -> tuple[GloveState, list]:
    """Train on a written pairs file, streaming it ``params.buffer_mb`` MiB at a time."""
    from wordgames.progress import progress

    fingerprint = _fingerprint(params, vocab_size, pairs.count, pairs.checksum)
    folder = checkpoint_dir
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
    records = block_records(params.buffer_mb)
    if records and records < pairs.count:
        # one buffer for every block of every iteration
        buf, whole = np.empty(records, RECORD), None
    else:
        # the whole file: loaded once and reused, not read again every iteration
        buf, whole = None, np.fromfile(pairs.path, dtype=RECORD)
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
            total = 0.0
            for block in [whole] if whole is not None else iter_blocks(pairs.path, buf):
                total = epoch_sum(
                    state,
                    block["i"],
                    block["j"],
                    block["logx"],
                    block["fx"],
                    params.eta,
                    params.bias_eta,
                    params.threads,
                    carry=total,
                )
            loss = total / max(1, pairs.count)
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
