"""How much of a set's calibration error its size alone explains: the ECE of the guillotine
evaluation's confidences against their outcomes, beside the ECE the same confidences would show if
they were calibrated exactly (outcomes drawn as Bernoulli(confidence), many times).

    python benchmarks/guillotine_ece_floor.py --configfile config/local-it.yaml [--draws 2000]

For each evaluated set of the links solver (``results/.../eval/guillotine/<set>-links.parquet``):
games, mean confidence, accuracy, the observed ECE (the stage's own :func:`~wordgames.guillotine.
metrics.ece`), the median and 95th percentile of the exactly-calibrated ECE, and the share of draws
at or above the observed one (a small share: the set's confidences are off by more than its size
explains).
"""

from __future__ import annotations

import argparse
import sys


def main() -> int:
    import numpy as np
    import pyarrow.parquet as pq

    from wordgames import paths
    from wordgames.config import load_config_file
    from wordgames.guillotine.metrics import ece

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument("--draws", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    folder = paths.eval_dir(cfg, "guillotine")
    files = sorted(folder.glob("*-links.parquet"))
    if not files:
        print(f"no links evaluation in {folder}: build guillotine_eval first", file=sys.stderr)
        return 2
    rng = np.random.default_rng(args.seed)
    print(
        "| set | games | mean confidence | accuracy | ECE | calibrated ECE median | 95% | "
        "share >= ECE |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in files:
        table = pq.read_table(path, columns=["confidence", "rank"]).to_pandas()
        conf = table["confidence"].to_numpy(float)
        hit = (table["rank"] == 1).to_numpy(float)
        observed = ece(conf, hit)
        draws = np.array(
            [ece(conf, (rng.random(conf.size) < conf).astype(float)) for _ in range(args.draws)]
        )
        name = path.name.removesuffix("-links.parquet")
        print(
            f"| {name} | {conf.size} | {conf.mean():.3f} | {hit.mean():.3f} | {observed:.3f} | "
            f"{np.median(draws):.3f} | {np.quantile(draws, 0.95):.3f} | "
            f"{(draws >= observed).mean():.3f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
