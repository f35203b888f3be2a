# The get_* functions of the word vector rules (glove.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_glove_inputs(wildcards):
    c = wildcards.coll
    inputs = {"vocab": str(paths.vocab(CFG, c))}
    if CFG.settings.glove.method == "glove":
        inputs["cooccur"] = str(paths.cooccur(CFG, c))
    else:
        inputs["tokens"] = str(paths.collection_tokens(CFG, c))
    return inputs


def get_vectors_eval_files():
    return [str(paths.vectors_eval(CFG, c)) for c in plan.vectors_eval_collections(CFG)]
