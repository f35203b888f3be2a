"""Wordle over HTTP: play against a hidden answer, or follow a game played elsewhere.

HTTP models and routes; the game is :class:`wordgames.wordle.service.WordleService` (the lists,
the strategies, input validation and the analysis of a position: the words left, the strategy's next
guess, optimal by default, and why). :class:`WordleWeb` adds what only a server needs: the games
played against a hidden answer, and a child process for the optimal strategy's long searches off
its tree.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Literal

from fastapi import APIRouter
from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from wordgames.errors import GameStateError, InputError
from wordgames.web.body import RequestBody, ResponseBody, sometimes
from wordgames.web.worker import ChildWorker
from wordgames.wordle import service as wordle
from wordgames.wordle.feedback import format_letters, format_squares
from wordgames.wordle.service import CANDIDATES_SHOWN, CELL_WORDS, DEFAULT_STRATEGY, STRATEGY_NAMES

# the search child is started again once over this resident size (its transposition table grows
# with every search; about 380 MB after loading on the default config)
SEARCH_WORKER_MB = 1024


@dataclass
class HiddenGame:
    answer: int  # answer index
    hard: bool
    history: list[tuple[int, int]] = field(default_factory=list)
    over: bool = False


class WordleWeb:
    """The config's :class:`WordleService` (``game``) and the games being played against a hidden
    answer (at most ``max_games``, the oldest forgotten first)."""

    def __init__(self, game: wordle.WordleService, max_games: int = 10_000):
        self.game = game
        self.data = game.data
        self.hint = game.hint  # what a missing artifact's error says to do
        self.max_guesses = game.max_guesses
        self.hard_rule = game.hard_rule
        self.max_games = max_games
        self.games: OrderedDict[str, HiddenGame] = OrderedDict()
        self._lock = threading.Lock()
        self.searches: ChildWorker | None = None  # where off-tree optimal searches run

    @property
    def search_runs(self) -> int:
        """Optimal searches sent to the child process so far."""
        return self.game.search_runs

    @classmethod
    def load(
        cls, cfg, hint: str, max_games: int = 10_000, search_seconds: float | None = None
    ) -> WordleWeb:
        """The config's matrix and word index as the pipeline built them; the optimal trees of
        both modes are read now (a one-line error when one is missing), not on a request. With
        ``search_seconds``, optimal searches off the tree run in a child process (started now)
        and answer TooSlow when they outlive that limit."""
        from wordgames.config import DEFAULT_CONFIGFILE

        game = wordle.WordleService.from_config(cfg, hint=hint)
        web = cls(game, max_games)
        for hard in (False, True):
            game.suggest(game.new_state(hard), DEFAULT_STRATEGY)
        if search_seconds is not None:
            configfile = str(cfg.source or DEFAULT_CONFIGFILE)
            web.searches = ChildWorker(
                _optimal_search,
                (configfile, hint),
                search_seconds,
                "optimal search of this position",
                ": try another strategy",
                max_mb=SEARCH_WORKER_MB,
            )
            web.searches.start()
            game.off_tree_search = web.searches.call
        return web

    def analyse(self, moves: list[tuple[str, str]], hard: bool, strategy: str, top: int) -> dict:
        return self.game.analyse(moves, hard, strategy, top)

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
        row, pattern, left = self.game.score_guess(game.history, game.answer, word, game.hard)
        game.history.append((row, pattern))
        won = pattern == data.all_green
        game.over = won or len(game.history) >= self.max_guesses
        out = {
            "guess": data.guesses[row],
            "pattern": format_letters(pattern, data.word_length),
            "squares": format_squares(pattern, data.word_length),
            "turn": len(game.history),
            "won": won,
            "over": game.over,
            "words_left": left,
        }
        if game.over:
            out["answer"] = data.answers[game.answer]
        return out


def _optimal_search(configfile: str, hint: str):
    """In the child of :class:`ChildWorker`: the config's service, and a handler giving the optimal
    strategy's guess for a ``(hard, history)`` position (replayed from the history)."""
    game = wordle.WordleService.from_config(configfile, hint=hint)

    def guess(request: tuple[bool, list[tuple[int, int]]]) -> int:
        hard, history = request
        return game.suggest(game.state_for(history, hard), "optimal")

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
    suggestion_rank: int | SkipJsonSchema[None] = sometimes(
        "the suggestion's place in the ranking of `best` (1: its top; it may be below the `top` "
        "listed); only when not solved"
    )
    ranking_note: str | SkipJsonSchema[None] = sometimes(
        "one sentence on why the strategy's guess can differ from the one-step ranking; "
        "only when not solved"
    )
    best: list[GuessStats] | SkipJsonSchema[None] = sometimes(
        "the best guesses by expected answers left (ties: answers left first, then the more "
        "common word, then alphabetically; with one answer left, only it), at most `top`; "
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


def router(service: WordleWeb) -> APIRouter:
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
