"""Where every artifact lives, for a given config.

The Snakemake rules and the CLI both call these functions, so a command finds an artifact exactly where
the pipeline wrote it for that config. Layout under ``results_dir``::

    corpora/{corpus}/extract/{shard}.parquet     extracted documents of one shard
    corpora/{corpus}/sentences/{shard}.parquet   tokenised sentences (doc_id, sent_id, tokens)
    corpora/{corpus}/tokens.txt                  one sentence a line, tokens separated by spaces
    corpora/{corpus}/{table}.parquet             kind-specific tables (wiktionary, titles, quotes, ...)
    {collection}/tokens.txt, sentences.parquet   the member corpora's sentences, concatenated
    {collection}/vocab.parquet                   word, count (a collection = the corpora one model reads)
    {collection}/cooccur.parquet                 i, j, weight (GloVe weighting) [and count]
    {collection}/glove/                          vectors.npy, vocab.parquet, gensim KeyedVectors
    {collection}/pmi.parquet, idf.parquet        association and document-frequency tables
    {collection}/catalog.duckdb                  SQL views over the collection's tables
    {collection}/lm/model.arpa, model.binary     KenLM n-gram model
    wordle/feedback.npy, wordle/words.parquet    the guesses x answers feedback matrix
    eval/{game}/...                              per-game Parquet and summaries
    report/                                      the final report
    logs/{rule}/...                              one log per job
"""

from __future__ import annotations

from pathlib import Path

from wordgames.config import Config


def results(cfg: Config, *parts: str) -> Path:
    return cfg.results_dir.joinpath(*parts)


def logs(cfg: Config, *parts: str) -> Path:
    return results(cfg, "logs", *parts)


# corpora -------------------------------------------------------------------------------------------
def corpus_dir(cfg: Config, corpus: str) -> Path:
    return results(cfg, "corpora", corpus)


def corpus_tokens(cfg: Config, corpus: str) -> Path:
    return corpus_dir(cfg, corpus) / "tokens.txt"


def corpus_table(cfg: Config, corpus: str, table: str) -> Path:
    return corpus_dir(cfg, corpus) / f"{table}.parquet"


# collections ---------------------------------------------------------------------------------------
def collection_dir(cfg: Config, collection: str) -> Path:
    return results(cfg, collection)


def collection_tokens(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "tokens.txt"


def collection_sentences(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "sentences.parquet"


def vocab(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "vocab.parquet"


def cooccur(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "cooccur.parquet"


def glove_dir(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "glove"


def keyed_vectors(cfg: Config, collection: str) -> Path:
    return glove_dir(cfg, collection) / "vectors.kv"


def pmi(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "pmi.parquet"


def idf(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "idf.parquet"


def catalog(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "catalog.duckdb"


def lm_arpa(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "lm" / "model.arpa"


def lm_binary(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "lm" / "model.binary"


# wordle --------------------------------------------------------------------------------------------
def wordle_dir(cfg: Config) -> Path:
    return results(cfg, "wordle")


def wordle_matrix(cfg: Config) -> Path:
    return wordle_dir(cfg) / "feedback.npy"


def wordle_words(cfg: Config) -> Path:
    return wordle_dir(cfg) / "words.parquet"


# evaluation and report -----------------------------------------------------------------------------
def eval_dir(cfg: Config, game: str) -> Path:
    return results(cfg, "eval", game)


def report_dir(cfg: Config) -> Path:
    return results(cfg, "report")
