"""The optimal strategy: the :class:`~wordgames.wordle.strategies.base.Strategy` interface over the
exact solver of :mod:`wordgames.wordle.exact` (it plays the proved tree, and solves the sub-problem
exactly from the current candidates whenever the game leaves the tree).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle.core import GameState, WordleData
from wordgames.wordle.exact.kernels import INF
from wordgames.wordle.exact.solver import DEFAULT_HARD_RULE, Solver, mode_name
from wordgames.wordle.exact.tree import DEFAULT_TOP_K, OptimalTree, solve_tree
from wordgames.wordle.strategies.base import Strategy

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
    def rule_for(self, state: GameState | None) -> str | None:
        """The hard-mode rule this strategy plays ``state`` under (``None`` in normal mode): its
        own ``hard_rule``, else the state's, else the default."""
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
        rule = rule if rule is not None or not self.hard else self.rule_for(None)
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
    def tree_move(self, state: GameState) -> int | None:
        """The tree's move for ``state`` (a guess row), or None when the tree never reaches it (an
        exact search, :meth:`off_tree_guess`, is then needed: seconds to minutes)."""
        rule = self.rule_for(state)
        self.tree(rule)
        return self._moves[rule].get(tuple((int(g), int(p)) for g, p in state.history))

    def next_guess(self, state: GameState) -> int:
        cands = np.asarray(state.candidates, dtype=np.int32)
        if len(cands) == 0:
            raise GameStateError("no candidate answer is consistent with the feedback so far")
        move = self.tree_move(state)
        if move is not None:
            return move
        return self.off_tree_guess(state)

    def off_tree_guess(self, state: GameState) -> int:
        """An optimal guess for a state the tree does not reach, solved exactly from its candidates
        (within the guesses left; if that is impossible, with no depth limit)."""
        rule = self.rule_for(state)
        solver = self.solver(rule)
        cands = np.asarray(state.candidates, dtype=np.int32)
        if len(cands) == 1:
            return int(self.data.answer_rows[cands[0]])
        A = solver.allowed_for_history(state.history)
        left = self.max_guesses - state.turn
        v, guess = solver.best_guess(cands, A, left)
        if v >= INF:  # lost anyway: still find the answer as fast as possible
            v, guess = solver.best_guess(cands, A, len(cands) + 1)
        return guess
