# Word vectors per collection: GloVe (numba) on the co-occurrence table, or gensim word2vec / fastText
# on the same tokens (glove.method), exported as .npy + vocabulary Parquet + gensim KeyedVectors;
# WordSim-353 / SimLex-999 / analogy scores for English collections. See docs/vectors.md.


include: "glove_functions.smk"


rule glove:
    input:
        unpack(get_glove_inputs),
    output:
        vectors=str(paths.glove_vectors(CFG, "{coll}")),
        vocab=str(paths.glove_vocab(CFG, "{coll}")),
        kv=str(paths.keyed_vectors(CFG, "{coll}")),
        summary=str(paths.glove_summary(CFG, "{coll}")),
    log:
        log_path("glove", "{coll}"),
    benchmark:
        bench_path("glove", "{coll}")
    threads: get_glove_threads
    resources:
        mem_mb=get_glove_mem_mb,
        runtime=get_glove_runtime,
    params:
        data=lambda wildcards, input: option("--cooccur", input.get("cooccur"))
        + option("--tokens", input.get("tokens")),
        checkpoint=lambda wildcards: option(
            "--checkpoint-dir",
            CFG.settings.glove.checkpoint and paths.glove_checkpoint(CFG, wildcards.coll),
        ),
        method=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).method,
        dim=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).dim,
        iterations=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).iterations,
        x_max=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).x_max,
        alpha=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).alpha,
        eta=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).eta,
        seed=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).seed,
        bias_eta=lambda wildcards: (
            "--bias-eta"
            if plan.collection_glove(CFG, wildcards.coll).bias_eta
            else "--no-bias-eta"
        ),
        buffer_mb=lambda wildcards: plan.collection_glove(CFG, wildcards.coll).buffer_mb or 0,
        window=lambda wildcards: plan.collection_cooccur(CFG, wildcards.coll).window,
        min_count=lambda wildcards: plan.collection_cooccur(CFG, wildcards.coll).min_count,
    shell:
        "wordgames build glove {params.data} --vocab {input.vocab} --out-vectors {output.vectors}"
        " --out-vocab {output.vocab} --out-kv {output.kv} --out-summary {output.summary}"
        " --method {params.method} --dim {params.dim} --iterations {params.iterations}"
        " --x-max {params.x_max} --alpha {params.alpha} --eta {params.eta} --seed {params.seed}"
        " --threads {threads} {params.bias_eta} --buffer-mb {params.buffer_mb}"
        " --window {params.window} --min-count {params.min_count}"
        " {params.checkpoint} > {log} 2>&1"


rule vectors_eval:
    input:
        str(paths.keyed_vectors(CFG, "{coll}")),
    output:
        str(paths.vectors_eval(CFG, "{coll}")),
    log:
        log_path("vectors_eval", "{coll}"),
    benchmark:
        bench_path("vectors_eval", "{coll}")
    resources:
        mem_mb=4000,
        runtime=60,
    params:
        probes=repeated("--probe", CFG.settings.glove.probes),
    shell:
        "wordgames build vectors-eval --vectors {input} --out {output} {params.probes} > {log} 2>&1"


rule vectors_summary:
    input:
        get_vectors_eval_files(),
    output:
        str(paths.vectors_summary(CFG)),
    log:
        log_path("vectors_summary"),
    benchmark:
        bench_path("vectors_summary")
    params:
        members=plan.vectors_eval_collections(CFG),
    shell:
        "wordgames build vectors-summary --in {input} --out {output} > {log} 2>&1"
