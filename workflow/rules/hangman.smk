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
