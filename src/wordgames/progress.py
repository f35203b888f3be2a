"""Progress bars for long work: tqdm on a terminal, sparse lines in log files."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def progress(
    iterable: Iterable[T] | None = None,
    *,
    desc: str,
    total: int | None = None,
    unit: str = "it",
    **kwargs,
):
    """A tqdm bar on stderr; when stderr is not a terminal (a rule's log), update every 30 s only."""
    # not tqdm.auto: in a notebook it wants ipywidgets (not a dependency) and warns without it
    from tqdm.std import tqdm

    interactive = sys.stderr.isatty()
    kwargs.setdefault("mininterval", 0.5 if interactive else 30.0)
    kwargs.setdefault("dynamic_ncols", interactive)
    return tqdm(iterable, desc=desc, total=total, unit=unit, file=sys.stderr, **kwargs)
