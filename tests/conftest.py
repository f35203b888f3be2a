"""Shared fixtures: the repository root, the evaluation data folder (skip when absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# The machine is shared: a per-example deadline would make timing, not correctness, fail a test. On CI
# the examples are derandomised so a run is reproducible.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

REPO = Path(__file__).resolve().parents[1]


def data_dir() -> Path | None:
    value = os.environ.get("WORDGAMES_DATA")
    if value and Path(value).is_dir():
        return Path(value)
    sibling = REPO.parent / "shared" / "data"
    return sibling if sibling.is_dir() else None


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture
def wordgames_data() -> Path:
    """The evaluation data folder; tests using it skip with the reason when it is absent."""
    path = data_dir()
    if path is None:
        pytest.skip("evaluation data not available: set WORDGAMES_DATA to the shared data folder")
    return path


# A tiny order-3 KenLM model trained from tests/data/lm/tiny.txt (seconds, --discount_fallback),
# shared by the LM and hangman tests.
TINY_LM_TEXT = REPO / "tests" / "data" / "lm" / "tiny.txt"


def _tools_or_skip():
    from wordgames.errors import ToolMissingError
    from wordgames.lm.train import find_tool

    try:
        find_tool("lmplz")
        find_tool("build_binary")
    except ToolMissingError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def tiny_lm(tmp_path_factory) -> dict[str, Path]:
    from wordgames.lm.train import build_binary, count_unigrams, train_arpa

    _tools_or_skip()
    out = tmp_path_factory.mktemp("tiny-lm")
    arpa = train_arpa(
        TINY_LM_TEXT, out / "model.arpa", order=3, memory="100M", discount_fallback=True
    )
    binary = build_binary(arpa, out / "model.binary", memory="100M")
    unigrams = count_unigrams(TINY_LM_TEXT, out / "unigrams.parquet")
    return {"arpa": arpa, "binary": binary, "unigrams": unigrams, "tokens": TINY_LM_TEXT}
