"""The Wordle service: the public Python API of the game, what the CLI and the web app both call.

A :class:`WordleService` holds one pair of lists with their feedback matrix, the settings of the
config's ``wordle`` section (guess limit, hard-mode rule, seed, Q-learning parameters) and, when
built from a config, where the pipeline's optimal trees are. It builds each strategy once, validates
what a user types (words, feedback, hard-mode legality) and answers the operations of both
front-ends: suggest and rank the next guess for a position, analyse a position, play or evaluate.

Artifacts it reads (built from a config, without lists of its own): ``paths.wordle_matrix`` and
``paths.wordle_words`` at once, and ``paths.wordle_optimal_tree`` of a mode when the optimal strategy
first plays that mode; a missing one is an :class:`~wordgames.errors.ArtifactMissingError` naming it.
With explicit lists nothing is read from disk: the matrix is built in memory and the optimal strategy
solves its tree in memory (seconds on small lists, about a minute on the full ones).

One default strategy, :data:`DEFAULT_STRATEGY` (``optimal``, the proved best player), for every
front-end. Usage::

    svc = WordleService.from_config("config/config.yaml")
    state, solved = svc.replay([("salet", "..y.g")])
    svc.guess_word(svc.suggest(state))
    svc.play("crane").guesses
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np

from wordgames.errors import GameStateError, InputError
from wordgames.wordle import analysis
from wordgames.wordle.analysis import CANDIDATES_SHOWN, CELL_WORDS, OPTIMAL_NOTE, ranking_note
from wordgames.wordle.core import GameState, WordleData
from wordgames.wordle.exact.solver import mode_name
from wordgames.wordle.feedback import format_letters, parse_feedback
from wordgames.wordle.frequency import rank_for_people
from wordgames.wordle.rules import DEFAULT_HARD_RULE, filter_candidates, hard_mode_allowed
from wordgames.wordle.strategies import DEFAULT_STRATEGY, make_strategy, select_options
from wordgames.wordle.strategies import NAMES as STRATEGY_NAMES

__all__ = [
    "CANDIDATES_SHOWN",
    "CELL_WORDS",
    "DEFAULT_STRATEGY",
    "OPTIMAL_NOTE",
    "STRATEGY_NAMES",
    "WordleService",
    "ranking_note",
]
#: Ranks the best guesses listed beside a suggestion when the strategy itself does not rank guesses.
DEFAULT_RANKER = "entropy"
TREE_MODES = ("normal", "hard-nyt", "hard-strict")

Move = tuple[str, str]  # (word played, its feedback as typed: g/y/. or 2/1/0 or the squares)


def stderr_note(text: str) -> None:
    """What the service says about the files it reads, as every wordgames command says it."""
    print(f"wordgames: {text}", file=sys.stderr)


class WordleService:
    """One pair of lists, its settings and strategies, and the operations on them (module doc)."""

    def __init__(
        self,
        data: WordleData,
        *,
        max_guesses: int = 6,
        hard_rule: str = DEFAULT_HARD_RULE,
        seed: int = 0,
        qlearning: Mapping[str, object] | None = None,
        trees: Mapping[str, str | os.PathLike] | None = None,
        hint: str = "run the pipeline (make run) first",
        say: Callable[[str], None] | None = stderr_note,
        config=None,
    ) -> None:
        self.data = data
        self.config = config  # the Config it was built from, if any (results paths)
        self.max_guesses = int(max_guesses)
        self.hard_rule = hard_rule
        self.seed = int(seed)
        self.qlearning = dict(qlearning or {})
        self.trees = {m: Path(p) for m, p in trees.items()} if trees is not None else None
        self.hint = hint  # what a missing artifact's error says to do
        self.say = say or (lambda text: None)
        #: When set, ``(hard, history) -> guess row``: where the optimal strategy's searches off its
        #: tree run instead of this thread (the web app's child process).
        self.off_tree_search: Callable[[tuple[bool, list[tuple[int, int]]]], int] | None = None
        self.search_runs = 0
        self._strategies: dict[tuple, object] = {}
        self._locks: dict[tuple, threading.Lock] = {}
        self._lock = threading.Lock()

    # building ----------------------------------------------------------------------------------
    @classmethod
    def from_config(
        cls,
        cfg_or_path=None,
        *,
        answers: str | None = None,
        guesses: str | None = None,
        hint: str | None = None,
        say: Callable[[str], None] | None = stderr_note,
    ) -> WordleService:
        """The config's lists as the pipeline built them (matrix and word index memory-mapped, the
        optimal trees read when first played); with ``answers``/``guesses`` (a list spec or file
        each), those lists built in memory instead. ``cfg_or_path``: a Config or a config file
        (default config/config.yaml). ``hint``: what a missing artifact's error says to do."""
        from wordgames import paths
        from wordgames.config import DEFAULT_CONFIGFILE, Config, load_cli_config

        if not isinstance(cfg_or_path, Config):
            cfg_or_path = load_cli_config(cfg_or_path or DEFAULT_CONFIGFILE)
        cfg = cfg_or_path
        if hint is None:
            hint = f"build it with the pipeline (snakemake --configfile {cfg.source or DEFAULT_CONFIGFILE})"
        wordle = cfg.settings.wordle
        settings = dict(
            max_guesses=wordle.max_guesses,
            hard_rule=wordle.hard_rule,
            seed=wordle.seed,
            qlearning=cfg.section("wordle")["qlearning"],
            hint=hint,
            say=say,
            config=cfg,
        )
        if answers or guesses:
            from wordgames.wordle.data import make_data
            from wordgames.wordle.words import lists_from_config

            guess_list, answer_list = lists_from_config(cfg, answers, guesses)
            (say or (lambda text: None))(
                f"building the feedback matrix of the given lists in memory "
                f"({len(answer_list)} answers, {len(guess_list)} guesses)"
            )
            return cls(make_data(guess_list, answer_list), **settings)
        data = cls._pipeline_data(paths.wordle_matrix(cfg), paths.wordle_words(cfg), hint, say)
        trees = {mode: paths.wordle_optimal_tree(cfg, mode) for mode in TREE_MODES}
        return cls(data, trees=trees, **settings)

    @classmethod
    def from_lists(
        cls, guesses: Sequence[str], answers: Sequence[str], **settings
    ) -> WordleService:
        """Explicit lists (validated words; every answer among the guesses), the matrix built in
        memory; ``settings`` as the constructor takes them (max_guesses, hard_rule, seed, ...)."""
        from wordgames.wordle.data import make_data

        return cls(make_data(list(guesses), list(answers)), **settings)

    @classmethod
    def from_files(
        cls,
        matrix: str | os.PathLike,
        words: str | os.PathLike,
        *,
        trees: Mapping[str, str | os.PathLike] | None = None,
        **settings,
    ) -> WordleService:
        """The ``wordle-matrix`` stage's two files (and optionally the trees, mode -> path)."""
        hint = settings.get("hint", "run the pipeline (make run) first")
        data = cls._pipeline_data(matrix, words, hint, settings.get("say", stderr_note))
        return cls(data, trees=trees, **settings)

    @staticmethod
    def _pipeline_data(matrix, words, hint: str, say) -> WordleData:
        from wordgames.artifacts import require
        from wordgames.wordle.data import load_data

        matrix = require(matrix, hint)
        words = require(words, hint)
        if say:
            say(f"reading {matrix} and {words}")
        return load_data(matrix, words)

    # strategies --------------------------------------------------------------------------------
    def rule(self, hard_rule: str | None = None) -> str:
        return hard_rule or self.hard_rule

    def tree_path(self, hard: bool, hard_rule: str | None = None) -> Path | None:
        """The pipeline's optimal tree of the mode (required: a one-line error when missing), or
        None for lists of the service's own (the tree is then solved in memory)."""
        if self.trees is None:
            return None
        from wordgames.artifacts import require

        tree = require(self.trees[mode_name(hard, self.rule(hard_rule))], self.hint)
        self.say(f"reading {tree}")
        return tree

    def strategy_options(self, name: str, hard: bool, hard_rule: str | None = None) -> dict:
        """The options of strategy ``name`` this service gives it besides the guess limit and the
        rule: the config's Q-learning parameters (to qlearning), the proved tree (to optimal)."""
        shared = dict(self.qlearning)
        if name == "optimal":
            shared["tree_path"] = self.tree_path(hard, hard_rule)
        return select_options(name, shared)

    def strategy(
        self,
        name: str = DEFAULT_STRATEGY,
        hard: bool = False,
        *,
        hard_rule: str | None = None,
        seed: int | None = None,
        max_guesses: int | None = None,
    ):
        """Strategy ``name`` for the mode, built once (the same object on every call)."""
        return self._strategy(name, hard, hard_rule, seed, max_guesses)[0]

    def _strategy(self, name, hard, hard_rule=None, seed=None, max_guesses=None):
        if name not in STRATEGY_NAMES:
            raise InputError(
                f"unknown strategy {name!r}: choose one of {', '.join(STRATEGY_NAMES)}"
            )
        rule = self.rule(hard_rule)
        seed = self.seed if seed is None else int(seed)
        limit = max_guesses or self.max_guesses
        key = (name, bool(hard), rule, seed, limit)
        with self._lock:
            if key not in self._strategies:
                shared = select_options(name, {"max_guesses": limit, "hard_rule": rule})
                self._strategies[key] = make_strategy(
                    name,
                    self.data,
                    hard=hard,
                    seed=seed,
                    **shared,
                    **self.strategy_options(name, hard, rule),
                )
                self._locks[key] = threading.Lock()
            return self._strategies[key], self._locks[key]

    # input -------------------------------------------------------------------------------------
    def all_candidates(self) -> np.ndarray:
        return np.arange(len(self.data.answers), dtype=np.int32)

    def row_of(self, word: str) -> int:
        """The guess row of a typed word (case and spaces ignored); InputError if not allowed."""
        w = word.strip().lower()
        row = self.data.index.get(w)
        if row is None:
            raise InputError(
                f"{word.strip()!r} is not in the allowed guesses "
                f"({len(self.data.guesses)} words of {self.data.word_length} letters)"
            )
        return row

    def answer_index(self, word: str) -> int:
        """The answer-list index of a typed word; InputError if it is not an answer."""
        w = word.strip().lower()
        if w not in self.data.answers:
            raise InputError(f"{w!r} is not in the answer list ({len(self.data.answers)} words)")
        return self.data.answers.index(w)

    def guess_word(self, row: int) -> str:
        return self.data.guesses[int(row)]

    def parse_feedback(self, text: str) -> int:
        """A feedback string (g/y/., 2/1/0 or the squares) as a pattern; InputError if malformed."""
        return parse_feedback(text, self.data.word_length)

    def new_state(self, hard: bool = False, hard_rule: str | None = None) -> GameState:
        return GameState(self.all_candidates(), hard=hard, hard_rule=self.rule(hard_rule))

    def state_for(
        self,
        history: Sequence[tuple[int, int]],
        hard: bool = False,
        hard_rule: str | None = None,
    ) -> GameState:
        """The state after ``history`` ((guess row, pattern) pairs, trusted: e.g. a game's own)."""
        state = self.new_state(hard, hard_rule)
        for row, pattern in history:
            state.history.append((int(row), int(pattern)))
            state.candidates = filter_candidates(self.data, state.candidates, row, pattern)
        return state

    def narrow(self, state: GameState, row: int, pattern: int) -> np.ndarray:
        """The state's candidates that give ``pattern`` to guess ``row`` (empty: no word fits)."""
        return filter_candidates(self.data, state.candidates, row, pattern)

    def check_hard(self, state: GameState, row: int) -> None:
        """GameStateError if hard mode does not allow guess ``row`` after the state's history."""
        if (
            state.hard
            and state.history
            and not hard_mode_allowed(self.data, state.history, state.hard_rule)[row]
        ):
            raise GameStateError(
                f"{self.data.guesses[row]!r} is not allowed in hard mode "
                f"({state.hard_rule}): it must use every hint revealed so far"
            )

    def replay(
        self, moves: Sequence[Move], hard: bool = False, hard_rule: str | None = None
    ) -> tuple[GameState, bool]:
        """The state after ``moves`` (word, feedback as typed), each checked: the word allowed (in
        hard mode too), the feedback well formed and possible; and whether the last was all green
        (then the game is over and no move may follow)."""
        data = self.data
        state = self.new_state(hard, hard_rule)
        for turn, (word, marks) in enumerate(moves, 1):
            row = self.row_of(word)
            pattern = self.parse_feedback(marks)
            self.check_hard(state, row)
            if pattern == data.all_green:
                if row not in set(data.answer_rows[state.candidates].tolist()):
                    raise GameStateError(f"{word!r} cannot be the answer after the feedback so far")
                state.history.append((row, pattern))
                state.candidates = filter_candidates(data, state.candidates, row, pattern)
                if turn != len(moves):
                    raise GameStateError(f"guess {turn} ({word}) was all green: the game was over")
                return state, True
            left = filter_candidates(data, state.candidates, row, pattern)
            if len(left) == 0:
                raise GameStateError(
                    f"no word fits: no answer gives {format_letters(pattern, data.word_length)} "
                    f"for {data.guesses[row]} after "
                    f"{[data.guesses[r] for r, _ in state.history] or 'no other guess'}"
                )
            state.history.append((row, pattern))
            state.candidates = left
        return state, False

    # suggestions -------------------------------------------------------------------------------
    def suggest(
        self, state: GameState, strategy: str = DEFAULT_STRATEGY, *, new_game: bool = True
    ) -> int:
        """The strategy's next guess (a guess row) for ``state``. ``new_game``: reset its per-game
        state first (its random stream: each position is then answered on its own); False to go
        on with the game the last call played (an interactive session)."""
        player, lock = self._strategy(strategy, state.hard, state.hard_rule)
        with lock:  # strategies keep per-game state (random streams, search tables)
            if new_game:
                player.start_game(0)
            if self.off_tree_search is None or strategy != "optimal" or len(state.candidates) <= 1:
                return int(player.next_guess(state))
            move = player.tree_move(state)
        if move is not None:
            return int(move)
        # off the tree: an exact search of up to minutes, which the caller runs elsewhere
        self.search_runs += 1
        return int(self.off_tree_search((state.hard, list(state.history))))

    def tree_move(self, state: GameState) -> int | None:
        """The optimal strategy's move when its proved tree reaches ``state``, else None."""
        player, lock = self._strategy("optimal", state.hard, state.hard_rule)
        with lock:
            return player.tree_move(state)

    def ranker(self, strategy: str = DEFAULT_STRATEGY) -> str:
        """The strategy whose one-step score :meth:`ranked` lists for ``strategy``: itself if it
        ranks guesses (the greedy ones), else :data:`DEFAULT_RANKER`."""
        from wordgames.wordle.strategies import strategy_class
        from wordgames.wordle.strategies.greedy import GreedyStrategy

        return strategy if issubclass(strategy_class(strategy), GreedyStrategy) else DEFAULT_RANKER

    def ranked(self, state: GameState, strategy: str = DEFAULT_STRATEGY):
        """``(order, score, stats)`` of the guesses by the strategy's own score if it ranks guesses
        (the greedy ones), else by :data:`DEFAULT_RANKER`'s (see ``GreedyStrategy.ranked``); equal
        scores go to a word still possible, then the more common word, then alphabetically."""
        player = self.strategy(self.ranker(strategy), state.hard, hard_rule=state.hard_rule)
        _, score, stats = player.ranked(state)
        order = rank_for_people(
            self.data,
            score,
            stats.rows,
            analysis.left_mask(self.data, state.candidates)[stats.rows],
            higher_better=player.higher_better,
        )
        return order, score, stats

    def analyse(
        self,
        moves: Sequence[Move] = (),
        hard: bool = False,
        strategy: str = DEFAULT_STRATEGY,
        top: int = 10,
    ) -> dict:
        """A position after ``moves`` as data: the words left, the strategy's next guess and how it
        splits them (expected words left, worst case, bits, the words per colour pattern), and the
        ``top`` guesses by expected words left (the web API's ``/api/wordle/analyse`` answer).

        Equal guesses in that ranking go to a word still possible, then the more common word
        (wordfreq), then alphabetically; with one word left it is the only guess listed.
        ``suggestion_rank`` is the suggestion's place in the ranking (1: its top) and
        ``ranking_note`` one sentence on why the strategy's guess can differ from it."""
        state, solved = self.replay(moves, hard)
        guess = None if solved else self.suggest(state, strategy)
        return analysis.position(self.data, state, solved, strategy, guess, top)

    # games -------------------------------------------------------------------------------------
    def score_guess(
        self, history: Sequence[tuple[int, int]], answer: int, word: str, hard: bool = False
    ) -> tuple[int, int, int]:
        """A word played against answer index ``answer`` after ``history`` (the game's own
        (row, pattern) pairs): ``(row, pattern, words left)``, the word checked (allowed, and in
        hard mode legal)."""
        row = self.row_of(word)
        state = self.state_for(history, hard)
        self.check_hard(state, row)
        pattern = int(self.data.matrix[row, answer])
        left = filter_candidates(self.data, state.candidates, row, pattern)
        return row, pattern, int(len(left))

    def play(
        self,
        answer: str | int,
        strategy: str = DEFAULT_STRATEGY,
        *,
        hard: bool = False,
        hard_rule: str | None = None,
        seed: int | None = None,
        max_guesses: int | None = None,
    ):
        """One game of ``strategy`` against ``answer`` (a word or answer index): a
        :class:`~wordgames.wordle.game.GameResult` (guesses, patterns, won; ``.to_pandas()``)."""
        from wordgames.wordle.game import play_game

        index = self.answer_index(answer) if isinstance(answer, str) else int(answer)
        limit = max_guesses or self.max_guesses
        player = self.strategy(
            strategy, hard, hard_rule=hard_rule, seed=seed, max_guesses=max_guesses
        )
        return play_game(
            player, index, max_guesses=limit, hard_rule=self.rule(hard_rule), game_number=index
        )

    def evaluate(
        self,
        strategy: str,
        *,
        hard: bool = False,
        hard_rule: str | None = None,
        seed: int | None = None,
        max_guesses: int | None = None,
        limit: int | None = None,
        show_progress: bool = True,
    ):
        """Every answer (or the first ``limit``) played once: the per-game pyarrow table of
        :func:`wordgames.wordle.evaluate.evaluate` (``.to_pandas()``: one row per answer)."""
        from wordgames.wordle.evaluate import evaluate

        return evaluate(
            self.data,
            strategy,
            hard=hard,
            seed=self.seed if seed is None else seed,
            max_guesses=max_guesses or self.max_guesses,
            hard_rule=self.rule(hard_rule),
            limit=limit,
            options=self.strategy_options(strategy, hard, hard_rule),
            show_progress=show_progress,
        )
