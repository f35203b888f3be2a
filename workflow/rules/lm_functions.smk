# The get_* functions of the language model rules (lm.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_lm_pruning(wildcards):
    """--prune N... (lm.prune) and --discount-fallback (lm.discount_fallback), when set: one
    param, so a config with neither formats as nothing between --binary-type and the log."""
    lm = CFG.section("lm")
    return option_list("--prune", [int(p) for p in lm["prune"]]) + switch(
        "--discount-fallback", lm["discount_fallback"]
    )
