"""One pipeline run at a time per results folder.

Snakemake's own lock lives in the working folder's ``.snakemake/`` and is taken by checking for lock
files and then writing its own, so two runs started at the same moment can both pass, and runs from
two working folders writing one results folder (an absolute ``results_dir``) never see each other.
The Snakefile's ``onstart`` handler therefore also takes an exclusive ``flock`` on
``<results_dir>/logs/run.lock`` for the whole run: the kernel grants it to one process only and
releases it when that process ends, however it ends, so a killed run leaves no stale lock behind.
Dry runs and "nothing to be done" never reach ``onstart`` and take no lock.
"""

from __future__ import annotations

import fcntl
import os
import socket
import time
from pathlib import Path
from typing import IO

from wordgames.errors import ResultsInUseError


def lock_path(results_dir: str | os.PathLike) -> Path:
    return Path(results_dir) / "logs" / "run.lock"


def hold_results_folder(results_dir: str | os.PathLike) -> IO:
    """Take the results folder's run lock; keep the returned file open for as long as the run lasts."""
    path = lock_path(results_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
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
    return fh
