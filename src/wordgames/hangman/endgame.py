"""Endgame play: the letter with the best chance of winning the game, exactly, over a few answers.

The solvers guess the letter most likely to be present, which minimises the risk of losing a life
*now*. With lives running out that is not the same as winning: a letter that is likely but splits
the answers badly can leave a coin toss for the last life. Once the posterior sits on a handful of
answers, the game left is small enough to solve: over those answers (with their posterior weights)
and the misses still allowed, a memoised search gives each letter's probability of winning when it
is guessed now and every later guess is the best one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordgames.hangman.game import MASK
from wordgames.hangman.lexicon import ALPHABET

_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}


class SearchTooLarge(Exception):
    """The endgame has more positions than the search may visit."""


def _letter_masks(fill: str, hidden: list[int]) -> tuple[int, ...]:
    """Per letter, the bit set of the hidden positions where ``fill`` has it."""
    masks = [0] * 26
    for bit, i in enumerate(hidden):
        j = _INDEX.get(fill[i])
        if j is not None:
            masks[j] |= 1 << bit
    return tuple(masks)


def win_chances(
    board: str,
    fills: Sequence[str],
    weights: Sequence[float],
    misses_left: int,
    guessed: frozenset[str] = frozenset(),
    max_states: int = 20_000,
) -> np.ndarray:
    """26 probabilities: for each letter, the chance of winning if it is guessed now and play is
    optimal afterwards, when the answer is one of ``fills`` (completions of ``board``, whose hidden
    positions are ``MASK``) with probability proportional to ``weights``. ``misses_left``: wrong
    guesses that may still be made without losing. A letter on the board or in ``guessed`` gets 0.

    Raises :class:`SearchTooLarge` when more than ``max_states`` positions would be searched."""
    hidden = [i for i, ch in enumerate(board) if ch == MASK]
    merged: dict[tuple[int, ...], float] = {}
    for fill, w in zip(fills, weights, strict=True):
        if len(fill) != len(board):
            raise ValueError(f"a filling of {board!r} has another length: {fill!r}")
        key = _letter_masks(fill, hidden)
        merged[key] = merged.get(key, 0.0) + float(w)
    masks = list(merged)
    prob = np.array([merged[m] for m in masks], dtype=np.float64)
    if not len(prob) or prob.sum() <= 0:
        raise ValueError("no filling with a positive weight")
    prob /= prob.sum()
    memo: dict[tuple[tuple[int, ...], int], float] = {}

    def outcomes(group: tuple[int, ...], letter: int) -> dict[int, list[int]]:
        parts: dict[int, list[int]] = {}
        for h in group:
            parts.setdefault(masks[h][letter], []).append(h)
        return parts

    def chance(group: tuple[int, ...], letter: int, misses: int) -> float:
        """P(win | group) when ``letter`` is guessed now, times P(group)."""
        total = 0.0
        for mask, part in outcomes(group, letter).items():
            if mask:
                total += value(tuple(part), misses)
            elif misses > 0:
                total += value(tuple(part), misses - 1)
        return total

    def value(group: tuple[int, ...], misses: int) -> float:
        """P(win and answer in group) under optimal play from here."""
        if len(group) == 1:
            return float(prob[group[0]])
        key = (group, misses)
        if key in memo:
            return memo[key]
        if len(memo) >= max_states:
            raise SearchTooLarge(f"more than {max_states} endgame positions")
        best = 0.0
        for letter in range(26):
            first = masks[group[0]][letter]
            # a letter every answer of the group shares (or lacks) changes nothing: skip it
            if all(masks[h][letter] == first for h in group):
                continue
            best = max(best, chance(group, letter, misses))
        memo[key] = best
        return best

    everyone = tuple(range(len(masks)))
    out = np.zeros(26)
    stay = value(everyone, misses_left)
    for letter in range(26):
        if ALPHABET[letter] in board or ALPHABET[letter] in guessed:
            continue
        present = [m[letter] != 0 for m in masks]
        if all(present):
            out[letter] = stay  # a sure hit: nothing is learnt, nothing is lost
        elif not any(present):
            out[letter] = value(everyone, misses_left - 1) if misses_left > 0 else 0.0
        else:
            out[letter] = chance(everyone, letter, misses_left)
    return out


def endgame_letter(
    board: str,
    fills: Sequence[str],
    weights: Sequence[float],
    misses_left: int,
    greedy: str,
    guessed: frozenset[str] = frozenset(),
    max_states: int = 20_000,
) -> str:
    """``greedy`` unless another letter has a strictly better chance of winning over ``fills``
    (:func:`win_chances`); ``greedy`` too when the search would be too large."""
    try:
        chances = win_chances(board, fills, weights, misses_left, guessed, max_states)
    except SearchTooLarge:
        return greedy
    best = int(np.argmax(chances))
    if chances[best] > chances[_INDEX[greedy]] + 1e-9:
        return ALPHABET[best]
    return greedy
