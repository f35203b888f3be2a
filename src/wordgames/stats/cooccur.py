"""Co-occurrence counts in a symmetric window, memory-bounded, shardable.

As in the Stanford GloVe tools (``cooccur``): words outside the vocabulary are dropped from a sentence
*before* windowing (so the window spans ``window`` in-vocabulary words), windows never cross a line,
and a pair of words at distance ``d`` adds ``1/d`` to the GloVe ``weight`` of both (i, j) and (j, i).
The plain number of pairs in the window is kept beside it as ``count`` (what PMI uses).

Counting goes chunk by chunk: a chunk of ``chunk_tokens`` tokens is turned into int64 keys by a numba
kernel (each unordered pair occurrence once, as ``(lo * V + hi) * (window + 1) + distance``), sorted
in place and summed per pair, and the sorted chunk is
appended as one row group to the shard's spill Parquet file. A shard is every ``shards``-th line of the
token file, so shards are independent jobs. The merge sums equal pairs over all spilled chunks of all
shards with DuckDB under a memory limit (it spills to disk beyond that), expands each unordered pair to
both orders, and writes the final table ``i, j, weight, count`` sorted by (i, j).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import numba
import numpy as np

from wordgames.stats.vocab import iter_lines

log = logging.getLogger(__name__)

SPILL_SCHEMA_FIELDS = (("i", "int32"), ("j", "int32"), ("weight", "float64"), ("count", "int64"))


@numba.njit(cache=True)
def _count_pairs(offsets, window):
    total = 0
    for s in range(len(offsets) - 1):
        n = offsets[s + 1] - offsets[s]
        for d in range(1, min(window, n - 1) + 1):
            total += n - d
    return total


@numba.njit(cache=True)
def _emit_pairs(ids, offsets, window, vocab_size, keys):
    """Fill keys ``(lo * V + hi) * (window + 1) + d`` for every pair at distance d <= window."""
    k = 0
    span = window + 1
    for s in range(len(offsets) - 1):
        start = offsets[s]
        end = offsets[s + 1]
        for p in range(start, end):
            a = ids[p]
            stop = min(end, p + window + 1)
            for q in range(p + 1, stop):
                b = ids[q]
                if a <= b:
                    keys[k] = (a * vocab_size + b) * span + (q - p)
                else:
                    keys[k] = (b * vocab_size + a) * span + (q - p)
                k += 1
    return k


@numba.njit(cache=True)
def _reduce_sorted(keys, window, weighting):
    """Group a sorted key array by pair: unique pairs, summed weights (1/d or 1), counts."""
    n = len(keys)
    span = window + 1
    out_k = np.empty(n, np.int64)
    out_w = np.empty(n, np.float64)
    out_c = np.empty(n, np.int64)
    m = -1
    last = -1
    for t in range(n):
        pair = keys[t] // span
        d = keys[t] - pair * span
        if pair != last or m < 0:
            m += 1
            out_k[m] = pair
            out_w[m] = 0.0
            out_c[m] = 0
            last = pair
        out_w[m] += 1.0 / d if weighting else 1.0
        out_c[m] += 1
    return out_k[: m + 1].copy(), out_w[: m + 1].copy(), out_c[: m + 1].copy()


def count_chunk(
    ids: np.ndarray, offsets: np.ndarray, window: int, vocab_size: int, weighting: bool = True
):
    """Unordered pair counts of one chunk: (lo, hi, weight, count) sorted by (lo, hi).

    Each pair occurrence is one int64 key holding the pair and its distance, sorted in place, so
    a chunk needs about 8 bytes per pair occurrence (2 * window per token) plus the output.
    """
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if (vocab_size * vocab_size) * (window + 1) >= 2**62:
        raise ValueError("vocabulary too large for 64-bit pair keys")
    n = _count_pairs(offsets, window)
    keys = np.empty(n, np.int64)
    _emit_pairs(ids, offsets, window, vocab_size, keys)
    keys.sort()
    pairs, weight, count = _reduce_sorted(keys, window, weighting)
    del keys
    lo = (pairs // vocab_size).astype(np.int32)
    hi = (pairs % vocab_size).astype(np.int32)
    return lo, hi, weight, count


def encode_chunks(
    lines, word_ids: dict[str, int], chunk_tokens: int
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(ids, sentence offsets) of consecutive chunks of about ``chunk_tokens`` in-vocabulary tokens.

    Out-of-vocabulary tokens are dropped here, before windowing.
    """
    get = word_ids.get
    ids: list[int] = []
    offsets = [0]
    for line in lines:
        sent = [i for i in map(get, line.split()) if i is not None]
        if len(sent) < 2:
            continue
        ids.extend(sent)
        offsets.append(len(ids))
        if len(ids) >= chunk_tokens:
            yield np.asarray(ids, np.int64), np.asarray(offsets, np.int64)
            ids = []
            offsets = [0]
    if ids:
        yield np.asarray(ids, np.int64), np.asarray(offsets, np.int64)


