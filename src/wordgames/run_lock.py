"""One pipeline run at a time per results folder.

Snakemake's own lock lives in the working folder's ``.snakemake/`` and is taken by checking for lock
files and then writing its own, so two runs started at the same moment can both pass, and runs from
two working folders writing one results folder (an absolute ``results_dir``) never see each other.
The Snakefile therefore also takes an exclusive ``flock`` on ``<results_dir>/logs/run.lock`` for the
whole run: the kernel grants it to one process only and releases it when that process ends, however
it ends, so a killed run leaves no stale lock behind.

It is taken while the Snakefile is parsed, right after the config is validated, because Snakemake 9
builds its DAG (and refuses a run over outputs another run has marked incomplete) before it takes
its own lock, and runs ``onstart`` later still: whichever run parses first holds the folder, and the
other is refused with this lock's message before it looks at any output. Only the main process of
an invocation that runs jobs takes it (:func:`wordgames.workflow.run_mode.runs_jobs`): dry runs,
summaries, listings, lints and DAG drawings take none, and neither do the Snakemake processes of
jobs (a cluster job parses the Snakefile too). ``onstart`` takes it as well, a no-op when this
process holds it already, for a Snakemake started through its Python API, whose command line says
nothing.
"""

from __future__ import annotations

import fcntl
import os
import socket
import sys
import time
from pathlib import Path
from typing import IO

from wordgames.errors import ResultsInUseError

#: The locks this process holds, by lock file. They stay open here (a lock file closed, or collected
#: with its last reference, releases the lock), and a second ``flock`` on a new open file of the
#: same path would conflict with the first even in one process.
_HELD: dict[Path, IO] = {}


def lock_path(results_dir: str | os.PathLike) -> Path:
    return Path(results_dir) / "logs" / "run.lock"


def hold_results_folder(results_dir: str | os.PathLike) -> IO:
    """Take the results folder's run lock, held until this process ends (or closes the returned
    file). Taken again by the process holding it: the same open file, no second lock."""
    path = lock_path(results_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = path.resolve()
    held = _HELD.get(key)
    if held is not None and not held.closed:
        return held
    fh = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held open until the process ends
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        fh.seek(0)
        holder = fh.read().strip() or "a process that has not written its name yet"
        fh.close()
        raise ResultsInUseError(
            f"results folder {results_dir} is in use by another snakemake run ({holder}); "
            "wait for it to finish or stop it"
        ) from None
    fh.seek(0)
    fh.truncate()
    fh.write(
        f"pid {os.getpid()} on {socket.gethostname()} since {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
    )
    fh.flush()
    _HELD[key] = fh
    return fh


def hold_or_exit(results_dir: str | os.PathLike) -> IO:
    """:func:`hold_results_folder` for the Snakefile: refused, the process exits with the project's
    one-line message (raised at parse time or in ``onstart``, the error would reach the user as
    Snakemake's traceback)."""
    try:
        return hold_results_folder(results_dir)
    except ResultsInUseError as exc:
        sys.exit(f"wordgames: error: {exc}")
