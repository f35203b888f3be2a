"""``wordgames wordle openers`` and ``wordgames build wordle-openers``: the best openers, proved.

Both run :class:`wordgames.wordle.exact.openers.OpenerSearch` (every allowed first guess, branch and bound)
and write the table of every opener (Parquet), the summary (JSON) and the top-K table (Markdown) with
the published totals beside ours when the lists are known ones.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from pathlib import Path

#: guesses x answers below which the search runs in this process unless --jobs says otherwise
SMALL_LISTS = 1_000_000

#: CPU seconds of the whole proof, top 10, on the original lists (2315 answers x 12972 guesses), by
#: mode (docs/wordle-optimal.md, "All openers": 695 s normal, 772 s hard with the NYT rule, each run
#: from an empty checkpoint with 2 processes): what the estimate printed before a run scales from.
MEASURED_CPU_SECONDS = {"normal": 695.0, "hard": 772.0}
MEASURED_SIZE = 2315 * 12972


def cache_dir() -> Path:
    """Where the user command keeps its resume files: ``$XDG_CACHE_HOME/wordgames/openers``, else
    ``~/.cache/wordgames/openers``. A resume file is no result, so it stays out of results/ (the
    pipeline stage's own checkpoint is a parameter of its rule, under results/, and stays there)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"  # as the XDG spec says
    return root / "wordgames" / "openers"


def _duration(seconds: float) -> str:
    if seconds < 60:
        return "under a minute"
    if seconds < 3600:
        return f"about {round(seconds / 60)} min"
    return f"about {seconds / 3600:.1f} h"


def estimate(data, hard: bool, workers: int) -> str:
    """One line saying roughly how long the proof will take and on how many CPUs: the measured CPU
    time of the original lists, scaled by guesses x answers (a rough guide for other lists)."""
    size = len(data.guesses) * len(data.answers)
    cpu = MEASURED_CPU_SECONDS["hard" if hard else "normal"] * size / MEASURED_SIZE
    processes = "1 process" if workers == 1 else f"{workers} processes"
    basis = "measured" if size == MEASURED_SIZE else "scaled by list size from"
    return (
        f"proving the best openers over {len(data.guesses)} first guesses with {processes}, "
        f"one CPU each (--jobs): {_duration(cpu)} of CPU, {_duration(cpu / workers)} of wall "
        f"time if those CPUs are free ({basis} {MEASURED_CPU_SECONDS['normal']:.0f} s CPU in "
        f"normal mode, {MEASURED_CPU_SECONDS['hard']:.0f} s in hard, on 2315 answers x 12972 "
        "guesses; less when a checkpoint is resumed)"
    )


def default_workers(data, requested: int | None) -> int:
    """``requested`` (--jobs), else every CPU this process may use (NUMBA_NUM_THREADS when set);
    one on small lists, where starting processes costs more than the whole search."""
    if requested:
        return requested
    if len(data.guesses) * len(data.answers) < SMALL_LISTS:
        return 1
    if int(os.environ.get("NUMBA_NUM_THREADS", 0)) > 0:
        return int(os.environ["NUMBA_NUM_THREADS"])
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def markdown(summary: dict) -> str:
    """The top-K table, with the published totals beside, and how the rest were excluded."""
    from wordgames.wordle.published import PUBLISHED

    lists = PUBLISHED.get(summary["fingerprint"])
    name = lists.name if lists else f"{summary['answers']} answers, {summary['openers']} guesses"
    lines = [
        f"Best openers, {summary['mode']} mode, {name}: proved over all {summary['openers']} "
        f"allowed first guesses (top {summary['top_k']}, ties included).",
        "",
        "| rank | opener | total | mean | published |",
        "|---:|---|---:|---:|---:|",
    ]
    for row in summary["top"]:
        pub = "" if row["published"] is None else str(row["published"])
        lines.append(
            f"| {row['rank']} | {row['word'].upper()} | {row['total']} | "
            f"{row['mean']:.4f} | {pub} |"
        )
    c = summary["counts"]
    lines += [
        "",
        f"Excluded without an exact total: {c['classes']} by their cell sizes, {c['cells']} by the "
        f"one-level bounds of their cells, {c['search']} by the exact search failing above the "
        f"incumbent {summary['incumbent']}; {c['infeasible']} cannot find every answer within "
        f"{summary['max_guesses']} guesses; {c['exact']} solved exactly. "
        f"This run: {summary['wall_seconds']:.0f} s wall, {summary['cpu_seconds']:.0f} s CPU, "
        f"{summary['workers']} worker(s); CPU over every run that fed its checkpoint: "
        f"{summary['cpu_seconds_all_runs']:.0f} s.",
        "",
    ]
    return "\n".join(lines)


def _write(result, out_table, out_json, out_md) -> dict:
    from wordgames.artifacts import atomic_open, write_parquet

    summary = result.summary()
    if out_table:
        write_parquet(result.table(), out_table)
    if out_json:
        with atomic_open(out_json) as fh:
            json.dump(summary, fh, indent=1)
            fh.write("\n")
    if out_md:
        with atomic_open(out_md) as fh:
            fh.write(markdown(summary))
    return summary


def _search(
    data, args, hard: bool, rule: str | None, max_guesses: int, checkpoint, stage: bool = False
):
    from wordgames.wordle.exact.openers import OpenerSearch, stderr_progress

    workers = default_workers(data, args.workers)

    def announce(resumed: int) -> None:  # once the checkpoint is read: it may be refused first
        stderr_progress(f"wordgames: {estimate(data, hard, workers)}")
        done = f"{resumed} records of an earlier run resumed" if resumed else "new"
        stderr_progress(
            f"wordgames: checkpoint {checkpoint} ({done}; a run stopped early resumes from it)"
        )

    return OpenerSearch(
        data,
        hard=hard,
        hard_rule=rule,
        max_guesses=max_guesses,
        top=args.top,
        workers=max(1, workers),
        checkpoint=checkpoint,
        progress=None if args.quiet else stderr_progress,
        progress_every=args.progress_every,
        replace_foreign_checkpoint=stage,
        on_start=None if stage or args.quiet else announce,
    ).run()


def _openers(args, load_service) -> int:
    """The user command: the pipeline's matrix and word index for the config's lists (one line and
    status 2 when they are not built), or --answers/--guesses built in memory."""
    from wordgames.wordle.exact.solver import mode_name

    svc = load_service(args)  # the pipeline's matrix, or --answers/--guesses built in memory
    data = svc.data
    rule = svc.rule(args.hard_rule) if args.hard else None
    mode = mode_name(args.hard, rule)
    max_guesses = args.max_guesses or svc.max_guesses
    checkpoint = args.checkpoint or cache_dir() / f"openers-{mode}-{data.fingerprint}.jsonl"
    result = _search(data, args, args.hard, rule, max_guesses, checkpoint)
    summary = _write(result, args.out_table, args.out_json, None)
    summary["checkpoint"] = str(checkpoint)
    if args.json:
        print(json.dumps(summary))
    else:
        print(markdown(summary), end="")
    return 0


def _build(args) -> int:
    """The pipeline stage: explicit inputs, outputs and parameters only."""
    from wordgames.wordle.data import load_data

    data = load_data(args.matrix, args.words)
    hard = args.mode == "hard"
    result = _search(
        data,
        args,
        hard,
        args.hard_rule if hard else None,
        args.max_guesses,
        args.checkpoint,
        stage=True,
    )
    summary = _write(result, args.out_table, args.out_json, args.out_md)
    print(markdown(summary), file=sys.stderr, end="")
    return 0


def _common(p, jobs: str) -> None:
    """The options both commands take; ``jobs``: the name of the processes option (the stage's
    ``--workers``, which its rule passes, or the user command's ``--jobs``)."""
    p.add_argument(
        "--top",
        type=int,
        default=10,
        help="openers whose exact totals are proved (ties included; default %(default)s)",
    )
    p.add_argument(
        jobs,
        type=int,
        dest="workers",
        metavar="N",
        help="processes, one CPU each (default: every CPU, or NUMBA_NUM_THREADS when set; "
        "1 on small lists)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument(
        "--progress-every",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="seconds between progress lines (default %(default)s)",
    )
    p.add_argument(
        "--out-table",
        type=Path,
        help="Parquet: every opener with its exact total or the bound that excluded it",
    )
    p.add_argument("--out-json", type=Path, help="the summary as JSON")


def register(commands, game, add_lists, add_mode, load_service) -> None:
    """Add ``wordle openers`` to the ``wordle`` command group ``game`` and the build stage;
    ``load_service(args)`` is the ``wordle`` commands' WordleService of the arguments."""
    p = game.add_parser(
        "openers",
        parents=[commands.config_parent],
        help="the best openers, proved over every allowed first guess",
        description="Exact totals of the best --top openers and, for every other allowed guess, "
        "a lower bound that excludes it (branch and bound over all first guesses). Long: on the "
        "original lists about 12 CPU minutes (normal mode; 13 hard), spread over --jobs processes "
        "(default every CPU). Resumable: results are appended to --checkpoint as they come.",
    )
    add_lists(p)
    add_mode(p)
    _common(p, "--jobs")
    p.add_argument("--workers", type=int, dest="workers", help=argparse.SUPPRESS)  # the old name
    p.add_argument("--max-guesses", type=int, help="guesses allowed (default: config, 6)")
    p.add_argument(
        "--checkpoint",
        type=Path,
        help="resume file (default: openers-<mode>-<lists>.jsonl in $XDG_CACHE_HOME/wordgames/"
        "openers, else ~/.cache/wordgames/openers)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(handler=partial(_openers, load_service=load_service))

    b = commands.build.add_parser(
        "wordle-openers",
        help="the best Wordle openers, proved over every first guess",
        description="Branch and bound over every allowed first guess (what rule wordle_openers "
        "runs).",
    )
    b.add_argument("--matrix", required=True, help="the feedback matrix (.npy)")
    b.add_argument("--words", required=True, help="the word index (Parquet)")
    b.add_argument("--mode", choices=("normal", "hard"), default="normal")
    b.add_argument("--hard-rule", choices=("nyt", "strict"), default="nyt")
    b.add_argument("--max-guesses", type=int, default=6)
    b.add_argument(
        "--checkpoint",
        type=Path,
        help="resume file (JSON lines; one of other lists or another mode is replaced)",
    )
    b.add_argument("--out-md", type=Path, help="the top-K table as Markdown")
    _common(b, "--workers")
    b.set_defaults(handler=_build)
