# La Ghigliottina on collection guillotine.collection: surface-pattern links (guillotine-links), the
# links solver's weighting model trained on the development games (guillotine-train), and both solvers
# on every configured game set whose file exists (guillotine-eval). See docs/guillotine.md.
_GU = CFG.section("guillotine")
_GU_COLL = _GU["collection"]


def _gu_existing(values):
    return [f for f in (data_file(v) for v in values) if f is not None]


def _gu_tables(corpora, table):
    known = CFG.section("corpora") or {}
    return [str(paths.corpus_table(CFG, c, table)) for c in corpora if c in known]


if _GU_COLL in CFG.section("collections"):
    _GU_KNOWLEDGE = {
        kind: _gu_existing(files) for kind, files in _GU["links"]["knowledge"].items()
    }
    _GU_TITLES = _gu_tables(_GU["links"]["titles_corpora"], "titles")
    _GU_WIKT = _gu_tables(_GU["links"]["wiktionary_corpora"], "wiktionary")
    _GU_QUOTES = _gu_tables(_GU["links"]["quotes_corpora"], "quotes")
    _GU_WORDNET = _gu_existing(_GU["links"]["wordnet"])
    _GU_LINKS = str(paths.guillotine_links(CFG, _GU_COLL))
    _GU_WORDS = str(paths.guillotine_link_words(CFG, _GU_COLL))

    rule guillotine_links:
        input:
            tokens=str(paths.collection_tokens(CFG, _GU_COLL)),
            knowledge=[f for files in _GU_KNOWLEDGE.values() for f in files],
            titles=_GU_TITLES,
            wiktionary=_GU_WIKT,
            quotes=_GU_QUOTES,
            wordnet=_GU_WORDNET,
        output:
            links=_GU_LINKS,
            words=_GU_WORDS,
        params:
            lists=" ".join(
                f"--knowledge {kind}={f}" for kind, files in _GU_KNOWLEDGE.items() for f in files
            )
            + "".join(f" --titles {f}" for f in _GU_TITLES)
            + "".join(f" --wiktionary {f}" for f in _GU_WIKT)
            + "".join(f" --quotes {f}" for f in _GU_QUOTES)
            + "".join(f" --wordnet {f}" for f in _GU_WORDNET),
            min_count=_GU["links"]["min_count"],
            window=_GU["links"]["window"],
            window_min_count=_GU["links"]["window_min_count"],
        log:
            log_path("guillotine_links", _GU_COLL),
        resources:
            mem_mb=6000,
            runtime=60,
        shell:
            "{WG} build guillotine-links --in {input.tokens} --out {output.links}"
            " --words-out {output.words} {params.lists} --min-count {params.min_count}"
            " --window {params.window} --window-min-count {params.window_min_count} > {log} 2>&1"

    # the solvers' other inputs, when the config builds them
    _GU_INPUTS = {"links": _GU_LINKS, "words": _GU_WORDS}
    if _GU["vectors"]:
        _GU_INPUTS["vectors"] = data_file(_GU["vectors"]) or _GU["vectors"]
    elif _GU_COLL in globals().get("GLOVE_COLLECTIONS", []):
        _GU_INPUTS["vectors"] = str(paths.keyed_vectors(CFG, _GU_COLL))
    if _GU_COLL in globals().get("TABLE_COLLECTIONS", []):
        _GU_INPUTS["idf"] = str(paths.idf(CFG, _GU_COLL))
        _GU_INPUTS["pmi"] = str(paths.pmi(CFG, _GU_COLL))
    _GU_EVIDENCE = _gu_existing(_GU["evidence_games"])
    _GU_SETS = _gu_existing(_GU["games"].values())

    if _GU_EVIDENCE:
        rule guillotine_train:
            input:
                **_GU_INPUTS,
                games=_GU_EVIDENCE,
            output:
                str(paths.guillotine_model(CFG)),
            params:
                configfile=run_config_file(),
            log:
                log_path("guillotine_train"),
            resources:
                mem_mb=6000,
                runtime=120,
            shell:
                "{WG} build guillotine-train --configfile {params.configfile} --out {output}"
                " > {log} 2>&1"

        TARGETS.append(str(paths.guillotine_model(CFG)))
    else:
        TARGETS.append(_GU_LINKS)

    if _GU_SETS:
        _GU_EVAL = paths.eval_dir(CFG, "guillotine")
        # the per-game tables the stage writes, {set}-{solver}.parquet (read by the report's plots)
        GUILLOTINE_GAMES = [
            str(_GU_EVAL / f"{name}-{solver}.parquet")
            for solver in _GU["eval"]["solvers"]
            for name, value in _GU["games"].items()
            if data_file(value) is not None
        ]

        rule guillotine_eval:
            input:
                **_GU_INPUTS,
                games=sorted(set(_GU_SETS + _GU_EVIDENCE)),
            output:
                summary=str(_GU_EVAL / "summary.parquet"),
                table=str(_GU_EVAL / "summary.md"),
                games=GUILLOTINE_GAMES,
            params:
                configfile=run_config_file(),
                out_dir=str(_GU_EVAL),
            log:
                log_path("guillotine_eval"),
            resources:
                mem_mb=6000,
                runtime=480,
            shell:
                "{WG} build guillotine-eval --configfile {params.configfile}"
                " --out-dir {params.out_dir} > {log} 2>&1"

        TARGETS.append(str(_GU_EVAL / "summary.parquet"))
        if "REPORT_SECTIONS" in globals():
            REPORT_SECTIONS.append(("La Ghigliottina", str(_GU_EVAL / "summary.md")))
