"""Shared fixtures: the repository root, the evaluation data folder (skip when absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def data_dir() -> Path | None:
    value = os.environ.get("WORDGAMES_DATA")
    if value and Path(value).is_dir():
        return Path(value)
    sibling = REPO.parent / "shared" / "data"
    return sibling if sibling.is_dir() else None


@pytest.fixture
def repo() -> Path:
    return REPO


@pytest.fixture
def wordgames_data() -> Path:
    """The evaluation data folder; tests using it skip with the reason when it is absent."""
    path = data_dir()
    if path is None:
        pytest.skip("evaluation data not available: set WORDGAMES_DATA to the shared data folder")
    return path
