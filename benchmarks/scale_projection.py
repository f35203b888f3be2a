"""The projection: itwiki and enwiki from the measured cost curve (issue 22).

    python benchmarks/scale_projection.py --curve DIR/scale.json [--glove-dim 600]
        [--glove-iterations 50] [--nodes 1 8 64] [--cores-per-node 2] [--shards 32]

Reads the runs ``benchmarks/scale_curve.py`` wrote (its ``scale.json``: per size, per stage CPU s,
wall s, peak RSS MB, disk MB) and fits, per stage, ``y = a n^b`` by least squares in log-log over
the sizes (n = article tokens), for CPU s, peak RSS and disk. It then projects each stage to the
token counts of :data:`TARGETS` and prints one table per wiki: CPU hours, peak RSS GB (one job),
disk GB, and the wall time of the whole front half on 1, 8 and 64 nodes of ``--cores-per-node``
cores.

Assumptions, all printed with the table:

- **GloVe** in the curve runs a few iterations at a small dimension; its cost is per iteration and
  linear in the dimension (the kernel's inner loops), so its CPU is scaled by ``iterations /
  curve iterations x dim / curve dim``; its memory is the four vocabulary tables (float32,
  ``4 V dim``) plus the stream buffer, so the curve's RSS is scaled by the dimension ratio (an
  upper bound: the curve's RSS holds more than the tables).
- **Parallelism.** A job uses at most ``cores-per-node`` cores. The sharded stages
  (``corpus_extract``, ``corpus_tokenize``, ``stats_cooccur``) split into ``--shards`` jobs
  that spread over every node; every other stage is one job on one node, at the CPU/wall ratio it
  had in the largest run (at most the node's cores). Wall time is the longer of the DAG's critical
  path (the corpus chain, then the longer of the KenLM branch and the vocabulary / co-occurrence /
  GloVe branch) and the total CPU divided by every core.
- **DuckDB stages** (``stats_cooccur_merge``, ``stats_pmi``, ``stats_idf``) run under DuckDB's
  ``memory_limit`` (``cooccur.merge_memory``, 2 GB by default) and spill to disk beyond it: their
  RSS is the largest measured one, not the fit (``--no-bounds`` for the fit).
- Extrapolating two orders of magnitude past the largest measured size magnifies any error in
  the exponents; a stage whose exponent is fitted on fewer than three sizes is flagged.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wikidump import power_fit  # noqa: E402

# Sizes to project to. enwiki: 6,943,918 articles and 4.7 billion words on 24 January 2025
# (Wikipedia:Size of Wikipedia, as quoted by geopop.it, 2025). itwiki: 1.8 million articles in
# January 2023 (Wikimedia Italia, as quoted by centumcellae.it); its word count is not published:
# we assume enwiki's 677 words an article (1.22e9 words), an assumption, not a measurement.
TARGETS = {
    "itwiki": {"articles": 1_800_000, "tokens": 1_800_000 * 677},
    "enwiki": {"articles": 6_943_918, "tokens": 4_700_000_000},
}
SHARDED = {"corpus_extract", "corpus_tokenize", "stats_cooccur"}
CORPUS_CHAIN = ["corpus_extract", "corpus_tokenize", "corpus_table", "corpus_merge", "collect"]
LM_BRANCH = ["lm"]
STATS_CHAIN = ["stats_vocab", "stats_cooccur", "stats_cooccur_merge"]
STATS_LEAVES = ["stats_pmi", "stats_idf", "glove"]
BOUNDED_RSS = {"stats_cooccur_merge", "stats_pmi", "stats_idf"}


def stage_models(runs: list[dict]) -> dict:
    """Per stage: fits of CPU s, RSS MB and disk MB, the number of sizes, and the CPU/wall ratio of
    the largest run."""
    runs = sorted(runs, key=lambda r: r["tokens"])
    seen = {n for r in runs for n in r["stages"]} - {"generate"}
    dag = [*CORPUS_CHAIN, *STATS_CHAIN, "stats_pmi", "stats_idf", *LM_BRANCH, "glove"]
    names = [n for n in dag if n in seen] + sorted(seen - set(dag))
    models = {}
    for name in names:
        have = [r for r in runs if name in r["stages"]]
        tokens = [r["tokens"] for r in have]
        st = [r["stages"][name] for r in have]
        last = st[-1]
        models[name] = {
            "sizes": len(have),
            "cpu": power_fit(tokens, [s["cpu_s"] for s in st]),
            "rss": power_fit(tokens, [s.get("rss_mb") or 0 for s in st]),
            "disk": power_fit(tokens, [s.get("disk_mb") or 0 for s in st]),
            "parallel": (last["cpu_s"] / last["wall_s"]) if last["wall_s"] else 1.0,
            "rss_max": max(s.get("rss_mb") or 0 for s in st),
        }
    return models


def at(model: tuple[float, float] | None, n: float) -> float:
    return 0.0 if model is None else model[0] * n ** model[1]


def project(models: dict, tokens: float, args, curve: dict) -> dict:
    """Per stage: CPU s, RSS MB, disk MB, at ``tokens``; GloVe scaled to the asked settings."""
    glove_cpu = (args.glove_iterations / curve["glove_iterations"]) * (
        args.glove_dim / curve["dim"]
    )
    glove_rss = args.glove_dim / curve["dim"]
    out = {}
    for name, m in models.items():
        cpu, rss, disk = at(m["cpu"], tokens), at(m["rss"], tokens), at(m["disk"], tokens)
        if name == "glove":
            cpu, rss, disk = cpu * glove_cpu, rss * glove_rss, disk * glove_rss
        if name in BOUNDED_RSS and not args.no_bounds:
            rss = m["rss_max"]
        out[name] = {"cpu_s": cpu, "rss_mb": rss, "disk_mb": disk}
    return out


def stage_wall(name: str, cpu_s: float, models: dict, nodes: int, args) -> float:
    per_job = max(1.0, min(args.cores_per_node, models[name]["parallel"]))
    if name in SHARDED:
        return cpu_s / min(nodes * args.cores_per_node, args.shards * per_job)
    return cpu_s / per_job


def wall_time(proj: dict, models: dict, nodes: int, args) -> tuple[float, str]:
    """The front half's wall seconds on ``nodes`` nodes and the stage that bounds it."""

    def w(name):
        return stage_wall(name, proj[name]["cpu_s"], models, nodes, args) if name in proj else 0.0

    chain = sum(w(n) for n in CORPUS_CHAIN)
    lm = sum(w(n) for n in LM_BRANCH)
    stats = sum(w(n) for n in STATS_CHAIN) + max(w(n) for n in STATS_LEAVES)
    critical = chain + max(lm, stats)
    total_cpu = sum(p["cpu_s"] for p in proj.values())
    throughput = total_cpu / (nodes * args.cores_per_node)
    longest = max(proj, key=w)
    if throughput > critical:
        return throughput, f"CPU (all cores busy; largest stage {longest})"
    return critical, longest


