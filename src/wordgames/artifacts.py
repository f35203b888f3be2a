"""Reading and writing artifacts: atomic writes, Parquet (zstd), npy (memory-mapped), DuckDB views.

Every writer goes through :func:`atomic_path`: the data is written to a temporary file in the same
folder and renamed over the target only when complete, so a killed job never leaves a half-written
artifact that a later run would mistake for a finished one. The temporary file is named
``.<target>.tmp-<host>-<pid>-<random>``: a later write of the same target removes the ones whose
process has died (a SIGKILL leaves them behind). A full disk raises
:class:`~wordgames.errors.DiskFullError` (one line, the previous version of the target kept).

Test-only fault hook: with ``WORDGAMES_FAULT=POINT[:N][@TARGET]`` in the environment, the N-th
(default first) atomic write of the process, counting only writes to ``TARGET`` when given, kills its
own process with SIGKILL just before the rename, after cutting the finished temporary file down to
what a kill at POINT leaves on disk: ``first-byte`` (1 byte), ``mid-file`` (half) or
``before-rename`` (all of it). With ``WORDGAMES_FAULT_GROUP=1`` it kills its whole process group
instead (Snakemake and every job it runs, as a power cut would). ``WORDGAMES_FAULT_LOG=FILE`` gets
one JSON line per kill. The fault
tests (tests/faults/) use it to kill every pipeline stage at each point; it is not meant for users.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import signal
import socket
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from wordgames.errors import ArtifactMissingError, DiskFullError

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


FAULT_ENV = "WORDGAMES_FAULT"
FAULT_LOG_ENV = "WORDGAMES_FAULT_LOG"
FAULT_GROUP_ENV = "WORDGAMES_FAULT_GROUP"
#: Bytes of the finished temporary file a kill at each point leaves on disk, as a function of its size.
FAULT_POINTS = {
    "first-byte": lambda size: min(size, 1),
    "mid-file": lambda size: size // 2,
    "before-rename": lambda size: size,
}
_fault_writes = 0
_HOST = socket.gethostname().split(".")[0] or "host"


def atomic_tmp_prefix(target: Path) -> str:
    """Name prefix of this process's temporary files for ``target`` (see the module docstring)."""
    return f".{target.name}.tmp-{_HOST}-{os.getpid()}-"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Delete the temporary files (and folders) of ``target`` left by dead processes on this host."""
    pattern = re.compile(
        rf"^\.{re.escape(target.name)}\.tmp-(?P<host>.+)-(?P<pid>\d+)-[a-z0-9_]{{8}}"
    )
    removed = []
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(target.parent):
            m = pattern.match(entry.name)
            if m is None or m["host"] != _HOST or _pid_alive(int(m["pid"])):
                continue
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            removed.append(path)
    return removed


def fault_point(tmp: Path, target: Path) -> None:
    """The test-only fault hook (module docstring): called by every atomic write before its rename."""
    spec = os.environ.get(FAULT_ENV)
    if not spec:
        return
    global _fault_writes
    head, _, where = spec.partition("@")
    point, _, nth = head.partition(":")
    if point not in FAULT_POINTS:
        raise ValueError(f"{FAULT_ENV}={spec!r}: the point is one of {', '.join(FAULT_POINTS)}")
    if where and Path(where).resolve() != Path(target).resolve():
        return
    _fault_writes += 1
    if _fault_writes != int(nth or 1):
        return
    size = tmp.stat().st_size if tmp.is_file() else 0
    kept = FAULT_POINTS[point](size)
    if kept < size:
        os.truncate(tmp, kept)
    if os.environ.get(FAULT_LOG_ENV):
        record = {
            "point": point,
            "target": str(target),
            "tmp": str(tmp),
            "size": size,
            "kept": kept,
            "pid": os.getpid(),
        }
        with open(os.environ[FAULT_LOG_ENV], "a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    if os.environ.get(FAULT_GROUP_ENV):
        os.killpg(os.getpgrp(), signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)


def _is_disk_full(exc: OSError) -> bool:
    return exc.errno in (errno.ENOSPC, errno.EDQUOT) or "No space left on device" in str(exc)


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike, suffix: str | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it onto ``target`` if the block succeeds."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(target)
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=atomic_tmp_prefix(target),
            suffix=suffix if suffix is not None else "",
            dir=target.parent,
        )
    except OSError as exc:
        if _is_disk_full(exc):
            raise DiskFullError(f"no space left on device to write {target}") from None
        raise
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        # mkstemp makes files private; give the artifact the usual permissions
        if tmp_path.exists():
            os.chmod(tmp_path, 0o666 & ~_umask())
        fault_point(tmp_path, target)
        os.replace(tmp_path, target)
    except OSError as exc:
        if _is_disk_full(exc):
            kept = "the previous version is kept" if target.exists() else "nothing was written"
            raise DiskFullError(f"no space left on device to write {target} ({kept})") from None
        raise
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()


@contextlib.contextmanager
def atomic_dir(target: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary folder beside ``target``; it replaces the folder ``target`` if the block
    succeeds. A kill leaves ``target`` absent or complete: the old folder is moved aside under a
    temporary name (removed by the next write, like a temporary file) before the new one moves in.
    The fault hook treats the folder as one write: each point kills just before the rename."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(target)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=atomic_tmp_prefix(target), dir=target.parent))
    except OSError as exc:
        if _is_disk_full(exc):
            raise DiskFullError(f"no space left on device to write {target}") from None
        raise
    try:
        yield tmp
        os.chmod(tmp, 0o777 & ~_umask())  # mkdtemp makes folders private
        fault_point(tmp, target)
        if target.is_dir() and not target.is_symlink():
            aside = Path(tempfile.mkdtemp(prefix=atomic_tmp_prefix(target), dir=target.parent))
            os.replace(target, aside / target.name)
            os.replace(tmp, target)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
            os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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
