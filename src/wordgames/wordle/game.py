"""The Wordle game engine: one game of a strategy against an answer.

The rules it enforces (candidate filtering, hard-mode legality) are :mod:`wordgames.wordle.rules`;
their names are importable from here too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle.core import GameState
from wordgames.wordle.rules import (
    DEFAULT_HARD_RULE,
    HARD_RULES,
    filter_candidates,
    hard_mode_allowed,
)
from wordgames.wordle.strategies.base import Strategy

__all__ = [
    "DEFAULT_HARD_RULE",
    "HARD_RULES",
    "GameResult",
    "filter_candidates",
    "hard_mode_allowed",
    "play_game",
]


@dataclass
class GameResult:
    answer: str
    guesses: list[str] = field(default_factory=list)
    patterns: list[int] = field(default_factory=list)
    won: bool = False
    seconds: float = 0.0

    @property
    def n_guesses(self) -> int:
        return len(self.guesses)


def play_game(
    strategy: Strategy,
    answer: int | str,
    *,
    max_guesses: int = 6,
    hard_rule: str = DEFAULT_HARD_RULE,
    game_number: int = 0,
    check_hard: bool = True,
) -> GameResult:
    """Play one game of ``strategy`` (its ``hard`` flag decides the mode) against ``answer``.

    ``answer`` is an answer index or word. The game stops when the answer is guessed or after
    ``max_guesses`` guesses. In hard mode each guess is checked with :func:`hard_mode_allowed`; an
    illegal guess raises GameStateError (a strategy bug, not a user error).
    """
    data = strategy.data
    if isinstance(answer, str):
        try:
            answer_index = data.answers.index(answer)
        except ValueError:
            raise InputError(f"{answer!r} is not in the answer list") from None
    else:
        answer_index = int(answer)
    answer_row = int(data.answer_rows[answer_index])
    state = GameState(
        candidates=np.arange(len(data.answers), dtype=np.int32),
        hard=strategy.hard,
        hard_rule=hard_rule,
    )
    result = GameResult(answer=data.answers[answer_index])
    start = time.perf_counter()
    strategy.start_game(game_number)
    for _ in range(max_guesses):
        guess = int(strategy.next_guess(state))
        if not 0 <= guess < len(data.guesses):
            raise GameStateError(
                f"strategy {strategy.name} returned guess row {guess} out of range"
            )
        if (
            state.hard
            and check_hard
            and state.history
            and not hard_mode_allowed(data, state.history, hard_rule)[guess]
        ):
            raise GameStateError(
                f"strategy {strategy.name} played {data.guesses[guess]!r}, which hard mode "
                f"({hard_rule}) does not allow after {[data.guesses[r] for r, _ in state.history]}"
            )
        pattern = int(data.matrix[guess, answer_index])
        result.guesses.append(data.guesses[guess])
        result.patterns.append(pattern)
        state.history.append((guess, pattern))
        if guess == answer_row:
            result.won = True
            break
        state.candidates = filter_candidates(data, state.candidates, guess, pattern)
    result.seconds = time.perf_counter() - start
    return result
