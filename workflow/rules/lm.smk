# KenLM language models, one per collection of lm.collections: lmplz (modified Kneser-Ney,
# interpolated) -> ARPA -> build_binary, plus the unigram table the Hangman solvers read.
# See docs/hangman.md.


include: "lm_functions.smk"


rule lm:
    input:
        str(paths.collection_tokens(CFG, "{coll}")),
    output:
        arpa=str(paths.lm_arpa(CFG, "{coll}")),
        binary=str(paths.lm_binary(CFG, "{coll}")),
        unigrams=str(paths.lm_unigrams(CFG, "{coll}")),
    log:
        log_path("lm", "{coll}"),
    benchmark:
        bench_path("lm", "{coll}")
    threads: 1
    resources:
        mem_mb=mem_of("lm"),
        runtime=runtime_of("lm"),
    params:
        order=CFG.settings.lm.order,
        memory=CFG.settings.lm.memory,
        binary_type=CFG.settings.lm.binary_type,
        pruning=get_lm_pruning,
    shell:
        "wordgames build lm --in {input} --arpa {output.arpa} --binary {output.binary}"
        " --unigrams {output.unigrams} --order {params.order} --memory {params.memory}"
        " --binary-type {params.binary_type} {params.pruning} > {log} 2>&1"
