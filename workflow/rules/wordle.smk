# Wordle: the feedback matrix, the proved optimal trees, one evaluation job per (strategy, mode), and a
# summary (Parquet, Markdown table, PNG plot). See docs/wordle.md.


rule wordle_matrix:
    input:
        unpack(get_wordle_list_inputs),
    output:
        matrix=str(paths.wordle_matrix(CFG)),
        words=str(paths.wordle_words(CFG)),
    log:
        log_path("wordle_matrix"),
    benchmark:
        bench_path("wordle_matrix")
    threads: CFG["threads"]
    resources:
        mem_mb=2000,
        runtime=10,
    params:
        answers=get_wordle_list_arg("answers"),
        guesses=get_wordle_list_arg("guesses"),
        length=CFG.settings.wordle.word_length,
        digest=get_wordle_lists_digest,
    shell:
        "NUMBA_NUM_THREADS={threads} wordgames build wordle-matrix --answers {params.answers:q}"
        " --guesses {params.guesses:q} --word-length {params.length}"
        " --out-matrix {output.matrix} --out-words {output.words} > {log} 2>&1"


rule wordle_tree:
    input:
        matrix=str(paths.wordle_matrix(CFG)),
        words=str(paths.wordle_words(CFG)),
    output:
        str(paths.wordle_optimal_tree(CFG, "{tree_mode}")),
    log:
        log_path("wordle_tree", "{tree_mode}"),
    benchmark:
        bench_path("wordle_tree", "{tree_mode}")
    threads: 1
    resources:
        mem_mb=4000,
        runtime=60,
    params:
        mode=get_wordle_tree_flags,
        max_guesses=CFG.settings.wordle.max_guesses,
    shell:
        "NUMBA_NUM_THREADS={threads} wordgames build wordle-tree --matrix {input.matrix}"
        " --words {input.words} {params.mode} --max-guesses {params.max_guesses}"
        " --out {output} > {log} 2>&1"


rule wordle_eval:
    input:
        unpack(get_wordle_eval_inputs),
    output:
        str(paths.wordle_eval_games(CFG, "{strategy}", "{mode}")),
    log:
        log_path("wordle_eval", "{strategy}", "{mode}"),
    benchmark:
        bench_path("wordle_eval", "{strategy}", "{mode}")
    threads: get_wordle_threads
    resources:
        mem_mb=3000,
        runtime=120,
    params:
        tree=lambda wildcards, input: f"--tree {input.tree}" if "tree" in input.keys() else "",
        rule=CFG.settings.wordle.hard_rule,
        seed=CFG.settings.wordle.seed,
        max_guesses=CFG.settings.wordle.max_guesses,
        options=get_wordle_eval_options,
    shell:
        "NUMBA_NUM_THREADS={threads} wordgames build wordle-eval --matrix {input.matrix}"
        " --words {input.words} {params.tree} --strategy {wildcards.strategy} --mode {wildcards.mode}"
        " --hard-rule {params.rule} --seed {params.seed} --max-guesses {params.max_guesses}"
        " {params.options} --out {output} > {log} 2>&1"


rule wordle_summary:
    input:
        get_wordle_eval_games(),
    output:
        table=str(paths.wordle_eval_summary(CFG, "parquet")),
        md=str(paths.wordle_eval_summary(CFG, "md")),
        plot=str(paths.wordle_eval_summary(CFG, "png")),
    log:
        log_path("wordle_summary"),
    benchmark:
        bench_path("wordle_summary")
    params:
        max_guesses=CFG.settings.wordle.max_guesses,
        members=get_wordle_eval_games(),
    shell:
        "wordgames build wordle-summary --games {input} --max-guesses {params.max_guesses}"
        " --out-table {output.table} --out-md {output.md} --out-plot {output.plot} > {log} 2>&1"
