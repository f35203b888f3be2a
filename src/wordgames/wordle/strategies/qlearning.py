"""``qlearning``: the seed paper's epsilon-greedy tabular Q-learning agent (Pates & Quinn).

The reward is the paper's; the state and action design below is ours (the paper's description does
not fix it).

Reward, as published: +1000 for a win, +2 per green and +1 per yellow of the feedback, plus the shrink
ratio of the candidate list (``1 - remaining_after / remaining_before``).

State and action design (tabular, so both are small and discrete):

- state ``s = (turn, greens known, size bucket)``: the turn (0 .. max_guesses-1), the number of
  positions whose letter is known green so far (0 .. L), and ``floor(log2(remaining candidates))``
  capped at 11;
- action ``a``: which rule picks the next guess among the remaining candidates (the agent, like the
  paper's, always guesses a word that may be the answer):

  0. a uniformly random candidate;
  1. the candidate whose letters are most frequent at their positions among the candidates;
  2. the candidate whose distinct letters occur in the most candidates;
  3. the candidate sharing most green/yellow marks with the other candidates (the ``mcts`` weight).

Training: ``episodes`` games, each against an answer drawn uniformly (with replacement) from the answer
list by ``numpy.random.default_rng(seed)``; the action is epsilon-greedy (``epsilon``) on ``Q`` and
``Q(s, a) += alpha * (r + gamma * max_a' Q(s', a') - Q(s, a))`` (no bootstrap at the end of a game).
The agent is trained on the same answer list it is evaluated on. Playing is greedy in
``Q`` (ties to the lower action); the random-candidate action draws from the per-game stream.
Trained tables are cached per (lists, seed, parameters) within a process. Guesses are candidates, so
both hard-mode rules hold by construction.
"""

from __future__ import annotations

import numpy as np

from wordgames.errors import GameStateError
from wordgames.wordle.core import GameState
from wordgames.wordle.strategies.base import Strategy
from wordgames.wordle.strategies.mcts import match_weights
from wordgames.wordle.strategies.scoring import answer_codes, pattern_marks

N_ACTIONS = 4
N_BUCKETS = 12
WIN_REWARD = 1000.0
GREEN_REWARD = 2.0
YELLOW_REWARD = 1.0

_TABLES: dict[tuple, np.ndarray] = {}


def choose(
    data, cands: np.ndarray, action: int, rng: np.random.Generator, first_cache: dict
) -> int:
    """The answer index that ``action`` picks among ``cands``."""
    if action == 0:
        return int(cands[int(rng.integers(len(cands)))])
    full = len(cands) == len(data.answers)
    if full and action in first_cache:
        return first_cache[action]
    codes = answer_codes(data)[cands].astype(np.int64)  # [n, L]
    length = codes.shape[1]
    if action == 1:
        freq = np.zeros((length, 26), dtype=np.int64)
        for i in range(length):
            freq[i] = np.bincount(codes[:, i], minlength=26)
        score = freq[np.arange(length)[None, :], codes].sum(axis=1)
    elif action == 2:
        present = np.zeros((len(cands), 26), dtype=bool)
        present[np.arange(len(cands))[:, None], codes] = True
        score = (present * present.sum(axis=0)).sum(axis=1)
    else:
        score = match_weights(data, cands)
    pick = int(cands[int(np.argmax(score))])
    if full:
        first_cache[action] = pick
    return pick


def state_index(turn: int, greens: int, n: int, word_length: int) -> int:
    bucket = min(int(np.log2(max(n, 1))), N_BUCKETS - 1)
    return (turn * (word_length + 1) + greens) * N_BUCKETS + bucket


def train(
    data,
    *,
    episodes: int,
    alpha: float,
    gamma: float,
    epsilon: float,
    seed: int,
    max_guesses: int,
) -> np.ndarray:
    """The Q table [states, actions] after ``episodes`` training games."""
    length = data.word_length
    greens_of, yellows_of = pattern_marks(length)
    n_states = max_guesses * (length + 1) * N_BUCKETS
    q = np.zeros((n_states, N_ACTIONS), dtype=np.float64)
    rng = np.random.default_rng(seed)
    first_cache: dict = {}
    n_answers = len(data.answers)
    all_cands = np.arange(n_answers, dtype=np.int32)
    matrix = data.matrix
    for _ in range(episodes):
        answer = int(rng.integers(n_answers))
        cands = all_cands
        known = np.zeros(length, dtype=bool)
        s = state_index(0, 0, len(cands), length)
        for turn in range(max_guesses):
            explore = rng.random() < epsilon
            a = int(rng.integers(N_ACTIONS)) if explore else int(np.argmax(q[s]))
            pick = choose(data, cands, a, rng, first_cache)
            row = int(data.answer_rows[pick])
            pattern = int(matrix[row, answer])
            won = pick == answer
            before = len(cands)
            if not won:
                line = np.asarray(matrix[row])
                cands = cands[line[cands] == pattern]
            digits = pattern
            for i in range(length):
                known[i] |= digits % 3 == 2
                digits //= 3
            reward = GREEN_REWARD * greens_of[pattern] + YELLOW_REWARD * yellows_of[pattern]
            reward += 1.0 - (0 if won else len(cands)) / before
            if won:
                reward += WIN_REWARD
            terminal = won or turn == max_guesses - 1
            if terminal:
                target = reward
            else:
                s_next = state_index(turn + 1, int(known.sum()), len(cands), length)
                target = reward + gamma * q[s_next].max()
            q[s, a] += alpha * (target - q[s, a])
            if terminal:
                break
            s = s_next
    return q


class QLearningStrategy(Strategy):
    name = "qlearning"

    def __init__(
        self,
        data,
        *,
        hard: bool = False,
        seed: int = 0,
        episodes: int = 20000,
        alpha: float = 0.1,
        gamma: float = 0.9,
        epsilon: float = 0.1,
        max_guesses: int = 6,
    ) -> None:
        super().__init__(data, hard=hard, seed=seed)
        self.params = dict(
            episodes=episodes, alpha=alpha, gamma=gamma, epsilon=epsilon, max_guesses=max_guesses
        )
        self.rng = np.random.default_rng([seed, 0])
        self._q: np.ndarray | None = None
        self._first: dict = {}

    @property
    def q(self) -> np.ndarray:
        if self._q is None:
            key = (self.data.fingerprint, self.seed, tuple(sorted(self.params.items())))
            if key not in _TABLES:
                _TABLES[key] = train(self.data, seed=self.seed, **self.params)
            self._q = _TABLES[key]
        return self._q

    def next_guess(self, state: GameState) -> int:
        cands = state.candidates
        if len(cands) == 0:
            raise GameStateError("no answer fits the feedback so far")
        length = self.data.word_length
        known = np.zeros(length, dtype=bool)
        for _, pattern in state.history:
            for i in range(length):
                known[i] |= pattern % 3 == 2
                pattern //= 3
        turn = min(state.turn, self.params["max_guesses"] - 1)
        s = state_index(turn, int(known.sum()), len(cands), length)
        action = int(np.argmax(self.q[s]))
        pick = choose(self.data, cands, action, self.rng, self._first)
        return int(self.data.answer_rows[pick])
