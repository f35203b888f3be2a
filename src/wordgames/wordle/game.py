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
from wordgames.wordle.feedback import format_letters, format_squares
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
    # answers still possible after each guess's feedback (1 after the winning guess)
    left: list[int] = field(default_factory=list)

    @property
    def n_guesses(self) -> int:
        return len(self.guesses)

    def to_pandas(self):
        """The game as a pandas DataFrame, one row per guess: ``turn`` (int64, from 1), ``guess``
        (str), ``feedback`` (str, ``g``/``y``/``.`` as ``wordgames wordle`` prints it),
        ``squares`` (str, the coloured squares), ``words_left`` (Int64: the answers still possible
        after this feedback; <NA> for a result built by hand without them), ``solved`` (bool)."""
        import pandas as pd

        length = len(self.answer)
        n = len(self.guesses)
        left = [*self.left, *[None] * (n - len(self.left))][:n]
        return pd.DataFrame(
            {
                "turn": pd.Series(range(1, n + 1), dtype="int64"),
                "guess": pd.Series(self.guesses, dtype="str"),
                "feedback": pd.Series(
                    [format_letters(p, length) for p in self.patterns], dtype="str"
                ),
                "squares": pd.Series(
                    [format_squares(p, length) for p in self.patterns], dtype="str"
                ),
                "words_left": pd.Series(left, dtype="Int64"),
                "solved": pd.Series([g == self.answer for g in self.guesses], dtype="bool"),
            }
        )


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
            result.left.append(1)
            break
        state.candidates = filter_candidates(data, state.candidates, guess, pattern)
        result.left.append(int(len(state.candidates)))
    result.seconds = time.perf_counter() - start
    return result
