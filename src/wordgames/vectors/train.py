"""Train vectors for a collection from its artifacts and write the outputs of the glove stage."""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wordgames.artifacts import atomic_open, read_parquet, require
from wordgames.vectors.glove import GloveParams, train_parquet
from wordgames.vectors.keyed import save_vectors

log = logging.getLogger(__name__)


def load_cooccur(path, column: str = "weight"):
    table = read_parquet(path, columns=["i", "j", column])
    return (
        table.column("i").to_numpy(),
        table.column("j").to_numpy(),
        table.column(column).to_numpy().astype(np.float64),
    )


@dataclass(frozen=True)
class VectorOutputs:
    """Where the glove stage writes: the matrix (.npy), its vocabulary, the gensim KeyedVectors and
    the training summary (JSON)."""

    vectors: Path
    vocab: Path
    kv: Path
    summary: Path

    def save(self, words, vectors, counts, summary: dict) -> None:
        save_vectors(self.vectors, self.vocab, self.kv, words, vectors, counts)
        with atomic_open(self.summary) as fh:
            json.dump(summary, fh, indent=1)


def train_glove_files(
    cooccur: str | os.PathLike,
    vocab: str | os.PathLike,
    out: VectorOutputs,
    params: GloveParams,
    *,
    checkpoint_dir: str | os.PathLike | None = None,
    stop_after: int | None = None,
) -> dict:
    """GloVe on a co-occurrence table; ``checkpoint_dir`` holds the state of an interrupted run."""
    import pyarrow.parquet as pq

    vt = read_parquet(vocab, columns=["word", "count"])
    words = vt.column("word").to_pylist()
    counts = vt.column("count").to_pylist()
    nnz = pq.ParquetFile(require(cooccur)).metadata.num_rows
    log.info("GloVe: %d words, %d non-zero pairs, %s", len(words), nnz, params)
    t0 = time.perf_counter()
    # the pairs are streamed from a shuffled file beside the checkpoint (or in a temporary folder
    # under the output folder), never loaded as columns
    state, losses = train_parquet(
        cooccur,
        len(words),
        params,
        checkpoint_dir=Path(checkpoint_dir) if checkpoint_dir else None,
        work_dir=out.vectors.parent,
        stop_after=stop_after,
    )
    seconds = time.perf_counter() - t0
    summary = {
        "method": "glove",
        "words": len(words),
        "nnz": int(nnz),
        "params": params.__dict__,
        "losses": losses,
        "iterations_done": len(losses),
        "seconds": round(seconds, 2),
    }
    if len(losses) < params.iterations:
        log.warning("stopped after %d of %d iterations", len(losses), params.iterations)
    vectors = state.take_vectors()  # the accumulators go before gensim copies the vectors
    del state
    out.save(words, vectors, counts, summary)
    return summary


def train_gensim_files(
    tokens: str | os.PathLike,
    vocab: str | os.PathLike,
    out: VectorOutputs,
    method: str,
    params: GloveParams,
    *,
    window: int,
    min_count: int,
) -> dict:
    """word2vec (skip-gram, negative sampling) or fastText on the same tokens, same min count."""
    from gensim.models import FastText, Word2Vec

    require(tokens)
    cls = {"word2vec": Word2Vec, "fasttext": FastText}[method]
    t0 = time.perf_counter()
    model = cls(
        corpus_file=str(tokens),
        vector_size=params.dim,
        window=window,
        min_count=min_count,
        sg=1,
        epochs=params.iterations,
        workers=params.threads,
        seed=params.seed,
    )
    seconds = time.perf_counter() - t0
    kv = model.wv
    vt = read_parquet(vocab, columns=["word", "count"])
    order = [w for w in vt.column("word").to_pylist() if w in kv.key_to_index]
    counts = dict(zip(vt.column("word").to_pylist(), vt.column("count").to_pylist(), strict=True))
    vectors = np.stack([kv[w] for w in order]) if order else np.zeros((0, params.dim), np.float32)
    summary = {
        "method": method,
        "words": len(order),
        "params": params.__dict__,
        "window": window,
        "min_count": min_count,
        "seconds": round(seconds, 2),
    }
    out.save(order, vectors, [counts[w] for w in order], summary)
    return summary
