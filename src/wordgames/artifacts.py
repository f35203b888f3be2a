"""Reading and writing artifacts: atomic writes, Parquet (zstd), npy (memory-mapped), DuckDB views.

Every writer goes through :func:`atomic_path`: the data is written to a temporary file in the same
folder and renamed over the target only when complete, so a killed job never leaves a half-written
artifact that a later run would mistake for a finished one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from wordgames.errors import ArtifactMissingError

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike, suffix: str | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it onto ``target`` if the block succeeds."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.",
        suffix=suffix if suffix is not None else ".tmp",
        dir=target.parent,
    )
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        if (
            tmp_path.exists()
        ):  # mkstemp makes files private; give the artifact the usual permissions
            os.chmod(tmp_path, 0o666 & ~_umask())
        os.replace(tmp_path, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()


@contextlib.contextmanager
def atomic_open(target: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"):
    """Open a temporary file for writing; it replaces ``target`` when the block succeeds."""
    if "b" in mode:
        encoding = None
    with atomic_path(target) as tmp, open(tmp, mode, encoding=encoding) as fh:
        yield fh


def write_parquet(table: pa.Table, target: str | os.PathLike, **kwargs) -> Path:
    import pyarrow.parquet as pq

    kwargs.setdefault("compression", "zstd")
    with atomic_path(target, suffix=".parquet") as tmp:
        pq.write_table(table, tmp, **kwargs)
    return Path(target)


def read_parquet(path: str | os.PathLike, columns: list[str] | None = None) -> pa.Table:
    import pyarrow.parquet as pq

    return pq.read_table(require(path), columns=columns, memory_map=True)


def save_npy(array: np.ndarray, target: str | os.PathLike) -> Path:
    import numpy as np

    with atomic_path(target, suffix=".npy") as tmp:
        np.save(tmp, array, allow_pickle=False)
    return Path(target)


def load_npy(path: str | os.PathLike, mmap: bool = True) -> np.ndarray:
    import numpy as np

    return np.load(require(path), mmap_mode="r" if mmap else None, allow_pickle=False)


def require(path: str | os.PathLike, hint: str = "run the pipeline (make run) first") -> Path:
    """Fail with a one-line message if an artifact has not been built."""
    path = Path(path)
    if not path.exists():
        raise ArtifactMissingError(f"missing artifact {path}: {hint}")
    return path


def write_duckdb_catalog(target: str | os.PathLike, views: Mapping[str, str | os.PathLike]) -> Path:
    """Write a DuckDB file with one view per Parquet file, so the tables can be queried in SQL.

    The views reference the Parquet files by absolute path; the database holds no copy of the data.
    """
    import duckdb

    with atomic_path(target, suffix=".duckdb") as tmp:
        tmp.unlink()  # duckdb refuses to open an empty non-database file
        con = duckdb.connect(str(tmp))
        try:
            for name, parquet in views.items():
                path = str(Path(parquet).resolve()).replace("'", "''")
                con.execute(f"CREATE VIEW \"{name}\" AS SELECT * FROM read_parquet('{path}')")
        finally:
            con.close()
    return Path(target)
