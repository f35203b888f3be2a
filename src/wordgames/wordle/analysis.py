"""A Wordle position described as data: what :meth:`WordleService.analyse
<wordgames.wordle.service.WordleService.analyse>` returns and the web API's
``/api/wordle/analyse`` sends.

The words left, the strategy's next guess and how it splits them (expected words left, worst case,
bits, the words per colour pattern), the ``top`` guesses by expected words left (ties: a word still
possible, then the more common word, then alphabetically; with one word left, only it), the
suggestion's place in that one-step ranking and one sentence on why the two can differ.
"""

from __future__ import annotations

import numpy as np

from wordgames.wordle.core import GameState, WordleData
from wordgames.wordle.feedback import format_letters, format_squares
from wordgames.wordle.frequency import rank_for_people
from wordgames.wordle.rules import hard_mode_allowed
from wordgames.wordle.strategies.scoring import partition_stats

CELL_WORDS = 12  # words listed per colour pattern in an analysis
CANDIDATES_SHOWN = 60  # words left listed in an analysis

#: Why the optimal strategy's guess can sit below the top of a one-step ranking (the analysis's
#: ``ranking_note`` and ``wordle solve``'s note when they differ).
OPTIMAL_NOTE = (
    "The optimal strategy's guess minimises the total number of guesses over every answer still "
    "possible, looking to the end of the game, while a one-step score only rates the next split, "
    "so the two can differ."
)


def ranking_note(strategy: str) -> str:
    """One sentence on why ``strategy``'s guess can differ from the one-step ranking beside it."""
    if strategy == "optimal":
        return OPTIMAL_NOTE
    return (
        f"The {strategy} strategy does not choose by this one-step score alone (and breaks its own "
        "ties by list order), so its guess can sit lower in the ranking."
    )


def left_mask(data: WordleData, cands: np.ndarray) -> np.ndarray:
    """bool per guess row: one of the words still left ("could be the answer"), not merely on the
    answer list."""
    left = np.zeros(len(data.guesses), dtype=bool)
    left[data.answer_rows[cands]] = True
    return left


def cells(data: WordleData, row: int, cands: np.ndarray) -> list[dict]:
    """Words left per colour pattern after guess ``row``, largest group first."""
    patterns = np.asarray(data.matrix[row])[cands]
    values, counts = np.unique(patterns, return_counts=True)
    out = []
    for k in np.lexsort((values, -counts)):
        p = int(values[k])
        out.append(
            {
                "pattern": format_letters(p, data.word_length),
                "squares": format_squares(p, data.word_length),
                "count": int(counts[k]),
                "words": [data.answers[int(a)] for a in cands[patterns == p][:CELL_WORDS]],
            }
        )
    return out


def position(
    data: WordleData,
    state: GameState,
    solved: bool,
    strategy: str,
    guess: int | None,
    top: int,
) -> dict:
    """The analysis of ``state`` (module doc); ``guess``: the strategy's next guess row (None when
    the last move solved the game)."""
    cands = state.candidates
    out = {
        "mode": "hard" if state.hard else "normal",
        "hard_rule": state.hard_rule if state.hard else None,
        "strategy": strategy,
        "turn": state.turn,
        "solved": solved,
        "words_left": int(len(cands)),
        "candidates": [data.answers[int(a)] for a in cands[:CANDIDATES_SHOWN]],
    }
    if solved:
        out["answer"] = data.guesses[state.history[-1][0]]
        return out
    if len(cands) == 1:  # every guess "leaves one word": only the answer is worth listing
        rows = data.answer_rows[cands]
    elif state.hard and state.history:
        rows = np.flatnonzero(hard_mode_allowed(data, state.history, state.hard_rule))
    else:
        rows = np.arange(len(data.guesses))
    rows = rows.astype(np.int32)
    if guess not in set(rows.tolist()):  # a strategy's guess is always allowed; keep its row
        rows = np.append(rows, np.int32(guess))
    stats = partition_stats(data, cands, rows)
    remaining = left_mask(data, cands)[rows]
    order = rank_for_people(data, stats.expected, rows, remaining, higher_better=False)

    def describe(k: int) -> dict:
        return {
            "word": data.guesses[int(stats.rows[k])],
            "expected_left": round(float(stats.expected[k]), 4),
            "worst_case": int(stats.worst[k]),
            "bits": round(float(stats.entropy[k]), 4),
            "patterns": int(stats.cells[k]),
            "could_be_answer": bool(remaining[k]),
        }

    k_guess = int(np.flatnonzero(stats.rows == guess)[0])
    out["suggestion"] = {**describe(k_guess), "cells": cells(data, guess, cands)}
    out["suggestion_rank"] = int(np.flatnonzero(order == k_guess)[0]) + 1
    out["ranking_note"] = ranking_note(strategy)
    out["best"] = [describe(int(k)) for k in order[:top]]
    return out
