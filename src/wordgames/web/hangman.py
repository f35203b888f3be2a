"""Sentence Hangman over HTTP: the next letter for a board, or a whole game played by a solver.

The game is :class:`wordgames.hangman.service.HangmanService`, built once from the config's LM and
unigram table, the one the command line uses: a board is checked by it, so an impossible board (a
wrong letter shown on it, every letter used, a game already lost: no phrase can fit) is refused the
same way as on the command line. This module keeps the request and response models and the routes.
"""

from __future__ import annotations

import random
import sys
from typing import Annotated

from fastapi import APIRouter
from pydantic import Field

from wordgames.errors import InputError
from wordgames.hangman.game import normalise
from wordgames.hangman.puzzles import Puzzle, read_puzzles
from wordgames.hangman.service import HangmanService as Hangman
from wordgames.web.body import Number, RequestBody, ResponseBody


class HangmanWeb:
    """The HTTP answers of a :class:`~wordgames.hangman.service.HangmanService`: its results as
    the JSON the routes return."""

    def __init__(
        self,
        service: Hangman,
        domain: bool = False,
        puzzles: list[Puzzle] = (),
        phrase_lists: bool | None = None,
    ):
        self.service = service
        self.domain = domain  # whether the in-domain LM is loaded (requests may ask for it)
        self.puzzles = list(puzzles)  # the phrases the page hides for a player to guess
        # whether the LM solvers play with the phrase lists (default: when the service has them)
        self.phrase_lists = service.has_phrases if phrase_lists is None else phrase_lists

    @classmethod
    def load(cls, cfg, config_name: str | None = None) -> HangmanWeb:
        """Every solver on the LM and unigram table the pipeline built for the config (a one-line
        error when one is missing). ``config_name`` is unused: the config's own source names it."""
        from wordgames.errors import ArtifactMissingError

        service = Hangman.from_config(cfg).load()
        domain = False
        if service.has_domain:
            try:
                service.load_domain()
                domain = True
            except ArtifactMissingError as exc:  # the page plays without it, and says so
                print(f"wordgames: no in-domain LM for hangman ({exc})", file=sys.stderr)
        phrase_lists = False
        if service.has_phrases:
            try:
                phrase_lists = service.load_phrases() is not None
            except ArtifactMissingError as exc:  # the page plays without them, and says so
                print(f"wordgames: no phrase lists for hangman ({exc})", file=sys.stderr)
        web = cls(service, domain, _puzzles(cfg), phrase_lists)
        for name in service.solvers:  # the first decision pages the LM in: not on a request
            web.assist("___ ___'_ ____", "", name, 1, domain=domain)
        return web

    @property
    def solvers(self) -> tuple[str, ...]:
        return self.service.solvers

    def info(self) -> dict:
        s = self.service
        return {
            "solvers": list(s.solvers),
            "default_solver": s.default_solver,
            "lives": s.lives,
            "collection": s.collection,
            "domain": self.domain,
            "categories": list(s.load_domain().info.categories) if self.domain else [],
            "phrase_lists": self.phrase_lists,
            "puzzles": [{"phrase": p.phrase, "category": p.category} for p in self.puzzles],
        }

    def _domain(self, asked: bool) -> bool:
        if asked and not self.domain:
            raise InputError(
                "this server has no in-domain LM (build the pipeline's hangman_domain rule)"
            )
        return asked

    def assist(
        self,
        masked: str,
        wrong: str,
        solver: str | None,
        top: int,
        category: str | None = None,
        domain: bool = False,
    ) -> dict:
        advice = self.service.assist(
            masked,
            wrong,
            solver,
            category=category,
            domain=self._domain(domain),
            phrase_lists=self.phrase_lists,
        )
        board, d = advice.board, advice.decision
        scores = d.letter_scores
        return {
            "board": board.masked,
            "wrong": "".join(sorted(board.wrong)),
            "solver": advice.solver,
            "category": board.category,
            "domain": domain,
            "lives": advice.lives,
            "lives_left": advice.lives_left,
            "guess": d.letter,
            "probability": scores.get(d.letter),
            "stage": d.stage,
            "reason": d.reason,
            "letters": [
                {"letter": c, "probability": p}
                for c, p in sorted(scores.items(), key=lambda kv: -kv[1])[:26]
            ],
            "predictions": [{"phrase": p, "probability": w} for p, w in d.predictions[:top]]
            or [{"phrase": d.prediction, "probability": None}],
        }

    def play(
        self, phrase: str, solver: str | None, category: str | None = None, domain: bool = False
    ) -> dict:
        played = self.service.play(
            phrase,
            solver,
            category=category,
            domain=self._domain(domain),
            phrase_lists=self.phrase_lists,
        )
        game = played.game
        return {
            "phrase": game.phrase,
            "solver": played.solver,
            "category": game.category,
            "domain": domain,
            "won": game.won,
            "wrong": game.errors,
            "lives": played.lives,
            "guesses": len(game.history),
            "final": game.masked,
            "steps": [
                {
                    "board": s.board.masked,
                    "wrong": s.wrong,
                    "guess": s.guess,
                    "hit": s.hit,
                    "stage": s.decision.stage,
                    "prediction": s.decision.prediction,
                    "reason": s.decision.reason,
                    "probability": s.decision.letter_scores.get(s.guess),
                }
                for s in played.steps
            ],
        }


