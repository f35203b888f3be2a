"""Wordle over HTTP: play against a hidden answer, or follow a game played elsewhere.

The analysis of a position is what ``wordgames wordle solve`` prints, as data: the words left, the
chosen strategy's next guess (optimal by default), and why: how that guess splits the words left by
colour pattern, the expected number left, the worst case and the information in bits; plus the best
guesses ranked by expected words left. Everything comes from :mod:`wordgames.wordle` (the feedback
matrix memory-mapped, the strategies' own code); this module only validates and shapes the answers.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Literal

import numpy as np
from fastapi import APIRouter
from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from wordgames.cli.wordle import strategy_options
from wordgames.errors import GameStateError, InputError
from wordgames.web.body import RequestBody, ResponseBody, sometimes
from wordgames.web.worker import ChildWorker
from wordgames.wordle.core import GameState, WordleData
from wordgames.wordle.feedback import format_letters, format_squares, parse_feedback
from wordgames.wordle.game import filter_candidates, hard_mode_allowed
from wordgames.wordle.strategies import NAMES as STRATEGY_NAMES
from wordgames.wordle.strategies import make_strategy
from wordgames.wordle.strategies.scoring import partition_stats, rank

DEFAULT_STRATEGY = "optimal"
CELL_WORDS = 12  # words shown per colour pattern
CANDIDATES_SHOWN = 60
# the search child is started again once over this resident size (its transposition table grows
# with every search; about 380 MB after loading on the default config)
SEARCH_WORKER_MB = 1024


@dataclass
class HiddenGame:
    answer: int  # answer index
    hard: bool
    history: list[tuple[int, int]] = field(default_factory=list)
    over: bool = False


class WordleService:
    """The lists and matrix of one config, its strategies (built once each), and the games being
    played against a hidden answer (at most ``max_games``, the oldest forgotten first)."""

    def __init__(self, cfg, data: WordleData, hint: str, max_games: int = 10_000):
        wordle = cfg.settings.wordle
        self.cfg = cfg
        self.data = data
        self.hint = hint  # what a missing artifact's error says to do
        self.max_guesses = wordle.max_guesses
        self.hard_rule = wordle.hard_rule
        self.seed = wordle.seed
        self.max_games = max_games
        self.games: OrderedDict[str, HiddenGame] = OrderedDict()
        self._strategies: dict[tuple[str, bool], object] = {}
        self._locks: dict[tuple[str, bool], threading.Lock] = {}
        self._lock = threading.Lock()
        self.searches: ChildWorker | None = None  # where off-tree optimal searches run
        self.search_runs = 0

    @classmethod
    def load(
        cls, cfg, hint: str, max_games: int = 10_000, search_seconds: float | None = None
    ) -> WordleService:
        """The config's matrix and word index as the pipeline built them; the optimal trees of
        both modes are read now (a one-line error when one is missing), not on a request. With
        ``search_seconds``, optimal searches off the tree run in a child process (started now)
        and answer TooSlow when they outlive that limit."""
        from wordgames.cli.wordle import load_pipeline_data
        from wordgames.config import DEFAULT_CONFIGFILE

        service = cls(cfg, load_pipeline_data(cfg, hint), hint, max_games)
        for hard in (False, True):
            state = GameState(service.all_candidates(), hard=hard, hard_rule=service.hard_rule)
            service.suggest(state, DEFAULT_STRATEGY)
        if search_seconds is not None:
            configfile = str(cfg.source or DEFAULT_CONFIGFILE)
            service.searches = ChildWorker(
                _optimal_search,
                (configfile, hint),
                search_seconds,
                "optimal search of this position",
                ": try another strategy",
                max_mb=SEARCH_WORKER_MB,
            )
            service.searches.start()
        return service

    # strategies --------------------------------------------------------------------------------
    def all_candidates(self) -> np.ndarray:
        return np.arange(len(self.data.answers), dtype=np.int32)

    def _strategy(self, name: str, hard: bool):
        if name not in STRATEGY_NAMES:
            raise InputError(
                f"unknown strategy {name!r}: choose one of {', '.join(STRATEGY_NAMES)}"
            )
        key = (name, hard)
        with self._lock:
            if key not in self._strategies:
                self._strategies[key] = build_strategy(self.cfg, self.data, name, hard, self.hint)
                self._locks[key] = threading.Lock()
            return self._strategies[key], self._locks[key]

    def suggest(self, state: GameState, name: str) -> int:
        strategy, lock = self._strategy(name, state.hard)
        with lock:  # strategies keep per-game state (random streams, search tables)
            strategy.start_game(0)
            if self.searches is None or name != "optimal" or len(state.candidates) <= 1:
                return int(strategy.next_guess(state))
            move = tree_move(strategy, state)
        if move is not None:
            return int(move)
        # off the tree: an exact search of up to minutes holding the GIL, so in the child process
        self.search_runs += 1
        return int(self.searches.call((state.hard, list(state.history))))

    # input -------------------------------------------------------------------------------------
    def row_of(self, word: str) -> int:
        w = word.strip().lower()
        row = self.data.index.get(w)
        if row is None:
            raise InputError(
                f"{word.strip()!r} is not in the allowed guesses "
                f"({len(self.data.guesses)} words of {self.data.word_length} letters)"
            )
        return row

    def replay(self, moves: list[tuple[str, str]], hard: bool) -> tuple[GameState, bool]:
        """The state after ``moves`` (word, feedback) and whether the last one was all green."""
        data = self.data
        state = GameState(self.all_candidates(), hard=hard, hard_rule=self.hard_rule)
        for turn, (word, marks) in enumerate(moves, 1):
            row = self.row_of(word)
            pattern = parse_feedback(marks, data.word_length)
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

    def check_hard(self, state: GameState, row: int) -> None:
        if (
            state.hard
            and state.history
            and not hard_mode_allowed(self.data, state.history, state.hard_rule)[row]
        ):
            raise GameStateError(
                f"{self.data.guesses[row]!r} is not allowed in hard mode "
                f"({state.hard_rule}): it must use every hint revealed so far"
            )

    # analysis ----------------------------------------------------------------------------------
    def cells(self, row: int, cands: np.ndarray) -> list[dict]:
        """Words left per colour pattern after guess ``row``, largest group first."""
        data = self.data
        patterns = np.asarray(data.matrix[row])[cands]
        values, counts = np.unique(patterns, return_counts=True)
        order = np.lexsort((values, -counts))
        out = []
        for k in order:
            p = int(values[k])
            members = cands[patterns == p][:CELL_WORDS]
            out.append(
                {
                    "pattern": format_letters(p, data.word_length),
                    "squares": format_squares(p, data.word_length),
                    "count": int(counts[k]),
                    "words": [data.answers[int(a)] for a in members],
                }
            )
        return out

    def analyse(self, moves: list[tuple[str, str]], hard: bool, strategy: str, top: int) -> dict:
        data = self.data
        state, solved = self.replay(moves, hard)
        cands = state.candidates
        n = int(len(cands))
        out = {
            "mode": "hard" if hard else "normal",
            "hard_rule": state.hard_rule if hard else None,
            "strategy": strategy,
            "turn": state.turn,
            "solved": solved,
            "words_left": n,
            "candidates": [data.answers[int(a)] for a in cands[:CANDIDATES_SHOWN]],
        }
        if solved:
            out["answer"] = data.guesses[state.history[-1][0]]
            return out
        guess = self.suggest(state, strategy)
        if state.hard and state.history:
            rows = np.flatnonzero(hard_mode_allowed(data, state.history, state.hard_rule))
        else:
            rows = np.arange(len(data.guesses))
        rows = rows.astype(np.int32)
        if guess not in set(rows.tolist()):  # a strategy's guess is always allowed; keep its row
            rows = np.append(rows, np.int32(guess))
        stats = partition_stats(data, cands, rows)
        # "could be the answer": one of the words still left, not merely on the answer list
        left = np.zeros(len(data.guesses), dtype=bool)
        left[data.answer_rows[cands]] = True
        remaining = left[rows]
        order = rank(stats.expected, remaining, rows, higher_better=False)

        def describe(k: int) -> dict:
            return {
                "word": data.guesses[int(stats.rows[k])],
                "expected_left": round(float(stats.expected[k]), 4),
                "worst_case": int(stats.worst[k]),
                "bits": round(float(stats.entropy[k]), 4),
                "patterns": int(stats.cells[k]),
                "could_be_answer": bool(remaining[k]),
            }

        k_guess = int(np.flatnonzero(stats.rows == guess)[0])
        out["suggestion"] = {**describe(k_guess), "cells": self.cells(guess, cands)}
        out["best"] = [describe(int(k)) for k in order[:top]]
        return out

    # hidden-answer games -----------------------------------------------------------------------
    def new_game(self, hard: bool) -> dict:
        game_id = secrets.token_urlsafe(12)
        with self._lock:
            self.games[game_id] = HiddenGame(secrets.randbelow(len(self.data.answers)), hard)
            while len(self.games) > self.max_games:
                self.games.popitem(last=False)
        return {
            "game": game_id,
            "mode": "hard" if hard else "normal",
            "word_length": self.data.word_length,
            "max_guesses": self.max_guesses,
            "words_left": len(self.data.answers),
        }

    def guess(self, game_id: str, word: str) -> dict:
        data = self.data
        with self._lock:
            game = self.games.get(game_id)
        if game is None:
            raise InputError(
                f"unknown game {game_id!r}: start one with POST /api/wordle/new "
                "(games are forgotten after the last "
                f"{self.max_games} started)"
            )
        if game.over:
            raise GameStateError("the game is over: start a new one")
        row = self.row_of(word)
        state = GameState(self.all_candidates(), hard=game.hard, hard_rule=self.hard_rule)
        for r, p in game.history:
            state.history.append((r, p))
            state.candidates = filter_candidates(data, state.candidates, r, p)
        self.check_hard(state, row)
        pattern = int(data.matrix[row, game.answer])
        game.history.append((row, pattern))
        left = filter_candidates(data, state.candidates, row, pattern)
        won = pattern == data.all_green
        game.over = won or len(game.history) >= self.max_guesses
        out = {
            "guess": data.guesses[row],
            "pattern": format_letters(pattern, data.word_length),
            "squares": format_squares(pattern, data.word_length),
            "turn": len(game.history),
            "won": won,
            "over": game.over,
            "words_left": int(len(left)),
        }
        if game.over:
            out["answer"] = data.answers[game.answer]
        return out


def build_strategy(cfg, data: WordleData, name: str, hard: bool, hint: str):
    """The strategy ``name`` as ``wordgames wordle solve`` builds it for this config."""
    wordle = cfg.settings.wordle
    return make_strategy(
        name,
        data,
        hard=hard,
        seed=wordle.seed,
        max_guesses=wordle.max_guesses,
        hard_rule=wordle.hard_rule,
        **strategy_options(cfg, name, hard, hint),
    )


def tree_move(strategy, state: GameState) -> int | None:
    """The optimal strategy's move when its precomputed tree reaches ``state``, else None (an
    exact search would be needed). Reads the strategy's tables, as its ``next_guess`` does."""
    return strategy.tree_move(state)


