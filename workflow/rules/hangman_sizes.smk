# The LM-size curve (hangman.lm_sizes): random samples of whole sentences of hangman.collection's
# token file, one per size (a checkpoint: sizes at or above the collection's token count have
# none), an LM and unigram table of each with the lm section's settings (the `lm` rule's command),
# the hangman_eval command on each (phrase set, solver, size: the variant of the solver alone), and a summary table whose last
# point per line is the main evaluation on the whole collection. See docs/hangman.md, "Corpus size".


include: "hangman_sizes_functions.smk"


wildcard_constraints:
    tokens="[0-9]+",


checkpoint hangman_lm_samples:
    input:
        str(paths.collection_tokens(CFG, CFG.settings.hangman.collection)),
    output:
        directory(str(paths.lm_samples(CFG, CFG.settings.hangman.collection))),
    log:
        log_path("hangman_lm_samples"),
    benchmark:
        bench_path("hangman_lm_samples")
    threads: 1
    params:
        collection=CFG.settings.hangman.collection,
        tokens=CFG.settings.hangman.lm_sizes.tokens,
        seed=CFG.settings.hangman.lm_sizes.seed,
    shell:
        "wordgames build lm-sample --in {input} --tokens {params.tokens} --seed {params.seed}"
        " --out-dir {output} > {log} 2>&1"


rule hangman_lm_size:
    input:
        get_lm_sample_tokens,
    output:
        # the ARPA text is only the way to the binary: a 20M-token one is gigabytes
        arpa=temp(lm_size_file("model.arpa")),
        binary=lm_size_file("model.binary"),
        unigrams=lm_size_file("unigrams.parquet"),
    log:
        log_path("hangman_lm_size", "{tokens}"),
    benchmark:
        bench_path("hangman_lm_size", "{tokens}")
    threads: 1
    resources:
        mem_mb=mem_of("hangman_lm_size"),
        runtime=runtime_of("hangman_lm_size"),
    params:
        order=CFG.settings.lm.order,
        memory=CFG.settings.lm.memory,
        binary_type=CFG.settings.lm.binary_type,
        pruning=get_lm_pruning,
    shell:
        "wordgames build lm --in {input} --arpa {output.arpa} --binary {output.binary}"
        " --unigrams {output.unigrams} --order {params.order} --memory {params.memory}"
        " --binary-type {params.binary_type} {params.pruning} > {log} 2>&1"


rule hangman_lm_size_eval:
    input:
        unpack(get_hangman_lm_size_inputs),
    output:
        str(paths.hangman_lm_size_games(CFG, "{phrase_set}", "{variant}", "{tokens}")),
    log:
        log_path("hangman_lm_size_eval", "{phrase_set}", "{variant}", "{tokens}"),
    benchmark:
        bench_path("hangman_lm_size_eval", "{phrase_set}", "{variant}", "{tokens}")
    resources:
        mem_mb=2000,
        runtime=120,
    params:
        **hangman_eval_params(CFG.settings.hangman.lm_sizes.limit),
    shell:
        HANGMAN_EVAL_SHELL


rule hangman_lm_sizes:
    input:
        samples=str(paths.lm_samples(CFG, CFG.settings.hangman.collection)),
        games=get_hangman_lm_sizes_games,
    output:
        summary=str(paths.hangman_lm_sizes(CFG, "parquet")),
        table=str(paths.hangman_lm_sizes(CFG, "md")),
    log:
        log_path("hangman_lm_sizes"),
    benchmark:
        bench_path("hangman_lm_sizes")
    params:
        # what selects the inputs (no input trigger notices an input left out): docs/pipeline.md
        sets=lambda wildcards: sorted(plan.hangman_phrase_sets(CFG)),
        solvers=CFG.settings.hangman.lm_sizes.solvers,
        tokens=CFG.settings.hangman.lm_sizes.tokens,
        games=get_hangman_lm_size_items,
        limit=option("--limit", CFG.settings.hangman.lm_sizes.limit),
    shell:
        "wordgames build hangman-lm-sizes --samples {input.samples}/samples.json"
        " --games {params.games:q} {params.limit} --out {output.summary}"
        " --out-table {output.table} > {log} 2>&1"