def hours(seconds: float) -> str:
    return f"{seconds / 3600:,.1f} h" if seconds >= 3600 else f"{seconds / 60:,.0f} min"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--curve", type=Path, required=True, help="scale_curve.py's scale.json")
    p.add_argument("--glove-dim", type=int, default=600)
    p.add_argument("--glove-iterations", type=int, default=50)
    p.add_argument("--curve-dim", type=int, default=300, help="the curve's GloVe dimension")
    p.add_argument("--curve-iterations", type=int, default=3, help="the curve's GloVe iterations")
    p.add_argument("--nodes", type=int, nargs="+", default=[1, 8, 64])
    p.add_argument("--cores-per-node", type=int, default=2)
    p.add_argument("--shards", type=int, default=32, help="corpus and co-occurrence shards")
    p.add_argument("--no-bounds", action="store_true", help="fitted RSS for the DuckDB stages too")
    args = p.parse_args(argv)
    if not args.curve.is_file():
        print(f"scale_projection: no curve at {args.curve}: run benchmarks/scale_curve.py first")
        return 3
    runs = json.loads(args.curve.read_text())["runs"]
    if len(runs) < 2:
        print(f"scale_projection: {args.curve} has {len(runs)} size(s); a fit needs two or more")
        return 3
    models = stage_models(runs)
    curve = {"dim": args.curve_dim, "glove_iterations": args.curve_iterations}
    sizes = ", ".join(f"{r['tokens']:.2g}" for r in sorted(runs, key=lambda r: r["tokens"]))
    print(
        f"Fitted on {len(runs)} sizes ({sizes} tokens); GloVe {args.glove_dim} d x "
        f"{args.glove_iterations} iterations (curve: {args.curve_dim} d x {args.curve_iterations}); "
        f"{args.shards} shards; nodes of {args.cores_per_node} cores\n"
    )
    print("| stage | CPU exponent | RSS exponent | sizes |\n|---|---:|---:|---:|")
    for name, m in models.items():
        flag = "" if m["sizes"] >= 3 else " (under 3 sizes)"
        cpu_b = "-" if m["cpu"] is None else f"{m['cpu'][1]:.2f}"
        rss_b = "-" if m["rss"] is None else f"{m['rss'][1]:.2f}"
        print(f"| {name} | {cpu_b} | {rss_b} | {m['sizes']}{flag} |")
    for wiki, target in TARGETS.items():
        proj = project(models, target["tokens"], args, curve)
        print(
            f"\n### {wiki}: {target['tokens']:.3g} tokens ({target['articles']:,} articles)\n\n"
            "| stage | CPU h | peak RSS GB (one job) | disk GB |\n|---|---:|---:|---:|"
        )
        for name, pr in proj.items():
            print(
                f"| {name} | {pr['cpu_s'] / 3600:,.2f} | {pr['rss_mb'] / 1024:,.2f} "
                f"| {pr['disk_mb'] / 1024:,.2f} |"
            )
        total = sum(pr["cpu_s"] for pr in proj.values())
        peak = max(proj, key=lambda n: proj[n]["rss_mb"])
        disk = sum(pr["disk_mb"] for pr in proj.values())
        print(
            f"| **total** | {total / 3600:,.1f} | {proj[peak]['rss_mb'] / 1024:,.2f} ({peak}) "
            f"| {disk / 1024:,.1f} |\n"
        )
        print("| nodes | wall time | bound by |\n|---:|---:|---|")
        for nodes in args.nodes:
            seconds, bound = wall_time(proj, models, nodes, args)
            print(f"| {nodes} | {hours(seconds)} | {bound} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