PUZZLES = 60  # phrases offered to the page: enough for a session's games, a few kB of JSON


def _puzzles(cfg, n: int = PUZZLES) -> list[Puzzle]:
    """A fixed sample of the config's phrase sets (those on disk; ``sample`` is in the repo), as
    the game plays them (normalised, each phrase once), in a shuffled order, for the page to
    hide: the API keeps no game state, so the page holds them."""
    from wordgames.plan import hangman_phrase_sets

    pool: dict[str, Puzzle] = {}
    for name, path in sorted(hangman_phrase_sets(cfg).items()):
        try:
            puzzles = read_puzzles(path)
        except InputError as exc:  # a malformed set costs its puzzles, not the server
            print(f"wordgames: hangman puzzles of {name} skipped ({exc})", file=sys.stderr)
            continue
        for p in puzzles:
            phrase = normalise(p.phrase)
            if phrase not in pool or (p.category and not pool[phrase].category):
                pool[phrase] = Puzzle(phrase, p.category)  # a set's category wins over none
    rng = random.Random(0)  # the same offer on every start, so a test or a bug report can repeat
    return rng.sample(sorted(pool.values()), min(n, len(pool)))


CATEGORY = "the puzzle's category as the show displays it (Phrase, Before & After, ...)"
DOMAIN = "interpolate the LM with the in-domain LM of the training puzzles (see /info)"


class AssistRequest(RequestBody):
    board: str = Field(
        ...,
        max_length=300,
        examples=["__'_ _ _____ ___"],
        description="the phrase with '_' for each hidden letter",
    )
    wrong: str = Field("", max_length=60, examples=["xz"], description="letters guessed wrong")
    solver: str | None = Field(None, description="baseline, seed or posterior (config default)")
    top: int = Field(10, ge=1, le=50, description="phrase hypotheses listed")
    category: str | None = Field(None, max_length=60, description=CATEGORY)
    domain: bool = Field(False, description=DOMAIN)


class PlayRequest(RequestBody):
    phrase: str = Field(..., max_length=300, examples=["it's a sunny day"])
    solver: str | None = None
    category: str | None = Field(None, max_length=60, description=CATEGORY)
    domain: bool = Field(False, description=DOMAIN)


SCORE = (
    "the solver's score for the letter: a probability (posterior solver) or the number of words of "
    "its decoded phrase the letter would fill (seed solver)"
)
REASON = (
    "the listed phrase that decided the letter and its list (cotton candy: WordNet noun.food); "
    "null when no list did"
)
# fields several answers share, described once
LetterScoreOrNull = Annotated[
    Number | None, Field(description=f"{SCORE}; null when the solver scored no letter")
]
Lives = Annotated[int, Field(description="wrong guesses a game allows")]


