"""Vectors on disk: ``vectors.npy`` + ``vocab.parquet`` and gensim KeyedVectors.

``save_vectors`` writes all three atomically into the glove folder; the KeyedVectors file is saved
with gensim's own ``save`` (its large arrays as separate ``.npy`` files beside it), so
``KeyedVectors.load(path, mmap='r')`` maps the vectors without reading them and ``most_similar``
works at once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordgames.artifacts import require, save_npy, write_parquet


def to_keyed_vectors(
    words: Sequence[str], vectors: np.ndarray, counts: Sequence[int] | None = None
):
    from gensim.models import KeyedVectors

    kv = KeyedVectors(vector_size=vectors.shape[1], dtype=np.float32)
    kv.add_vectors(list(words), np.asarray(vectors, dtype=np.float32))
    if counts is not None:
        for word, count in zip(words, counts, strict=True):
            kv.set_vecattr(word, "count", int(count))
    return kv


def save_keyed_vectors(kv, target: str | os.PathLike) -> Path:
    """Save with gensim (several files) into a temporary folder, then move each file into place.

    The main file moves last, so its presence means the companion ``.npy`` files are complete.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmpdir = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        kv.save(str(tmpdir / target.name))
        companions = [p for p in tmpdir.iterdir() if p.name != target.name]
        for stale in target.parent.glob(f"{target.name}.*.npy"):
            stale.unlink()
        for path in companions:
            os.replace(path, target.parent / path.name)
        os.replace(tmpdir / target.name, target)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return target


def save_vectors(
    folder_npy: str | os.PathLike,
    vocab_out: str | os.PathLike,
    kv_out: str | os.PathLike,
    words: Sequence[str],
    vectors: np.ndarray,
    counts: Sequence[int] | None = None,
) -> None:
    import pyarrow as pa

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    save_npy(vectors, folder_npy)
    table = {"word": pa.array(list(words), pa.string())}
    if counts is not None:
        table["count"] = pa.array([int(c) for c in counts], pa.int64())
    write_parquet(pa.table(table), vocab_out)
    save_keyed_vectors(to_keyed_vectors(words, vectors, counts), kv_out)


def load_keyed_vectors(path: str | os.PathLike, mmap: bool = True):
    """gensim KeyedVectors, memory-mapped (``mmap='r'``) by default."""
    from gensim.models import KeyedVectors

    return KeyedVectors.load(str(require(path)), mmap="r" if mmap else None)
