# KenLM language models, one per collection of lm.collections: lmplz (modified Kneser-Ney,
# interpolated) -> ARPA -> build_binary, plus the unigram table the Hangman solvers read.
# See docs/hangman.md.


def get_lm_pruning(wildcards):
    """--prune N... (lm.prune) and --discount-fallback (lm.discount_fallback), when set: one
    param, so a config with neither formats as nothing between --binary-type and the log."""
    lm = CFG.section("lm")
    return option_list("--prune", [int(p) for p in lm["prune"]]) + switch(
        "--discount-fallback", lm["discount_fallback"]
    )


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
        mem_mb=CFG.settings.lm.mem_mb,
        runtime=240,
    params:
        order=CFG.settings.lm.order,
        memory=CFG.settings.lm.memory,
        binary_type=CFG.settings.lm.binary_type,
        pruning=get_lm_pruning,
    shell:
        "wordgames build lm --in {input} --arpa {output.arpa} --binary {output.binary}"
        " --unigrams {output.unigrams} --order {params.order} --memory {params.memory}"
        " --binary-type {params.binary_type} {params.pruning} > {log} 2>&1"
