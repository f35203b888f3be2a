# Sentence Hangman evaluation: every solver in hangman.solvers on every phrase set of
# hangman.phrase_sets whose file exists, on the LM of hangman.collection; per-game Parquet, then a
# summary table (Parquet + Markdown). See docs/hangman.md.


include: "hangman_functions.smk"


rule hangman_eval:
    input:
        unpack(get_hangman_inputs),
    output:
        str(paths.hangman_games(CFG, "{phrase_set}", "{solver}")),
    log:
        log_path("hangman_eval", "{phrase_set}", "{solver}"),
    benchmark:
        bench_path("hangman_eval", "{phrase_set}", "{solver}")
    resources:
        mem_mb=2000,
        runtime=120,
    params:
        lives=CFG.settings.hangman.lives,
        limit=option("--limit", CFG.settings.hangman.limit),
        min_count=CFG.settings.hangman.min_count,
        options=get_hangman_options,
        collection=CFG.settings.hangman.collection,
        digest=get_hangman_digest,
    shell:
        "wordgames build hangman-eval --phrases {input.phrases} --name {wildcards.phrase_set}"
        " --solver {wildcards.solver} --lm {input.lm} --unigrams {input.unigrams}"
        " --lives {params.lives} {params.limit} --min-count {params.min_count}"
        " --options {params.options:q} --out {output} > {log} 2>&1"


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
