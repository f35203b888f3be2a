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


# faults (issue 12) ---------------------------------------------------------------------------------
@pytest.mark.faults
def test_full_disk_is_one_line_and_keeps_the_previous_version(tmp_path):
    import errno

    from wordgames.errors import DiskFullError

    target = tmp_path / "out.txt"
    target.write_text("old")
    message = r"no space left on device to write .*out.txt \(the previous version is kept\)"
    with pytest.raises(DiskFullError, match=message), atomic_open(target) as fh:
        fh.write("new")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(proc.stdout)


@pytest.mark.faults
def test_temporaries_of_dead_processes_are_removed_by_the_next_write(tmp_path):
    from wordgames.artifacts import atomic_tmp_prefix

    target = tmp_path / "out.txt"
    live = tmp_path / (atomic_tmp_prefix(target) + "abcdefgh")
    live.write_text("a write in progress in a live process")
    dead = tmp_path / atomic_tmp_prefix(target).replace(f"-{os.getpid()}-", f"-{_dead_pid()}-")
    dead = dead.with_name(dead.name + "zyxwvuts.parquet")
    dead.write_text("left by a killed job")
    other = tmp_path / (".out.txt.b" + dead.name.removeprefix(".out.txt"))  # another target's
    other.write_text("x")
    with atomic_open(target) as fh:
        fh.write("new")
    assert target.read_text() == "new"
    assert live.exists() and other.exists() and not dead.exists()


@pytest.mark.faults
@pytest.mark.parametrize(
    ("point", "kept"), [("first-byte", 1), ("mid-file", 0.5), ("before-rename", 1.0)]
)
def test_fault_hook_kills_the_process_and_leaves_the_target_alone(tmp_path, point, kept):
    import json
    import signal
    import subprocess
    import sys

    target = tmp_path / "t.parquet"
    target.write_bytes(b"previous version")
    code = (
        "import pyarrow as pa; from wordgames.artifacts import write_parquet;"
        f"write_parquet(pa.table({{'x': list(range(1000))}}), {str(tmp_path / 'a.parquet')!r});"
        f"write_parquet(pa.table({{'x': list(range(1000))}}), {str(target)!r})"
    )
    log = tmp_path / "fault.log"
    env = {**os.environ, "WORDGAMES_FAULT": f"{point}@{target}", "WORDGAMES_FAULT_LOG": str(log)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"previous version"
    assert (tmp_path / "a.parquet").exists()  # the hook only fired for the named target
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    size = record["size"]
    assert record["kept"] == (kept if isinstance(kept, int) else int(size * kept))
    (tmp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".t.parquet.tmp-")]
    assert tmp.stat().st_size == record["kept"]
    write_parquet(pa.table({"x": [1]}), target)  # the next write cleans up after the killed one
    assert not tmp.exists()


@pytest.mark.faults
def test_a_stage_on_a_full_disk_fails_in_one_line_and_leaves_nothing(small_tmpfs, tmp_path):
    import subprocess
    import sys

    mnt, _ = small_tmpfs
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("\n".join(f"w{i} w{i + 1} w{i + 2}" for i in range(0, 300_000, 3)))
    out = mnt / "vocab.parquet"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordgames",
            "build",
            "vocab",
            "--in",
            str(tokens),
            "--out",
            str(out),
            "--min-count",
            "1",
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr.strip().splitlines()[-1] == (
        f"wordgames: error: no space left on device to write {out} (nothing was written)"
    )
    assert list(mnt.iterdir()) == []


@pytest.mark.faults
def test_a_folder_killed_before_its_rename_leaves_the_previous_one_whole(tmp_path):
    import json
    import subprocess
    import sys

    from wordgames.guillotine.compact import read_compact, write_compact

    folder = tmp_path / "vectors-unit"
    write_compact(folder, {"unit": np.ones((2, 3), dtype=np.float32)}, ["a", "b"])
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code = (
        "import numpy as np; from wordgames.guillotine.compact import write_compact;"
        f"write_compact({str(folder)!r}, {{'unit': np.zeros((3, 3), dtype=np.float32)}}, "
        "['x', 'y', 'z'])"
    )
    log = tmp_path / "fault.log"
    env = {**os.environ, "WORDGAMES_FAULT": f"mid-file@{folder}", "WORDGAMES_FAULT_LOG": str(log)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
    assert proc.returncode == -9, proc.stderr.decode()[-2000:]
    assert json.loads(log.read_text())["target"] == str(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert len(list(tmp_path.glob(".vectors-unit.tmp-*"))) == 1  # the killed write's folder
    write_compact(folder, {"unit": np.zeros((3, 3), dtype=np.float32)}, ["x", "y", "z"])
    assert list(tmp_path.glob(".vectors-unit.tmp-*")) == []
    arrays, words, _ = read_compact(folder)
    assert words == ["x", "y", "z"] and arrays["unit"].shape == (3, 3)
