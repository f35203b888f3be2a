"""Vocabulary with counts: the words of a token stream that occur at least ``min_count`` times.

The table (``vocab.parquet``) has columns ``id`` (int32, the row number), ``word`` (string) and
``count`` (int64), sorted by count (descending) then word: the co-occurrence table, the PMI table and
the vectors all use these ids.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from wordgames.errors import InputError


def iter_lines(path: str | os.PathLike, shard: int = 0, shards: int = 1) -> Iterator[str]:
    """Lines of a token file (one sentence a line); with ``shards`` > 1 only every shards-th line."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh):
                if shards == 1 or n % shards == shard:
                    yield line
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text at byte {exc.start}") from None


def count_words(lines: Iterable[str]) -> Counter:
    counts: Counter = Counter()
    for line in lines:
        counts.update(line.split())
    return counts


def build_vocab(counts: Counter | dict, min_count: int = 1, max_vocab: int | None = None):
    """The vocabulary table: words with count >= min_count, most frequent first (ties by word)."""
    import pyarrow as pa

    items = sorted(
        ((w, c) for w, c in counts.items() if c >= min_count), key=lambda x: (-x[1], x[0])
    )
    if max_vocab is not None:
        items = items[:max_vocab]
    return pa.table(
        {
            "id": pa.array(range(len(items)), pa.int32()),
            "word": pa.array([w for w, _ in items], pa.string()),
            "count": pa.array([c for _, c in items], pa.int64()),
        }
    )


def vocab_from_file(path, min_count: int = 1, max_vocab: int | None = None):
    return build_vocab(count_words(iter_lines(path)), min_count, max_vocab)


def load_words(vocab_path) -> list[str]:
    from wordgames.artifacts import read_parquet

    return read_parquet(vocab_path, columns=["word"]).column("word").to_pylist()
