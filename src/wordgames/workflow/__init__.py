"""What the Snakefile needs from the environment it runs in, and the list params of its rules'
optional and repeated command-line options."""

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


# Optional and repeated command-line options as rule params. A rule passes values; an option that
# is present only for some jobs (or once per item) cannot be written in the shell command itself,
# so its param is a list of arguments, which Snakemake's shell formatting joins with spaces (and
# ``{params.x:q}`` quotes item by item). An empty list formats as nothing.
def option(flag: str, value) -> list:
    """``[flag, value]`` when ``value`` is set, else ``[]`` (None, "", 0 and False leave it out, as
    for a config key whose zero means "no limit")."""
    return [flag, value] if value else []


def option_list(flag: str, values) -> list:
    """``[flag, v1, v2, ...]`` (an option taking several values) when ``values`` is not empty."""
    values = list(values)
    return [flag, *values] if values else []


def repeated(flag: str, values) -> list:
    """``[flag, v1, flag, v2, ...]``: the option once per value."""
    return [item for value in values for item in (flag, value)]


def switch(flag: str, on) -> list:
    """``[flag]`` when ``on``, else ``[]``."""
    return [flag] if on else []
