# KenLM language models, one per collection of lm.collections: lmplz (modified Kneser-Ney,
# interpolated) -> ARPA -> build_binary, plus the unigram table the Hangman solvers read.
# See docs/hangman.md.


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
        flags=get_lm_flags,
    shell:
        "wordgames build lm --in {input} --arpa {output.arpa} --binary {output.binary}"
        " --unigrams {output.unigrams} {params.flags} > {log} 2>&1"
