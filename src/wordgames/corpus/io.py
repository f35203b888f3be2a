"""Streaming Parquet writers and readers for the corpus stages (memory stays flat as input grows)."""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from wordgames.artifacts import atomic_open, atomic_path
from wordgames.corpus.model import TABLE_COLUMNS

DOCS_SCHEMA = pa.schema([("doc", pa.string()), ("text", pa.string())])
SENTENCES_SCHEMA = pa.schema(
    [("doc", pa.string()), ("sent", pa.int32()), ("tokens", pa.list_(pa.string()))]
)
STR_LIST = pa.list_(pa.string())
#: Arrow type of each column type name of :data:`~wordgames.corpus.model.TABLE_COLUMNS`.
COLUMN_TYPES = {
    "string": pa.string(),
    "bool": pa.bool_(),
    "float32": pa.float32(),
    "float64": pa.float64(),
    "string list": STR_LIST,
}
TABLE_SCHEMAS = {
    table: pa.schema([(name, COLUMN_TYPES[kind]) for name, kind in columns.items()])
    for table, columns in TABLE_COLUMNS.items()
}


class RowWriter:
    """Append rows (dicts) to a Parquet file in batches; the file appears atomically on close."""

    def __init__(self, target: str | os.PathLike, schema: pa.Schema, batch_rows: int = 20_000):
        self.target = Path(target)
        self.schema = schema
        self.batch_rows = batch_rows
        self.rows = 0
        self._buffer: dict[str, list] = {name: [] for name in schema.names}
        self._stack = contextlib.ExitStack()
        self._tmp = self._stack.enter_context(atomic_path(self.target, suffix=".parquet"))
        self._writer = pq.ParquetWriter(self._tmp, schema, compression="zstd")

    def append(self, **row) -> None:
        for name, values in self._buffer.items():
            values.append(row.get(name))
        self.rows += 1
        if len(self._buffer[self.schema.names[0]]) >= self.batch_rows:
            self.flush()

    def flush(self) -> None:
        if not self._buffer[self.schema.names[0]]:
            return
        batch = pa.RecordBatch.from_pydict(self._buffer, schema=self.schema)
        self._writer.write_batch(batch)
        self._buffer = {name: [] for name in self.schema.names}

    def close(self) -> None:
        """Finish the file and move it into place."""
        self.flush()
        self._writer.close()
        self._stack.close()

    def abort(self) -> None:
        self._writer.close()
        self._stack.__exit__(RuntimeError, RuntimeError("aborted"), None)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        else:
            self._writer.close()
            self._stack.__exit__(exc_type, exc, tb)
        return False


def iter_batches(path: str | os.PathLike, columns: list[str] | None = None, batch_size: int = 8192):
    """Record batches of a Parquet file, streamed."""
    pf = pq.ParquetFile(path)
    yield from pf.iter_batches(batch_size=batch_size, columns=columns)


def write_json(target: str | os.PathLike, data: dict) -> None:
    with atomic_open(target) as fh:
        json.dump(data, fh, indent=2, sort_keys=False, ensure_ascii=False)
        fh.write("\n")


def read_json(path: str | os.PathLike) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def merge_counts(*counters: dict) -> dict:
    total: Counter = Counter()
    for c in counters:
        total.update(c)
    return dict(sorted(total.items()))
