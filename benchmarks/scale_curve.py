"""The cost curve: the front half of the DAG on generated dumps of growing size (issue 22).

    python benchmarks/scale_curve.py --sizes 1e6 1e7 [1e8] --work DIR [--cores 2] [--lang it]

For each size (article tokens), in ``DIR/<size>/``:

1. the dump: ``benchmarks/wikidump.py`` into ``dump/`` (reused when its manifest matches);
2. ``config.yaml``: one ``kind: mediawiki`` corpus on the generated multistream file with its index
   (``--no-index``: without, so every shard streams the whole file), ``shards`` = tokens / 5M (1 to
   32), one collection, ``cooccur.min_count`` scaled with the corpus as
   config/README.md says (15 at 9M tokens, 200 at billions: 15 (n / 9M)^0.48, at least 5), GloVe
   with ``--glove-iterations`` (3) at ``--dim`` (300), KenLM order 5 with singleton 3- to 5-grams
   pruned (``--discount_fallback`` only when lmplz fails without it), ``results_dir`` = ``DIR/<size>/results``;
3. ``snakemake --cores N`` on the front-half targets (vocabulary, co-occurrence, PMI, IDF, KenLM
   binary, GloVe vectors: the corpus extract/tokenize/merge/collect jobs come with them), from the
   repository, nice'd by the caller;
4. the cost of every job, measured exactly: ``wordgames`` runs under a shim (first on PATH through
   ``BASH_ENV``) that waits for it with ``wait4``: CPU s (user + system of the job's whole process
   tree, lmplz included), wall s, peak RSS (of the largest process), by the rule whose log the job
   writes. Snakemake's own ``benchmark:`` TSVs (results/benchmarks/<rule>/*.tsv, columns ``s h:m:s
   max_rss max_vms max_uss max_pss io_in io_out mean_load cpu_time``, MiB) sample every 0.5 s for
   15 s and then every 30 s, so they miss up to 30 s of CPU and any peak between samples: they are
   kept beside (their ``io_out`` is the "written MB" column). Disk MB is the size of the rule's
   outputs (``snakemake --summary``; temporary outputs are gone and count 0).

Prints and writes ``DIR/scale.md`` and ``DIR/scale.json``: one table per size (stage, jobs, CPU s,
wall s, peak RSS MB, disk MB, written MB, tokens per CPU second, Snakemake's sampled CPU s and
max_rss), summed over a rule's jobs (peak RSS: the max over jobs), then, per stage, the
least-squares exponent of CPU time and of peak RSS against tokens in log-log over the sizes run so
far (every ``DIR/*/run.json``, so a 10^8 run started later adds to the fit). The dump generation is
a row of its own (``generate``: this process's CPU and peak RSS). Wall times are those of a shared
2-core machine: other work inflates them, CPU times much less.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "src"))

import wikidump  # noqa: E402

CORPUS, COLLECTION = "gen", "gen"
STAGE_ORDER = [
    "generate",
    "corpus_extract",
    "corpus_tokenize",
    "corpus_table",
    "corpus_merge",
    "collect",
    "stats_vocab",
    "stats_cooccur",
    "stats_cooccur_merge",
    "stats_pmi",
    "stats_idf",
    "lm",
    "glove",
]


def size_label(tokens: int) -> str:
    exp = math.log10(tokens)
    return f"1e{round(exp)}" if abs(exp - round(exp)) < 1e-9 else f"{tokens:g}"


def min_count_for(tokens: int) -> int:
    return max(5, round(15 * (tokens / 9e6) ** 0.48))


def shards_for(tokens: int) -> int:
    """Corpus shards: one per 5M tokens (1 at 10^6, 2 at 10^7, 20 at 10^8, at most 32): with the
    multistream index a shard reads only its own streams, so shards cost no repeated reading."""
    return min(32, max(1, round(tokens / 5e6)))


def write_config(run: Path, dump: Path, manifest: dict, args, fallback: bool) -> Path:
    tokens = manifest["tokens"]
    shards = shards_for(tokens)
    cfg = {
        "results_dir": str(run / "results"),
        "threads": args.cores,
        "corpora": {
            CORPUS: {
                "kind": "mediawiki",
                "language": manifest["lang"],
                "source": str(dump / f"{manifest['wiki']}-{manifest['date']}-pages-articles-multistream.xml.bz2"),
                "index": None if args.no_index else str(
                    dump / f"{manifest['wiki']}-{manifest['date']}-pages-articles-multistream-index.txt.bz2"
                ),
                "shards": shards,
                "options": {"wiki": "wikipedia"},
            }
        },
        "collections": {COLLECTION: {"corpora": [CORPUS]}},
        "cooccur": {
            "collections": [COLLECTION],
            "min_count": min_count_for(tokens),
            "window": 10,
            "shards": min(args.cores, shards),
        },
        "glove": {
            "collections": [COLLECTION],
            "dim": args.dim,
            "iterations": args.glove_iterations,
            "evaluate": [],
            "probes": [],
        },
        "tables": {"collections": [COLLECTION]},
        # singleton 3- to 5-grams pruned, as config/local-en.yaml: an unpruned order-5 model of
        # 10^8 tokens is a 10 GB ARPA file that no hangman solver needs
        "lm": {"collections": [COLLECTION], "order": 5, "prune": [0, 0, 1],
               "discount_fallback": fallback},
        "hangman": {"collection": COLLECTION},
        "guillotine": {"collection": COLLECTION},
    }  # fmt: skip
    path = run / "config.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    return path


def targets(config_path: Path) -> list[str]:
    from wordgames import paths
    from wordgames.config import load_config_file

    cfg = load_config_file(config_path)
    return [
        str(f(cfg, COLLECTION))
        for f in (
            paths.vocab,
            paths.cooccur,
            paths.pmi,
            paths.idf,
            paths.lm_binary,
            paths.glove_vectors,
        )
    ]


SHIM = """#!{python}
# wordgames run under wait4: exact CPU (user + system of the job's whole process tree), wall time
# and peak RSS (the largest process) of one rule job, appended to $SCALE_RUSAGE. The rule is the
# folder of the log the rule redirects stdout to (results/logs/<rule>/...).
import json, os, subprocess, sys, time
start = time.time()
child = subprocess.Popen([{real!r}, *sys.argv[1:]])
_, status, ru = os.wait4(child.pid, 0)
try:
    log = os.readlink("/proc/self/fd/1")
    rule = os.path.relpath(log, {logs!r}).split(os.sep)[0]