class HangmanPuzzle(ResponseBody):
    phrase: str = Field(description="the phrase, normalised as the game plays it")
    category: str | None = Field(description="the category shown with it, if any")


class HangmanInfo(ResponseBody):
    solvers: list[str] = Field(description="the solvers a request may name")
    default_solver: str = Field(description="the solver used when none is named")
    lives: Lives
    collection: str = Field(description="the corpus collection the LM was trained on")
    domain: bool = Field(description="whether the in-domain LM is loaded (requests may ask for it)")
    categories: list[str] = Field(description="the categories the in-domain LM knows (folded)")
    phrase_lists: bool = Field(
        description="whether the LM solvers play with the phrase lists (hangman.phrases)"
    )
    puzzles: list[HangmanPuzzle] = Field(
        description="phrases for a player to guess (a fixed sample of the config's phrase sets; "
        "the page hides them)"
    )


class LetterScore(ResponseBody):
    letter: str = Field(description="an open letter")
    probability: Number = Field(description=SCORE)


class Prediction(ResponseBody):
    phrase: str = Field(description="a phrase hypothesis for the board")
    probability: float | None = Field(
        description="its posterior probability; null when the solver gives none"
    )


class Advice(ResponseBody):
    board: str = Field(description="the board as parsed, '_' for each hidden letter")
    wrong: str = Field(description="the wrong letters, sorted")
    solver: str = Field(description="the solver that decided")
    category: str | None = Field(description="the category shown with the board, if any")
    domain: bool = Field(description="whether the in-domain LM was used")
    lives: Lives
    lives_left: int = Field(description="wrong guesses left")
    guess: str = Field(description="the next letter to guess")
    probability: LetterScoreOrNull
    stage: str = Field(description="the solver's stage that chose the letter")
    reason: str | None = Field(description=REASON)
    letters: list[LetterScore] = Field(description="the letters the solver scored, best first")
    predictions: list[Prediction] = Field(
        description="the top phrase hypotheses (at most `top`), or the one phrase it believes"
    )


class HangmanStep(ResponseBody):
    board: str = Field(description="the board before the guess")
    wrong: str = Field(description="the wrong letters before the guess, in the order guessed")
    guess: str = Field(description="the letter guessed")
    hit: bool = Field(description="whether the phrase holds it")
    stage: str = Field(description="the solver's stage that chose it")
    prediction: str = Field(description="the phrase the solver believed")
    reason: str | None = Field(description=REASON)
    probability: LetterScoreOrNull


class Played(ResponseBody):
    phrase: str = Field(description="the phrase played")
    solver: str = Field(description="the solver that played")
    category: str | None = Field(description="the category shown with the phrase, if any")
    domain: bool = Field(description="whether the in-domain LM was used")
    won: bool = Field(description="whether every letter was found")
    wrong: int = Field(description="wrong guesses made")
    lives: Lives
    guesses: int = Field(description="letters guessed")
    final: str = Field(description="the board at the end")
    steps: list[HangmanStep] = Field(description="every guess, in order")


def router(service: HangmanWeb) -> APIRouter:
    r = APIRouter(prefix="/api/hangman", tags=["hangman"])

    @r.get("/info", response_model=HangmanInfo)
    def info() -> dict:
        """The solvers, the default one, the lives and the LM's collection."""
        return service.info()

    @r.post("/assist", response_model=Advice)
    def assist(req: AssistRequest) -> dict:
        """The next letter for a board, its probability, every open letter's probability and the
        top phrase hypotheses."""
        return service.assist(
            req.board, req.wrong, req.solver, req.top, category=req.category, domain=req.domain
        )

    @r.post("/play", response_model=Played)
    def play_phrase(req: PlayRequest) -> dict:
        """Let a solver play a phrase; every step's board, guess and belief."""
        return service.play(req.phrase, req.solver, category=req.category, domain=req.domain)

    return r
