"""The input-sized resources (issue 22): the cost model is monotone in the input, grows with the
attempt, holds its clamps, asks for more than every job measured on the generated dumps; a dry run
of the workflow shows a big corpus getting a bigger extraction job than a small one."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest
import yaml

from wordgames.config import load_config
from wordgames.errors import ConfigError
from wordgames.settings import as_dict
from wordgames.workflow import resources as rm

LIMITS = rm.Limits(**as_dict(load_config({}).settings.resources))  # the schema's defaults
MODELLED = sorted(rm.COSTS)
SIZES = [0, 0.5, 3, 10, 70, 400, 2000, 20000, 1e8]


def test_limits_defaults_are_the_schema_ones():
    want = rm.Limits(scale=1.0, retry_factor=1.5, max_mem_mb=64000, max_runtime=2880, max_threads=8)
    assert want == LIMITS


@pytest.mark.parametrize("rule", MODELLED)
def test_memory_runtime_and_threads_never_shrink_as_the_input_grows(rule):
    mems = [rm.mem_mb(rule, s, LIMITS) for s in SIZES]
    runs = [rm.runtime(rule, s, LIMITS) for s in SIZES]
    threads = [rm.threads(rule, s, LIMITS) for s in SIZES]
    assert mems == sorted(mems) and runs == sorted(runs) and threads == sorted(threads)
    # a big input gets more than a small one, and the largest hits the maxima
    assert mems[-2] > mems[1] and runs[-2] > runs[1]
    assert mems[-1] == LIMITS.max_mem_mb and runs[-1] == LIMITS.max_runtime
    assert mems[0] >= rm.MIN_MEM_MB and runs[0] >= rm.MIN_RUNTIME


@pytest.mark.parametrize("rule", MODELLED + ["some_other_rule"])
def test_each_retry_asks_for_retry_factor_more_until_the_maximum(rule):
    c = rm.cost_of(rule)
    for size in (1.0, 50.0):
        # the reference: the formula written out
        model = c.mem_base + c.mem_per_mb * size + rm.JOB_OVERHEAD_MB
        base_mem = max(rm.MIN_MEM_MB, model)
        base_run = c.run_base + c.run_per_mb * size
        for attempt in (1, 2, 3):
            factor = 1.5 ** (attempt - 1)
            want = min(LIMITS.max_mem_mb, math.ceil(model * factor))
            assert rm.mem_mb(rule, size, LIMITS, attempt) == max(rm.MIN_MEM_MB, want)
            want_run = min(LIMITS.max_runtime, max(rm.MIN_RUNTIME, math.ceil(base_run * factor)))
            assert rm.runtime(rule, size, LIMITS, attempt) == want_run
        assert rm.mem_mb(rule, size, LIMITS, 3) >= rm.mem_mb(rule, size, LIMITS, 2) >= base_mem
    with pytest.raises(ValueError, match="attempt 0"):
        rm.mem_mb(rule, 1.0, LIMITS, attempt=0)


def test_scale_and_maxima_of_the_config_apply():
    small = rm.Limits(scale=2.0, retry_factor=2.0, max_mem_mb=3000, max_runtime=30, max_threads=2)
    c = rm.cost_of("lm")
    lm = c.mem_base + 10 * c.mem_per_mb + rm.JOB_OVERHEAD_MB
    assert rm.mem_mb("lm", 10, LIMITS) == math.ceil(lm)
    assert rm.mem_mb("lm", 10, small) == min(3000, math.ceil(2 * lm)) == 3000
    assert rm.runtime("lm", 10, small) == max(
        rm.MIN_RUNTIME, math.ceil(2 * (c.run_base + 10 * c.run_per_mb))
    )
    assert rm.runtime("lm", 1e5, small) == 30
    assert rm.threads("stats_pmi", 1e6, small) == 2
    assert rm.glove_threads(10**12, small) == 2
    assert rm.glove_mem_mb(10**7, 300, 10**9, small) == 3000


def test_threads_follow_the_input_only_where_the_rule_uses_them():
    assert rm.threads("stats_vocab", 1e6, LIMITS) == 1  # single-threaded
    assert rm.threads("lm", 1e6, LIMITS) == 1
    per = rm.cost_of("stats_pmi").mb_per_thread
    assert rm.threads("stats_pmi", 0, LIMITS) == 1
    assert rm.threads("stats_pmi", per, LIMITS) == 1
    assert rm.threads("stats_pmi", per + 1, LIMITS) == 2
    assert rm.threads("stats_pmi", 1e9, LIMITS) == LIMITS.max_threads
    # more threads, less wall time (at most half-linear), never below the floor
    assert rm.runtime("stats_pmi", 1e4, LIMITS, n_threads=8) < rm.runtime("stats_pmi", 1e4, LIMITS)


def test_floor_and_cap_bound_the_model_before_scaling():
    c = rm.cost_of("stats_cooccur_merge")
    big = 1e5
    assert c.mem_base + c.mem_per_mb * big > 5000
    over = rm.JOB_OVERHEAD_MB
    assert rm.mem_mb("stats_cooccur_merge", big, LIMITS, cap=5000) == 5000 + over
    assert rm.mem_mb("stats_cooccur_merge", big, LIMITS, attempt=2, cap=5000) == 1.5 * (5000 + over)
    assert rm.mem_mb("lm", 0.1, LIMITS, floor=9000) == 9000 + over


def test_glove_memory_is_its_tables_plus_the_pairs():
    assert rm.glove_tables_mb(100_000, 300) == pytest.approx(480.0)
    small = rm.glove_mem_mb(20_000, 300, 5 * 10**6, LIMITS)
    tables = rm.glove_tables_mb(20_000, 300)
    want = math.ceil(rm.GLOVE.mem_base + tables + rm.GLOVE.pair_bytes * 5 + rm.JOB_OVERHEAD_MB)
    assert small == max(rm.MIN_MEM_MB, want)
    assert rm.glove_mem_mb(400_000, 300, 5 * 10**8, LIMITS) > small
    assert rm.glove_mem_mb(20_000, 600, 5 * 10**6, LIMITS) > small
    assert rm.glove_runtime(10**9, 300, 50, LIMITS) > rm.glove_runtime(10**7, 300, 50, LIMITS)
    # a streaming trainer: the buffer bounds the pairs' part, which never exceeds the in-memory one
    streamed = rm.glove_mem_mb(400_000, 300, 5 * 10**8, LIMITS, buffer_mb=256)
    buffers = 1.5 * 2 * 256 * 1024**2 / 1e6
    assert streamed == math.ceil(
        rm.GLOVE.mem_base + rm.glove_tables_mb(400_000, 300) + buffers + rm.JOB_OVERHEAD_MB
    )
    assert rm.glove_mem_mb(20_000, 300, 5 * 10**6, LIMITS, buffer_mb=256) == small
    assert rm.glove_mem_mb(400_000, 300, 5 * 10**8, LIMITS, buffer_mb=0) > streamed
    assert rm.glove_threads(1, LIMITS) == 1 and rm.glove_threads(10**10, LIMITS) == 8


# Measured on this machine (benchmarks/scale_curve.py --sizes 1e6 3e6 1e7, see resources.py; the
# output of scripts/fit-resources.py): per rule and size, [input MiB of one job, peak RSS MB, CPU
# minutes of one job], rounded (hence the 1% tolerance below).
MEASURED = yaml.safe_load(
    """
