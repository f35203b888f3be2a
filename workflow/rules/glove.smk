# Word vectors per collection: GloVe (numba) on the co-occurrence table, or gensim word2vec / fastText
# on the same tokens (glove.method), exported as .npy + vocabulary Parquet + gensim KeyedVectors;
# WordSim-353 / SimLex-999 / analogy scores for English collections. See docs/vectors.md.

_GLOVE = CFG.section("glove")
GLOVE_COLLECTIONS = [c for c in _GLOVE["collections"] if c in STATS_COLLECTIONS]
EVAL_COLLECTIONS = [c for c in _GLOVE["evaluate"] if c in GLOVE_COLLECTIONS]
_GLOVE_THREADS = int(_GLOVE["threads"] or CFG["threads"])


def _glove_inputs(wildcards):
    c = wildcards.coll
    inputs = {"vocab": str(paths.vocab(CFG, c))}
    if _GLOVE["method"] == "glove":
        inputs["cooccur"] = str(paths.cooccur(CFG, c))
    else:
        inputs["tokens"] = str(paths.collection_tokens(CFG, c))
    return inputs


rule glove:
    input:
        unpack(_glove_inputs),
    output:
        vectors=str(paths.glove_vectors(CFG, "{coll}")),
        vocab=str(paths.glove_vocab(CFG, "{coll}")),
        kv=str(paths.keyed_vectors(CFG, "{coll}")),
        summary=str(paths.glove_dir(CFG, "{coll}") / "train.json"),
    params:
        out_dir=lambda wc: str(paths.glove_dir(CFG, wc.coll)),
        data=lambda wc, input: (
            f"--cooccur {input.cooccur}" if _GLOVE["method"] == "glove" else f"--tokens {input.tokens}"
        ),
        method=_GLOVE["method"],
        dim=_GLOVE["dim"],
        iterations=_GLOVE["iterations"],
        x_max=_GLOVE["x_max"],
        alpha=_GLOVE["alpha"],
        eta=_GLOVE["eta"],
        seed=_GLOVE["seed"],
        checkpoint="" if _GLOVE["checkpoint"] else "--no-checkpoint",
        window=CFG.section("cooccur")["window"],
        min_count=CFG.section("cooccur")["min_count"],
    threads: _GLOVE_THREADS
    wildcard_constraints:
        coll="[A-Za-z0-9][A-Za-z0-9_-]*",
    log:
        log_path("glove", "{coll}"),
    benchmark:
        benchmark_path("glove", "{coll}")
    resources:
        mem_mb=8000,
        runtime=1440,
    shell:
        "{WG} build glove {params.data} --vocab {input.vocab} --out-dir {params.out_dir}"
        " --method {params.method} --dim {params.dim} --iterations {params.iterations}"
        " --x-max {params.x_max} --alpha {params.alpha} --eta {params.eta} --seed {params.seed}"
        " --threads {threads} --window {params.window} --min-count {params.min_count}"
        " {params.checkpoint} > {log} 2>&1"


rule vectors_eval:
    input:
        str(paths.keyed_vectors(CFG, "{coll}")),
    output:
        str(paths.vectors_eval(CFG, "{coll}")),
    params:
        probes=" ".join(f"--probe {w}" for w in _GLOVE["probes"]),
    wildcard_constraints:
        coll="[A-Za-z0-9][A-Za-z0-9_-]*",
    log:
        log_path("vectors_eval", "{coll}"),
    resources:
        mem_mb=4000,
        runtime=60,
    shell:
        "{WG} build vectors-eval --vectors {input} --out {output} {params.probes} > {log} 2>&1"


TARGETS += [str(paths.keyed_vectors(CFG, c)) for c in GLOVE_COLLECTIONS]
TARGETS += [str(paths.vectors_eval(CFG, c)) for c in EVAL_COLLECTIONS]

if EVAL_COLLECTIONS:

    rule vectors_summary:
        input:
            [str(paths.vectors_eval(CFG, c)) for c in EVAL_COLLECTIONS],
        output:
            str(paths.eval_dir(CFG, "vectors") / "summary.md"),
        log:
            log_path("vectors_summary"),
        shell:
            "{WG} build vectors-summary --in {input} --out {output} > {log} 2>&1"

    TARGETS.append(rules.vectors_summary.output[0])
    REPORT_SECTIONS.append(("Word vectors", rules.vectors_summary.output[0]))
