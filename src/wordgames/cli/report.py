"""``wordgames build report`` (the Markdown report) and the HTML report's stages: one ``plot-*``
stage per figure, ``report-table`` (an evaluation summary as HTML) and ``report-benchmarks`` (the
run's benchmark records). Each takes its input paths, its output path and a ``--note`` (the
config's name, printed on the figure) and nothing else."""

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
        figures=[(title, Path(path)) for title, path in _pairs(args.figures, "--figure")],
        absent=_pairs(args.absent, "--absent"),
    )
    return 0


def _pairs(items: list[str], option: str) -> list[tuple[str, str]]:
    """TITLE=VALUE items as pairs (a title holds no '=')."""
    from wordgames.errors import InputError

    out = []
    for item in items:
        title, sep, value = item.partition("=")
        if not sep:
            raise InputError(f"{option} {item!r}: give TITLE=VALUE")
        out.append((title, value))
    return out


def _plot(args: argparse.Namespace) -> int:
    from wordgames.report import figures

    draw = {
        "plot-wordle": lambda: figures.wordle_guesses(args.inputs, args.max_guesses),
        "plot-hangman": lambda: figures.hangman_win_rates(
            args.inputs[0], _lm_tokens(args.manifest)
        ),
        "plot-hangman-lm-sizes": lambda: figures.hangman_lm_sizes(args.inputs[0]),
        "plot-guillotine-recall": lambda: figures.guillotine_recall(args.inputs),
        "plot-guillotine-calibration": lambda: figures.guillotine_calibration(args.inputs),
        "plot-glove": lambda: figures.glove_loss(args.inputs),
        "plot-corpora": lambda: figures.corpus_sizes(args.inputs),
    }[args.stage]
    figures.save(draw(), args.out, args.note)
    return 0


def _lm_tokens(manifest: str | None) -> int | None:
    if not manifest:
        return None
    from wordgames.report.figures import read_json

    return int(read_json(Path(manifest)).get("tokens", 0)) or None


def _table(args: argparse.Namespace) -> int:
    from wordgames.artifacts import atomic_open
    from wordgames.report.tables import summary_page

    with atomic_open(args.out) as fh:
        fh.write(summary_page(args.summary, args.title, args.note))
    return 0


def _run_done(args: argparse.Namespace) -> int:
    from wordgames.artifacts import atomic_open

    # written like every artifact (atomically) so a killed job leaves no marker half-made
    with atomic_open(args.out) as f:
        f.write(f"the run's {args.targets} targets are built\n")
    return 0


def _benchmarks(args: argparse.Namespace) -> int:
    from wordgames.report import figures, tables

    records = tables.benchmark_records(args.records)
    tables.write_page(
        args.out_table,
        "Benchmark records",
        tables.benchmark_table(records)
        + (f"<p class='muted'>{args.note}</p>" if args.note else ""),
    )
    figures.save(tables.benchmark_figure(records), args.out_plot, args.note)
    return 0


PLOTS = {
    "plot-wordle": "Wordle guess distribution per strategy and mode (per-game Parquet files)",
    "plot-hangman": "Hangman win rate per solver and phrase set (the summary Parquet)",
    "plot-hangman-lm-sizes": "Hangman win rate against LM size (the lm-sizes summary Parquet)",
    "plot-guillotine-recall": "Guillotine recall@k curves per solver and game set (per-game Parquet)",
    "plot-guillotine-calibration": "Guillotine reliability diagram of the confidence (per-game Parquet)",
    "plot-glove": "GloVe loss per iteration (COLLECTION=train.json items)",
    "plot-corpora": "corpus sizes per collection (COLLECTION=corpora.json items)",
}


def register(commands) -> None:
    p = commands.build.add_parser(
        "report", help="gather evaluation summaries into one Markdown report"
    )
    p.add_argument(
        "--summary", dest="summaries", action="append", default=[], help="a summary .md file"
    )
    p.add_argument("--title", dest="titles", action="append", default=[], help="its section title")
    p.add_argument(
        "--figure",
        dest="figures",
        action="append",
        default=[],
        metavar="TITLE=PATH",
        help="a figure shown under the section TITLE; repeatable",
    )
    p.add_argument(
        "--absent",
        action="append",
        default=[],
        metavar="TITLE=WHY",
        help="a section the report cannot show, and why; repeatable",
    )
    p.add_argument("--config-name", default="config/config.yaml")
    p.add_argument("--out", required=True)
    p.set_defaults(handler=_run)

    for stage, what in PLOTS.items():
        p = commands.build.add_parser(stage, help=f"figure: {what}")
        p.add_argument("--in", dest="inputs", nargs="+", required=True, help=what)
        p.add_argument("--out", required=True, help="the figure (.svg or .png)")
        p.add_argument("--note", default="", help="small print under the figure (the config)")
        if stage == "plot-wordle":
            p.add_argument("--max-guesses", type=int)
        if stage == "plot-hangman":
            p.add_argument("--manifest", help="corpora.json of the LM's collection (its size)")
        p.set_defaults(handler=_plot)

    p = commands.build.add_parser("report-table", help="an evaluation's Markdown summary as HTML")
    p.add_argument("--summary", required=True)
    p.add_argument("--title", required=True)
    p.add_argument("--note", default="")
    p.add_argument("--out", required=True)
    p.set_defaults(handler=_table)

    p = commands.build.add_parser(
        "report-run-done", help="the marker the run statistics wait for (every target built)"
    )
    p.add_argument("--targets", type=int, required=True, help="how many targets the run built")
    p.add_argument("--out", required=True)
    p.set_defaults(handler=_run_done)

    p = commands.build.add_parser(
        "report-benchmarks", help="the run's benchmark records as an HTML table and a figure"
    )
    p.add_argument(
        "--record",
        dest="records",
        action="append",
        default=[],
        metavar="RULE=TSV",
        help="a rule's benchmark file; repeatable (none: an empty table)",
    )
    p.add_argument("--out-table", required=True)
    p.add_argument("--out-plot", required=True)
    p.add_argument("--note", default="")
    p.set_defaults(handler=_benchmarks)
