"""Hangman solvers behind one interface (:class:`~wordgames.hangman.solvers.base.Solver`).

``baseline``: the seed post's vowels-then-most-frequent-word baseline (no LM).
``seed``: the seed post's two-stage method (frequency order, then Viterbi over words with the LM).
``posterior``: phrase posterior from an LM beam, OOV-aware, letter most likely present (the default).
"""

from __future__ import annotations

from wordgames.errors import InputError
from wordgames.hangman.solvers.base import Decision, Resources, Solver
from wordgames.hangman.solvers.baseline import BaselineSolver
from wordgames.hangman.solvers.posterior import PosteriorSolver
from wordgames.hangman.solvers.seed import SeedSolver

SOLVERS: dict[str, type[Solver]] = {
    "baseline": BaselineSolver,
    "seed": SeedSolver,
    "posterior": PosteriorSolver,
}
DEFAULT_SOLVER = "posterior"


def make_solver(name: str, resources: Resources, **options) -> Solver:
    try:
        cls = SOLVERS[name]
    except KeyError:
        raise InputError(f"unknown solver {name!r}: choose one of {', '.join(SOLVERS)}") from None
    if cls.needs_lm and resources.lm is None:
        raise InputError(f"solver {name!r} needs a language model")
    return cls(resources, **options)


__all__ = ["SOLVERS", "DEFAULT_SOLVER", "Decision", "Resources", "Solver", "make_solver"]
