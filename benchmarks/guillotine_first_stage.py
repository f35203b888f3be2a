"""La Ghigliottina: the links solver's two stages, read from the evaluation stage's per-game tables.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_first_stage.py \\
        --configfile config/local-it.yaml

Per game set: the first stage's recall (the solution in the whole candidate pool; within the first K
of the pool's cheap ranking, for several K, the cut the solver uses being ``solver.max_candidates``),
then the ranker on top of it (accuracy and R@10 over all games, and over the games whose solution
survived the cut), and Il Mago's observation on the errors: how many had the solution second, and
how many had it in the list of candidates linked to all five clues (with that list's median length
and the solution's median rank in it). Reads ``results/.../eval/guillotine/<set>-links.parquet``;
without them it says so and exits with status 3 (``make bench`` reports it as skipped).
"""

from __future__ import annotations

import argparse
import sys
from statistics import median

from wordgames import paths
from wordgames.config import load_config_file

CUTS = (100, 300, 1000, 1500, 3000, 5000)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    args = ap.parse_args()
    import pyarrow.parquet as pq

    cfg = load_config_file(args.configfile)
    cut = cfg.section("guillotine")["solver"]["max_candidates"]
    folder = paths.eval_dir(cfg, "guillotine")
    tables = sorted(folder.glob("*-links.parquet")) if folder.exists() else []
    if not tables:
        print(
            f"missing: no per-game tables of the links solver under {folder} (run the "
            "guillotine-eval stage of this config)",
            file=sys.stderr,
        )
        sys.exit(3)
    print(
        f"first stage (cut = {cut}): share of games whose solution is in the pool / in the "
        "first K of it"
    )
    print(
        f"{'set':<20} {'games':>5} {'pool':>6} "
        + " ".join(f"{'@' + str(k):>6}" for k in CUTS)
        + f" {'pool med':>8}"
    )
    rows_of = {}
    for t in tables:
        rows = pq.read_table(t).to_pylist()
        name = t.name[: -len("-links.parquet")]
        rows_of[name] = rows
        n = len(rows)
        cr = [r["cand_rank"] for r in rows]
        print(
            f"{name:<20} {n:>5} {sum(c is not None for c in cr) / n:6.3f} "
            + " ".join(f"{sum(c is not None and c <= k for c in cr) / n:6.3f}" for k in CUTS)
            + f" {median(r['pool_size'] for r in rows):8.0f}"
        )
    print(
        "\nranker on top of it: accuracy and R@10 over all games / over the games whose solution "
        "passed the cut"
    )
    print(f"{'set':<20} {'acc':>6} {'R@10':>6} {'in cut':>6} {'acc|cut':>7} {'R@10|cut':>8}")
    for name, rows in rows_of.items():
        n = len(rows)
        kept = [r for r in rows if r["cand_rank"] is not None and r["cand_rank"] <= cut]
        acc = sum(r["rank"] == 1 for r in rows) / n
        r10 = sum(r["rank"] is not None and r["rank"] <= 10 for r in rows) / n
        acc_k = sum(r["rank"] == 1 for r in kept) / len(kept) if kept else 0.0
        r10_k = (
            sum(r["rank"] is not None and r["rank"] <= 10 for r in kept) / len(kept)
            if kept
            else 0.0
        )
        print(f"{name:<20} {acc:6.3f} {r10:6.3f} {len(kept):>6} {acc_k:7.3f} {r10_k:8.3f}")
    print(
        "\nIl Mago's observation, on the errors (top answer wrong): solution ranked 2nd; solution "
        "linked to all five clues (in the 'all five' list); that list's median length; the "
        "solution's median rank in it; accuracy of answering the top of the list when it has one "
        "word"
    )
    print(
        f"{'set':<20} {'errors':>6} {'2nd':>5} {'in all5':>7} {'len med':>7} {'rank med':>8} "
        f"{'len=1':>6} {'acc|len=1':>9}"
    )
    for name, rows in rows_of.items():
        errors = [r for r in rows if r["rank"] != 1]
        second = sum(r["rank"] == 2 for r in errors)
        in_full = [r for r in errors if r["full_rank"] is not None]
        single = [r for r in rows if r["full_size"] == 1]
        print(
            f"{name:<20} {len(errors):>6} {second:>5} {len(in_full):>7} "
            f"{median(r['full_size'] for r in errors) if errors else 0:7.0f} "
            f"{median(r['full_rank'] for r in in_full) if in_full else 0:8.0f} "
            f"{len(single):>6} "
            f"{(sum(r['full_rank'] == 1 for r in single) / len(single)) if single else 0:9.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
