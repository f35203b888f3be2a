# The get_* functions of the La Ghigliottina rules (guillotine.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_guillotine_links_inputs(wildcards):
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    return {
        "tokens": str(paths.collection_tokens(CFG, wildcards.coll)),
        "knowledge": external(knowledge),
        "wordnet": external(lists["wordnet"]),
        "wordnet_exports": [str(p) for p in lists["wordnet_exports"]],
        "thesaurus": external(lists["thesaurus"]),
        "units": [str(p) for files in lists["units"].values() for p in files],
        "titles": [str(p) for p in lists["titles"]],
        "wiktionary": [str(p) for p in lists["wiktionary"]],
        "quotes": [str(p) for p in lists["quotes"]],
        "tables": external([spec.path for specs in lists["tables"].values() for spec in specs]),
    }


def get_guillotine_links_digest(wildcards):
    """Content of the knowledge lists (with their kinds), wordnet tables and thesauri."""
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    kinds = [f"{kind}:{f.name}" for kind, files in lists["knowledge"].items() for f in files]
    tables = [spec for specs in lists["tables"].values() for spec in specs]
    # a table's reader and columns change its links as much as its content does
    kinds += [
        json.dumps([p, s.reader, dict(s.columns), s.window])
        for p, specs in lists["tables"].items()
        for s in specs
    ]
    return digest_of(
        [*knowledge, *lists["wordnet"], *lists["thesaurus"], *[s.path for s in tables]], *kinds
    )


def get_guillotine_links_sources(wildcards):
    """The wordnet and thesaurus entries the links are built from: one whose file or package is
    missing is left out (with a note), and this param says so to the rerun triggers."""
    return as_json(plan.guillotine_link_sources(CFG))


def get_guillotine_wordnet_sql(wildcards):
    lemma, synset = plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang]
    return {"lemma": ancient(str(lemma)), "synset": ancient(str(synset))}


def get_guillotine_wordnet_digest(wildcards):
    return digest_of(plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang])


def get_guillotine_links_corpora(wildcards):
    """The corpora whose tables give links (their names; the list files are in the digest)."""
    links = CFG.settings.guillotine.links
    corpora = {
        k: getattr(links, k) for k in ("titles_corpora", "wiktionary_corpora", "quotes_corpora")
    }
    corpora["unit_corpora"] = CFG.section("guillotine")["links"]["unit_corpora"]
    return as_json(corpora)


def get_guillotine_morphit(wildcards):
    return "--morphit" if CFG.settings.guillotine.lexicon.morphit else "--no-morphit"


def get_guillotine_vectors(wildcards):
    files = plan.guillotine_files(CFG)
    if wildcards.coll != CFG.settings.guillotine.collection:  # the knowledge collection's
        return [str(files.knowledge_vectors)]
    if CFG.settings.guillotine.vectors:
        return external([files.vectors])
    return [str(files.vectors)]


def get_guillotine_vectors_digest(wildcards):
    files = plan.guillotine_files(CFG)
    external_vectors = (
        CFG.settings.guillotine.vectors and wildcards.coll == CFG.settings.guillotine.collection
    )
    return digest_of([files.vectors]) if external_vectors else ""


def get_guillotine_links_lists(wildcards, input):
    """--knowledge KIND=PATH, --titles PATH, ... of every list (paths of the inputs, so a derived
    param: not part of the rerun params)."""
    lists = plan.guillotine_link_lists(CFG)
    args = repeated(
        "--knowledge",
        [f"{kind}={f}" for kind, files in lists["knowledge"].items() for f in files],
    )
    args += repeated(
        "--units", [f"{kind}={f}" for kind, files in lists["units"].items() for f in files]
    )
    for name in ("titles", "wiktionary", "quotes", "wordnet", "thesaurus"):
        args += repeated(f"--{name}", map(str, lists[name]))
    args += repeated(
        "--table",
        [
            f"{p}={json.dumps(spec.to_json())}"
            for p, specs in lists["tables"].items()
            for spec in specs
        ],
    )
    return args + repeated("--wordnet", map(str, lists["wordnet_exports"]))


def get_guillotine_solver_inputs(solver):
    """The artifacts a guillotine solver reads (each solver of guillotine.eval.solvers for the
    evaluation); lists and games outside results_dir are ancient (their digest is a param)."""

    def inputs(wildcards):
        files = plan.guillotine_files(CFG)
        names = set()
        for s in [solver] if solver != "eval" else CFG.settings.guillotine.eval.solvers:
            names |= set(files.for_solver(s))
        names.discard("model")
        out = {}
        for name in sorted(names):
            value = getattr(files, name)
            values = value if isinstance(value, list) else [value]
            external_ = name in ("evidence", "blacklist", "whitelist")
            out[name] = external(values) if external_ else [str(v) for v in values]
        if solver == "eval":
            out["games"] = external(plan.guillotine_game_sets(CFG).values())
        return out

    return inputs


def get_guillotine_digest(wildcards):
    files = plan.guillotine_files(CFG)
    ext = list(files.evidence) + [p for p in (files.blacklist, files.whitelist) if p is not None]
    ext += list(plan.guillotine_game_sets(CFG).values())
    return digest_of(ext)


def get_guillotine_resource_args(wildcards, input):
    """--NAME PATH for every resource input (a derived param: paths do not rerun jobs)."""
    args = []
    for name in plan.GUILLOTINE_SINGLE_FILES:
        if name in input.keys():
            args += [f"--{name.replace('_', '-')}", str(input[name])]
    for name in plan.GUILLOTINE_MULTI_FILES:
        if name in input.keys():
            args += repeated(f"--{name}", map(str, input[name]))
    return args


def get_guillotine_game_args(wildcards, input):
    """--games NAME=PATH of every game set."""
    sets = plan.guillotine_game_sets(CFG)
    return repeated("--games", [f"{name}={path}" for name, path in sets.items()])


def _guillotine_eval_pairs():
    return [
        (name, solver)
        for name in plan.guillotine_game_sets(CFG)
        for solver in CFG.settings.guillotine.eval.solvers
    ]


def get_guillotine_eval_outputs():
    return [
        str(paths.guillotine_eval_games(CFG, name, solver))
        for name, solver in _guillotine_eval_pairs()
    ]


def get_guillotine_eval_out_args(wildcards, output):
    """--out-games NAME:SOLVER=PATH of every (game set, solver) pair."""
    return repeated(
        "--out-games",
        [
            f"{name}:{solver}={path}"
            for (name, solver), path in zip(_guillotine_eval_pairs(), output.games)
        ],
    )


def get_guillotine_section(key):
    """A section of guillotine settings that holds no paths, as JSON."""
    return lambda wildcards: as_json(CFG.section("guillotine")[key])
