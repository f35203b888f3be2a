"""The exact optimal Wordle strategy: proved minimum total number of guesses over all answers.

:class:`Solver` wraps the branch and bound of :mod:`wordgames.wordle.optimal_kernels` (depth-first,
transposition table on the candidate set, lower bounds per feedback cell, heuristic move ordering,
at most ``max_guesses`` guesses). On top of it:

- :func:`solve_tree` proves the optimal decision tree for a given opener (or, with ``opener=None``,
  over every opener: fine for small lists, slow for the full ones) and returns an :class:`OptimalTree`;
- :func:`best_openers` ranks the top ``k`` openers by a cheap heuristic (most feedback cells) and
  proves each exactly, the best so far serving as the bound that cuts the others short;
- :class:`OptimalStrategy` plays by following the (cached) tree, and solves the sub-problem exactly from
  the current candidates whenever the game leaves the tree (another player's history, say).

Cost: an answer found at the k-th guess costs k; the total over the answers is minimised (so the mean is
too), subject to every answer being found within ``max_guesses``.

Hard mode has two rules (``hard_rule``): ``"nyt"`` (the New York Times game: greens stay in place and every
revealed green/yellow letter is reused at least as often as revealed) and ``"strict"`` (each guess would
give the same feedback as every earlier guess did, i.e. could itself be the answer, from the full guess
list). With SALET on the original lists, ``"nyt"`` reproduces the published hard-mode optimum of 8122 and
``"strict"`` gives 8125, so ``"nyt"`` is the default (docs/wordle-optimal.md).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle import optimal_kernels as K
from wordgames.wordle.core import GameState, WordleData
from wordgames.wordle.strategies.base import Strategy

HARD_RULES = {"nyt": K.HARD_NYT, "strict": K.HARD_STRICT}
DEFAULT_HARD_RULE = "nyt"
DEFAULT_TOP_K = 10
#: Lists up to this many answers get a full proof over every opener when no opener is given.
FULL_SEARCH_MAX_ANSWERS = 400
TREE_FORMAT = "wordgames-wordle-optimal-tree/1"
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
        self.variant = variant  # optimal_kernels.VARIANT_* bits: slower variants for benchmarks
        self.M = np.ascontiguousarray(data.matrix)
        self.MT = np.ascontiguousarray(self.M.T)
        self.answer_rows = np.ascontiguousarray(data.answer_rows, dtype=np.int32)
        self.letters = _letters(data.guesses)
        self.allgreen = int(data.all_green)
        self.zans = K.zobrist(len(data.answers), 0x5EED)
        self.zgue = K.zobrist(len(data.guesses), 0xC0FFEE)
        self.memo = K.new_memo()
        self.stats = np.zeros(8, dtype=np.int64)
        self.all_answers = np.arange(len(data.answers), dtype=np.int32)
        self.all_guesses = np.arange(len(data.guesses), dtype=np.int32)
        self._order: np.ndarray | None = None  # guesses by classes on every answer (cell_bounds)
        self._reach: np.ndarray | None = None

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
        return int(
            K.solve(
                S,
                A,
                depth,
                int(beta),
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
        )

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
        from wordgames.wordle import opener_bounds as B

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
            out.append(
                int(
                    B.cell_bound(
                        cell,
                        order,
                        self._reach[order],
                        self.M,
                        self.MT,
                        self.answer_rows,
                        self.allgreen,
                        self.zans,
                    )
                )
            )
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


@dataclass
class OpenerResult:
    word: str
    value: int | None  # exact when ``exact``, else a lower bound; None: cannot finish in time
    exact: bool
    seconds: float


@dataclass
class OptimalTree:
    """An optimal decision tree, stored as the path of guesses played for each answer."""

    answers: list[str]
    paths: dict[str, list[str]]  # answer -> guesses played (the last one is the answer)
    opener: str
    hard_rule: str | None  # None in normal mode
    max_guesses: int
    fingerprint: str
    total: int
    seconds: float = 0.0
    openers: list[OpenerResult] = field(default_factory=list)  # what best_openers proved

    @property
    def mode(self) -> str:
        return mode_name(self.hard_rule is not None, self.hard_rule)

    def summary(self) -> dict:
        lengths = np.array([len(self.paths[a]) for a in self.answers], dtype=np.int64)
        dist = {str(k): int((lengths == k).sum()) for k in range(1, int(lengths.max()) + 1)}
        return {
            "mode": self.mode,
            "opener": self.opener,
            "answers": len(self.answers),
            "total_guesses": int(lengths.sum()),
            "mean_guesses": round(float(lengths.mean()), 4),
            "max_guesses": int(lengths.max()),
            "distribution": dist,
            "seconds": round(self.seconds, 3),
        }

    def next_moves(self, data: WordleData) -> dict[tuple[tuple[int, int], ...], int]:
        """history ((guess row, pattern), ...) -> next guess row, for every node of the tree."""
        index = data.index
        answer_index = {a: i for i, a in enumerate(data.answers)}
        table: dict[tuple[tuple[int, int], ...], int] = {}
        for answer, words in self.paths.items():
            a = answer_index[answer]
            history: tuple[tuple[int, int], ...] = ()
            for word in words:
                g = index[word]
                table[history] = g
                history = (*history, (g, int(data.matrix[g, a])))
        return table

    def to_json(self) -> dict:
        return {
            "format": TREE_FORMAT,
            "fingerprint": self.fingerprint,
            "mode": self.mode,
            "hard_rule": self.hard_rule,
            "max_guesses": self.max_guesses,
            "opener": self.opener,
            "summary": self.summary(),
            "openers": [vars(o) for o in self.openers],
            "answers": self.answers,
            "paths": [self.paths[a] for a in self.answers],
        }

    @classmethod
    def from_json(cls, obj: dict) -> OptimalTree:
        if obj.get("format") != TREE_FORMAT:
            raise InputError(f"not an optimal-tree file (format {obj.get('format')!r})")
        answers = list(obj["answers"])
        paths = {a: list(p) for a, p in zip(answers, obj["paths"], strict=True)}
        return cls(
            answers=answers,
            paths=paths,
            opener=obj["opener"],
            hard_rule=obj["hard_rule"],
            max_guesses=int(obj["max_guesses"]),
            fingerprint=obj["fingerprint"],
            total=int(obj["summary"]["total_guesses"]),
            seconds=float(obj["summary"].get("seconds", 0.0)),
            openers=[OpenerResult(**o) for o in obj.get("openers", [])],
        )

    def save(self, path: str | os.PathLike) -> Path:
        from wordgames.artifacts import atomic_open

        with atomic_open(path) as fh:
            json.dump(self.to_json(), fh, separators=(",", ":"))
            fh.write("\n")
        return Path(path)

    @classmethod
    def load(cls, path: str | os.PathLike) -> OptimalTree:
        from wordgames.artifacts import require

        try:
            obj = json.loads(Path(require(path)).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path} line {exc.lineno}: not valid JSON") from None
        return cls.from_json(obj)

    def matches(
        self, data: WordleData, hard: bool, hard_rule: str | None, max_guesses: int
    ) -> bool:
        return (
            self.fingerprint == data.fingerprint
            and self.mode == mode_name(hard, hard_rule)
            and self.max_guesses == max_guesses
        )


def _heuristic_openers(solver: Solver, k: int) -> list[int]:
    """The ``k`` guesses with the most feedback cells over all answers (answers first on ties, then
    the smaller sum of squared cell sizes)."""
    ncells, sumsq, ingreen = K.partition_stats(
        solver.all_answers, solver.all_guesses, solver.M, solver.allgreen
    )
    order = np.lexsort((solver.all_guesses, sumsq, -ingreen, -ncells))
    return [int(g) for g in order[:k]]


def best_openers(
    data: WordleData,
    k: int = DEFAULT_TOP_K,
    hard: bool = False,
    *,
    hard_rule: str | None = None,
    max_guesses: int = 6,
    candidates: Sequence[str] | None = None,
    solver: Solver | None = None,
) -> list[OpenerResult]:
    """Prove the best opener among the top ``k`` by heuristic (or among ``candidates``).

    Each opener is solved exactly with the best total so far as the bound, so a worse opener stops as
    soon as it is shown unable to beat (or tie) the incumbent; its ``value`` is then only a lower
    bound (``exact=False``). Sorted best first.
    """
    solver = solver or Solver(data, hard=hard, hard_rule=hard_rule, max_guesses=max_guesses)
    if candidates is not None:
        rows = []
        for w in candidates:
            if w not in data.index:
                raise InputError(f"opener {w!r} is not an allowed guess")
            rows.append(data.index[w])
    else:
        rows = _heuristic_openers(solver, k)
    best = K.INF
    results = []
    for g in rows:
        start = time.perf_counter()
        v = solver.opener_value(g, best + 1 if best < K.INF else K.INF)  # ties are proved too
        seconds = round(time.perf_counter() - start, 3)
        if v >= K.INF and best >= K.INF:  # some answer needs more than max_guesses
            results.append(OpenerResult(data.guesses[g], None, True, seconds))
            continue
        exact = v <= best
        if exact:
            best = v
        results.append(OpenerResult(data.guesses[g], int(min(v, best + 1)), exact, seconds))
    results.sort(key=lambda r: (r.value is None, not r.exact, r.value or 0, r.word))
    return results


def solve_tree(
    data: WordleData,
    hard: bool = False,
    opener: str | None = None,
    *,
    hard_rule: str | None = None,
    max_guesses: int = 6,
    top_k: int = DEFAULT_TOP_K,
    solver: Solver | None = None,
) -> OptimalTree:
    """The proved optimal tree that opens with ``opener``.

    Without an opener: for lists of at most ``FULL_SEARCH_MAX_ANSWERS`` answers, the optimum over every
    opener (a full proof); for larger lists, the best of the top ``top_k`` heuristic openers
    (:func:`best_openers`: each proved, but openers outside the top ``k`` are not tried).
    """
    start = time.perf_counter()
    solver = solver or Solver(data, hard=hard, hard_rule=hard_rule, max_guesses=max_guesses)
    openers: list[OpenerResult] = []
    if opener is not None:
        word = opener.strip().lower()
        if word not in data.index:
            raise InputError(f"opener {opener!r} is not an allowed guess")
        g = data.index[word]
        total = solver.opener_value(g)
    elif len(data.answers) <= FULL_SEARCH_MAX_ANSWERS:
        total, g = solver.best_guess(solver.all_answers, solver.all_guesses, max_guesses)
    else:
        openers = best_openers(data, top_k, solver=solver)
        g = data.index[openers[0].word]
        total = openers[0].value if openers[0].value is not None else K.INF
    if total >= K.INF:
        raise GameStateError(
            f"no strategy finds all {len(data.answers)} answers within {max_guesses} guesses"
            + (f" when opening with {data.guesses[g]!r}" if opener is not None else "")
        )
    rows = solver.paths(g)
    paths = {data.answers[a]: [data.guesses[r] for r in p] for a, p in sorted(rows.items())}
    tree = OptimalTree(
        answers=list(data.answers),
        paths=paths,
        opener=data.guesses[g],
        hard_rule=solver.hard_rule,
        max_guesses=max_guesses,
        fingerprint=data.fingerprint,
        total=int(total),
        seconds=time.perf_counter() - start,
        openers=openers,
    )
    if sum(len(p) for p in paths.values()) != total or len(paths) != len(data.answers):
        raise RuntimeError("the extracted tree does not match the proved total")
    return tree


_TREES: dict[tuple[str, str, int, str | None], OptimalTree] = {}  # trees built in this process


class OptimalStrategy(Strategy):
    """Plays the proved optimal tree; leaves it only for states the tree never reaches, where it
    solves the remaining sub-problem exactly.

    The tree is looked up, in order: in this process; in ``tree_path`` (the pipeline's
    ``optimal-tree-<mode>.json``, which must fit the lists, mode and guesses: a tree that does not
    is an error); otherwise it is solved in memory, and never written anywhere (the ``wordle-tree``
    stage is what writes trees). ``opener`` fixes the first guess; by default it is the best of the
    top ``top_k``.
    """

    name: ClassVar[str] = "optimal"
    supports_hard: ClassVar[bool] = True

    def __init__(
        self,
        data: WordleData,
        *,
        hard: bool = False,
        seed: int = 0,
        max_guesses: int = 6,
        opener: str | None = None,
        top_k: int = DEFAULT_TOP_K,
        hard_rule: str | None = None,
        tree_path: str | os.PathLike | None = None,
    ) -> None:
        super().__init__(data, hard=hard, seed=seed)
        self.max_guesses = int(max_guesses)
        self.opener = opener.strip().lower() if opener else None
        self.top_k = top_k
        self.hard_rule = hard_rule
        self.tree_path = Path(tree_path) if tree_path else None
        self._moves: dict[str | None, dict] = {}
        self._solvers: dict[str | None, Solver] = {}
        self.trees: dict[str | None, OptimalTree] = {}

    # the tree ------------------------------------------------------------------------------------
    def _rule(self, state: GameState | None) -> str | None:
        if not self.hard:
            return None
        rule = self.hard_rule or (state.hard_rule if state is not None else None)
        return rule or DEFAULT_HARD_RULE

    def solver(self, rule: str | None) -> Solver:
        if rule not in self._solvers:
            self._solvers[rule] = Solver(
                self.data, hard=self.hard, hard_rule=rule, max_guesses=self.max_guesses
            )
        return self._solvers[rule]

    def _usable(self, tree: OptimalTree, rule: str | None) -> bool:
        return tree.matches(self.data, self.hard, rule, self.max_guesses) and (
            self.opener is None or tree.opener == self.opener
        )

    def tree(self, rule: str | None = None) -> OptimalTree:
        """The tree for ``rule`` (``None``: normal mode, or the configured/default rule)."""
        rule = rule if rule is not None or not self.hard else self._rule(None)
        if rule in self.trees:
            return self.trees[rule]
        mode = mode_name(self.hard, rule)
        key = (self.data.fingerprint, mode, self.max_guesses, self.opener)
        tree = _TREES.get(key)
        if tree is None and self.tree_path is not None:
            try:
                found = OptimalTree.load(self.tree_path)
            except (KeyError, TypeError, ValueError) as exc:
                raise InputError(f"{self.tree_path}: not an optimal tree ({exc})") from None
            if not self._usable(found, rule):
                raise InputError(
                    f"{self.tree_path}: the tree is for other lists, mode or guesses than this "
                    f"game ({mode}, {self.max_guesses} guesses): rebuild it"
                )
            tree = found
        if tree is None:
            try:
                tree = solve_tree(
                    self.data,
                    self.hard,
                    self.opener,
                    hard_rule=rule,
                    max_guesses=self.max_guesses,
                    top_k=self.top_k,
                    solver=self.solver(rule),
                )
            except GameStateError:  # some answer cannot be found in time: the best tree anyway
                unlimited = len(self.data.answers) + 1
                tree = solve_tree(
                    self.data,
                    self.hard,
                    self.opener,
                    hard_rule=rule,
                    max_guesses=unlimited,
                    top_k=self.top_k,
                    solver=Solver(self.data, hard=self.hard, hard_rule=rule, max_guesses=unlimited),
                )
                tree.max_guesses = self.max_guesses  # what it was asked for (and cannot meet)
        _TREES[key] = tree
        self.trees[rule] = tree
        self._moves[rule] = tree.next_moves(self.data)
        return tree

    # playing -------------------------------------------------------------------------------------
    def next_guess(self, state: GameState) -> int:
        cands = np.asarray(state.candidates, dtype=np.int32)
        if len(cands) == 0:
            raise GameStateError("no candidate answer is consistent with the feedback so far")
        rule = self._rule(state)
        self.tree(rule)
        key = tuple((int(g), int(p)) for g, p in state.history)
        move = self._moves[rule].get(key)
        if move is not None:
            return move
        return self.off_tree_guess(state)

    def off_tree_guess(self, state: GameState) -> int:
        """An optimal guess for a state the tree does not reach, solved exactly from its candidates
        (within the guesses left; if that is impossible, with no depth limit)."""
        rule = self._rule(state)
        solver = self.solver(rule)
        cands = np.asarray(state.candidates, dtype=np.int32)
        if len(cands) == 1:
            return int(self.data.answer_rows[cands[0]])
        A = solver.allowed_for_history(state.history)
        left = self.max_guesses - state.turn
        v, guess = solver.best_guess(cands, A, left)
        if v >= K.INF:  # lost anyway: still find the answer as fast as possible
            v, guess = solver.best_guess(cands, A, len(cands) + 1)
        return guess
