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
        mem_mb=mem_of("stats_vocab"),
        runtime=runtime_of("stats_vocab"),
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
        mem_mb=mem_of("stats_cooccur"),
        runtime=runtime_of("stats_cooccur"),
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
    threads: threads_of("stats_cooccur_merge")
    resources:
        mem_mb=mem_of("stats_cooccur_merge"),
        runtime=runtime_of("stats_cooccur_merge"),
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
    threads: threads_of("stats_pmi")
    resources:
        mem_mb=mem_of("stats_pmi"),
        runtime=runtime_of("stats_pmi"),
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
    threads: threads_of("stats_idf")
    resources:
        mem_mb=mem_of("stats_idf"),
        runtime=runtime_of("stats_idf"),
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
