# The get_* functions of the sentence Hangman rules (hangman.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_hangman_domain_train(wildcards):
    return external([plan.hangman_domain_train(CFG)])[0]


def get_hangman_domain_digest(wildcards):
    return digest_of([plan.hangman_domain_train(CFG)])


def get_hangman_phrase_lists(wildcards):
    return external([spec.path for spec in plan.hangman_phrase_lists(CFG)])


def get_hangman_phrases_digest(wildcards):
    """Content of the lists and the training answers, with each list's name and columns (not its
    path: a moved data folder reruns nothing)."""
    lists = plan.hangman_phrase_lists(CFG)
    specs = [f"{spec.name}={as_json(_list_entry(spec))}" for spec in lists]
    return digest_of([*(s.path for s in lists), plan.hangman_domain_train(CFG)], *specs)


def _list_entry(spec, **path):
    """A list's hangman.phrases.lists entry (its path only when given)."""
    keys = ("header", "phrase", "type", "label", "max_words")
    return {**{k: getattr(spec, k) for k in keys}, **path}


def get_hangman_phrase_list_options(wildcards, input):
    """--list NAME=JSON of every list (its path the input's, so a derived param: not part of the
    rerun params; the digest holds the rest)."""
    lists = plan.hangman_phrase_lists(CFG)
    return repeated(
        "--list",
        [
            f"{spec.name}={as_json(_list_entry(spec, path=str(path)))}"
            for spec, path in zip(lists, input.lists, strict=True)
        ],
    )


def hangman_variant_phrases(variant):
    """Whether a variant's solver plays with the phrase lists' channel (an LM solver, when the
    config has the channel)."""
    from wordgames.hangman.solvers import SOLVERS

    solver = plan.hangman_variant(variant)[0]
    return plan.hangman_phrases(CFG) and SOLVERS[solver].uses_phrases


def get_hangman_inputs(wildcards):
    coll = CFG.settings.hangman.collection
    inputs = {
        "phrases": external([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])[0],
        "lm": str(paths.lm_binary(CFG, coll)),
        "unigrams": str(paths.lm_unigrams(CFG, coll)),
    }
    if plan.hangman_variant(wildcards.variant)[1]:
        inputs["domain_lm"] = str(paths.hangman_domain_lm(CFG))
        inputs["domain_info"] = str(paths.hangman_domain_info(CFG))
    if hangman_variant_phrases(wildcards.variant):
        inputs["phrases_table"] = str(paths.hangman_phrases_table(CFG))
        inputs["phrases_info"] = str(paths.hangman_phrases_info(CFG))
    return inputs


def get_hangman_digest(wildcards):
    return digest_of([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])


def get_hangman_solver(wildcards):
    return plan.hangman_variant(wildcards.variant)[0]


def get_hangman_options(wildcards):
    return as_json(CFG.section("hangman").get(get_hangman_solver(wildcards), {}))


def get_hangman_domain_options(wildcards, input):
    if not plan.hangman_variant(wildcards.variant)[1]:
        return []
    return ["--domain-lm", input.domain_lm, "--domain-info", input.domain_info]


def get_hangman_phrases_options(wildcards, input):
    if "phrases_table" not in input.keys():
        return []
    return ["--phrases-table", input.phrases_table, "--phrases-info", input.phrases_info]


def get_hangman_category_switch(wildcards):
    return switch("--no-categories", not plan.hangman_variant(wildcards.variant)[2])


def get_hangman_games():
    return [
        str(paths.hangman_games(CFG, s, variant))
        for s in plan.hangman_phrase_sets(CFG)
        for variant in plan.hangman_variants(CFG, s)
    ]


# The command and params of rule hangman_eval, which the LM-size curve's hangman_lm_size_eval
# (hangman_sizes.smk) runs too, on another LM: one definition, so a new input, option or param of
# the evaluation reaches both rules (an input goes in get_hangman_inputs, which both read).
HANGMAN_EVAL_SHELL = (
    "wordgames build hangman-eval --phrases {input.phrases} --name {wildcards.phrase_set}"
    " --solver {params.solver} --variant {wildcards.variant} --lm {input.lm}"
    " --unigrams {input.unigrams} {params.domain} {params.phrases} {params.categories}"
    " --lives {params.lives} {params.limit} --min-count {params.min_count}"
    " --options {params.options:q} --out {output} > {log} 2>&1"
)


def hangman_eval_params(limit):
    """The params of HANGMAN_EVAL_SHELL, ``limit`` (--limit N or nothing) aside."""
    return {
        "solver": get_hangman_solver,
        "lives": CFG.settings.hangman.lives,
        "limit": option("--limit", limit),
        "min_count": CFG.settings.hangman.min_count,
        "options": get_hangman_options,
        "domain": get_hangman_domain_options,
        "phrases": get_hangman_phrases_options,
        "categories": get_hangman_category_switch,
        "collection": CFG.settings.hangman.collection,
        "digest": get_hangman_digest,
    }