corpus_extract: [[4.06, 189.4, 0.0548], [12.73, 205.8, 0.1285], [41.99, 215.8, 0.4074]]
corpus_tokenize: [[2.52, 219.5, 0.0351], [7.65, 254.8, 0.0538], [12.92, 251.5, 0.1152]]
stats_vocab: [[5.63, 137.9, 0.0233], [17.05, 142.4, 0.0323], [58.23, 160.6, 0.0873]]
stats_cooccur: [[5.78, 391.6, 0.0561], [17.29, 592.7, 0.0704], [29.60, 764.0, 0.1186]]
stats_cooccur_merge: [[6.23, 375.3, 0.0271], [15.99, 779.5, 0.0997], [31.78, 1760.2, 0.2883]]
stats_pmi: [[12.61, 213.7, 0.0122], [35.38, 391.9, 0.0196], [86.70, 906.2, 0.0929]]
stats_idf: [[2.06, 176.0, 0.0137], [6.26, 279.9, 0.0159], [22.38, 550.4, 0.0673]]
lm: [[5.63, 1114.1, 0.1334], [17.05, 1162.0, 0.3475], [58.23, 1322.5, 1.0199]]
"""
)
# (vocabulary, pairs, dim, iterations, peak RSS MB, CPU s)
MEASURED_GLOVE = [
    (15163, 3617100, 300, 3, 593.5, 10.3),
    (22651, 8988903, 300, 3, 967.3, 25.1),
    (44038, 25644804, 300, 3, 2389.5, 71.6),
]


@pytest.mark.parametrize("rule", sorted(MEASURED))
def test_the_model_asks_for_one_and_a_half_times_every_measured_job(rule):
    c = rm.cost_of(rule)
    for size, rss, cpu_min in MEASURED[rule]:
        assert c.mem_base + c.mem_per_mb * size >= 1.5 * rss * 0.99, (rule, size)
        assert c.run_base + c.run_per_mb * size >= 1.5 * cpu_min * 0.99, (rule, size)


def test_the_glove_model_asks_for_one_and_a_half_times_every_measured_job():
    for vocab, pairs, dim, iterations, rss, cpu_s in MEASURED_GLOVE:
        model = (
            rm.GLOVE.mem_base + rm.glove_tables_mb(vocab, dim) + rm.GLOVE.pair_bytes * pairs / 1e6
        )
        assert model >= 1.5 * rss * 0.99
        assert rm.GLOVE.pair_seconds * pairs * iterations * dim >= 1.5 * cpu_s * 0.99


# The 10^7 dump through the slurm profile on the one-node cluster (scripts/slurm-local.sh, sacct
# MaxRSS sampled every second): MB of the batch step + the srun step, which both hold Snakemake
# besides the stage; the input is the last MEASURED point of the rule (the same dump and config).
SLURM_TOTAL_MB = {
    "corpus_extract": 558,
    "corpus_tokenize": 603,
    "stats_vocab": 514,
    "stats_cooccur": 1084,
    "stats_cooccur_merge": 1881,
    "stats_pmi": 1163,
    "stats_idf": 794,
    "lm": 1674,
}


@pytest.mark.parametrize("rule", sorted(SLURM_TOTAL_MB))
def test_a_cluster_job_with_its_snakemake_processes_fits_its_request(rule):
    size = MEASURED[rule][-1][0]
    # merge: the callable's cap at the default merge_memory (2GB): 1.25 x 2000 + 500
    cap = 3000 if rule == "stats_cooccur_merge" else None
    assert rm.mem_mb(rule, size, LIMITS, cap=cap) >= 1.5 * SLURM_TOTAL_MB[rule]
    vocab, pairs, dim, _, _, _ = MEASURED_GLOVE[-1]
    assert rm.glove_mem_mb(vocab, dim, pairs, LIMITS) >= 1.5 * 2675


@pytest.mark.parametrize(
    "text,mb", [("2G", 2000), ("2GB", 2000), ("1.5GiB", 1500), ("500M", 500), ("64k", 0.064)]
)
def test_absolute_memory_settings_in_mb(text, mb):
    assert rm.memory_mb(text) == pytest.approx(mb)


def test_shares_and_bare_numbers_are_not_known_and_nonsense_is_named():
    assert rm.memory_mb("25%") is None and rm.memory_mb("4096") is None
    with pytest.raises(ConfigError, match="^lm.memory: 'lots' is not a size"):
        rm.memory_mb("lots", "lm.memory")


def test_a_bad_memory_setting_fails_before_any_job_in_one_line(repo, tmp_path):
    (tmp_path / "c.yaml").write_text(yaml.safe_dump({"lm": {"memory": "lots"}}))
    result = subprocess.run(
        [sys.executable, "-m", "snakemake", "--snakefile", str(repo / "Snakefile")]
        + ["--directory", str(tmp_path), "--configfile", str(tmp_path / "c.yaml"), "-n"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode != 0
    assert "wordgames: error: lm.memory: 'lots' is not a size like 2G, 500MB or 25%" in (
        result.stdout + result.stderr
    )
    assert not (tmp_path / "results").exists()


def _requests(log: str) -> dict[str, list[dict[str, str]]]:
    """rule -> the resources Snakemake printed for each of its jobs."""
    found: dict[str, list[dict[str, str]]] = {}
    for block in re.split(r"\n(?=\[[^\]]+\]\n)", log):
        head = re.search(r"^(?:local)?rule (\w+):", block, re.M)
        res = re.search(r"^\s+resources: (.*)$", block, re.M)
        corpus = re.search(r"^\s+wildcards: corpus=(\w+)", block, re.M)
        if head and res:
            values = dict(kv.split("=", 1) for kv in res.group(1).split(", "))
            values["corpus"] = corpus.group(1) if corpus else ""
            found.setdefault(head.group(1), []).append(values)
    return found


def test_a_dry_run_gives_a_big_corpus_a_bigger_extraction(repo, tmp_path):
    """Two text corpora, one of 1 KB and a sparse one of 1 GiB (nothing reads it in a dry run
    but the digest, of zeros): the big one's extraction asks for more memory and time, the
    retry growth and the maxima of the config's resources section included."""
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text("una frase corta.\n" * 60)
    with big.open("wb") as handle:
        handle.truncate(1024**3)
    config = {
        "results_dir": str(tmp_path / "results"),
        "corpora": {
            "small": {"kind": "text", "language": "it", "source": str(small)},
            "big": {"kind": "text", "language": "it", "source": str(big)},
        },
        "collections": {"it": {"corpora": ["small", "big"]}},
        "resources": {"max_mem_mb": 20000},
    }
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    targets = [str(tmp_path / f"results/corpora/{c}/extract/000.parquet") for c in ("small", "big")]
    result = subprocess.run(
        [sys.executable, "-m", "snakemake", "--snakefile", str(repo / "Snakefile")]
        + ["--directory", str(tmp_path), "--configfile", str(tmp_path / "c.yaml")]
        + ["-n", "--cores", "1", *targets],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    jobs = {j["corpus"]: j for j in _requests(result.stdout + result.stderr)["corpus_extract"]}
    mib = {"small": small.stat().st_size / 1024**2, "big": 1024.0}
    limits = rm.Limits(**{**as_dict(LIMITS), "max_mem_mb": 20000})
    for corpus, size in mib.items():
        assert int(jobs[corpus]["mem_mb"]) == rm.mem_mb("corpus_extract", size, limits)
        assert int(jobs[corpus]["runtime"]) == rm.runtime("corpus_extract", size, limits)
    assert int(jobs["big"]["mem_mb"]) > int(jobs["small"]["mem_mb"])
    assert int(jobs["big"]["runtime"]) > int(jobs["small"]["runtime"])
