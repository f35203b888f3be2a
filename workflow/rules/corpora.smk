# Corpora: download -> extract (per shard) -> tokenize (per shard) -> corpus tables and merge (per
# corpus) -> collect (per collection). See docs/corpora.md.


def get_download_url(wildcards):
    return _download_source(wildcards).url


def get_download_sha1(wildcards):
    return _download_source(wildcards).sha1 or ""


def _download_source(wildcards):
    c = CORPORA[wildcards.corpus]
    for s in c.sources:
        if s.is_url and s.filename == wildcards.filename:
            return s
    raise ValueError(f"corpus {c.name} has no URL source named {wildcards.filename}")


def get_download_dirs():
    return sorted({c.download_dir for c in CORPORA.values() if any(s.is_url for s in c.sources)})


def get_corpus_sources(wildcards):
    """Files a corpus reads: local files and folders (existing ones: a missing local source is not
    declared, so extraction itself says what is missing and where to get it) and its downloads."""
    return [str(p) for p in registry.local_files(CFG, CORPORA[wildcards.corpus], missing_ok=True)]


def get_corpus_source_specs(wildcards):
    """Sources that are not files (wordfreq:<list>), passed as values; sources that are missing,
    passed as the message the job fails with (what is missing and where to get it)."""
    c = CORPORA[wildcards.corpus]
    specs = [s.value for s in c.sources if s.value.startswith("wordfreq:")]
    return repeated("--source-spec", specs) + repeated(
        "--missing", registry.missing_sources(CFG, c)
    )


def get_corpus_digest(wildcards):
    """Content of the local sources; downloads by URL and checksum (checked by the download job)."""
    c = CORPORA[wildcards.corpus]
    downloads = {str(registry.download_path(CFG, c, s)) for s in c.sources if s.is_url}
    local = [f for f in get_corpus_sources(wildcards) if f not in downloads]
    specs = [f"{s.url} {s.sha1}" for s in c.sources if s.is_url]
    specs += [s.value for s in c.sources if s.value.startswith("wordfreq:")]
    return digest_of(local, *specs)


def get_corpus_spec(wildcards):
    """Everything extraction needs to know of a corpus entry, as JSON."""
    return as_json(CORPORA[wildcards.corpus].spec())


def get_corpus_language(wildcards):
    return CORPORA[wildcards.corpus].language


def get_shard_tables(wildcards):
    return [
        str(paths.corpus_shard_table(CFG, wildcards.corpus, s, wildcards.table))
        for s in CORPORA[wildcards.corpus].shard_ids
    ]


def get_corpus_merge_inputs(wildcards):
    c = CORPORA[wildcards.corpus]
    return {
        "summaries": [str(paths.corpus_shard_summary(CFG, c.name, s)) for s in c.shard_ids],
        "sentences": (
            [str(paths.corpus_shard_sentences(CFG, c.name, s)) for s in c.shard_ids]
            if c.has_text
            else []
        ),
        "tables": [str(paths.corpus_table(CFG, c.name, t)) for t in c.tables],
    }


def get_corpus_kind(wildcards):
    return CORPORA[wildcards.corpus].kind


def get_corpus_wiki(wildcards):
    """--wiki NAME of a MediaWiki corpus."""
    return option("--wiki", CORPORA[wildcards.corpus].wiki)


def get_collect_inputs(wildcards):
    members = registry.collection_members(CFG, wildcards.coll)
    return {
        "tokens": [str(paths.corpus_tokens(CFG, c.name)) for c in members],
        "sentences": [str(paths.corpus_sentences(CFG, c.name)) for c in members],
        "summaries": [str(paths.corpus_summary(CFG, c.name)) for c in members],
    }


def get_collection_language(wildcards):
    return registry.collection_language(CFG, wildcards.coll)


def get_collection_members(wildcards):
    return ",".join(CFG.section("collections")[wildcards.coll]["corpora"])


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
        url=get_download_url,
        sha1=get_download_sha1,
    shell:
        "wordgames build download --url {params.url:q} --sha1 {params.sha1:q} --out {output:q} > {log} 2>&1"


rule corpus_extract:
    input:
        sources=lambda wildcards: external(get_corpus_sources(wildcards)),
    output:
        docs=str(paths.corpus_extract(CFG, "{corpus}", "{shard}")),
        summary=str(paths.corpus_shard_summary(CFG, "{corpus}", "{shard}")),
        tables=[str(paths.corpus_shard_table(CFG, "{corpus}", "{shard}", t)) for t in SHARD_TABLES],
    log:
        log_path("corpus_extract", "{corpus}", "{shard}"),
    benchmark:
        bench_path("corpus_extract", "{corpus}", "{shard}")
    resources:
        mem_mb=2000,
        runtime=240,
    params:
        spec=get_corpus_spec,
        specs=get_corpus_source_specs,
        digest=get_corpus_digest,
        tables=lambda wildcards, output: repeated(
            "--table-out", [f"{t}={p}" for t, p in zip(SHARD_TABLES, output.tables)]
        ),
    shell:
        "wordgames build extract --corpus {wildcards.corpus} --shard {wildcards.shard}"
        " --spec {params.spec:q} --files {input.sources:q} {params.specs:q}"
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
        mem_mb=1000,
        runtime=240,
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