except OSError:
    log, rule = "", "?"
record = {{"rule": rule, "log": log, "argv": sys.argv[1:3], "wall_s": time.time() - start,
          "cpu_s": ru.ru_utime + ru.ru_stime, "maxrss_mb": ru.ru_maxrss / 1024,
          "status": os.waitstatus_to_exitcode(status)}}
with open(os.environ["SCALE_RUSAGE"], "a") as handle:
    handle.write(json.dumps(record) + "\\n")
sys.exit(record["status"])
"""


def write_shim(run: Path) -> Path:
    """A ``wordgames`` first on PATH that measures each job (:data:`SHIM`)."""
    shim = run / "shim"
    shim.mkdir(exist_ok=True)
    real = Path(sys.executable).parent / "wordgames"
    logs = run / "results" / "logs"
    path = shim / "wordgames"
    path.write_text(SHIM.format(python=sys.executable, real=str(real), logs=str(logs)))
    path.chmod(0o755)
    # the Snakefile puts its own environment's bin first on PATH (wordgames.workflow), so the
    # shim comes first through BASH_ENV, which every rule's non-interactive bash reads first
    (shim / "bash_env").write_text(f'export PATH="{shim}:$PATH"\n')
    return shim


def snakemake(config_path: Path, want: list[str], cores: int, log: Path, *extra: str):
    run = config_path.parent
    shim = write_shim(run)
    env = {
        **os.environ,
        "PYTHONPATH": f"{REPO / 'src'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
        "PATH": f"{shim}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
        f"{os.environ.get('PATH', '')}",
        "SCALE_RUSAGE": str(run / "rusage.jsonl"),
        "BASH_ENV": str(shim / "bash_env"),
    }
    cmd = [
        str(Path(sys.executable).parent / "snakemake"),
        "--snakefile", str(REPO / "Snakefile"),
        "--configfile", str(config_path),
        "--cores", str(cores),
        *extra,
        *want,
    ]  # fmt: skip
    with open(log, "a") as handle:
        handle.write(f"\n$ {' '.join(cmd)}\n")
        handle.flush()
        return subprocess.run(cmd, cwd=REPO, env=env, stdout=handle, stderr=subprocess.STDOUT)


def summary_sizes(config_path: Path, want: list[str], cores: int, run: Path) -> dict:
    """Bytes of the outputs on disk, by rule (``snakemake --summary``)."""
    out = run / "summary.tsv"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    cmd = [str(Path(sys.executable).parent / "snakemake"), "--snakefile", str(REPO / "Snakefile"),
           "--configfile", str(config_path), "--cores", str(cores), "--summary", *want]  # fmt: skip
    text = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True).stdout
    out.write_text(text)
    sizes: dict = defaultdict(int)
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        path, rule = row.get("output_file"), row.get("rule")
        if path and rule and Path(path).is_file():
            sizes[rule] += Path(path).stat().st_size
    return dict(sizes)


def _num(value: str) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def read_benchmarks(results: Path) -> dict:
    """Per rule: jobs, summed s / cpu_time / io_out, max of max_rss (MiB)."""
    stages: dict = {}
    for tsv in sorted((results / "benchmarks").glob("*/*.tsv")):
        rule = tsv.parent.name
        with open(tsv) as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
        if not rows:
            continue
        row = rows[-1]  # a repeat() benchmark has one row a run; the rules have one
        st = stages.setdefault(
            rule, {"jobs": 0, "cpu_s": 0.0, "wall_s": 0.0, "rss_mb": None, "io_out_mb": 0.0}
        )
        st["jobs"] += 1
        st["wall_s"] += _num(row.get("s")) or 0.0
        st["cpu_s"] += _num(row.get("cpu_time")) or 0.0
        st["io_out_mb"] += _num(row.get("io_out")) or 0.0
        rss = _num(row.get("max_rss"))
        if rss is not None:
            st["rss_mb"] = max(st["rss_mb"] or 0.0, rss)
    return stages  # fmt: skip


def read_rusage(path: Path) -> dict:
    """Per rule from the shim: jobs, summed CPU and wall s, max peak RSS (MiB); the last record of a
    job (same log) counts, so a job rerun after a failure is counted once."""
    last: dict = {}
    if path.exists():
        for line in path.read_text().splitlines():
            rec = json.loads(line)
            last[rec["log"] or len(last)] = rec
    stages: dict = {}
    for rec in last.values():
        st = stages.setdefault(rec["rule"], {"jobs": 0, "cpu_s": 0.0, "wall_s": 0.0, "rss_mb": 0.0})
        st["jobs"] += 1
        st["cpu_s"] += rec["cpu_s"]
        st["wall_s"] += rec["wall_s"]
        st["rss_mb"] = max(st["rss_mb"], rec["maxrss_mb"])
    return stages


def generate(size: int, run: Path, args) -> tuple[dict, dict]:
    dump = run / "dump"
    manifest_path = dump / "manifest.json"
    if manifest_path.exists():
        manifest = json.loads(manifest_path.read_text())
        if manifest.get("target_tokens") == size and manifest.get("seed") == args.seed:
            return manifest, json.loads((run / "generate.json").read_text())
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    manifest = wikidump.generate(
        dump, size, seed=args.seed, lang=args.lang, parts=args.parts, jobs=args.cores
    )
    after = resource.getrusage(resource.RUSAGE_SELF)
    cost = {
        "jobs": 1,
        "wall_s": round(time.perf_counter() - start, 2),
        "cpu_s": round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 2),
        # ru_maxrss is the process's peak so far (KiB): a later, larger size is measured right
        "rss_mb": round(after.ru_maxrss / 1024, 1),
        "io_out_mb": round(sum(manifest["bz2_bytes"].values()) / 2**20, 1),
        "disk_mb": round(sum(manifest["bz2_bytes"].values()) / 2**20, 1),
    }  # fmt: skip
    (run / "generate.json").write_text(json.dumps(cost, indent=2) + "\n")
    return manifest, cost


def run_size(size: int, args) -> dict:
    run = args.work / size_label(size)
    run.mkdir(parents=True, exist_ok=True)
    manifest, gen_cost = generate(size, run, args)
    log = run / "snakemake.log"
    # a smaller size that needed lmplz's discount fallback: a larger one starts with it (the failed
    # attempt costs a counting pass of the corpus)
    fallback = any(
        json.loads(p.read_text()).get("discount_fallback")
        for p in args.work.glob("*/run.json")
        if json.loads(p.read_text())["size"] < size
    )
    config_path = write_config(run, run / "dump", manifest, args, fallback)
    want = targets(config_path)
    if args.skip_glove:
        # a later run without it adds GloVe's job: the other jobs are up to date and their records
        # stay in rusage.jsonl
        want = [t for t in want if "glove" not in Path(t).parts]
    start = time.perf_counter()
    result = snakemake(config_path, want, args.cores, log)
    if result.returncode != 0 and not fallback:
        # lmplz's "rerun with --discount_fallback" is in the lm rule's own log
        logs = [log, *(run / "results" / "logs").glob("lm/*.log")]
        text = "".join(p.read_text(errors="replace") for p in logs if p.is_file())
        if "discount_fallback" in text or "BadDiscountException" in text:
            fallback = True
            config_path = write_config(run, run / "dump", manifest, args, fallback)
            result = snakemake(config_path, want, args.cores, log)
    if result.returncode != 0:
        raise SystemExit(f"scale_curve: snakemake failed for {size_label(size)}: see {log}")
    wall = time.perf_counter() - start
    snake = read_benchmarks(run / "results")
    stages = read_rusage(run / "rusage.jsonl")
    sizes = summary_sizes(config_path, want, args.cores, run)
    for rule in set(stages) | set(snake):
        st = stages.setdefault(rule, dict(snake[rule]))
        sm = snake.get(rule, {})
        st["io_out_mb"] = sm.get("io_out_mb")
        st["snakemake"] = {k: sm.get(k) for k in ("cpu_s", "wall_s", "rss_mb")}
        st["disk_mb"] = round(sizes.get(rule, 0) / 2**20, 2)
    stages["generate"] = gen_cost
    out = {
        "size": size,
        "tokens": manifest["tokens"],
        "types": manifest["types"],
        "pages": manifest["pages"],
        "articles": manifest["articles"],
        "xml_mb": round(manifest["xml_bytes"] / 2**20, 1),
        "shards": shards_for(manifest["tokens"]),
        "min_count": min_count_for(manifest["tokens"]),
        "discount_fallback": fallback,
        "snakemake_wall_s": round(wall, 1),
        "stages": stages,
    }
    (run / "run.json").write_text(json.dumps(out, indent=2) + "\n")
    return out


def fit_exponent(xs: list[float], ys: list[float]) -> float | None:
    fit = wikidump.power_fit(xs, ys)
    return None if fit is None else fit[1]


def _f(value, digits=1) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def ordered(stages: dict) -> list[str]:
    return [s for s in STAGE_ORDER if s in stages] + sorted(set(stages) - set(STAGE_ORDER))


def report(runs: list[dict]) -> tuple[str, dict]:
    lines = []
    for run in runs:
        st = run["stages"]
        lines += [
            f"### {size_label(run['size'])} tokens: {run['tokens']:,} tokens, {run['types']:,} types, "
            f"{run['articles']:,} articles / {run['pages']:,} pages, {run['xml_mb']:,} MB of XML; "
            f"{run['shards']} shards, min count {run['min_count']}, discount fallback "
            f"{'yes' if run['discount_fallback'] else 'no'}; snakemake wall {run['snakemake_wall_s']:,} s",
            "",
            "| stage | jobs | CPU s | wall s | peak RSS MB | disk MB | written MB | tokens / CPU s "
            "| Snakemake CPU s / max_rss MB |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]  # fmt: skip
        total = {"cpu_s": 0.0, "wall_s": 0.0}
        for name in ordered(st):
            s = st[name]
            sm = s.get("snakemake") or {}
            rate = run["tokens"] / s["cpu_s"] if s["cpu_s"] else None
            if name != "generate":
                total["cpu_s"] += s["cpu_s"]
                total["wall_s"] += s["wall_s"]
            lines.append(
                f"| {name} | {s['jobs']} | {_f(s['cpu_s'])} | {_f(s['wall_s'])} | {_f(s['rss_mb'], 0)} "
                f"| {_f(s.get('disk_mb'), 1)} | {_f(s.get('io_out_mb'), 1)} | {_f(rate, 0)} "
                f"| {_f(sm.get('cpu_s'))} / {_f(sm.get('rss_mb'), 0)} |"
            )  # fmt: skip
        peak = max((st[n]["rss_mb"] or 0) for n in st if n != "generate")
        lines += [
            f"| **pipeline (not generate)** | {sum(st[n]['jobs'] for n in st if n != 'generate')} "
            f"| {_f(total['cpu_s'])} | {_f(total['wall_s'])} | {_f(peak, 0)} | | | "
            f"{_f(run['tokens'] / total['cpu_s'] if total['cpu_s'] else None, 0)} | |",
            "",
        ]  # fmt: skip
    fits = {}
    if len(runs) >= 2:
        tokens = [r["tokens"] for r in runs]
        names = ordered({n: 1 for r in runs for n in r["stages"]})
        lines += [
            f"### Fitted exponents over {', '.join(size_label(r['size']) for r in runs)} "
            "(least squares, log-log against tokens)",
            "",
            "| stage | CPU time exponent | peak RSS exponent |",
            "|---|---:|---:|",
        ]
        for name in names:
            if not all(name in r["stages"] for r in runs):
                continue
            cpu = fit_exponent(tokens, [r["stages"][name]["cpu_s"] for r in runs])
            rss_values = [r["stages"][name]["rss_mb"] for r in runs]
            rss = None if None in rss_values else fit_exponent(tokens, rss_values)
            fits[name] = {"cpu": cpu, "rss": rss}
            lines.append(f"| {name} | {_f(cpu, 2)} | {_f(rss, 2)} |")
        lines.append("")
    return "\n".join(lines), fits


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=float, nargs="+", required=True, help="article tokens: 1e6 1e7")
    p.add_argument("--work", type=Path, required=True)
    p.add_argument("--cores", type=int, default=2)
    p.add_argument("--lang", choices=sorted(wikidump.LANGS), default="it")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--parts", type=int, default=4, help="split parts the dump also gets")
    p.add_argument("--dim", type=int, default=300)
    p.add_argument("--glove-iterations", type=int, default=3)
    p.add_argument("--no-index", action="store_true", help="shards stream the whole dump")
    p.add_argument("--skip-glove", action="store_true", help="every target but the GloVe vectors")
    args = p.parse_args(argv)
    args.work = args.work.resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    for size in sorted(int(s) for s in args.sizes):
        print(f"scale_curve: {size_label(size)} tokens ...", flush=True)
        run_size(size, args)
    runs = []
    for path in sorted(args.work.glob("*/run.json")):
        runs.append(json.loads(path.read_text()))
    runs.sort(key=lambda r: r["tokens"])
    text, fits = report(runs)
    print(text)
    (args.work / "scale.md").write_text(text + "\n")
    (args.work / "scale.json").write_text(
        json.dumps({"runs": runs, "exponents": fits}, indent=2) + "\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