def _optimal_search(configfile: str, hint: str):
    """In the child of :class:`ChildWorker`: the config's data, and a handler giving the optimal
    strategy's guess for a ``(hard, history)`` position (replayed from the history)."""
    from wordgames.cli.wordle import load_pipeline_data
    from wordgames.config import load_cli_config

    cfg = load_cli_config(configfile)
    data = load_pipeline_data(cfg, hint)
    strategies: dict[bool, object] = {}

    def guess(request: tuple[bool, list[tuple[int, int]]]) -> int:
        hard, history = request
        if hard not in strategies:
            strategies[hard] = build_strategy(cfg, data, "optimal", hard, hint)
        state = GameState(
            np.arange(len(data.answers), dtype=np.int32),
            hard=hard,
            hard_rule=cfg.settings.wordle.hard_rule,
        )
        for row, pattern in history:
            state.history.append((row, pattern))
            state.candidates = filter_candidates(data, state.candidates, row, pattern)
        strategies[hard].start_game(0)
        return int(strategies[hard].next_guess(state))

    return guess


# HTTP ------------------------------------------------------------------------------------------
class Move(RequestBody):
    guess: str = Field(..., max_length=40, examples=["salet"], description="the word played")
    feedback: str = Field(
        ...,
        max_length=80,
        examples=["..y.g"],
        description="its colours: g/y/. (or 2/1/0, or the squares)",
    )


