# Corpora: download -> extract (per shard) -> tokenize (per shard) -> corpus tables and merge (per
# corpus) -> collect (per collection). See docs/corpora.md.


include: "corpora_functions.smk"


rule corpus_download:
    output:
        "{download_dir}/{corpus}/{filename}",
    log:
        log_path("corpus_download", "{download_dir}/{corpus}", "{filename}"),
    benchmark:
        bench_path("corpus_download", "{download_dir}/{corpus}", "{filename}")
    wildcard_constraints:
        download_dir=_names(get_download_dirs()),
        filename="[^/]+",
    retries: 2
    resources:
        runtime=1440,
    params:
        urls=get_download_urls,
        sha1=get_download_sha1,
        size=get_download_size,
        waits=get_download_waits,
    shell:
        "wordgames build download {params.urls:q} --sha1 {params.sha1:q} {params.size:q}"
        " {params.waits:q} --out {output:q} > {log} 2>&1"


rule corpus_extract:
    input:
        sources=lambda wildcards: external(get_corpus_sources(wildcards)),
        indexes=lambda wildcards: external(get_corpus_indexes(wildcards)),
        artifacts=get_corpus_artifacts,
    output:
        docs=str(paths.corpus_extract(CFG, "{corpus}", "{shard}")),
        summary=str(paths.corpus_shard_summary(CFG, "{corpus}", "{shard}")),
        tables=[str(paths.corpus_shard_table(CFG, "{corpus}", "{shard}", t)) for t in SHARD_TABLES],
    log:
        log_path("corpus_extract", "{corpus}", "{shard}"),
    benchmark:
        bench_path("corpus_extract", "{corpus}", "{shard}")
    resources:
        mem_mb=mem_of("corpus_extract"),
        runtime=runtime_of("corpus_extract"),
    params:
        spec=get_corpus_spec,
        specs=get_corpus_source_specs,
        indexes=get_corpus_index_args,
        digest=get_corpus_digest,
        tables=lambda wildcards, output: repeated(
            "--table-out", [f"{t}={p}" for t, p in zip(SHARD_TABLES, output.tables)]
        ),
    shell:
        "wordgames build extract --corpus {wildcards.corpus} --shard {wildcards.shard}"
        " --spec {params.spec:q} --files {input.sources:q} {input.artifacts:q} {params.specs:q}"
        " {params.indexes:q}"
        " --out {output.docs} --summary-out {output.summary} {params.tables} > {log} 2>&1"


rule corpus_tokenize:
    input:
        str(paths.corpus_extract(CFG, "{corpus}", "{shard}")),
    output:
        str(paths.corpus_shard_sentences(CFG, "{corpus}", "{shard}")),
    log:
        log_path("corpus_tokenize", "{corpus}", "{shard}"),
    benchmark:
        bench_path("corpus_tokenize", "{corpus}", "{shard}")
    resources:
        mem_mb=mem_of("corpus_tokenize"),
        runtime=runtime_of("corpus_tokenize"),
    params:
        language=get_corpus_language,
    shell:
        "wordgames build tokenize --in {input} --out {output} --language {params.language}"
        " > {log} 2>&1"


rule corpus_table:
    input:
        get_shard_tables,
    output:
        str(paths.corpus_table(CFG, "{corpus}", "{table}")),
    log:
        log_path("corpus_table", "{corpus}", "{table}"),
    benchmark:
        bench_path("corpus_table", "{corpus}", "{table}")
    params:
        shards=lambda wildcards: CORPORA[wildcards.corpus].shards,
    shell:
        "wordgames build concat-table --table {wildcards.table} --in {input} --out {output} > {log} 2>&1"


rule corpus_merge:
    input:
        unpack(get_corpus_merge_inputs),
    output:
        sentences=str(paths.corpus_sentences(CFG, "{corpus}")),
        tokens=str(paths.corpus_tokens(CFG, "{corpus}")),
        summary=str(paths.corpus_summary(CFG, "{corpus}")),
    log:
        log_path("corpus_merge", "{corpus}"),
    benchmark:
        bench_path("corpus_merge", "{corpus}")
    params:
        kind=get_corpus_kind,
        language=get_corpus_language,
        wiki=get_corpus_wiki,
        shards=lambda wildcards: CORPORA[wildcards.corpus].shards,
        tables=lambda wildcards: CORPORA[wildcards.corpus].tables,
    shell:
        "wordgames build merge-corpus --corpus {wildcards.corpus} --kind {params.kind}"
        " --language {params.language} {params.wiki}"
        " --shard-summaries {input.summaries} --shard-sentences {input.sentences}"
        " --tables {input.tables} --out-sentences {output.sentences}"
        " --out-tokens {output.tokens} --out-summary {output.summary} > {log} 2>&1"


rule collect:
    input:
        unpack(get_collect_inputs),
    output:
        tokens=str(paths.collection_tokens(CFG, "{coll}")),
        sentences=str(paths.collection_sentences(CFG, "{coll}")),
        manifest=str(paths.collection_manifest(CFG, "{coll}")),
    log:
        log_path("collect", "{coll}"),
    benchmark:
        bench_path("collect", "{coll}")
    resources:
        mem_mb=1000,
    params:
        language=get_collection_language,
        members=get_collection_members,
    shell:
        "wordgames build collect --collection {wildcards.coll} --language {params.language}"
        " --tokens {input.tokens} --sentences {input.sentences} --summaries {input.summaries}"
        " --out-tokens {output.tokens} --out-sentences {output.sentences}"
        " --out-manifest {output.manifest} > {log} 2>&1"
