"""``wordgames build report``: the last stage of the pipeline."""

from __future__ import annotations

import argparse
from pathlib import Path


def _run(args: argparse.Namespace) -> int:
    from wordgames.report.build import build_report

    if len(args.titles) != len(args.summaries):
        raise SystemExit("wordgames: error: give one --title per --summary")
    build_report(
        list(zip(args.titles, map(Path, args.summaries), strict=True)),
        Path(args.out),
        args.config_name,
    )
    return 0


def register(commands) -> None:
    p = commands.build.add_parser(
        "report", help="gather evaluation summaries into one Markdown report"
    )
    p.add_argument(
        "--summary", dest="summaries", action="append", default=[], help="a summary .md file"
    )
    p.add_argument("--title", dest="titles", action="append", default=[], help="its section title")
    p.add_argument("--config-name", default="config/config.yaml")
    p.add_argument("--out", required=True)
    p.set_defaults(handler=_run)
