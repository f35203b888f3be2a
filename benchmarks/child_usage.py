"""Run one child process and take its exact resource usage from ``os.wait4``.

``Popen.wait`` drops the rusage; ``os.wait4`` returns the CPU time and peak RSS of the child (and of
the processes it waited for). Output goes to files, not pipes: a child that writes more than a pipe
holds would block while we wait for it.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ChildUsage:
    returncode: int
    cpu_s: float
    wall_s: float
    peak_mb: float
    stdout: Path
    stderr: Path


def run_child(cmd: list[str], stdout: Path, stderr: Path) -> ChildUsage:
    """Run ``cmd`` with its output in ``stdout`` / ``stderr``; CPU s, wall s and peak RSS MB."""
    start = time.perf_counter()
    with open(stdout, "wb") as so, open(stderr, "wb") as se:
        proc = subprocess.Popen(cmd, stdout=so, stderr=se)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return ChildUsage(
        returncode=os.waitstatus_to_exitcode(status),
        cpu_s=usage.ru_utime + usage.ru_stime,
        wall_s=wall,
        peak_mb=usage.ru_maxrss / 1024,
        stdout=stdout,
        stderr=stderr,
    )
