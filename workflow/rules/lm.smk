# KenLM language models: one per collection listed in lm.collections (and defined under
# `collections`): lmplz (modified Kneser-Ney, interpolated) -> ARPA -> build_binary, plus the unigram
# table the Hangman solvers read. See docs/hangman.md.
_LM = CFG.section("lm")


def _lm_flags():
    flags = f"--order {_LM['order']} --memory {_LM['memory']} --binary-type {_LM['binary_type']}"
    if _LM["prune"]:
        flags += " --prune " + " ".join(str(int(p)) for p in _LM["prune"])
    if _LM["discount_fallback"]:
        flags += " --discount-fallback"
    return flags


LM_COLLECTIONS = [c for c in _LM["collections"] if c in CFG.section("collections")]

for _coll in LM_COLLECTIONS:
    rule:
        name: f"lm_{_coll.replace('-', '_')}"
        input:
            str(paths.collection_tokens(CFG, _coll)),
        output:
            arpa=str(paths.lm_arpa(CFG, _coll)),
            binary=str(paths.lm_binary(CFG, _coll)),
            unigrams=str(paths.lm_unigrams(CFG, _coll)),
        params:
            flags=_lm_flags(),
        log:
            log_path("lm", _coll),
        threads: 1
        resources:
            mem_mb=_LM["mem_mb"],
            runtime=240,
        shell:
            "{WG} build lm --in {input} --arpa {output.arpa} --binary {output.binary}"
            " --unigrams {output.unigrams} {params.flags} > {log} 2>&1"

    TARGETS.append(str(paths.lm_binary(CFG, _coll)))
