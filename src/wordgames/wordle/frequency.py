"""How common each guess is in English, for breaking ties between guesses that split the words left
equally: among equal splits a player would rather type a word they know than ``aahed``.

:func:`zipf` is wordfreq's English Zipf frequency of every guess row (0 for a word it does not
know; about 3 is a word met once per million words), :func:`alphabetical` each row's place in
alphabetical order (the last tie-break, whatever order the lists came in). Both are computed once per
:class:`~wordgames.wordle.core.WordleData` (0.3 s for the 12,972 guesses of the default lists).
"""

from __future__ import annotations

import numpy as np

from wordgames.wordle.core import WordleData


def zipf(data: WordleData) -> np.ndarray:
    """float64 [len(guesses)]: wordfreq's English Zipf frequency of each guess, cached on ``data``."""
    cached = data.__dict__.get("_wordle_zipf")
    if cached is None:
        from wordfreq import zipf_frequency

        cached = np.array([zipf_frequency(w, "en") for w in data.guesses], dtype=np.float64)
        data.__dict__["_wordle_zipf"] = cached
    return cached


def alphabetical(data: WordleData) -> np.ndarray:
    """int64 [len(guesses)]: each guess row's place in alphabetical order, cached on ``data``."""
    cached = data.__dict__.get("_wordle_alphabetical")
    if cached is None:
        cached = np.empty(len(data.guesses), dtype=np.int64)
        cached[np.argsort(np.asarray(data.guesses), kind="stable")] = np.arange(len(data.guesses))
        data.__dict__["_wordle_alphabetical"] = cached
    return cached


def rank_for_people(
    data: WordleData,
    primary: np.ndarray,
    rows: np.ndarray,
    could_be_answer: np.ndarray,
    *,
    higher_better: bool,
) -> np.ndarray:
    """Order of ``rows`` from best to worst as a person reads a ranking: by ``primary`` (rounded
    to 1e-9 so equal splits compare equal), then the words that could still be the answer, then
    the more common word, then alphabetically.

    The strategies themselves break ties by row (:func:`~wordgames.wordle.strategies.scoring.rank`),
    so the evaluations already reported do not move; this order is for what the front-ends list."""
    rows = np.asarray(rows, dtype=np.int64)
    key = np.round(np.asarray(primary, dtype=np.float64), 9)
    if higher_better:
        key = -key
    common = -zipf(data)[rows]
    return np.lexsort((alphabetical(data)[rows], common, ~np.asarray(could_be_answer), key))
