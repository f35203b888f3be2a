"""La Ghigliottina: load time and seconds per game of both solvers, side by side.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_solvers.py \
        --configfile config/local-it.yaml --games ../shared/data/guillotine/evalita2020_dev.json -n 50

Needs the pipeline's artifacts for that config (guillotine-links, GloVe; the trained model if any);
without them, or without the games file (default: the config's ``evalita2020_dev`` set), it says what
is missing and exits with status 3 (``make bench`` reports it as skipped).
Prints one table: solver, load seconds, median / 90th percentile seconds per game, accuracy and R@10 on
the games solved (past games overlapping them excluded), and the ratio of median times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from wordgames.config import load_config_file
from wordgames.guillotine.games import read_games
from wordgames.guillotine.metrics import rank_of, summarize


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument(
        "--games", default=None, help="game file (default: the config's evalita2020_dev set)"
    )
    ap.add_argument("-n", type=int, default=50, help="games to solve")
    args = ap.parse_args()

    from wordgames import paths
    from wordgames.errors import WordgamesError
    from wordgames.guillotine.ranker import load_model
    from wordgames.guillotine.service import load_config_resources
    from wordgames.guillotine.solvers import make_solver

    cfg = load_config_file(args.configfile)
    games_file = args.games or cfg.data_path(
        cfg.section("guillotine")["games"].get("evalita2020_dev", "")
    )
    if games_file is None or not Path(games_file).exists():
        print(
            f"missing: the games file {games_file or '(none configured)'}; pass --games or set "
            "WORDGAMES_DATA",
            file=sys.stderr,
        )
        sys.exit(3)
    links = paths.guillotine_links(cfg, cfg.section("guillotine")["collection"])
    if not links.exists():
        print(
            f"missing: {links}; build it with snakemake --configfile {args.configfile}",
            file=sys.stderr,
        )
        sys.exit(3)
    games = [g for g in read_games(games_file) if g.solution][: args.n]
    rows = []
    model = None
    for label in ("gullever", "links", "links-tables"):
        # links-tables: the same solver loaded from the stage's tables and gensim, without the
        # memory-mapped copies the guillotine-links / guillotine-train stages write
        name = label.split("-")[0]
        t0 = time.perf_counter()
        try:
            res, found = load_config_resources(
                cfg, name, args.configfile, compact=label != "links-tables"
            )
        except WordgamesError as exc:
            print(f"missing: {exc}", file=sys.stderr)
            sys.exit(3)
        model = load_model(found["model"]) if "model" in found else None
        if res.past is not None:
            res.past.exclude_overlapping(games)
        section = cfg.section("guillotine")["gullever" if name == "gullever" else "solver"]
        solver = make_solver(name, res, section, model)
        load = time.perf_counter() - t0
        times, ranks = [], []
        for g in games:
            t = time.perf_counter()
            result = solver.solve(g.clues, top=100)
            times.append(time.perf_counter() - t)
            ranks.append(rank_of(result.ranked_words(), g.solution))
        s = summarize(ranks, times)
        times.sort()
        rows.append(
            (
                label,
                load,
                statistics.median(times),
                times[int(0.9 * (len(times) - 1))],
                s["accuracy"],
                s["r_at_10"],
            )
        )
    from wordgames.guillotine.evaluate import overlaps_training

    if model is not None and overlaps_training(model, games):
        print(
            "note: the trained model saw these games: accuracy and R@10 below are not held-out "
            "figures (use the guillotine-eval stage for those); the times are what counts here"
        )
    print(
        f"{'solver':<12} {'load s':>8} {'median s/game':>14} {'p90 s/game':>11} "
        f"{'acc':>6} {'R@10':>6}"
    )
    for name, load, med, p90, acc, r10 in rows:
        print(f"{name:<12} {load:8.2f} {med:14.4f} {p90:11.4f} {acc:6.3f} {r10:6.3f}")
    if rows[0][2] > 0:
        print(f"median time ratio links / gullever: {rows[1][2] / rows[0][2]:.2f}")
    if rows[1][1] > 0:
        print(f"load time ratio links-tables / links: {rows[2][1] / rows[1][1]:.2f}")


if __name__ == "__main__":
    main()
