# The get_* functions of the sentence Hangman rules (hangman.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_hangman_inputs(wildcards):
    coll = CFG.settings.hangman.collection
    return {
        "phrases": external([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])[0],
        "lm": str(paths.lm_binary(CFG, coll)),
        "unigrams": str(paths.lm_unigrams(CFG, coll)),
    }


def get_hangman_digest(wildcards):
    return digest_of([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])


def get_hangman_options(wildcards):
    return as_json(CFG.section("hangman").get(wildcards.solver, {}))


def get_hangman_games():
    return [
        str(paths.hangman_games(CFG, s, solver))
        for s in plan.hangman_phrase_sets(CFG)
        for solver in CFG.settings.hangman.solvers
    ]


# The command and params of rule hangman_eval, which the LM-size curve's hangman_lm_size_eval
# (hangman_sizes.smk) runs too, on another LM: one definition, so a new input, option or param of
# the evaluation reaches both rules (an input goes in get_hangman_inputs, which both read).
HANGMAN_EVAL_SHELL = (
    "wordgames build hangman-eval --phrases {input.phrases} --name {wildcards.phrase_set}"
    " --solver {wildcards.solver} --lm {input.lm} --unigrams {input.unigrams}"
    " --lives {params.lives} {params.limit} --min-count {params.min_count}"
    " --options {params.options:q} --out {output} > {log} 2>&1"
)


def hangman_eval_params(limit):
    """The params of HANGMAN_EVAL_SHELL, ``limit`` (--limit N or nothing) aside."""
    return {
        "lives": CFG.settings.hangman.lives,
        "limit": option("--limit", limit),
        "min_count": CFG.settings.hangman.min_count,
        "options": get_hangman_options,
        "collection": CFG.settings.hangman.collection,
        "digest": get_hangman_digest,
    }
