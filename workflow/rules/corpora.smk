# Corpora: download -> extract (per shard) -> tokenize (per shard) -> merge (per corpus) -> collect
# (per collection). Rules only pass names; `wordgames build ...` finds every path through
# wordgames.paths for the same config. See docs/corpora.md.
import os

from wordgames.corpus import registry as corpus_registry

CORPORA = {c.name: c for c in corpus_registry.used_corpora(CFG)}
# The jobs read exactly the config this Snakemake run read (common.smk).
_CONFIGFILE = f"--configfile {run_config_file()}"


wildcard_constraints:
    corpus="[A-Za-z0-9][A-Za-z0-9_-]*",
    shard="[0-9]{3}",


def _corpus_entry(wildcards):
    """The corpus's config entry as text: a change of it re-runs extraction (params rerun trigger)."""
    import json

    return json.dumps(CFG.section("corpora")[wildcards.corpus], sort_keys=True, default=str)


def _corpus_inputs(wildcards):
    """Local files that exist (their change re-runs extraction) and the corpus's downloads.

    A missing local source is not declared, so the extract command itself fails with a message
    that says what is missing and where to get it (the BNC, a {data_dir} corpus).
    """
    c = CORPORA[wildcards.corpus]
    files = [str(p) for p in corpus_registry.local_files(CFG, c, missing_ok=True)]
    if c.kind == "bnc":
        files = [f for f in files if os.path.isfile(f)]
    return files


for _c in CORPORA.values():
    _urls = [s for s in _c.sources if s.is_url]
    if _urls:
        rule:
            name: f"corpus_download_{_c.name.replace('-', '_')}"
            output:
                [str(corpus_registry.download_path(CFG, _c, s)) for s in _urls],
            params:
                corpus=_c.name,
            log:
                log_path("corpus_download", _c.name),
            retries: 2
            resources:
                runtime=1440,
            shell:
                "{WG} build download {_CONFIGFILE} --corpus {params.corpus} > {log} 2>&1"


rule corpus_extract:
    input:
        _corpus_inputs,
    output:
        docs=str(paths.corpus_extract(CFG, "{corpus}", "{shard}")),
        summary=str(paths.corpus_extract(CFG, "{corpus}", "{shard}")).replace(".parquet", ".summary.json"),
    params:
        entry=_corpus_entry,
    log:
        log_path("corpus_extract", "{corpus}", "{shard}"),
    resources:
        mem_mb=2000,
        runtime=240,
    shell:
        "{WG} build extract {_CONFIGFILE} --corpus {wildcards.corpus} --shard {wildcards.shard} > {log} 2>&1"


rule corpus_tokenize:
    input:
        str(paths.corpus_extract(CFG, "{corpus}", "{shard}")),
    output:
        str(paths.corpus_shard_sentences(CFG, "{corpus}", "{shard}")),
    log:
        log_path("corpus_tokenize", "{corpus}", "{shard}"),
    resources:
        mem_mb=1000,
        runtime=240,
    shell:
        "{WG} build tokenize {_CONFIGFILE} --corpus {wildcards.corpus} --shard {wildcards.shard} > {log} 2>&1"


def _merge_inputs(c):
    out = [str(paths.corpus_extract(CFG, c.name, s)).replace(".parquet", ".summary.json") for s in c.shard_ids]
    if c.has_text:
        out += [str(paths.corpus_shard_sentences(CFG, c.name, s)) for s in c.shard_ids]
    return out


def _merge_outputs(c):
    return [
        str(paths.corpus_sentences(CFG, c.name)),
        str(paths.corpus_tokens(CFG, c.name)),
        str(paths.corpus_summary(CFG, c.name)),
    ] + [str(paths.corpus_table(CFG, c.name, t)) for t in c.tables]


for _c in CORPORA.values():
    rule:
        name: f"corpus_merge_{_c.name.replace('-', '_')}"
        input:
            _merge_inputs(_c),
        output:
            _merge_outputs(_c),
        params:
            corpus=_c.name,
        log:
            log_path("corpus_merge", _c.name),
        shell:
            "{WG} build merge-corpus {_CONFIGFILE} --corpus {params.corpus} > {log} 2>&1"


for _coll in CFG.section("collections"):
    rule:
        name: f"collect_{_coll.replace('-', '_')}"
        input:
            [str(paths.corpus_summary(CFG, c.name)) for c in corpus_registry.collection_members(CFG, _coll)],
        output:
            tokens=str(paths.collection_tokens(CFG, _coll)),
            sentences=str(paths.collection_sentences(CFG, _coll)),
            manifest=str(paths.collection_manifest(CFG, _coll)),
        params:
            collection=_coll,
            members=",".join(CFG.section("collections")[_coll]["corpora"]),
        log:
            log_path("collect", _coll),
        resources:
            mem_mb=1000,
        shell:
            "{WG} build collect {_CONFIGFILE} --collection {params.collection} > {log} 2>&1"

    TARGETS.append(str(paths.collection_tokens(CFG, _coll)))
    TARGETS.append(str(paths.collection_manifest(CFG, _coll)))
