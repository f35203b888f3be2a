# Single-word Hangman on the public challenge's protocol (docs/hangman.md, "Single words"): the word
# list of hangman.words.dictionary split once into training, validation and test words, the
# character model of the training words, every solver of hangman.words.solvers on the test words
# (hangman.words.shards jobs per solver, each a run of consecutive words, joined into one per-game
# Parquet), then a summary table (Parquet + Markdown). Left out when the list is missing.


include: "hangman_words_functions.smk"


rule hangman_words_split:
    input:
        get_hangman_words_dictionary(),
    output:
        train=str(paths.hangman_words_part(CFG, "train")),
        test=str(paths.hangman_words_part(CFG, "test")),
        validation=str(paths.hangman_words_part(CFG, "validation")),
        split=str(paths.hangman_words_split(CFG)),
    log:
        log_path("hangman_words_split"),
    benchmark:
        bench_path("hangman_words_split")
    params:
        seed=CFG.settings.hangman.words.seed,
        test_fraction=CFG.settings.hangman.words.test_fraction,
        validation=CFG.settings.hangman.words.validation,
        digest=get_hangman_words_digest,
    shell:
        "wordgames build hangman-words-split --dictionary {input} --seed {params.seed}"
        " --test-fraction {params.test_fraction} --validation {params.validation}"
        " --out-train {output.train} --out-test {output.test}"
        " --out-validation {output.validation} --out-json {output.split} > {log} 2>&1"


rule hangman_words_model:
    input:
        str(paths.hangman_words_part(CFG, "train")),
    output:
        str(paths.hangman_words_model(CFG)),
    log:
        log_path("hangman_words_model"),
    benchmark:
        bench_path("hangman_words_model")
    resources:
        mem_mb=3000,
    params:
        order=CFG.settings.hangman.words.order,
        # a cap: a model of a lower order keeps every order dense
        dense_order=min(CFG.settings.hangman.words.dense_order, CFG.settings.hangman.words.order),
        neural=get_hangman_words_neural(),
    shell:
        "wordgames build hangman-words-model --train {input} --order {params.order}"
        " --dense-order {params.dense_order} --neural {params.neural:q} --out {output} > {log} 2>&1"


rule hangman_words_eval:
    input:
        train=str(paths.hangman_words_part(CFG, "train")),
        test=str(paths.hangman_words_part(CFG, "test")),
        model=str(paths.hangman_words_model(CFG)),
    output:
        str(paths.hangman_words_shard(CFG, "{word_solver}", "{shard}")),
    log:
        log_path("hangman_words_eval", "{word_solver}", "{shard}"),
    benchmark:
        bench_path("hangman_words_eval", "{word_solver}", "{shard}")
    wildcard_constraints:
        word_solver="pattern|ngram",
        shard=r"\d+",
    # every held-out word of the single-word set in one shard, on local-en: 48 min on one core with
    # Kneser-Ney alone; with the neural mixture 157 CPU minutes over 4 shards (docs/hangman.md)
    resources:
        mem_mb=3000,
        runtime=240,
    params:
        lives=CFG.settings.hangman.words.lives,
        limit=option("--limit", CFG.settings.hangman.words.limit),
        shards=CFG.settings.hangman.words.shards,
        options=get_hangman_words_options(),
    shell:
        "wordgames build hangman-words-eval --train {input.train} --test {input.test}"
        " --model {input.model} --solver {wildcards.word_solver} --lives {params.lives}"
        " {params.limit} --shard {wildcards.shard}/{params.shards}"
        " --options {params.options:q} --out {output} > {log} 2>&1"


rule hangman_words_merge:
    input:
        get_hangman_words_shards,
    output:
        str(paths.hangman_words_games(CFG, "{word_solver}")),
    log:
        log_path("hangman_words_merge", "{word_solver}"),
    benchmark:
        bench_path("hangman_words_merge", "{word_solver}")
    wildcard_constraints:
        word_solver="pattern|ngram",
    shell:
        "wordgames build hangman-words-merge --in {input} --out {output} > {log} 2>&1"


rule hangman_words_summary:
    input:
        games=get_hangman_words_games(),
        split=str(paths.hangman_words_split(CFG)),
    output:
        summary=str(paths.hangman_words_summary(CFG)),
        table=str(paths.hangman_words_summary(CFG).with_suffix(".md")),
    log:
        log_path("hangman_words_summary"),
    benchmark:
        bench_path("hangman_words_summary")
    shell:
        "wordgames build hangman-words-summary --in {input.games} --split {input.split}"
        " --out {output.summary} --out-table {output.table} > {log} 2>&1"