class AnalyseRequest(RequestBody):
    moves: list[Move] = Field(
        default_factory=list,
        max_length=20,
        description="the guesses so far with their colours, in order",
    )
    hard: bool = Field(False, description="hard mode: every guess must use the hints")
    strategy: str = Field(DEFAULT_STRATEGY, description=f"one of {', '.join(STRATEGY_NAMES)}")
    top: int = Field(10, ge=1, le=100, description="best guesses listed")


class NewGameRequest(RequestBody):
    hard: bool = False


class GuessRequest(RequestBody):
    game: str = Field(..., max_length=64, description="the id POST /api/wordle/new returned")
    guess: str = Field(..., max_length=40, examples=["crane"])


# fields several answers share, described once
Mode = Annotated[Literal["normal", "hard"], Field(description="the game's mode")]
Pattern = Annotated[str, Field(description="the colours as letters: g green, y yellow, . grey")]
Squares = Annotated[str, Field(description="the same colours as coloured squares")]
WordLength = Annotated[int, Field(description="letters per word")]
MaxGuesses = Annotated[int, Field(description="guesses a game allows")]


class WordleInfo(ResponseBody):
    answers: int = Field(description="words on the answer list")
    guesses: int = Field(description="words allowed as guesses")
    word_length: WordLength
    max_guesses: MaxGuesses
    hard_rule: str = Field(description="what hard mode requires of a guess (wordle.hard_rule)")
    strategies: list[str] = Field(description="the strategies POST /api/wordle/analyse takes")
    default_strategy: str = Field(description="the strategy used when none is named")


