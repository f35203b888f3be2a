"""Refit the resource model's coefficients (wordgames.workflow.resources) from scale_curve runs.

    python scripts/fit-resources.py DIR/scale.json [--margin 1.5]

``DIR`` is a ``benchmarks/scale_curve.py --work DIR`` folder: its ``scale.json`` gives, per size and
rule, the jobs, CPU seconds (summed over jobs) and peak RSS MB (max over jobs); each size's
``DIR/<size>/config.yaml`` and results folder give the input of every job, in MiB as Snakemake's
``input.size_mb`` counts it (the files the rule reads; a sharded rule's share). Per rule, a
least-squares line of peak RSS MB and of CPU minutes per job against input MiB (intercept and slope
at least 0), both multiplied by ``margin`` times the largest ratio of a measured point to its line,
so every measured job is ``margin`` times below the model. GloVe: RSS minus its four float32 tables
(4 V dim 4 bytes) against co-occurrence pairs (bytes per pair), CPU seconds against pairs x
iterations x dim (through the origin). The lm slope is at least ``margin`` times the binary's size
per token MiB (build_binary holds the model it writes).

Prints the measured points, the fitted model at each point, and the ``COSTS`` / ``GLOVE`` lines to
paste into src/wordgames/workflow/resources.py (``mb_per_thread`` is not fitted: keep the module's).
These are the stage's own processes (scale_curve measures the ``wordgames`` process tree); the
module adds ``JOB_OVERHEAD_MB`` for the Snakemake processes of a cluster job.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import pyarrow.parquet as pq
import yaml

# the run folders are named by scale_curve: one naming, its own
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from scale_curve import size_label  # noqa: E402

from wordgames.workflow.resources import COSTS  # noqa: E402

MIB = 1024 * 1024
# the rules with a linear model are the module's: refit exactly those
LINEAR = list(COSTS)


def mib(*files: Path) -> float:
    return sum(f.stat().st_size for f in files) / MIB


def inputs_of(run_dir: Path, run: dict) -> dict[str, float]:
    """Input MiB of one job of each linear rule, and GloVe's V, pairs, dim and iterations."""
    cfg = yaml.safe_load((run_dir / "config.yaml").read_text())
    results = Path(cfg["results_dir"])
    (name, corpus), (coll, _) = (
        next(iter(cfg["corpora"].items())),
        next(iter(cfg["collections"].items())),
    )
    shards = int(corpus.get("shards", 1))
    index = corpus.get("index")
    dump = [Path(corpus["source"])] + ([Path(index)] if index else [])
    extract = sorted((results / "corpora" / name / "extract").glob("[0-9][0-9][0-9].parquet"))
    tokens = results / coll / "tokens.txt"
    vocab = results / coll / "vocab.parquet"
    cooccur = results / coll / "cooccur.parquet"
    parts = int(cfg.get("cooccur", {}).get("shards", 1))
    stages = run["stages"]
    return {
        # without an index every shard streams the whole dump (the callable does the same)
        "corpus_extract": mib(*dump) / (shards if index else 1),
        "corpus_tokenize": mib(*extract) / len(extract),
        "stats_vocab": mib(tokens),
        "stats_cooccur": mib(tokens) / parts + mib(vocab),
        # the spills are temporary: their size is what the counting jobs wrote
        "stats_cooccur_merge": stages["stats_cooccur"]["io_out_mb"],
        "stats_pmi": mib(cooccur, vocab),
        "stats_idf": mib(results / coll / "sentences.parquet"),
        "lm": mib(tokens),
        "lm_binary": mib(results / coll / "lm" / "model.binary"),
        "glove_vocab": pq.read_metadata(vocab).num_rows,
        "glove_pairs": pq.read_metadata(cooccur).num_rows,
        "glove_dim": int(cfg["glove"]["dim"]),
        "glove_iterations": int(cfg["glove"]["iterations"]),
    }