def _spill_schema():
    import pyarrow as pa

    return pa.schema([(name, getattr(pa, t)()) for name, t in SPILL_SCHEMA_FIELDS])


def count_shard(
    tokens: str | os.PathLike,
    words: Sequence[str],
    out: str | os.PathLike,
    *,
    window: int = 10,
    weighting: bool = True,
    chunk_tokens: int = 4_000_000,
    shard: int = 0,
    shards: int = 1,
) -> dict:
    """Count one shard of a token file; write its sorted chunks as row groups of ``out``.

    Returns a summary (tokens, chunks, spilled rows).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from wordgames.artifacts import atomic_path
    from wordgames.progress import progress

    word_ids = {w: i for i, w in enumerate(words)}
    vocab_size = len(words)
    summary = {"tokens_in_vocab": 0, "chunks": 0, "rows": 0, "pairs": 0}
    schema = _spill_schema()
    bar = progress(desc=f"cooccur shard {shard + 1}/{shards}", unit="tok", unit_scale=True)
    with atomic_path(out, suffix=".parquet") as tmp:
        writer = pq.ParquetWriter(tmp, schema, compression="zstd")
        try:
            chunks = encode_chunks(iter_lines(tokens, shard, shards), word_ids, chunk_tokens)
            for ids, offsets in chunks:
                lo, hi, weight, count = count_chunk(ids, offsets, window, vocab_size, weighting)
                writer.write_table(pa.table([lo, hi, weight, count], schema=schema))
                summary["tokens_in_vocab"] += len(ids)
                summary["chunks"] += 1
                summary["rows"] += len(lo)
                summary["pairs"] += int(count.sum())
                bar.update(len(ids))
        finally:
            writer.close()
            bar.close()
    log.info("shard %d/%d: %s", shard + 1, shards, summary)
    return summary


def merge_spills(
    spills: Sequence[str | os.PathLike],
    out: str | os.PathLike,
    *,
    memory_limit: str = "2GB",
    threads: int = 1,
) -> int:
    """Sum the spilled unordered pairs of all shards and write the symmetric table; returns rows.

    Output columns: ``i``, ``j`` (int32 word ids), ``weight`` (float64), ``count`` (int64), sorted by
    (i, j), with both (i, j) and (j, i); a word paired with itself gets twice its unordered sum, as
    in the Stanford tool where each pair adds to both orders.
    """
    import duckdb

    from wordgames.artifacts import atomic_path

    files = [str(Path(p).resolve()) for p in spills]
    sources = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
    with atomic_path(out, suffix=".parquet") as tmp:
        tmpdir = Path(tmp).parent / f".{Path(out).name}.duckdb-tmp"
        con = duckdb.connect()
        try:
            con.execute(f"SET memory_limit='{memory_limit}'")
            con.execute("SET enable_progress_bar=false")
            con.execute(f"SET threads={int(threads)}")
            con.execute(f"SET temp_directory='{tmpdir}'")
            con.execute("SET preserve_insertion_order=false")
            target = str(tmp).replace("'", "''")
            con.execute(
                f"""
                COPY (
                  WITH u AS (
                    SELECT i, j, sum(weight) AS weight, sum(count)::BIGINT AS count
                    FROM read_parquet([{sources}]) GROUP BY i, j
                  )
                  SELECT i, j,
                         CASE WHEN i = j THEN 2 * weight ELSE weight END AS weight,
                         CASE WHEN i = j THEN 2 * count ELSE count END AS count
                  FROM u
                  UNION ALL
                  SELECT j AS i, i AS j, weight, count FROM u WHERE i <> j
                  ORDER BY i, j
                ) TO '{target}' (FORMAT parquet, COMPRESSION zstd)
                """
            )
            rows = con.execute(f"SELECT count(*) FROM read_parquet('{target}')").fetchall()[0][0]
        finally:
            con.close()
            if tmpdir.exists():
                import shutil

                shutil.rmtree(tmpdir, ignore_errors=True)
    return int(rows)


def reference_counts(
    sentences, words: Sequence[str], window: int, weighting: bool = True
) -> dict[tuple[int, int], tuple[float, int]]:
    """Plain-Python reference: {(i, j): (weight, count)} for both orders (tests use it)."""
    word_ids = {w: i for i, w in enumerate(words)}
    table: dict[tuple[int, int], list] = {}
    for sent in sentences:
        ids = [word_ids[t] for t in sent if t in word_ids]
        for p in range(len(ids)):
            for q in range(p + 1, min(len(ids), p + window + 1)):
                w = 1.0 / (q - p) if weighting else 1.0
                for key in ((ids[p], ids[q]), (ids[q], ids[p])):
                    entry = table.setdefault(key, [0.0, 0])
                    entry[0] += w
                    entry[1] += 1
    return {k: (v[0], v[1]) for k, v in table.items()}
