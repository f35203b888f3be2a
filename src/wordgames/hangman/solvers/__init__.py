"""Hangman solvers behind one interface (:class:`~wordgames.hangman.solvers.base.Solver`).

``baseline``: the seed post's vowels-then-most-frequent-word baseline (no LM).
``seed``: the seed post's two-stage method (frequency order, then Viterbi over words with the LM).
``posterior``: phrase posterior from an LM beam, OOV-aware, letter most likely present (the default).

A solver's options are the properties of its config section (``hangman.seed``,
``hangman.posterior``), whose schema holds their defaults; a solver without a section takes none.
"""

from __future__ import annotations

from collections.abc import Mapping

from wordgames.config import schema_default, schema_defaults
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
DEFAULT_SOLVER: str = schema_default("hangman.default_solver")


def check_solver(name: str) -> type[Solver]:
    """The solver class of a name, or the one-line error naming the choices."""
    try:
        return SOLVERS[name]
    except KeyError:
        raise InputError(f"unknown solver {name!r}: choose one of {', '.join(SOLVERS)}") from None


def solver_options(name: str) -> dict:
    """A solver's options with their defaults (the schema's ``hangman.<name>`` section)."""
    check_solver(name)
    try:
        return schema_defaults(f"hangman.{name}")
    except KeyError:
        return {}


def check_options(name: str, options: Mapping) -> None:
    """Refuse an option the solver does not take (a misspelt one would otherwise do nothing)."""
    known = solver_options(name)
    unknown = sorted(set(options) - set(known))
    if unknown:
        choose = f"choose from {', '.join(sorted(known))}" if known else "it takes none"
        raise InputError(f"unknown option {unknown[0]!r} of solver {name!r}: {choose}")


def make_solver(name: str, resources: Resources, **options) -> Solver:
    cls = check_solver(name)
    check_options(name, options)
    if cls.needs_lm and resources.lm is None:
        raise InputError(f"solver {name!r} needs a language model")
    return cls(resources, **options)


__all__ = [
    "SOLVERS",
    "DEFAULT_SOLVER",
    "Decision",
    "Resources",
    "Solver",
    "check_options",
    "check_solver",
    "make_solver",
    "solver_options",
]
