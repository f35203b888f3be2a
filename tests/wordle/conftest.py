"""Fixtures of the Wordle tests: the small lists of tests/data/wordle and their WordleData."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from wordgames.wordle.data import make_data
from wordgames.wordle.words import load_lists

# the test modules of this folder import the plain-Python references of wordle_reference.py
sys.path.insert(0, str(Path(__file__).resolve().parent))

DATA = Path(__file__).resolve().parents[1] / "data" / "wordle"
SMALL_ANSWERS = DATA / "answers-small.txt"
SMALL_GUESSES = DATA / "allowed-small.txt"


@pytest.fixture(scope="session")
def small_lists():
    return load_lists(SMALL_ANSWERS, SMALL_GUESSES)


@pytest.fixture(scope="session")
def small_data(small_lists):
    guesses, answers = small_lists
    return make_data(guesses, answers)
