"""One step of policy improvement over the greedy letter choice, for boards small enough to list.

Greedy play guesses the letter most likely present. That maximises the chance of the next guess
being right, not of winning: late in a game a letter that splits the candidates into groups the
remaining lives can still tell apart can be worth more than a letter most candidates share. When a
board's fillings can be enumerated, the likeliest of them (weighted by the character model, the
training words at weight 0) are the candidates; for each of the few letters greedy ranks first,
:func:`win_probability` is the exact chance, under those weights, of winning by guessing it and
then playing greedily. The letter with the highest chance is played (greedy's own letter among
them, so the choice is never worse than greedy's on the candidates).

With ``widths`` the rollout's own first moves look ahead too: its first move compares the
``widths[0]`` likeliest letters by their chance to win (each followed by the rest of the rollout),
the next ``widths[1]``, and so on; a width of 1 is the greedy move.
"""

from __future__ import annotations

import numpy as np


def presence_matrix(codes: np.ndarray) -> np.ndarray:
    """F x 26 booleans: which letters each candidate (a row of letter codes) contains."""
    return (codes[:, :, None] == np.arange(26)).any(axis=1)


def win_probability(
    codes: np.ndarray,
    weights: np.ndarray,
    open_: np.ndarray,
    lives: int,
    letter: int,
    widths: tuple[int, ...] = (),
) -> float:
    """The weight of the candidates (rows of ``codes``, one of them the answer with probability
    proportional to ``weights``) that a player wins with ``lives`` wrong guesses left by guessing
    ``letter`` and then, every turn, the open letter of greatest candidate weight (or, on the
    first ``len(widths)`` turns, the best of the ``widths[i]`` greatest by this same value).

    ``open_``: 26 booleans, the letters not guessed yet (``letter`` among them)."""
    game = _Game(codes, weights)
    return game.after(np.arange(len(codes)), open_, lives, letter, tuple(widths))


class _Game:
    """The candidates, with what every node of the search reads."""

    def __init__(self, codes: np.ndarray, weights: np.ndarray):
        self.codes, self.weights = codes, weights
        self.has = presence_matrix(codes)
        self.bits = np.left_shift(1, np.arange(codes.shape[1], dtype=np.int64))

    def after(self, rows, open_, lives, letter, widths) -> float:
        # the board after the guess is the set of positions holding the letter: one group each
        pattern = (self.codes[rows] == letter) @ self.bits
        left = open_.copy()
        left[letter] = False
        total = 0.0
        groups, which = np.unique(pattern, return_inverse=True)
        for j, shown in enumerate(groups):
            members = rows[which == j]
            if shown:
                total += self.play(members, left, lives, widths)
            elif lives > 1:
                total += self.play(members, left, lives - 1, widths)
        return total

    def play(self, rows, open_, lives, widths) -> float:
        mass = self.weights[rows]
        if len(rows) == 1:  # the board determines the word: every letter left is a hit
            return float(mass[0])
        score = np.where(open_, mass @ self.has[rows], -1.0)
        width, rest = (widths[0], widths[1:]) if widths else (1, ())
        if width == 1:
            return self.after(rows, open_, lives, int(np.argmax(score)), rest)
        ranked = np.argsort(-score, kind="stable")[: min(width, int(open_.sum()))]
        return max(self.after(rows, open_, lives, int(c), rest) for c in ranked)


def best_letter(
    codes: np.ndarray,
    weights: np.ndarray,
    open_: np.ndarray,
    lives: int,
    letters: list[int],
    widths: tuple[int, ...] = (),
) -> tuple[int, list[float]]:
    """Of ``letters`` (codes, greedy's preference first), the one of highest
    :func:`win_probability` (with the rollout's ``widths``), ties to the earlier; and each one's
    probability."""
    game = _Game(codes, weights / weights.sum())
    rows = np.arange(len(codes))
    values = [game.after(rows, open_, lives, c, tuple(widths)) for c in letters]
    return letters[int(np.argmax(values))], values