def fit_line(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares y = a + b x with a, b >= 0."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx > 0 else 0.0
    a = my - b * mx
    if b < 0:
        return my, 0.0
    if a < 0:
        return 0.0, sum(x * y for x, y in zip(xs, ys, strict=True)) / sum(x * x for x in xs)
    return a, b


def up(x: float, digits: int = 3) -> float:
    """``x`` rounded up to ``digits`` significant digits (a printed coefficient never below)."""
    if x <= 0:
        return 0.0
    step = 10 ** (math.floor(math.log10(x)) - digits + 1)
    return math.ceil(x / step - 1e-9) * step


def with_margin(xs, ys, a, b, margin) -> tuple[float, float]:
    worst = max(y / (a + b * x) for x, y in zip(xs, ys, strict=True) if a + b * x > 0)
    return margin * worst * a, margin * worst * b


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("scale_json", type=Path)
    p.add_argument("--margin", type=float, default=1.5)
    args = p.parse_args(argv)
    if not args.scale_json.is_file():
        print(f"fit-resources: error: no such file {args.scale_json}", file=sys.stderr)
        return 2
    runs = json.loads(args.scale_json.read_text())["runs"]
    if len(runs) < 2:
        print("fit-resources: error: need runs of at least 2 sizes to fit a line", file=sys.stderr)
        return 2
    points = []
    for run in sorted(runs, key=lambda r: r["size"]):
        run_dir = args.scale_json.parent / size_label(run["size"])
        points.append((run, inputs_of(run_dir, run)))

    lines = []
    for rule in LINEAR:
        xs, mem, cpu = [], [], []
        for run, inputs in points:
            stage = run["stages"][rule]
            xs.append(inputs[rule])
            mem.append(stage["rss_mb"])
            cpu.append(stage["cpu_s"] / stage["jobs"] / 60)
        ma, mb = with_margin(xs, mem, *fit_line(xs, mem), args.margin)
        ra, rb = with_margin(xs, cpu, *fit_line(xs, cpu), args.margin)
        if rule == "lm":
            # lmplz's sorting memory dominates these sizes, but build_binary holds the whole
            # binary it writes (about 10x the tokens, order 5, unpruned): the slope at least that
            ratio = max(inputs["lm_binary"] / inputs["lm"] for _, inputs in points)
            print(f"  binary / tokens: {ratio:.2f}")
            mb = max(mb, args.margin * ratio)
        print(f"{rule}:")
        for x, m, c in zip(xs, mem, cpu, strict=True):
            print(
                f"  input {x:9.2f} MiB  rss {m:7.1f} MB (model {ma + mb * x:7.0f})"
                f"  cpu {c:7.4f} min (model {ra + rb * x:7.4f})"
            )
        lines.append(f'    "{rule}": Cost({up(ma):g}, {up(mb):g}, {up(ra):g}, {up(rb):g}),')

    xs, extra, work, cpu, rsss = [], [], [], [], []
    for run, inputs in points:
        stage = run["stages"]["glove"]
        tables = 4 * inputs["glove_vocab"] * inputs["glove_dim"] * 4 / 1e6
        xs.append(inputs["glove_pairs"] / 1e6)
        extra.append(max(0.0, stage["rss_mb"] - tables))
        rsss.append(stage["rss_mb"])
        work.append(inputs["glove_pairs"] * inputs["glove_iterations"] * inputs["glove_dim"])
        cpu.append(stage["cpu_s"])
        print(
            f"glove: V {inputs['glove_vocab']} pairs {inputs['glove_pairs']} rss {stage['rss_mb']:.1f}"
            f" MB (tables {tables:.0f}) cpu {stage['cpu_s']:.1f} s"
        )
    # the tables are exact: the margin goes on the rest, so that the whole is margin x the RSS
    ga, gb = fit_line(xs, extra)
    k = max(
        (args.margin * rss - (rss - e)) / (ga + gb * x)
        for x, e, rss in zip(xs, extra, rsss, strict=True)
    )
    ga, gb = k * ga, k * gb
    per = args.margin * max(c / w for c, w in zip(cpu, work, strict=True))
    print("\nCOSTS lines (keep mb_per_thread):")
    print("\n".join(lines))
    print(
        f"GLOVE = GloveCost(mem_base={up(ga):g}, pair_bytes={up(gb):g}, run_base=0.0,"
        f" pair_seconds={up(per):g}, pairs_per_thread=...)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
