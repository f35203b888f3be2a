"""The shuffled on-disk pairs file GloVe trains from, written with bounded memory.

One 16-byte record per non-zero co-occurrence: ``i`` and ``j`` (int32), ``log x`` and ``f(x)``
(float32), computed once here instead of every iteration. Training streams the file block by block,
so neither the Parquet columns nor a permutation of them are ever held whole in memory.

The order is a uniform random permutation made in two passes (an external shuffle):

1. the input is read in batches of ``BATCH_ROWS``; each record gets a random 64-bit key from one
   seeded stream and goes to the bucket file its key's range falls in (``K`` equal key ranges, so the
   bucket is uniform at random);
2. each bucket is loaded, sorted by key (a random permutation of it) and appended to the output.

The output is therefore the input sorted by its random keys (ties, about n^2 / 2^65 of them, keep the
input order): it depends on the seed and the input only, not on ``K`` or on the memory budget, so
runs with different ``buffer_mb`` train on the very same order. ``K`` is chosen so that a bucket,
with its keys, sort order and sorted copy (56 bytes a record), fits the budget.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wordgames.errors import InputError

RECORD = np.dtype([("i", "<i4"), ("j", "<i4"), ("logx", "<f4"), ("fx", "<f4")])
# a record in a bucket file: the sort key first
_KEYED = np.dtype([("key", "<u8"), ("rec", RECORD)])
# bytes of working memory per record when a bucket is sorted: the keyed records (24), a contiguous
# copy of the keys argsort may take (8), the order (8) and the sorted records (16)
_SORT_BYTES = _KEYED.itemsize + 8 + 8 + RECORD.itemsize
# rows read (and scattered) at a time: about 100 bytes a row of temporaries, so 25 MB
BATCH_ROWS = 1 << 18
DEFAULT_SHUFFLE_BYTES = 256 << 20


@dataclass(frozen=True)
class PairsFile:
    """A written pairs file: its path, record count and the sum of x (a cheap data fingerprint)."""

    path: Path
    count: int
    checksum: float


def bucket_count(n: int, budget_bytes: int) -> int:
    """Buckets so that the mean bucket takes at most 80% of ``budget_bytes`` to sort (room for the
    random variation of bucket sizes: a few standard deviations for any realistic size)."""
    if n <= 0:
        return 1
    return max(1, math.ceil(n * _SORT_BYTES / (0.8 * budget_bytes)))


def parquet_batches(path, column: str = "weight") -> tuple[int, Iterator]:
    """Row count and (i, j, x) batches of a co-occurrence Parquet, read ``BATCH_ROWS`` at a time."""
    import pyarrow.parquet as pq

    from wordgames.artifacts import require

    # no pre-buffering: by default pyarrow reads ahead the column chunks of the whole file (500 MB
    # of RSS for 33M pairs); a buffered stream keeps it to the batch at hand (~110 MB)
    pf = pq.ParquetFile(require(path), pre_buffer=False, buffer_size=1 << 22)
    missing = {"i", "j", column} - set(pf.schema_arrow.names)
    if missing:
        raise InputError(f"{path}: no column(s) {', '.join(sorted(missing))} in the co-occurrence")

    def batches():
        # one thread: the decoders of a thread pool keep memory of their own after the read
        batches = pf.iter_batches(
            batch_size=BATCH_ROWS, columns=["i", "j", column], use_threads=False
        )
        for batch in batches:
            yield (
                batch.column(0).to_numpy(zero_copy_only=False),
                batch.column(1).to_numpy(zero_copy_only=False),
                batch.column(2).to_numpy(zero_copy_only=False),
            )

    return pf.metadata.num_rows, batches()


def array_batches(rows, cols, x) -> tuple[int, Iterator]:
    """The same batches from in-memory arrays (tests, benchmarks)."""
    rows, cols, x = np.asarray(rows), np.asarray(cols), np.asarray(x)
    if not len(rows) == len(cols) == len(x):
        raise InputError(f"rows, cols and x differ in length ({len(rows)}, {len(cols)}, {len(x)})")

    def batches():
        for s in range(0, len(x), BATCH_ROWS):
            yield rows[s : s + BATCH_ROWS], cols[s : s + BATCH_ROWS], x[s : s + BATCH_ROWS]

    return len(x), batches()


def _records(i, j, x, vocab_size: int, x_max: float, alpha: float, offset: int, source: str):
    """Validate one batch and turn it into records (one line naming the first bad entry)."""
    x = np.asarray(x, dtype=np.float64)
    bad = ~(x > 0) | ~np.isfinite(x)
    if bad.any():
        k = int(np.argmax(bad))
        raise InputError(f"{source}: co-occurrence value {x[k]} at row {offset + k} is not > 0")
    for name, idx in (("i", i), ("j", j)):
        bad = (idx < 0) | (idx >= vocab_size)
        if bad.any():
            k = int(np.argmax(bad))
            raise InputError(
                f"{source}: index {name}={idx[k]} at row {offset + k} is outside the vocabulary "
                f"of {vocab_size} words"
            )
    rec = np.empty(len(x), RECORD)
    rec["i"] = i
    rec["j"] = j
    rec["logx"] = np.log(x)
    rec["fx"] = np.minimum(1.0, (x / x_max) ** alpha)
    return rec


def write_pairs(
    batches: Iterable,
    n: int,
    target: str | os.PathLike,
    vocab_size: int,
    *,
    x_max: float,
    alpha: float,
    seed: int,
    budget_bytes: int | None = None,
    buckets: int | None = None,
    source: str = "co-occurrence",
) -> PairsFile:
    """Write the shuffled pairs of ``batches`` (``n`` records in all) to ``target``, atomically.

    ``buckets`` overrides the count derived from ``budget_bytes`` (tests); the order is the same for
    any count. The bucket files live in a temporary folder beside ``target``, removed at the end.
    """
    from wordgames.artifacts import atomic_path

    target = Path(target)
    k = buckets or bucket_count(n, budget_bytes or DEFAULT_SHUFFLE_BYTES)
    bitgen = np.random.default_rng([seed, 2]).bit_generator
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob(f".{target.name}.buckets-*"):  # of a killed run
        shutil.rmtree(stale, ignore_errors=True)
    tmpdir = Path(tempfile.mkdtemp(prefix=f".{target.name}.buckets-", dir=target.parent))
    try:
        paths = [tmpdir / f"{b:05d}.bin" for b in range(k)]
        checksum, seen = 0.0, 0
        files = [open(p, "wb") for p in paths]  # noqa: SIM115 (closed in the finally below)
        try:
            for i, j, x in batches:
                rec = _records(i, j, x, vocab_size, x_max, alpha, seen, source)
                checksum += float(np.sum(x, dtype=np.float64))
                seen += len(rec)
                keyed = np.empty(len(rec), _KEYED)
                keyed["key"] = bitgen.random_raw(len(rec))
                keyed["rec"] = rec
                # equal key ranges: the top 32 bits scaled to [0, k)
                bucket = ((keyed["key"] >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32)
                order = np.argsort(bucket, kind="stable")
                keyed = keyed[order]
                bounds = np.searchsorted(bucket[order], np.arange(k + 1))
                for b in range(k):
                    if bounds[b + 1] > bounds[b]:
                        keyed[bounds[b] : bounds[b + 1]].tofile(files[b])
        finally:
            for fh in files:
                fh.close()
        _release_memory()
        if seen != n:
            raise InputError(f"{source}: {seen} rows read where {n} were announced")
        with atomic_path(target, suffix=".bin") as tmp, open(tmp, "wb") as out:
            for p in paths:
                keyed = np.fromfile(p, dtype=_KEYED)
                p.unlink()
                order = np.argsort(keyed["key"], kind="stable")
                keyed["rec"][order].tofile(out)
                del keyed, order
        _release_memory()
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return PairsFile(target, n, checksum)


def _release_memory() -> None:
    """Give freed memory back to the system before the sort and training: the Parquet reader's
    pool, and glibc's heap, which keeps up to 64 MB of freed batch temporaries (~20 MB here)."""
    import contextlib
    import ctypes
    import sys

    if "pyarrow" in sys.modules:
        sys.modules["pyarrow"].default_memory_pool().release_unused()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to trim
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def iter_blocks(path: str | os.PathLike, buf: np.ndarray) -> Iterator[np.ndarray]:
    """The records of a pairs file in order, read into ``buf`` (a RECORD array, reused: one block
    is valid until the next is read) as many at a time as it holds. A read into one preallocated
    array, not a memory map of the whole file, whose touched pages would count into RSS."""
    size = os.path.getsize(path)
    if size % RECORD.itemsize:
        raise InputError(f"{path}: size {size} is not a multiple of {RECORD.itemsize}-byte records")
    raw = buf.view(np.uint8)
    with open(path, "rb", buffering=0) as fh:
        while True:
            got = 0
            while got < raw.nbytes:
                m = fh.readinto(raw[got:])
                if not m:
                    break
                got += m
            if got == 0:
                return
            yield buf[: got // RECORD.itemsize]
            if got < raw.nbytes:
                return


def block_records(buffer_mb: float | None) -> int | None:
    """Records per block for a buffer of ``buffer_mb`` MiB (0 / None: the whole file); a buffer
    smaller than one record is an error, not silently one record."""
    if not buffer_mb:
        return None
    n = int(buffer_mb * (1 << 20)) // RECORD.itemsize
    if n < 1:
        raise InputError(
            f"glove.buffer_mb {buffer_mb} is smaller than one {RECORD.itemsize}-byte pair record"
        )
    return n
