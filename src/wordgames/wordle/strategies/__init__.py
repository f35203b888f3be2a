"""Wordle strategies, one module each, behind :class:`~wordgames.wordle.strategies.base.Strategy`.

The registry maps CLI names to ``module:Class``; modules are imported only when a strategy is used.
``optimal`` lives in ``wordgames.wordle.strategies.optimal`` (``OptimalStrategy``); when that module is
absent, asking for it raises a clear InputError instead of failing at import time.

Options: a strategy takes the keyword arguments of its constructor besides ``hard`` and ``seed``
(:func:`accepted_options`); :func:`make_strategy` refuses any other with a one-line InputError, so a
misspelt option fails instead of doing nothing. Callers that hold options meant for several
strategies (the config's Q-learning parameters, the guess limit) pick each strategy's own with
:func:`select_options`.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping

from wordgames.errors import InputError

REGISTRY: dict[str, str] = {
    "naive": "naive:NaiveStrategy",
    "mcts": "mcts:MCTSStrategy",
    "qlearning": "qlearning:QLearningStrategy",
    "entropy": "entropy:EntropyStrategy",
    "expected-size": "expected_size:ExpectedSizeStrategy",
    "minimax": "minimax:MinimaxStrategy",
    "optimal": "optimal:OptimalStrategy",
}
NAMES = tuple(REGISTRY)
#: The strategy that suggests and plays when none is named, in every front-end (re-exported as
#: ``wordgames.wordle.service.DEFAULT_STRATEGY``; kept here so that naming it imports nothing heavy).
DEFAULT_STRATEGY = "optimal"
SEED_AGENTS = ("naive", "mcts", "qlearning")


def available(name: str) -> bool:
    """Whether the strategy's module is part of this build."""
    import importlib.util

    module = REGISTRY[name].split(":")[0]
    return importlib.util.find_spec(f"{__name__}.{module}") is not None


def strategy_class(name: str):
    if name not in REGISTRY:
        raise InputError(f"unknown strategy {name!r}: choose one of {', '.join(NAMES)}")
    module_name, class_name = REGISTRY[name].split(":")
    full = f"{__name__}.{module_name}"
    try:
        module = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name == full:
            raise InputError(
                f"strategy {name!r} is not available in this build (module {full} is missing)"
            ) from None
        raise
    return getattr(module, class_name)


def accepted_options(name: str) -> tuple[str, ...]:
    """The options strategy ``name`` takes: its constructor's keyword arguments but hard and seed."""
    params = inspect.signature(strategy_class(name).__init__).parameters.values()
    return tuple(
        p.name
        for p in params
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name not in ("hard", "seed")
    )


def select_options(name: str, shared: Mapping[str, object]) -> dict:
    """The entries of ``shared`` (options given to every strategy) that strategy ``name`` takes."""
    accepted = accepted_options(name)
    return {k: v for k, v in shared.items() if k in accepted}


def make_strategy(name: str, data, *, hard: bool = False, seed: int = 0, **options):
    """An instance of strategy ``name``; an option it does not take is an InputError."""
    cls = strategy_class(name)
    accepted = accepted_options(name)
    for key in options:
        if key not in accepted:
            takes = ", ".join(accepted) or "none"
            raise InputError(f"strategy {name!r} has no option {key!r} (its options: {takes})")
    return cls(data, hard=hard, seed=seed, **options)
