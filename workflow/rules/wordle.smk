# Wordle: the feedback matrix, the proved optimal trees, one evaluation job per (strategy, mode), and a
# summary (Parquet, Markdown table, PNG plot). See docs/wordle.md.


include: "wordle_functions.smk"


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
        mode=get_wordle_tree_hard,
        max_guesses=CFG.settings.wordle.max_guesses,
        opener=get_wordle_tree_opener,
    shell:
        "NUMBA_NUM_THREADS={threads} wordgames build wordle-tree --matrix {input.matrix}"
        " --words {input.words} {params.mode} --max-guesses {params.max_guesses} {params.opener}"
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
        tree=lambda wildcards, input: option("--tree", input.get("tree")),
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


# The best openers proved over every first guess (wordle.openers.enabled; docs/wordle-optimal.md).
rule wordle_openers:
    input:
        matrix=str(paths.wordle_matrix(CFG)),
        words=str(paths.wordle_words(CFG)),
    output:
        table=str(paths.wordle_openers(CFG, "{tree_mode}", "parquet")),
        json=str(paths.wordle_openers(CFG, "{tree_mode}", "json")),
        md=str(paths.wordle_openers(CFG, "{tree_mode}", "md")),
    log:
        log_path("wordle_openers", "{tree_mode}"),
    benchmark:
        bench_path("wordle_openers", "{tree_mode}")
    threads: get_wordle_openers_threads
    resources:
        mem_mb=8000,
        runtime=240,
    params:
        mode=get_wordle_openers_mode,
        top=CFG.settings.wordle.openers.top,
        max_guesses=CFG.settings.wordle.max_guesses,
        checkpoint=get_wordle_openers_checkpoint,
    shell:
        "wordgames build wordle-openers --matrix {input.matrix} --words {input.words}"
        " --mode {params.mode}"
        " --top {params.top} --max-guesses {params.max_guesses} --workers {threads}"
        " --checkpoint {params.checkpoint} --out-table {output.table} --out-json {output.json}"
        " --out-md {output.md} > {log} 2>&1"


# Wordle lists built from the corpora (config wordle_lists, docs/wordle.md): the lists, each list's
# optimal opener per mode with the greedy strategies, one summary table.
rule wordle_list:
    input:
        get_wordle_list_tokens,
    output:
        answers=str(paths.wordle_list(CFG, "{wlist}", "answers.txt")),
        allowed=str(paths.wordle_list(CFG, "{wlist}", "allowed.txt")),
        stats=str(paths.wordle_list(CFG, "{wlist}", "lists.json")),
    log:
        log_path("wordle_list", "{wlist}"),
    benchmark:
        bench_path("wordle_list", "{wlist}")
    resources:
        mem_mb=4000,
        runtime=30,
    params:
        lexicon=get_wordle_list_setting("lexicon"),
        length=get_wordle_list_setting("length"),
        answers=get_wordle_list_setting("answers"),
        answer_pos=get_wordle_list_setting("answer_pos"),
        min_count=get_wordle_list_setting("min_count"),
        answer_min_count=get_wordle_list_setting("answer_min_count"),
        fold=get_wordle_list_fold,
        alphabet=get_wordle_list_setting("alphabet"),
    shell:
        "wordgames build wordle-list --tokens {input} --lexicon {params.lexicon}"
        " --length {params.length} --answers {params.answers} --answer-pos {params.answer_pos}"
        " --min-count {params.min_count} --answer-min-count {params.answer_min_count}"
        " {params.fold} --alphabet {params.alphabet}"
        " --out-answers {output.answers} --out-allowed {output.allowed}"
        " --out-json {output.stats} > {log} 2>&1"


rule wordle_list_solve:
    input:
        answers=str(paths.wordle_list(CFG, "{wlist}", "answers.txt")),
        allowed=str(paths.wordle_list(CFG, "{wlist}", "allowed.txt")),
    output:
        str(paths.wordle_list(CFG, "{wlist}", "solve-{mode}.json")),
    log:
        log_path("wordle_list_solve", "{wlist}", "{mode}"),
    benchmark:
        bench_path("wordle_list_solve", "{wlist}", "{mode}")
    threads: CFG["threads"]
    resources:
        mem_mb=8000,
        runtime=240,
    params:
        length=get_wordle_list_setting("length"),
        strategies=get_wordle_list_setting("strategies"),
        heuristic_openers=get_wordle_list_setting("heuristic_openers"),
        rule=CFG.settings.wordle.hard_rule,
        max_guesses=CFG.settings.wordle.max_guesses,
        checkpoint=get_wordle_list_checkpoint,
    shell:
        "wordgames build wordle-list-solve --answers {input.answers} --guesses {input.allowed}"
        " --length {params.length} --strategies {params.strategies}"
        " --heuristic-openers {params.heuristic_openers} --mode {wildcards.mode}"
        " --hard-rule {params.rule}"
        " --max-guesses {params.max_guesses} --workers {threads}"
        " --checkpoint {params.checkpoint} --out {output} > {log} 2>&1"


rule wordle_lists_summary:
    input:
        **get_wordle_list_solutions(),
    output:
        str(paths.wordle_lists_summary(CFG)),
    log:
        log_path("wordle_lists_summary"),
    benchmark:
        bench_path("wordle_lists_summary")
    params:
        names=[n for n, _ in plan.wordle_list_jobs(CFG)],
    shell:
        "wordgames build wordle-lists-summary --names {params.names} --lists {input.lists}"
        " --solutions {input.solutions} --out-md {output} > {log} 2>&1"
