"""The rules of Wordle: which answers fit the feedback so far, and which guesses hard mode allows.

Hard mode
---------
:func:`hard_mode_allowed` is the one place that decides which guesses hard mode allows; two rules:

``"nyt"`` (default; the New York Times rule "any revealed hints must be used in subsequent guesses")
    for every earlier guess and its feedback: each green letter is played again in the same position,
    and each letter marked yellow or green appears in the new guess at least as many times as it was
    marked yellow or green in that guess. Grey letters may be played again, and a yellow letter may be
    played again in the position where it was yellow.

``"strict"``
    the new guess would have produced exactly the same feedback as every earlier guess did, i.e. it
    could itself be the answer given all hints (including grey letters and misplaced yellows).

Every guess the strict rule allows is also allowed by the NYT rule. The seed agents and any strategy
that only plays remaining candidates satisfy both rules automatically.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordgames.errors import InputError
from wordgames.wordle.core import WordleData
from wordgames.wordle.feedback import encode, feedback_row, pattern_to_digits

HARD_RULES = ("nyt", "strict")
DEFAULT_HARD_RULE = "nyt"


def filter_candidates(
    data: WordleData, candidates: np.ndarray, guess: int, pattern: int
) -> np.ndarray:
    """The candidates (answer indices) that give ``pattern`` for guess row ``guess``."""
    row = np.asarray(data.matrix[guess])
    return candidates[row[candidates] == pattern]


def _guess_letters(data: WordleData) -> tuple[np.ndarray, np.ndarray]:
    """Letter codes [n, L] and letter counts [n, 26] of every guess, cached on ``data``."""
    cached = data.__dict__.get("_wordle_letters")
    if cached is None:
        codes = encode(data.guesses)
        counts = np.zeros((len(data.guesses), 26), dtype=np.int8)
        for i in range(codes.shape[1]):
            np.add.at(counts, (np.arange(len(data.guesses)), codes[:, i]), 1)
        cached = (codes, counts)
        data.__dict__["_wordle_letters"] = cached  # frozen dataclass: cache like cached_property
    return cached


def hard_mode_allowed(
    data: WordleData, history: Sequence[tuple[int, int]], rule: str = DEFAULT_HARD_RULE
) -> np.ndarray:
    """bool [len(guesses)]: the guesses hard mode allows after ``history`` ((row, pattern) pairs)."""
    n = len(data.guesses)
    allowed = np.ones(n, dtype=bool)
    if not history:
        return allowed
    if rule not in HARD_RULES:
        raise InputError(f"unknown hard-mode rule {rule!r}: use one of {', '.join(HARD_RULES)}")
    codes, counts = _guess_letters(data)
    length = data.word_length
    for row, pattern in history:
        if rule == "strict":
            allowed &= feedback_row(data.guesses[row], codes) == pattern
            continue
        digits = pattern_to_digits(int(pattern), length)
        needed: dict[int, int] = {}
        for i, d in enumerate(digits):
            letter = int(codes[row, i])
            if d == 2:
                allowed &= codes[:, i] == letter
            if d >= 1:
                needed[letter] = needed.get(letter, 0) + 1
        for letter, k in needed.items():
            allowed &= counts[:, letter] >= k
    return allowed
