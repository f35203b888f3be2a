# The get_* functions of the LM-size curve's rules (hangman_sizes.smk): the inputs and params of
# its rules, from the config (through wordgames.plan and wordgames.paths) and, past the
# hangman_lm_samples checkpoint, from its samples.json (which sizes the collection is larger
# than). No rules here: Snakemake's linter wants rules and functions in separate files. See
# docs/hangman.md, "Corpus size".
from wordgames.lm.sample import INFO_NAME, read_info, sample_name


def get_lm_sample_tokens(wildcards):
    """The sample of {tokens} tokens, in the checkpoint's folder."""
    folder = checkpoints.hangman_lm_samples.get().output[0]
    return str(Path(folder) / sample_name(int(wildcards.tokens)))


def lm_size_file(name):
    """A file of the LM of the {tokens} sample (model.arpa, model.binary, unigrams.parquet)."""
    coll = CFG.settings.hangman.collection
    return str(paths.lm_sample_dir(CFG, coll, "{tokens}") / name)


def get_hangman_lm_size_inputs(wildcards):
    """What hangman_eval reads (get_hangman_inputs), with the LM of one sample."""
    coll = CFG.settings.hangman.collection
    folder = paths.lm_sample_dir(CFG, coll, wildcards.tokens)
    return {
        **get_hangman_inputs(wildcards),
        "lm": str(folder / "model.binary"),
        "unigrams": str(folder / "unigrams.parquet"),
    }


def hangman_lm_size_labels():
    """The size label of every games file the curve may read: a configured size (its samples'
    games) or ``all`` (the main evaluation's games on the whole collection)."""
    h = CFG.settings.hangman
    labels = {}
    for name in plan.hangman_phrase_sets(CFG):
        for solver in h.lm_sizes.solvers:
            labels[str(paths.hangman_games(CFG, name, solver))] = "all"
            for size in h.lm_sizes.tokens:
                path = paths.hangman_lm_size_games(CFG, name, solver, str(size))
                labels[str(path)] = str(size)
    return labels


def get_hangman_lm_sizes_games(wildcards):
    """The games of every sample the checkpoint wrote (skipped sizes have none), then those of
    the main evaluation (the point of the whole collection)."""
    folder = checkpoints.hangman_lm_samples.get().output[0]
    info = read_info(Path(folder) / INFO_NAME)
    kept = {str(s.target) for s in info["samples"] if not s.skipped}
    return [p for p, size in hangman_lm_size_labels().items() if size in kept] + [
        p for p, size in hangman_lm_size_labels().items() if size == "all"
    ]


def get_hangman_lm_size_items(wildcards, input):
    """SIZE=PATH of every games file (a derived param: its sizes follow from the inputs)."""
    labels = hangman_lm_size_labels()
    games = input.get("games", [])
    # a named input of one file is a string, not a list of one
    games = [games] if isinstance(games, str) else games
    return [f"{labels[p]}={p}" for p in games if p in labels]
