"""The exact Wordle solver: proved minimum total number of guesses over the answers.

:class:`Solver` wraps the branch and bound of :mod:`wordgames.wordle.exact.kernels` (depth-first,
transposition table on the candidate set, lower bounds per feedback cell, heuristic move ordering,
at most ``max_guesses`` guesses) for one set of lists and one mode, and keeps its transposition table
across calls. :mod:`wordgames.wordle.exact.tree` builds decision trees and ranks openers with it.

Cost: an answer found at the k-th guess costs k; the total over the answers is minimised (so the mean is
too), subject to every answer being found within ``max_guesses``.

Hard mode has two rules (``hard_rule``): ``"nyt"`` (the New York Times game: greens stay in place and every
revealed green/yellow letter is reused at least as often as revealed) and ``"strict"`` (each guess would
give the same feedback as every earlier guess did, i.e. could itself be the answer, from the full guess
list). With SALET on the original lists, ``"nyt"`` reproduces the published hard-mode optimum of 8122 and
``"strict"`` gives 8125, so ``"nyt"`` is the default (docs/wordle-optimal.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle.core import WordleData
from wordgames.wordle.exact import bounds as B
from wordgames.wordle.exact import kernels as K
from wordgames.wordle.rules import DEFAULT_HARD_RULE

HARD_RULES = {"nyt": K.HARD_NYT, "strict": K.HARD_STRICT}
#: Probe rounds go on while the bounds rise fast enough to reach beta within this many more rounds.
PROBE_AHEAD = 16


def mode_name(hard: bool, hard_rule: str | None = None) -> str:
    """``normal``, ``hard-nyt`` or ``hard-strict`` (file names, summaries)."""
    if not hard:
        return "normal"
    rule = hard_rule or DEFAULT_HARD_RULE
    if rule not in HARD_RULES:
        raise InputError(f"unknown hard-mode rule {rule!r}: use one of {', '.join(HARD_RULES)}")
    return f"hard-{rule}"


def _letters(words: Sequence[str]) -> np.ndarray:
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    arr = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (arr.reshape(len(words), len(words[0])) - ord("a")).astype(np.uint8)


class Solver:
    """Exact sub-problem solver for one (lists, mode, max_guesses); keeps its transposition table,
    so successive calls (openers, sub-problems met in play) reuse each other's work."""

    def __init__(
        self,
        data: WordleData,
        *,
        hard: bool = False,
        hard_rule: str | None = None,
        max_guesses: int = 6,
        variant: int = 0,
    ) -> None:
        if not data.answers:
            raise InputError("the answer list is empty")
        if max_guesses < 1:
            raise InputError(f"max_guesses must be at least 1, not {max_guesses}")
        self.data = data
        self.hard = bool(hard)
        self.hard_rule = (hard_rule or DEFAULT_HARD_RULE) if hard else None
        self.mode = HARD_RULES[self.hard_rule] if hard else K.HARD_NONE
        self.max_guesses = max_guesses
        self.variant = variant  # kernels.VARIANT_* bits: slower variants for benchmarks
        self.M = np.ascontiguousarray(data.matrix)
        self.MT = np.ascontiguousarray(self.M.T)
        self.answer_rows = np.ascontiguousarray(data.answer_rows, dtype=np.int32)
        self.letters = _letters(data.guesses)
        self.allgreen = int(data.all_green)
        self.zans = K.zobrist(len(data.answers), 0x5EED)
        self.zgue = K.zobrist(len(data.guesses), 0xC0FFEE)
        self.stats = np.zeros(8, dtype=np.int64)
        self.reset_memo()
        self.all_answers = np.arange(len(data.answers), dtype=np.int32)
        self.all_guesses = np.arange(len(data.guesses), dtype=np.int32)
        self._order: np.ndarray | None = None  # guesses by classes on every answer (cell_bounds)
        self._reach: np.ndarray | None = None

    def reset_memo(self) -> None:
        """Start a new, empty transposition table (what a long run does to bound its memory)."""
        self.memo = K.new_memo()
        self.ctx = K.Context(
            self.M,
            self.MT,
            self.answer_rows,
            self.zans,
            self.zgue,
            self.letters,
            self.mode,
            self.allgreen,
            self.memo,
            self.stats,
            self.variant,
        )

    # the kernel ----------------------------------------------------------------------------------
    def value(
        self,
        S: np.ndarray,
        A: np.ndarray | None = None,
        depth: int | None = None,
        beta: int = K.INF,
    ) -> int:
        """Minimum total guesses for candidates ``S`` (answer indices), guesses from ``A`` (sorted
        guess rows; all by default), at most ``depth`` more guesses; ``>= beta`` means "not below
        ``beta``" (``K.INF``: impossible within ``depth``)."""
        S = np.ascontiguousarray(np.sort(np.asarray(S, dtype=np.int32)))
        A = self.all_guesses if A is None else np.ascontiguousarray(A, dtype=np.int32)
        depth = self.max_guesses if depth is None else int(depth)
        return int(K.solve(S, A, depth, int(beta), self.ctx))

    def allowed_after(self, A: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        """The guesses of ``A`` still allowed after ``guess`` got ``pattern`` (all in normal mode)."""
        if self.mode == K.HARD_NONE:
            return A
        return K.hard_filter(A, int(guess), int(pattern), self.letters, self.mode)

    def allowed_for_history(self, history: Sequence[tuple[int, int]]) -> np.ndarray:
        A = self.all_guesses
        for guess, pattern in history:
            A = self.allowed_after(A, guess, pattern)
        return A

    def cells(self, S: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """(pattern, answers) of each non-green cell of ``guess`` over ``S``, largest first."""
        row = self.M[guess, S]
        out = [(int(c), S[row == c]) for c in np.unique(row) if c != self.allgreen]
        out.sort(key=lambda cell: -len(cell[1]))
        return out

    def best_guess(self, S: np.ndarray, A: np.ndarray, depth: int) -> tuple[int, int]:
        """(value, guess row) of an optimal next guess; value ``K.INF`` when impossible."""
        S = np.ascontiguousarray(np.sort(np.asarray(S, dtype=np.int32)))
        n = len(S)
        if n == 0:
            raise GameStateError("no candidate answer is left")
        if depth < 1 or (n > 1 and depth < 2):
            return K.INF, int(self.answer_rows[S[0]])
        if n <= 2:
            return (1 if n == 1 else 3), int(self.answer_rows[S[0]])
        v = self.value(S, A, depth)
        if v >= K.INF:
            return K.INF, int(self.answer_rows[S[0]])
        key = K.memo_key(S, A, depth, self.zans, self.zgue, self.mode)
        exact, stored, guess = K.memo_lookup(self.memo, key)
        if not exact or stored != v or guess < 0:  # (cannot happen: exact results are kept)
            raise RuntimeError("transposition table lost an exact entry")
        return v, int(guess)

    def cell_bounds(self, opener: int, cells, allowed=None) -> list[int]:
        """The one-level bound of each cell of ``opener`` (far above ``2m - 1`` for large cells).
        ``allowed``: each cell's allowed guesses (hard mode), when the caller has them already."""
        if self._order is None:
            reach = B.classes_per_guess(self.all_answers, self.all_guesses, self.M, self.allgreen)
            self._reach = reach
            self._order = np.argsort(-reach, kind="stable").astype(np.int32)
        out = []
        for q, (code, cell) in enumerate(cells):
            if len(cell) <= 2:
                out.append(2 * len(cell) - 1)
                continue
            if self.mode == K.HARD_NONE:
                order = self._order
            elif allowed is not None:  # the same order: by reach, then by row
                A = allowed[q]
                order = A[np.argsort(-self._reach[A], kind="stable")]
            else:
                order = self.allowed_after(self._order, opener, code)
            if len(order) == 0:  # hard mode left no guess for two or more answers
                out.append(K.INF)
                continue
            out.append(int(B.cell_bound(cell, order, self._reach[order], self.ctx)))
        return out

    def opener_value(
        self,
        opener: int,
        beta: int = K.INF,
        probes: int = 2,
        cell_bounds: dict[int, int] | None = None,
    ) -> int:
        """Total guesses over every answer when the first guess is ``opener`` (``>= beta``: not
        below ``beta``).

        Each cell starts at its one-level bound (``cell_bounds``: pattern -> bound, as the openers
        search computed them; else computed here). Rounds of *probes* then ask the solver whether
        each cell costs more than its bound (a search with the bound + 1 as its beta: cheap, since
        it only has to fail high, and its fail-high value is a second-level bound of the cell where
        that decides); each round raises the bounds of the cells still open, so a worse opener
        fails before any cell is solved in full. Probing goes on past ``probes`` rounds while the
        bounds rise fast enough to reach ``beta`` within ``PROBE_AHEAD`` more rounds (with no
        finite ``beta`` it stops at ``probes``: proving a cell exact one step at a time costs more
        than solving it). Then the cells are solved largest first, each within what the bounds
        leave it."""
        S = self.all_answers
        acc = len(S)
        cells = self.cells(S, opener)
        allowed = [self.allowed_after(self.all_guesses, opener, code) for code, _ in cells]
        if cell_bounds is None:
            bounds = self.cell_bounds(opener, cells, allowed)
        else:
            bounds = [
                int(cell_bounds[code]) if len(cell) > 2 else 2 * len(cell) - 1
                for code, cell in cells
            ]
        exact = [False] * len(cells)  # (a pair is exact too, but only the solver knows the depth)
        rounds, rise = 0, 0
        while not all(exact):
            if rounds >= probes and (
                beta >= K.INF or rounds == 0 or beta - acc - sum(bounds) > PROBE_AHEAD * rise
            ):
                break
            before = sum(bounds)
            for q, ((_code, cell), A) in enumerate(zip(cells, allowed, strict=True)):
                if acc + sum(bounds) >= beta:
                    return min(acc + sum(bounds), K.INF)
                if exact[q]:
                    continue
                v = self.value(cell, A, self.max_guesses - 1, bounds[q] + 1)
                exact[q] = v <= bounds[q]
                bounds[q] = v
            rounds += 1
            rise = sum(bounds) - before
        rest = sum(bounds)
        if acc + rest >= beta:
            return min(acc + rest, K.INF)
        for q, ((_code, cell), A) in enumerate(zip(cells, allowed, strict=True)):
            rest -= bounds[q]
            if exact[q]:
                acc += bounds[q]
                continue
            budget = beta - acc - rest
            v = self.value(cell, A, self.max_guesses - 1, budget)
            if v >= budget:
                return min(max(beta, acc + v + rest), K.INF)
            acc += v
        return acc

    # trees ---------------------------------------------------------------------------------------
    def paths(self, opener: int | None) -> dict[int, list[int]]:
        """answer index -> the guess rows the optimal tree plays (the tree must be proved first)."""
        out: dict[int, list[int]] = {}

        def walk(S: np.ndarray, A: np.ndarray, depth: int, prefix: list[int], forced: int | None):
            if forced is not None:
                guess = forced
            else:
                v, guess = self.best_guess(S, A, depth)
                if v >= K.INF:
                    raise GameStateError(
                        f"{len(S)} answers cannot all be found within {self.max_guesses} guesses"
                    )
            path = [*prefix, guess]
            for a in S:
                if self.answer_rows[a] == guess:
                    out[int(a)] = path
            for code, cell in self.cells(S, guess):
                walk(cell, self.allowed_after(A, guess, code), depth - 1, path, None)

        walk(self.all_answers, self.all_guesses, self.max_guesses, [], opener)
        return out
