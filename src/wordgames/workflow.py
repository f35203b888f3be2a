"""What the Snakefile needs from the environment it runs in."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def use_this_environment() -> None:
    """Put the bin folder of the interpreter running Snakemake first on PATH, so every job's
    ``wordgames build ...`` runs this environment's ``wordgames`` even when it is not activated
    (local jobs inherit the PATH; a cluster job runs Snakemake again, which calls this again)."""
    bin_dir = str(Path(sys.executable).parent)
    parts = os.environ.get("PATH", "").split(os.pathsep)
    if parts[:1] != [bin_dir]:
        os.environ["PATH"] = os.pathsep.join([bin_dir, *parts])
