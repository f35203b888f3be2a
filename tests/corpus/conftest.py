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
