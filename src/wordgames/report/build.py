"""Assemble the per-game evaluation summaries into ``results/report/report.md``.

Each evaluation stage writes a Markdown summary (tables with the published numbers beside ours) and,
optionally, PNG plots next to it. The report copies nothing: it stitches the summaries together under one
heading per section and links the plots by relative path, so it always reflects the artifacts on disk.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path

from wordgames.artifacts import atomic_open, require


def build_report(sections: Sequence[tuple[str, Path]], target: Path, config_name: str) -> Path:
    """Write the report. ``sections`` pairs a title with a Markdown summary file."""
    lines = [
        "# wordgames report",
        "",
        f"Config: `{config_name}`. Written {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC.",
        "",
    ]
    for title, summary in sections:
        summary = require(summary, hint="its evaluation stage has not run")
        lines += [f"## {title}", "", summary.read_text(encoding="utf-8").strip(), ""]
        for plot in sorted(summary.parent.glob("*.png")):
            rel = os.path.relpath(plot, target.parent)
            lines += [f"![{plot.stem}]({rel})", ""]
    with atomic_open(target) as fh:
        fh.write("\n".join(lines))
    return target
