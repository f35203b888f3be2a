# KenLM language models, one per collection of lm.collections: lmplz (modified Kneser-Ney,
# interpolated) -> ARPA -> build_binary, plus the unigram table the Hangman solvers read.
# See docs/hangman.md.


def get_lm_flags(wildcards):
    lm = CFG.section("lm")
    flags = f"--order {lm['order']} --memory {lm['memory']} --binary-type {lm['binary_type']}"
    if lm["prune"]:
        prune = " ".join(str(int(p)) for p in lm["prune"])
        flags = f"{flags} --prune {prune}"
    if lm["discount_fallback"]:
        flags += " --discount-fallback"
    return flags


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
