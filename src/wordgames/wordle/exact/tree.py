"""Optimal Wordle decision trees and openers, proved with :class:`~wordgames.wordle.exact.solver.Solver`.

- :func:`solve_tree` proves the optimal decision tree for a given opener (or, with ``opener=None``,
  over every opener: fine for small lists, slow for the full ones) and returns an :class:`OptimalTree`;
- :func:`best_openers` ranks the top ``k`` openers by a cheap heuristic (most feedback cells) and
  proves each exactly, the best so far serving as the bound that cuts the others short.

:class:`OptimalTree` is also the file format of the ``wordle-tree`` stage (``to_json``/``save``/``load``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle.core import WordleData
from wordgames.wordle.exact import kernels as K
from wordgames.wordle.exact.scan import partition_stats
from wordgames.wordle.exact.solver import Solver, mode_name

DEFAULT_TOP_K = 10
#: Lists up to this many answers get a full proof over every opener when no opener is given.
FULL_SEARCH_MAX_ANSWERS = 400
TREE_FORMAT = "wordgames-wordle-optimal-tree/1"


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
    ncells, sumsq, ingreen = partition_stats(
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
