"""``python -m wordgames.report.where [--stale] CONFIG``: print where the config's HTML report goes
(for ``make run``, which hands it to ``snakemake --report``).

With ``--stale`` it prints the path only when the report must be written again: it is missing, or
something it shows is newer than it (the report folder's tables, figures and run statistics, which a
run rewrites whenever any job runs; the workflow's rules and captions; the config), and prints
nothing otherwise, so a second ``make run`` writes nothing. The workflow is the one in the working
folder, where ``make`` runs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path


def newer_than(target: Path, sources: Iterable[Path]) -> Path | None:
    """The first file under ``sources`` (files or folders) modified after ``target``, or None;
    ``target`` itself when it does not exist."""
    if not target.is_file():
        return target
    since = target.stat().st_mtime
    for source in sources:
        files = source.rglob("*") if source.is_dir() else [source]
        for path in files:
            if path.is_file() and path.stat().st_mtime > since:
                return path
    return None


def main(argv: list[str]) -> int:
    from wordgames import paths
    from wordgames.config import load_cli_config
    from wordgames.errors import WordgamesError

    stale = "--stale" in argv
    args = [a for a in argv if a != "--stale"]
    configfile = args[0] if args else "config/config.yaml"
    try:
        cfg = load_cli_config(configfile)
        report = paths.html_report(cfg)
        shown = [paths.report_dir(cfg), Path("Snakefile"), Path("workflow"), Path(configfile)]
        if not stale or newer_than(report, shown) is not None:
            print(report)
    except WordgamesError as exc:
        print(f"wordgames: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
