# Corpus statistics per collection: vocabulary -> co-occurrence (sharded counting, merged) -> PMI;
# IDF over documents; a DuckDB catalog with views over the collection's tables. See docs/vectors.md.


include: "stats_functions.smk"


rule stats_vocab:
    input:
        str(paths.collection_tokens(CFG, "{coll}")),
    output:
        str(paths.vocab(CFG, "{coll}")),
    log:
        log_path("stats_vocab", "{coll}"),
    benchmark:
        bench_path("stats_vocab", "{coll}")
    resources:
        mem_mb=4000,
        runtime=120,
    params:
        min_count=lambda wildcards: plan.collection_cooccur(CFG, wildcards.coll).min_count,
        max_vocab=lambda wildcards: option(
            "--max-vocab", plan.collection_cooccur(CFG, wildcards.coll).max_vocab
        ),
    shell:
        "wordgames build vocab --in {input} --out {output} --min-count {params.min_count}"
        " {params.max_vocab} > {log} 2>&1"


rule stats_cooccur:
    input:
        tokens=str(paths.collection_tokens(CFG, "{coll}")),
        vocab=str(paths.vocab(CFG, "{coll}")),
    output:
        temp(str(paths.cooccur_spill(CFG, "{coll}", "{part}", "{parts}"))),
    log:
        log_path("stats_cooccur", "{coll}", "{part}-of-{parts}"),
    benchmark:
        bench_path("stats_cooccur", "{coll}", "{part}-of-{parts}")
    resources:
        mem_mb=1000
        + CFG.settings.cooccur.chunk_tokens * CFG.settings.cooccur.window * 40 // 1_000_000,
        runtime=240,
    params:
        window=lambda wildcards: plan.collection_cooccur(CFG, wildcards.coll).window,
        chunk=CFG.settings.cooccur.chunk_tokens,
        weighting=switch("--unweighted", not CFG.settings.cooccur.distance_weighting),
    shell:
        "wordgames build cooccur --in {input.tokens} --vocab {input.vocab} --out {output}"
        " --window {params.window} --chunk-tokens {params.chunk}"
        " --shard {wildcards.part}/{wildcards.parts} {params.weighting} > {log} 2>&1"


rule stats_cooccur_merge:
    input:
        get_cooccur_spills,
    output:
        str(paths.cooccur(CFG, "{coll}")),
    log:
        log_path("stats_cooccur_merge", "{coll}"),
    benchmark:
        bench_path("stats_cooccur_merge", "{coll}")
    threads: CFG["threads"]
    resources:
        mem_mb=4000,
        runtime=240,
    params:
        memory=CFG.settings.cooccur.merge_memory,
        shards=CFG.settings.cooccur.shards,
    shell:
        "wordgames build cooccur-merge --in {input} --out {output} --memory {params.memory}"
        " --threads {threads} > {log} 2>&1"


rule stats_pmi:
    input:
        cooccur=str(paths.cooccur(CFG, "{coll}")),
        vocab=str(paths.vocab(CFG, "{coll}")),
    output:
        str(paths.pmi(CFG, "{coll}")),
    log:
        log_path("stats_pmi", "{coll}"),
    benchmark:
        bench_path("stats_pmi", "{coll}")
    threads: CFG["threads"]
    resources:
        mem_mb=4000,
        runtime=120,
    params:
        min_count=CFG.settings.tables.pmi_min_count,
        counts=CFG.settings.tables.pmi_counts,
    shell:
        "wordgames build pmi --cooccur {input.cooccur} --vocab {input.vocab} --out {output}"
        " --min-count {params.min_count} --counts {params.counts} --threads {threads} > {log} 2>&1"


rule stats_idf:
    input:
        str(paths.collection_sentences(CFG, "{coll}")),
    output:
        str(paths.idf(CFG, "{coll}")),
    log:
        log_path("stats_idf", "{coll}"),
    benchmark:
        bench_path("stats_idf", "{coll}")
    threads: CFG["threads"]
    resources:
        mem_mb=4000,
        runtime=120,
    params:
        min_df=CFG.settings.tables.idf_min_df,
    shell:
        "wordgames build idf --in {input} --out {output} --min-df {params.min_df}"
        " --threads {threads} > {log} 2>&1"


rule stats_catalog:
    input:
        unpack(get_catalog_tables),
    output:
        str(paths.catalog(CFG, "{coll}")),
    log:
        log_path("stats_catalog", "{coll}"),
    benchmark:
        bench_path("stats_catalog", "{coll}")
    params:
        names=lambda wildcards: sorted(get_catalog_tables(wildcards)),
        tables=lambda wildcards, input: repeated(
            "--table", [f"{name}={path}" for name, path in input.items()]
        ),
    shell:
        "wordgames build catalog --out {output} {params.tables} > {log} 2>&1"
