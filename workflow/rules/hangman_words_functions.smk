# The get_* functions of the single-word Hangman rules (hangman_words.smk): the dictionary, its
# content digest, the solver options, the per-solver games and their shards, from the config (through
# wordgames.plan and wordgames.paths). No rules here: Snakemake's linter wants rules and functions
# in separate files. See docs/pipeline.md.


def get_hangman_words_dictionary():
    found = plan.hangman_words_dictionary(CFG)
    return external([found])[0] if found is not None else []


def get_hangman_words_digest(wildcards):
    found = plan.hangman_words_dictionary(CFG)
    return digest_of([found] if found is not None else [])


def get_hangman_words_options():
    from wordgames.hangman.words.solvers import solver_options

    return as_json(solver_options(CFG.settings.hangman.words))


def get_hangman_words_games():
    return [str(paths.hangman_words_games(CFG, s)) for s in CFG.settings.hangman.words.solvers]


def get_hangman_words_shards(wildcards):
    shards = range(CFG.settings.hangman.words.shards)
    return [str(paths.hangman_words_shard(CFG, wildcards.word_solver, i)) for i in shards]


def get_hangman_words_neural():
    import dataclasses

    return as_json(dataclasses.asdict(CFG.settings.hangman.words.neural))
