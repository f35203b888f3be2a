from __future__ import annotations

import os
import stat

import numpy as np
import pyarrow as pa
import pytest

from wordgames.artifacts import (
    atomic_open,
    load_npy,
    read_parquet,
    require,
    save_npy,
    write_duckdb_catalog,
    write_parquet,
)
from wordgames.errors import ArtifactMissingError


def test_failed_write_leaves_no_file(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(RuntimeError), atomic_open(target) as fh:
        fh.write("half")
        raise RuntimeError("killed")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_failed_rewrite_keeps_previous_version(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_open(target) as fh:
        fh.write("new")
        raise RuntimeError("killed")
    assert target.read_text() == "old"


def test_artifacts_get_umask_permissions(tmp_path):
    target = tmp_path / "out.txt"
    with atomic_open(target) as fh:
        fh.write("x")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask


def test_parquet_npy_and_catalog_round_trip(tmp_path):
    import duckdb

    table = pa.table({"word": ["a", "b"], "count": [3, 1]})
    write_parquet(table, tmp_path / "vocab.parquet")
    assert read_parquet(tmp_path / "vocab.parquet").equals(table)
    save_npy(np.arange(6, dtype=np.uint8).reshape(2, 3), tmp_path / "m.npy")
    loaded = load_npy(tmp_path / "m.npy")
    assert isinstance(loaded, np.memmap) and loaded[1, 2] == 5
    write_duckdb_catalog(tmp_path / "c.duckdb", {"vocab": tmp_path / "vocab.parquet"})
    con = duckdb.connect(str(tmp_path / "c.duckdb"), read_only=True)
    assert con.execute("select sum(count) from vocab").fetchone()[0] == 4


def test_require_names_missing_artifact(tmp_path):
    with pytest.raises(ArtifactMissingError, match="missing artifact .*nope"):
        require(tmp_path / "nope")
