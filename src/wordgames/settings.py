"""The config as typed objects: one frozen dataclass per section of the schema.

The schema (``wordgames/schemas/``) holds every default; validation fills them in, so these classes
declare no defaults of their own and code reads ``cfg.settings.glove.dim`` instead of repeating a
default in ``section.get("dim", 600)``. tests/test_settings.py checks that every class has exactly
the properties of its schema section, recursively, so a key added to the schema must be added here.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class QLearning:
    episodes: int
    alpha: float
    gamma: float
    epsilon: float


@dataclass(frozen=True)
class WordleOpener:
    normal: str | None
    hard: str | None


@dataclass(frozen=True)
class WordleOpeners:
    enabled: bool
    top: int
    workers: int | None


@dataclass(frozen=True)
class Wordle:
    word_length: int
    answers: str
    guesses: str
    strategies: list[str]
    hard_mode: list[bool]
    seed: int
    max_guesses: int
    hard_rule: str
    opener: WordleOpener
    openers: WordleOpeners
    qlearning: QLearning


@dataclass(frozen=True)
class WordleList:
    collection: str
    lexicon: str
    length: int
    answers: int
    answer_pos: list[str]
    min_count: int
    answer_min_count: int
    fold_accents: bool
    alphabet: str
    modes: list[bool]
    strategies: list[str]
    heuristic_openers: int


@dataclass(frozen=True)
class CorpusOptions:
    wiki: str
    namespaces: list[int]
    min_chars: int
    layout: str
    documents: str
    encoding: str
    exclude: list[str]
    top_n: int
    column: int | None
    header: bool
    patterns: list[str]
    min_count: int
    min_pmi: float
    as_text: bool


@dataclass(frozen=True)
class CorpusEntry:
    language: str
    kind: str
    source: Any  # a path, URL or gensim:/wordfreq: spec, or a list of them (see the schema)
    dump: dict | None  # {wiki, date, job, files, parts}: resolved through dumps.lock
    sha1: str | None
    index: str | None
    index_sha1: str | None
    download_dir: str
    shards: int
    max_documents: int | None
    options: CorpusOptions


@dataclass(frozen=True)
class Dumps:
    lock: str | None
    mirrors: list[dict]
    retry_after_max: float
    attempts: int
    files: dict[str, dict]


@dataclass(frozen=True)
class Collection:
    corpora: list[str]
    language: str | None
    #: this collection's own cooccur / glove values (wordgames.selection.collection_cooccur/_glove)
    cooccur: dict
    glove: dict


@dataclass(frozen=True)
class Cooccur:
    collections: list[str]
    min_count: int
    max_vocab: int | None
    window: int
    distance_weighting: bool
    chunk_tokens: int
    shards: int
    merge_memory: str


@dataclass(frozen=True)
class Glove:
    collections: list[str]
    method: str
    dim: int
    iterations: int
    x_max: float
    alpha: float
    eta: float
    seed: int
    threads: int | None
    bias_eta: bool
    buffer_mb: float | None
    checkpoint: bool
    evaluate: list[str]
    probes: list[str]


@dataclass(frozen=True)
class Tables:
    collections: list[str]
    pmi_min_count: float
    pmi_counts: str
    idf_min_df: int


@dataclass(frozen=True)
class Lm:
    collections: list[str]
    order: int
    prune: list[int]
    memory: str
    discount_fallback: bool
    binary_type: str
    mem_mb: int | None


@dataclass(frozen=True)
class HangmanSeed:
    candidates: int
    stage1_reveal: int


@dataclass(frozen=True)
class HangmanPosterior:
    beam: int
    candidates: int
    max_queries: int
    smoothing: float
    oov_rate: float
    adaptive: bool
    temperature: float
    before_after: bool
    rescore: int
    rescore_hyps: int
    endgame: int
    endgame_cover: float
    word_classes: bool
    oov_model: str
    oov_order: int
    oov_budget: int
    oov_enumerate: int


@dataclass(frozen=True)
class HangmanDomain:
    train: str | None
    sets: list[str]
    solvers: list[str]
    orders: list[int]
    weights: list[float]
    folds: int
    class_prior: float


@dataclass(frozen=True)
class HangmanPhraseList:
    path: str
    header: bool
    phrase: str | int
    type: str | int | None
    label: str | None
    max_words: int


@dataclass(frozen=True)
class HangmanPhrases:
    lists: dict[str, HangmanPhraseList]
    folds: int
    kappas: list[float]


@dataclass(frozen=True)
class HangmanLmSizes:
    tokens: list[int]
    solvers: list[str]
    limit: int | None
    seed: int


@dataclass(frozen=True)
class HangmanWordsNeural:
    epochs: int
    context: int
    hidden: int
    weight: float
    seed: int


@dataclass(frozen=True)
class HangmanWords:
    dictionary: str
    test_fraction: float
    seed: int
    validation: int
    lives: int
    default_solver: str
    solvers: list[str]
    limit: int | None
    shards: int
    order: int
    dense_order: int
    neural: HangmanWordsNeural
    budget: int
    enumerate: int
    kappa: float | None
    exclude_training: bool
    samples: int
    lookahead: int
    lookahead_letters: list[int]


@dataclass(frozen=True)
class Hangman:
    collection: str
    lives: int
    default_solver: str
    solvers: list[str]
    min_count: int
    phrase_sets: dict[str, str]
    domain: HangmanDomain
    phrases: HangmanPhrases
    limit: int | None
    seed: HangmanSeed
    posterior: HangmanPosterior
    lm_sizes: HangmanLmSizes
    words: HangmanWords


@dataclass(frozen=True)
class GuillotineLexicon:
    morphit: bool
    wiktionary_corpora: list[str]
    blacklist: str | None
    whitelist: str | None


@dataclass(frozen=True)
class Knowledge:
    proverb: list[str]
    saying: list[str]
    song: list[str]


@dataclass(frozen=True)
class UnitCorpora:
    mwe: list[str]
    entity: list[str]
    dictionary: list[str]


@dataclass(frozen=True)
class GuillotineLinks:
    min_count: int
    window: int
    window_min_count: int
    knowledge: Knowledge
    unit_corpora: UnitCorpora
    titles_corpora: list[str]
    wiktionary_corpora: list[str]
    quotes_corpora: list[str]
    wordnet: list[str]
    thesaurus: list[str]
    tables: dict  # pattern -> [{path, reader, columns, window}] (guillotine.table_links)


@dataclass(frozen=True)
class Gullever:
    neighbours: int
    w1: float
    w2: float
    threshold: float
    certainty: float
    rerank_top: int


@dataclass(frozen=True)
class LinksSolver:
    cap: float
    pmi_cap: float
    max_candidates: int
    glove_candidates: int
    glove_link: float
    knowledge_candidates: int
    knowledge_link: float
    min_length: int
    pool_forms: bool
    extra_assoc: bool
    assoc_floor: float
    l2: float
    ranker: str
    select: str
    confident_precision: float


@dataclass(frozen=True)
class GuillotineEval:
    solvers: list[str]
    limit: int | None
    top: int


@dataclass(frozen=True)
class Guillotine:
    collection: str
    knowledge_collection: str | None
    gullever_vectors: str
    lexicon: GuillotineLexicon
    links: GuillotineLinks
    evidence_games: list[str]
    games: dict[str, str]
    vectors: str | None
    gullever: Gullever
    solver: LinksSolver
    eval: GuillotineEval


@dataclass(frozen=True)
class Evalita:
    uuid: str | None
    solver: str
    callback_hosts: list[str]
    timeout: float


@dataclass(frozen=True)
class Serve:
    host: str
    port: int
    max_body: int
    wordle_games: int
    search_seconds: float
    evalita: Evalita


@dataclass(frozen=True)
class Resources:
    scale: float
    retry_factor: float
    max_mem_mb: int
    max_runtime: int
    max_threads: int


@dataclass(frozen=True)
class Settings:
    """The whole config (``Config.settings``)."""

    results_dir: str
    data_dir: str | None
    threads: int
    wordle: Wordle
    wordle_lists: dict[str, WordleList]
    corpora: dict[str, CorpusEntry]
    dumps: Dumps
    collections: dict[str, Collection]
    cooccur: Cooccur
    glove: Glove
    tables: Tables
    lm: Lm
    hangman: Hangman
    guillotine: Guillotine
    serve: Serve
    resources: Resources


def _build(tp, value):
    """``value`` (validated YAML) as type ``tp``: dataclasses and dicts of dataclasses recursively."""
    if dataclasses.is_dataclass(tp):
        return from_dict(tp, value)
    if typing.get_origin(tp) is dict:
        _, item = typing.get_args(tp)
        return {k: _build(item, v) for k, v in value.items()}
    return value


def from_dict(cls, data: dict):
    """An instance of dataclass ``cls`` from a validated mapping (every key present)."""
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: _build(hints[f.name], data[f.name]) for f in dataclasses.fields(cls)})


def as_dict(obj) -> dict:
    """Back to plain data (JSON-able), e.g. for a stage's ``--spec``."""
    return dataclasses.asdict(obj)
