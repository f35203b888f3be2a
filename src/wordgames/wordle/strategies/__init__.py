"""Wordle strategies, one module each, behind :class:`~wordgames.wordle.strategies.base.Strategy`.

The registry maps CLI names to ``module:Class``; modules are imported only when a strategy is used.
``optimal`` lives in ``wordgames.wordle.strategies.optimal`` (``OptimalStrategy``); when that module is
absent, asking for it raises a clear InputError instead of failing at import time.
"""

from __future__ import annotations

import importlib
import inspect

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


def make_strategy(name: str, data, *, hard: bool = False, seed: int = 0, **options):
    """An instance of strategy ``name``; ``options`` the class does not accept are ignored."""
    cls = strategy_class(name)
    params = inspect.signature(cls.__init__).parameters
    takes_kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    kwargs = {k: v for k, v in options.items() if takes_kwargs or k in params}
    return cls(data, hard=hard, seed=seed, **kwargs)
