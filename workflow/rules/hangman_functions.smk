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
