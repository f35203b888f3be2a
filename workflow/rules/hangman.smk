# Sentence Hangman evaluation: every solver in hangman.solvers on every phrase set of
# hangman.phrase_sets whose file exists, on the LM of hangman.collection; the sets of the in-domain
# model's domain also with that model, with and without their categories (plan.hangman_variants);
# the LM solvers with the phrase lists' channel when hangman.phrases has lists (plan.hangman_phrases);
# per-game Parquet, then a summary table (Parquet + Markdown). See docs/hangman.md.


include: "hangman_functions.smk"


rule hangman_domain:
    input:
        train=get_hangman_domain_train,
        lm=str(paths.lm_binary(CFG, CFG.settings.hangman.collection)),
        unigrams=str(paths.lm_unigrams(CFG, CFG.settings.hangman.collection)),
    output:
        lm=str(paths.hangman_domain_lm(CFG)),
        info=str(paths.hangman_domain_info(CFG)),
    log:
        log_path("hangman_domain"),
    benchmark:
        bench_path("hangman_domain")
    # lmplz sorts with lm.memory ("2G" on local-en) besides the prose LM it reads
    resources:
        mem_mb=4000,
        runtime=60,
    params:
        orders=option_list("--orders", CFG.settings.hangman.domain.orders),
        weights=option_list("--weights", CFG.settings.hangman.domain.weights),
        folds=CFG.settings.hangman.domain.folds,
        class_prior=CFG.settings.hangman.domain.class_prior,
        memory=CFG.settings.lm.memory,
        digest=get_hangman_domain_digest,
    shell:
        "wordgames build hangman-domain --train {input.train} --lm {input.lm}"
        " --unigrams {input.unigrams}"
        " {params.orders} {params.weights} --folds {params.folds}"
        " --class-prior {params.class_prior}"
        " --memory {params.memory} --out {output.lm} --out-info {output.info} > {log} 2>&1"


rule hangman_phrases:
    input:
        lists=get_hangman_phrase_lists,
        train=get_hangman_domain_train,
        lm=str(paths.lm_binary(CFG, CFG.settings.hangman.collection)),
    output:
        table=str(paths.hangman_phrases_table(CFG)),
        info=str(paths.hangman_phrases_info(CFG)),
    log:
        log_path("hangman_phrases"),
    benchmark:
        bench_path("hangman_phrases")
    resources:
        mem_mb=4000,
        runtime=60,
    params:
        lists=get_hangman_phrase_list_options,
        folds=CFG.settings.hangman.phrases.folds,
        kappas=option_list("--kappas", CFG.settings.hangman.phrases.kappas),
        digest=get_hangman_phrases_digest,
    shell:
        "wordgames build hangman-phrases --train {input.train} --lm {input.lm}"
        " {params.lists:q} --folds {params.folds} {params.kappas}"
        " --out-table {output.table} --out-info {output.info} > {log} 2>&1"


rule hangman_eval:
    input:
        unpack(get_hangman_inputs),
    output:
        str(paths.hangman_games(CFG, "{phrase_set}", "{variant}")),
    log:
        log_path("hangman_eval", "{phrase_set}", "{variant}"),
    benchmark:
        bench_path("hangman_eval", "{phrase_set}", "{variant}")
    resources:
        mem_mb=2000,
        runtime=120,
    params:
        **hangman_eval_params(CFG.settings.hangman.limit),
    shell:
        HANGMAN_EVAL_SHELL


rule hangman_summary:
    input:
        get_hangman_games(),
    output:
        summary=str(paths.hangman_summary(CFG)),
        table=str(paths.hangman_summary(CFG).with_suffix(".md")),
    log:
        log_path("hangman_summary"),
    benchmark:
        bench_path("hangman_summary")
    params:
        members=get_hangman_games(),
    shell:
        "wordgames build hangman-summary --in {input} --out {output.summary}"
        " --out-table {output.table} > {log} 2>&1"
