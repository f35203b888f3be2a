# Input-sized resources (issue 22): the mem_mb, runtime and threads callables of the heavy rules, from
# the cost model of wordgames.workflow.resources (its measured coefficients) and the config's
# `resources` section (scale, retry_factor, maxima). Snakemake calls them with the job's wildcards,
# input, threads and attempt, once at planning and again when the job's inputs exist: a dry run shows
# mem_mb=<TBD> for a job whose inputs are still to be made, and one provisional thread (a threads
# value cannot be <TBD>). See docs/pipeline.md, "The cluster".
import os

import pyarrow.parquet as pq

from wordgames.settings import as_dict
from wordgames.workflow import resources as cost_model

RESOURCE_LIMITS = cost_model.Limits(**as_dict(CFG.settings.resources))
_MIB = 1024 * 1024
# the memory settings that bound a job's memory, read before any job runs (a bad one is one line)
try:
    _LM_SORT_MB = cost_model.memory_mb(CFG.settings.lm.memory, "lm.memory")
    _MERGE_LIMIT_MB = cost_model.memory_mb(
        CFG.settings.cooccur.merge_memory, "cooccur.merge_memory"
    )
except ConfigError as exc:
    sys.exit(f"wordgames: error: {exc}")


def _inputs_exist(input):
    return all(os.path.exists(f) for f in input)


def _file_mb(path):
    return os.path.getsize(path) / _MIB


def _work_mb(rule_name, wildcards, input):
    """The MiB a job works on: its input (input.size_mb, as Snakemake counts it), or a sharded
    job's share of it."""
    size = input.size_mb
    if rule_name == "corpus_extract" and get_corpus_indexes(wildcards):
        # with an index a shard reads only its own streams; without, each streams the whole dump
        size /= CORPORA[wildcards.corpus].shards
    elif rule_name == "stats_cooccur":
        # a shard counts its line range of the tokens, against the whole vocabulary
        size = _file_mb(input.tokens) / int(wildcards.parts) + _file_mb(input.vocab)
    return size


def _mem_bounds(rule_name):
    """(floor, cap) of a rule's memory: what a memory setting it is given implies."""
    if rule_name in ("lm", "hangman_lm_size"):
        # lmplz sorts in up to -S (when absolute); a share of the node ("25%") is not known here
        return (_LM_SORT_MB + cost_model.MIN_MEM_MB if _LM_SORT_MB else 0.0), None
    if rule_name == "stats_cooccur_merge":
        # DuckDB spills to disk beyond its limit, which bounds its buffers but not every
        # allocation: 1.25 x the limit plus the interpreter's 500 MB at most
        cap = 1.25 * _MERGE_LIMIT_MB + cost_model.MIN_MEM_MB if _MERGE_LIMIT_MB else None
        return 0.0, cap
    return 0.0, None


def _model_rule(rule_name):
    # an LM of a sample is an LM (hangman_sizes.smk)
    return "lm" if rule_name == "hangman_lm_size" else rule_name


def mem_of(rule_name):
    """The mem_mb callable of a rule: the model's memory for the job's input and attempt."""

    def mem_mb(wildcards, input, attempt):
        if rule_name in ("lm", "hangman_lm_size") and CFG.settings.lm.mem_mb:
            return CFG.settings.lm.mem_mb  # fixed by the config
        size = _work_mb(rule_name, wildcards, input)
        floor, cap = _mem_bounds(rule_name)
        return cost_model.mem_mb(
            _model_rule(rule_name), size, RESOURCE_LIMITS, attempt, floor=floor, cap=cap
        )

    return mem_mb


def runtime_of(rule_name):
    """The runtime callable (minutes) of a rule: the model's for the job's input, threads and
    attempt."""

    def runtime(wildcards, input, threads, attempt):
        size = _work_mb(rule_name, wildcards, input)
        return cost_model.runtime(
            _model_rule(rule_name), size, RESOURCE_LIMITS, attempt, n_threads=threads
        )

    return runtime


def threads_of(rule_name):
    """The threads callable of a multi-threaded rule: more for a bigger input, 1 to max_threads
    (1 while its inputs are still to be made)."""

    def threads(wildcards, input):
        if not _inputs_exist(input):
            return 1
        return cost_model.threads(rule_name, input.size_mb, RESOURCE_LIMITS)

    return threads


# GloVe: memory from the vocabulary and dimension (its tables) and the co-occurrence pairs, read
# from the Parquet footers of its inputs (row counts: no data is read).
def _glove_shape(wildcards, input):
    """The collection's glove settings, its vocabulary size and its co-occurrence pairs."""
    pairs = pq.read_metadata(input.cooccur).num_rows if "cooccur" in input.keys() else 0
    vocab = pq.read_metadata(input.vocab).num_rows
    return plan.collection_glove(CFG, wildcards.coll), vocab, pairs


def get_glove_mem_mb(wildcards, input, attempt):
    _ = input.size_mb  # Snakemake's own handling of inputs still to be made (<TBD>)
    g, vocab, pairs = _glove_shape(wildcards, input)
    return cost_model.glove_mem_mb(vocab, g.dim, pairs, RESOURCE_LIMITS, attempt, g.buffer_mb)


def get_glove_runtime(wildcards, input, threads, attempt):
    _ = input.size_mb
    if "cooccur" not in input.keys():
        # word2vec / fastText on the tokens: not measured, the fixed day they had before issue 22
        return min(RESOURCE_LIMITS.max_runtime, 1440)
    g, _, pairs = _glove_shape(wildcards, input)
    return cost_model.glove_runtime(
        pairs, g.dim, g.iterations, RESOURCE_LIMITS, attempt, n_threads=threads
    )


def get_glove_threads(wildcards, input):
    """Hogwild threads by co-occurrence pairs; glove.threads, when set, fixes them (word2vec and
    fastText: the top-level threads)."""
    if CFG.settings.glove.threads:
        return int(CFG.settings.glove.threads)
    if not _inputs_exist(input):
        return 1
    if "cooccur" not in input.keys():
        return int(CFG["threads"])
    return cost_model.glove_threads(pq.read_metadata(input.cooccur).num_rows, RESOURCE_LIMITS)
