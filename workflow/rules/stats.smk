# Corpus statistics per collection: vocabulary -> co-occurrence (sharded counting, merged) -> PMI;
# IDF over documents; a DuckDB catalog with views over the collection's tables. See docs/vectors.md.

_COOC = CFG.section("cooccur")
_TABLES = CFG.section("tables")
_COLLECTIONS = CFG.section("collections")
STATS_COLLECTIONS = [c for c in _COOC["collections"] if c in _COLLECTIONS]
TABLE_COLLECTIONS = [c for c in _TABLES["collections"] if c in STATS_COLLECTIONS]
_SHARDS = int(_COOC["shards"])
_STATS_CONSTRAINTS = {"coll": "[A-Za-z0-9][A-Za-z0-9_-]*", "part": "[0-9]+", "parts": "[0-9]+"}


rule stats_vocab:
    input:
        str(paths.collection_tokens(CFG, "{coll}")),
    output:
        str(paths.vocab(CFG, "{coll}")),
    params:
        min_count=_COOC["min_count"],
        max_vocab=f"--max-vocab {_COOC['max_vocab']}" if _COOC["max_vocab"] else "",
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_vocab", "{coll}"),
    resources:
        mem_mb=4000,
        runtime=120,
    shell:
        "{WG} build vocab --in {input} --out {output} --min-count {params.min_count}"
        " {params.max_vocab} > {log} 2>&1"


rule stats_cooccur:
    input:
        tokens=str(paths.collection_tokens(CFG, "{coll}")),
        vocab=str(paths.vocab(CFG, "{coll}")),
    output:
        temp(str(paths.cooccur_spill(CFG, "{coll}", "{part}", "{parts}"))),
    params:
        window=_COOC["window"],
        chunk=_COOC["chunk_tokens"],
        weighting="" if _COOC["distance_weighting"] else "--unweighted",
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_cooccur", "{coll}", "{part}-of-{parts}"),
    resources:
        mem_mb=lambda wc: 1000 + _COOC["chunk_tokens"] * _COOC["window"] * 40 // 1_000_000,
        runtime=240,
    shell:
        "{WG} build cooccur --in {input.tokens} --vocab {input.vocab} --out {output}"
        " --window {params.window} --chunk-tokens {params.chunk} --shard {wildcards.part}/{wildcards.parts}"
        " {params.weighting} > {log} 2>&1"


rule stats_cooccur_merge:
    input:
        [str(paths.cooccur_spill(CFG, "{coll}", k, _SHARDS)) for k in range(_SHARDS)],
    output:
        str(paths.cooccur(CFG, "{coll}")),
    params:
        memory=_COOC["merge_memory"],
    threads: CFG["threads"]
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_cooccur_merge", "{coll}"),
    resources:
        mem_mb=4000,
        runtime=240,
    shell:
        "{WG} build cooccur-merge --in {input} --out {output} --memory {params.memory}"
        " --threads {threads} > {log} 2>&1"


rule stats_pmi:
    input:
        cooccur=str(paths.cooccur(CFG, "{coll}")),
        vocab=str(paths.vocab(CFG, "{coll}")),
    output:
        str(paths.pmi(CFG, "{coll}")),
    params:
        min_count=_TABLES["pmi_min_count"],
        counts=_TABLES["pmi_counts"],
    threads: CFG["threads"]
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_pmi", "{coll}"),
    resources:
        mem_mb=4000,
        runtime=120,
    shell:
        "{WG} build pmi --cooccur {input.cooccur} --vocab {input.vocab} --out {output}"
        " --min-count {params.min_count} --counts {params.counts} --threads {threads} > {log} 2>&1"


rule stats_idf:
    input:
        str(paths.collection_sentences(CFG, "{coll}")),
    output:
        str(paths.idf(CFG, "{coll}")),
    params:
        min_df=_TABLES["idf_min_df"],
    threads: CFG["threads"]
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_idf", "{coll}"),
    resources:
        mem_mb=4000,
        runtime=120,
    shell:
        "{WG} build idf --in {input} --out {output} --min-df {params.min_df}"
        " --threads {threads} > {log} 2>&1"


def _catalog_tables(wildcards):
    c = wildcards.coll
    tables = {
        "vocab": paths.vocab(CFG, c),
        "cooccur": paths.cooccur(CFG, c),
        "sentences": paths.collection_sentences(CFG, c),
    }
    if c in TABLE_COLLECTIONS:
        tables.update(pmi=paths.pmi(CFG, c), idf=paths.idf(CFG, c))
    return {name: str(path) for name, path in tables.items()}


rule stats_catalog:
    input:
        unpack(_catalog_tables),
    output:
        str(paths.catalog(CFG, "{coll}")),
    params:
        tables=lambda wildcards, input: " ".join(
            f"--table {name}={path}" for name, path in input.items()
        ),
    wildcard_constraints:
        **_STATS_CONSTRAINTS,
    log:
        log_path("stats_catalog", "{coll}"),
    shell:
        "{WG} build catalog --out {output} {params.tables} > {log} 2>&1"


TARGETS += [str(paths.catalog(CFG, c)) for c in STATS_COLLECTIONS]
TARGETS += [str(paths.pmi(CFG, c)) for c in TABLE_COLLECTIONS]
TARGETS += [str(paths.idf(CFG, c)) for c in TABLE_COLLECTIONS]
