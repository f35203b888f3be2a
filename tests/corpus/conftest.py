"""Helpers of the corpus tests: a config whose corpora point at tests/data/corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.config import load_config

DATA = Path(__file__).resolve().parents[1] / "data" / "corpus"


@pytest.fixture
def corpus_data() -> Path:
    return DATA


@pytest.fixture
def make_config(tmp_path):
    """A validated Config with the given corpora and collections, writing under tmp_path."""

    def make(corpora: dict, collections: dict | None = None, **extra):
        raw = {"results_dir": str(tmp_path / "results"), "corpora": corpora, **extra}
        if collections is not None:
            raw["collections"] = collections
        return load_config(raw)

    return make


class Stages:
    """The corpus stages called with the paths and values the rules pass for a config (the mapping
    of workflow/rules/corpora_functions.smk, written out for these tests)."""

    @staticmethod
    def extract(cfg, name: str, shard: str = "000") -> dict:
        from wordgames import paths
        from wordgames.corpus.extract import extract_shard
        from wordgames.corpus.io import TABLE_SCHEMAS
        from wordgames.corpus.registry import corpus, index_files, local_files, missing_sources
        from wordgames.errors import InputError

        c = corpus(cfg, name)
        files = local_files(cfg, c, missing_ok=True)
        for message in missing_sources(cfg, c):
            raise InputError(message)
        tables = {t: paths.corpus_shard_table(cfg, name, shard, t) for t in TABLE_SCHEMAS}
        spec = type(c).from_spec(
            name, c.spec(), [s.value for s in c.sources if s.value.startswith("wordfreq:")]
        )
        return extract_shard(
            spec,
            files,
            shard,
            paths.corpus_extract(cfg, name, shard),
            paths.corpus_shard_summary(cfg, name, shard),
            tables,
            index_files(cfg, c),
        )

    @staticmethod
    def tokenize(cfg, name: str, shard: str = "000") -> dict:
        from wordgames import paths
        from wordgames.corpus.pipeline import tokenize_shard
        from wordgames.corpus.registry import corpus

        return tokenize_shard(
            paths.corpus_extract(cfg, name, shard),
            paths.corpus_shard_sentences(cfg, name, shard),
            corpus(cfg, name).language,
        )

    @staticmethod
    def merge(cfg, name: str) -> dict:
        from wordgames import paths
        from wordgames.corpus.pipeline import concat_table, merge_corpus
        from wordgames.corpus.registry import corpus

        c = corpus(cfg, name)
        for t in c.tables:
            concat_table(
                t,
                [paths.corpus_shard_table(cfg, name, s, t) for s in c.shard_ids],
                paths.corpus_table(cfg, name, t),
            )
        return merge_corpus(
            name,
            kind=c.kind,
            language=c.language,
            wiki=c.wiki,
            shard_summaries=[paths.corpus_shard_summary(cfg, name, s) for s in c.shard_ids],
            shard_sentences=[paths.corpus_shard_sentences(cfg, name, s) for s in c.shard_ids]
            if c.has_text
            else [],
            tables=[paths.corpus_table(cfg, name, t) for t in c.tables],
            out_sentences=paths.corpus_sentences(cfg, name),
            out_tokens=paths.corpus_tokens(cfg, name),
            out_summary=paths.corpus_summary(cfg, name),
        )

    @classmethod
    def build(cls, cfg, name: str) -> dict:
        from wordgames.corpus.registry import corpus

        c = corpus(cfg, name)
        for shard in c.shard_ids:
            cls.extract(cfg, name, shard)
            if c.has_text:
                cls.tokenize(cfg, name, shard)
        return cls.merge(cfg, name)

    @staticmethod
    def collect(cfg, collection: str) -> dict:
        from wordgames import paths
        from wordgames.corpus.pipeline import collect
        from wordgames.corpus.registry import collection_language, collection_members

        members = [c.name for c in collection_members(cfg, collection)]
        return collect(
            collection,
            language=collection_language(cfg, collection),
            tokens=[paths.corpus_tokens(cfg, m) for m in members],
            sentences=[paths.corpus_sentences(cfg, m) for m in members],
            summaries=[paths.corpus_summary(cfg, m) for m in members],
            out_tokens=paths.collection_tokens(cfg, collection),
            out_sentences=paths.collection_sentences(cfg, collection),
            out_manifest=paths.collection_manifest(cfg, collection),
        )


@pytest.fixture
def stages() -> type[Stages]:
    return Stages
