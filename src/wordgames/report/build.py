"""Assemble the per-game evaluation summaries into ``results/report/report.md``.

Each evaluation stage writes a Markdown summary (tables with the published numbers beside ours); the
HTML report's plotting stages draw its figures under ``report/figures/``. The report copies nothing:
it stitches the summaries together under one heading per section, links the figures its rule names
by a path relative to itself (``figures/NAME.svg``: everything it shows lives under the report's
folder, so whoever serves that folder serves the whole report), and says why each section it
cannot show is missing.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path

from wordgames.artifacts import atomic_open, require


def build_report(
    sections: Sequence[tuple[str, Path]],
    target: Path,
    config_name: str,
    figures: Sequence[tuple[str, Path]] = (),
    absent: Sequence[tuple[str, str]] = (),
) -> Path:
    """Write the report. ``sections`` pairs a title with a Markdown summary file, ``figures`` a
    section title with a figure (a title with no summary gets a section of figures only) and
    ``absent`` a section's title with why it is not in the report."""
    lines = [
        "# wordgames report",
        "",
        f"Config: `{config_name}`. Written {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC.",
        "",
    ]
    by_title: dict[str, list[Path]] = {}
    for title, figure in figures:
        by_title.setdefault(title, []).append(require(figure, "its plotting stage has not run"))
    summaries = dict(sections)
    for title in [*summaries, *(t for t in by_title if t not in summaries)]:
        lines += [f"## {title}", ""]
        if title in summaries:
            summary = require(summaries[title], hint="its evaluation stage has not run")
            lines += [summary.read_text(encoding="utf-8").strip(), ""]
        for figure in by_title.get(title, []):
            rel = Path(os.path.relpath(figure, target.parent)).as_posix()
            lines += [f"![{title}: {figure.stem.replace('-', ' ')}]({rel})", ""]
    for title, why in absent:
        lines += [f"## {title}", "", f"{why[:1].upper()}{why[1:]}.", ""]
    with atomic_open(target) as fh:
        fh.write("\n".join(lines))
    return target