class Cell(ResponseBody):
    """The answers left that give one colour pattern to a guess."""

    pattern: Pattern
    squares: Squares
    count: int = Field(description="answers left that give this pattern")
    words: list[str] = Field(description=f"the first {CELL_WORDS} of them, in answer-list order")


class GuessStats(ResponseBody):
    """How a guess splits the answers left."""

    word: str = Field(description="the guess")
    expected_left: float = Field(description="expected answers left after it (4 decimals)")
    worst_case: int = Field(description="answers left after it in the worst case")
    bits: float = Field(description="information it gives: entropy of its patterns, in bits")
    patterns: int = Field(description="colour patterns it can get")
    could_be_answer: bool = Field(description="whether it is one of the answers left")


class Suggestion(GuessStats):
    cells: list[Cell] = Field(description="answers left per colour pattern, largest group first")


class Analysis(ResponseBody):
    mode: Mode
    hard_rule: str | None = Field(description="hard mode's rule; null in normal mode")
    strategy: str = Field(description="the strategy that chose the suggestion")
    turn: int = Field(description="guesses played so far")
    solved: bool = Field(description="whether the last move was all green")
    words_left: int = Field(description="answers consistent with the moves")
    candidates: list[str] = Field(
        description=f"the first {CANDIDATES_SHOWN} of them, in answer-list order"
    )
    answer: str | SkipJsonSchema[None] = sometimes("the answer; only when solved")
    suggestion: Suggestion | SkipJsonSchema[None] = sometimes(
        "the strategy's next guess and how it splits the answers left; only when not solved"
    )
    best: list[GuessStats] | SkipJsonSchema[None] = sometimes(
        "the best guesses by expected answers left (ties: answers left first), at most `top`; "
        "only when not solved"
    )


class NewGame(ResponseBody):
    game: str = Field(description="the game's id, for POST /api/wordle/guess")
    mode: Mode
    word_length: WordLength
    max_guesses: MaxGuesses
    words_left: int = Field(description="answers possible before the first guess")


class Guessed(ResponseBody):
    guess: str = Field(description="the word played, as on the guess list")
    pattern: Pattern
    squares: Squares
    turn: int = Field(description="guesses played in this game, this one included")
    won: bool = Field(description="whether it was the answer")
    over: bool = Field(description="whether the game is over (won or out of guesses)")
    words_left: int = Field(description="answers still consistent with the game's colours")
    answer: str | SkipJsonSchema[None] = sometimes("the hidden answer; only when the game is over")


def router(service: WordleService) -> APIRouter:
    r = APIRouter(prefix="/api/wordle", tags=["wordle"])

    @r.get("/info", response_model=WordleInfo)
    def info() -> dict:
        """The lists, the strategies and the rules this server plays with."""
        return {
            "answers": len(service.data.answers),
            "guesses": len(service.data.guesses),
            "word_length": service.data.word_length,
            "max_guesses": service.max_guesses,
            "hard_rule": service.hard_rule,
            "strategies": list(STRATEGY_NAMES),
            "default_strategy": DEFAULT_STRATEGY,
        }

    @r.post("/analyse", response_model=Analysis, response_model_exclude_unset=True)
    def analyse(req: AnalyseRequest) -> dict:
        """Follow a game: the words left after the moves, the strategy's next guess and why
        (words left per colour pattern, expected words left, worst case, bits), and the best
        guesses by expected words left."""
        moves = [(m.guess, m.feedback) for m in req.moves]
        return service.analyse(moves, req.hard, req.strategy, req.top)

    @r.post("/new", response_model=NewGame)
    def new(req: NewGameRequest) -> dict:
        """Start a game against a hidden answer drawn at random from the answer list."""
        return service.new_game(req.hard)

    @r.post("/guess", response_model=Guessed, response_model_exclude_unset=True)
    def guess(req: GuessRequest) -> dict:
        """Play a word in a hidden-answer game: its colours, the words left, and the answer when
        the game is over."""
        return service.guess(req.game, req.guess)

    return r
