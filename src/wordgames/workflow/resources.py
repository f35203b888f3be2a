"""Input-sized resources of the pipeline's jobs (issue 22): the memory (MB), runtime (minutes) and
threads a job asks a scheduler for, from the size of its input, for the resource callables of
``workflow/rules/resources_functions.smk``. Plain arithmetic: no Snakemake, no config import.

**Model.** For a rule with costs :class:`Cost` and ``m`` MiB of input:

- memory = ``mem_base + mem_per_mb * m`` (the stage's own processes) + :data:`JOB_OVERHEAD_MB`
  (the Snakemake processes a cluster job runs around it);
- runtime = ``run_base + run_per_mb * m / speedup``, where ``speedup = max(1, threads / 2)``: the
  measured CPU minutes of one thread, and a job given more threads assumed at least half-linear;
- threads (only the rules that use them): ``ceil(m / mb_per_thread)``, from 1 to the maximum, so a
  small input gets one thread and a big one many;
- GloVe (``glove``): its four float32 tables (vectors, context vectors and their AdaGrad squares:
  4 V dim 4 bytes), plus ``pair_bytes`` per co-occurrence pair (the pair arrays, their weights and
  the shuffle), plus the base and the overhead; runtime ``pair_seconds`` per pair, iteration and
  dimension.

Then everything is multiplied by ``scale`` (the ``resources.scale`` config value) and by
``retry_factor ** (attempt - 1)`` (Snakemake's ``attempt`` counts from 1, so a job that failed,
e.g. killed by the scheduler for exceeding its memory, asks for 1.5x, then 2.25x), and clamped to the
maxima (``max_mem_mb``, ``max_runtime``, ``max_threads``) and to small floors (:data:`MIN_MEM_MB`,
:data:`MIN_RUNTIME`): a request above what a node has would never be scheduled.

**Coefficients** (:data:`COSTS`, :data:`GLOVE`) are measured on this project's generated dumps
(``benchmarks/scale_curve.py --sizes 1e6 3e6 1e7 --work /tmp/res-scale``, Italian, GloVe 300 d and
3 iterations, KenLM order 5: CPU s and peak RSS of every job, exactly, by ``wait4``, on a shared
2-core machine) against each job's input MiB (the files' sizes in the results folder), and refitted
by ``scripts/fit-resources.py /tmp/res-scale/scale.json``: a least-squares line of peak RSS MB and
of CPU minutes against input MiB per rule (intercept and slope at least 0), then both multiplied by
the safety margin 1.5 times the largest ratio of a measured point to the line, so every measured job
is at least 1.5x below its request (tests/test_resources.py holds the measured points). Exceptions,
from what the small runs cannot show: lm's slope is build_binary's (it holds the binary it writes),
and the co-occurrence merge is capped by its DuckDB memory limit. The input is the job's whole
input as Snakemake sees it (``input.size_mb``), or a sharded job's share (corpus_extract: the dump
divided by its shards when an index lets a shard read only its own streams; stats_cooccur: its line
range of the tokens). A rule without a model gets :data:`DEFAULT`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from wordgames.errors import ConfigError

#: no job asks for less: an interpreter with numpy and pyarrow loaded is 150 MB before any data
MIN_MEM_MB = 500
#: nor for less time: scheduling granularity, and a slow node's start-up
MIN_RUNTIME = 10
_MIB = 1024 * 1024
#: what a cluster job holds besides the stage's own processes, which a scheduler enforcing the
#: request (cgroups) counts too: the plugin's batch step runs Snakemake (sacct MaxRSS 182-189 MB) and
#: its srun step another Snakemake around the stage (the step's MaxRSS exceeds the stage's own RSS
#: by up to 170 MB), measured on the one-node cluster with the 10^7 dump; 1.5 x (189 + 170)
JOB_OVERHEAD_MB = 540


@dataclass(frozen=True)
class Limits:
    """The ``resources`` config section (its defaults live in the schema): multiplier, retry growth
    and the maxima a job may ask for."""

    scale: float
    retry_factor: float
    max_mem_mb: int
    max_runtime: int
    max_threads: int


@dataclass(frozen=True)
class Cost:
    """Coefficients of one rule (see the module docstring). ``mb_per_thread`` 0: one thread."""

    mem_base: float
    mem_per_mb: float
    run_base: float
    run_per_mb: float
    mb_per_thread: float = 0.0


@dataclass(frozen=True)
class GloveCost:
    mem_base: float
    pair_bytes: float
    run_base: float
    pair_seconds: float  # CPU seconds per pair, iteration and dimension
    pairs_per_thread: float


# Fitted by scripts/fit-resources.py (margin 1.5) on benchmarks/scale_curve.py --sizes 1e6 3e6 1e7
# (module docstring): memory MB = base + per-MiB slope, runtime CPU minutes = base + per-MiB slope.
# At these sizes every runtime is under 2 minutes, so MIN_RUNTIME decides the small jobs' requests.
# Threads: one per 100 MiB of input for the DuckDB and Arrow stages (8 at 800 MiB).
COSTS: dict[str, Cost] = {
    "corpus_extract": Cost(297, 0.935, 0.0217, 0.015),
    "corpus_tokenize": Cost(346, 4.85, 0.0163, 0.0145),
    "stats_vocab": Cost(204, 0.654, 0.0233, 0.00208),
    "stats_cooccur": Cost(474, 24, 0.0589, 0.00439),
    # superlinear at these sizes (375, 780, 1760 MB at 6, 16, 32 MiB of spills) until DuckDB's
    # merge_memory stops it: the callable caps it there (resources_functions.smk)
    "stats_cooccur_merge": Cost(0, 90.4, 0, 0.0137, mb_per_thread=100),
    "stats_pmi": Cost(128, 15.3, 0, 0.00161, mb_per_thread=100),
    "stats_idf": Cost(241, 28.6, 0.00808, 0.00604, mb_per_thread=100),
    # lmplz's sorting dominates the measured sizes (1114 to 1322 MB); the slope is build_binary's,
    # which holds the binary it writes: 1.5 x 11.9 MB per token MiB (order 5, unpruned)
    "lm": Cost(1650, 17.8, 0.0772, 0.0261),
}
# 594, 967, 2389 MB on 3.6M, 9.0M, 25.6M pairs (V 15k to 44k, dim 300); 3.1e-9 to 3.2e-9 CPU s per
# pair x iteration x dim (x 1.5 the worst). A thread per 10M pairs.
GLOVE = GloveCost(
    mem_base=358, pair_bytes=128, run_base=0.0, pair_seconds=4.75e-9, pairs_per_thread=1e7
)
#: a rule without a model: the slurm profile's default-resources (2000 MB, 60 minutes)
DEFAULT = Cost(2000, 0.0, 60, 0.0)


def _finish(value: float, attempt: int, limits: Limits, floor: int, ceiling: int) -> int:
    """``value`` scaled by the config and the attempt, rounded up and clamped."""
    if attempt < 1:
        raise ValueError(f"attempt {attempt} < 1 (Snakemake counts attempts from 1)")
    grown = value * limits.scale * limits.retry_factor ** (attempt - 1)
    return int(min(ceiling, max(floor, math.ceil(grown))))


def cost_of(rule: str) -> Cost:
    return COSTS.get(rule, DEFAULT)


def mem_mb(
    rule: str,
    input_mb: float,
    limits: Limits,
    attempt: int = 1,
    floor: float = 0.0,
    cap: float | None = None,
) -> int:
    """Memory MB a job of ``rule`` asks for with ``input_mb`` MB of input. ``cap``: the most the job
    can use whatever its input (a memory limit it is given, e.g. DuckDB's), ``floor``: the least
    (lmplz's absolute ``-S``); both before the scale and the retries."""
    c = cost_of(rule)
    value = c.mem_base + c.mem_per_mb * max(0.0, input_mb)
    if cap is not None:
        value = min(value, cap)
    return _finish(
        max(value, floor) + JOB_OVERHEAD_MB, attempt, limits, MIN_MEM_MB, limits.max_mem_mb
    )


def threads(rule: str, input_mb: float, limits: Limits) -> int:
    """Threads of a job of ``rule``: one per ``mb_per_thread`` MB of input, 1 to ``max_threads``
    (one for a rule that uses no threads)."""
    per = cost_of(rule).mb_per_thread
    if per <= 0:
        return 1
    return int(min(limits.max_threads, max(1, math.ceil(max(0.0, input_mb) / per))))


def _speedup(n_threads: int) -> float:
    return max(1.0, n_threads / 2)


def runtime(
    rule: str, input_mb: float, limits: Limits, attempt: int = 1, n_threads: int = 1
) -> int:
    """Runtime minutes a job of ``rule`` asks for with ``input_mb`` MB of input and ``n_threads``."""
    c = cost_of(rule)
    value = c.run_base + c.run_per_mb * max(0.0, input_mb) / _speedup(n_threads)
    return _finish(value, attempt, limits, MIN_RUNTIME, limits.max_runtime)


def glove_tables_mb(vocab_size: int, dim: int) -> float:
    """The trainer's four float32 tables (W, C, and their squared gradients), MB."""
    return 4 * vocab_size * dim * 4 / 1e6


def glove_mem_mb(
    vocab_size: int,
    dim: int,
    pairs: int,
    limits: Limits,
    attempt: int = 1,
    buffer_mb: float | None = None,
) -> int:
    """Memory MB of a GloVe job on a ``vocab_size`` x ``dim`` model and ``pairs`` co-occurrences.
    ``buffer_mb``: a trainer that streams its shuffled pairs through a buffer of that many MiB
    holds at most the buffer and the shuffle's budget of the same size besides its tables
    (measured: tables + buffer + about 250 MiB, the shuffle's peak about 400 MiB with a 256 MiB
    budget, benchmarks/glove_memory.py; asked: 1.5 x both); None or 0: every pair in memory."""
    in_memory = GLOVE.pair_bytes * pairs / 1e6
    if buffer_mb:
        in_memory = min(in_memory, 1.5 * 2 * buffer_mb * _MIB / 1e6)
    value = GLOVE.mem_base + glove_tables_mb(vocab_size, dim) + in_memory + JOB_OVERHEAD_MB
    return _finish(value, attempt, limits, MIN_MEM_MB, limits.max_mem_mb)


def glove_threads(pairs: int, limits: Limits) -> int:
    """One Hogwild thread per ``pairs_per_thread`` co-occurrence pairs, 1 to ``max_threads``."""
    return int(min(limits.max_threads, max(1, math.ceil(pairs / GLOVE.pairs_per_thread))))


def glove_runtime(
    pairs: int,
    dim: int,
    iterations: int,
    limits: Limits,
    attempt: int = 1,
    n_threads: int = 1,
) -> int:
    """Runtime minutes of a GloVe job: ``pair_seconds`` per pair, iteration and dimension."""
    cpu_min = GLOVE.pair_seconds * pairs * iterations * dim / 60
    value = GLOVE.run_base + cpu_min / _speedup(n_threads)
    return _finish(value, attempt, limits, MIN_RUNTIME, limits.max_runtime)


_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([kmgt])i?b?\s*$", re.IGNORECASE)
_UNIT_MB = {"k": 1e-3, "m": 1.0, "g": 1e3, "t": 1e6}


def memory_mb(text: str, key: str = "memory") -> float | None:
    """An absolute memory setting in MB (``"2G"``, ``"2GB"``, ``"500M"``, ``"1.5GiB"``), None for a
    share of the node's memory (``"25%"``: not known before the job runs) and for a bare number
    (lmplz and DuckDB read its unit differently). lmplz's ``-S`` and DuckDB's memory limit take
    these forms."""
    text = str(text).strip()
    if text.endswith("%") or re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", text):
        return None
    found = _SIZE.match(text)
    if found is None:
        raise ConfigError(f"{key}: {text!r} is not a size like 2G, 500MB or 25%")
    return float(found.group(1)) * _UNIT_MB[found.group(2).lower()]
