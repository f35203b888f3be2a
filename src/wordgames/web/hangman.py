"""Sentence Hangman over HTTP: the next letter for a board, or a whole game played by a solver.

The solvers are built once from the config's LM and unigram table (:mod:`wordgames.hangman`); a
board is parsed with :func:`~wordgames.hangman.game.parse_board`, so an impossible board (a wrong
letter shown on it, every letter used, a game already lost: no phrase can fit) is refused the same
way as on the command line.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import Field

from wordgames.errors import InputError
from wordgames.hangman.evaluate import play
from wordgames.hangman.game import Game, parse_board
from wordgames.hangman.solvers import SOLVERS, make_solver
from wordgames.web.body import Number, RequestBody, ResponseBody


class HangmanService:
    def __init__(self, solvers: dict, default: str, lives: int, collection: str):
        self.solvers = solvers
        self.default = default
        self.lives = lives
        self.collection = collection

    @classmethod
    def load(cls, cfg, config_name: str) -> HangmanService:
        """Every solver on the LM and unigram table the pipeline built for the config (a one-line
        error when one is missing)."""
        from wordgames.cli.hangman import load_resources

        hangman = cfg.settings.hangman
        resources = load_resources(cfg, config_name)
        section = cfg.section("hangman")
        solvers = {name: make_solver(name, resources, **section.get(name, {})) for name in SOLVERS}
        service = cls(solvers, hangman.default_solver, hangman.lives, hangman.collection)
        for name in solvers:  # the first decision pages the LM in: not on a request
            service.assist("___ ___'_ ____", "", name, 1)
        return service

    def solver(self, name: str | None):
        name = name or self.default
        if name not in self.solvers:
            raise InputError(f"unknown solver {name!r}: choose one of {', '.join(self.solvers)}")
        return self.solvers[name]

    def assist(self, masked: str, wrong: str, solver: str | None, top: int) -> dict:
        board = parse_board(masked, wrong, lives=self.lives)
        s = self.solver(solver)
        d = s.decide(board)
        scores = d.letter_scores
        return {
            "board": board.masked,
            "wrong": "".join(sorted(board.wrong)),
            "solver": s.name,
            "lives": self.lives,
            "lives_left": self.lives - len(board.wrong),
            "guess": d.letter,
            "probability": scores.get(d.letter),
            "stage": d.stage,
            "letters": [
                {"letter": c, "probability": p}
                for c, p in sorted(scores.items(), key=lambda kv: -kv[1])[:26]
            ],
            "predictions": [{"phrase": p, "probability": w} for p, w in d.predictions[:top]]
            or [{"phrase": d.prediction, "probability": None}],
        }

    def play(self, phrase: str, solver: str | None) -> dict:
        Game(phrase, lives=self.lives)  # a phrase without letters is refused before playing
        s = self.solver(solver)
        game, decisions = play(s, phrase, self.lives)
        steps = []
        wrong: list[str] = []
        for board, d in decisions:
            hit = d.letter in game.right
            steps.append(
                {
                    "board": board.masked,
                    "wrong": "".join(wrong),
                    "guess": d.letter,
                    "hit": hit,
                    "stage": d.stage,
                    "prediction": d.prediction,
                    "probability": d.letter_scores.get(d.letter),
                }
            )
            if not hit:
                wrong.append(d.letter)
        return {
            "phrase": game.phrase,
            "solver": s.name,
            "won": game.won,
            "wrong": game.errors,
            "lives": self.lives,
            "guesses": len(game.history),
            "final": game.masked,
            "steps": steps,
        }


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


class PlayRequest(RequestBody):
    phrase: str = Field(..., max_length=300, examples=["it's a sunny day"])
    solver: str | None = None


SCORE = (
    "the solver's score for the letter: a probability (posterior solver) or the number of words of "
    "its decoded phrase the letter would fill (seed solver)"
)
# fields several answers share, described once
LetterScoreOrNull = Annotated[
    Number | None, Field(description=f"{SCORE}; null when the solver scored no letter")
]
Lives = Annotated[int, Field(description="wrong guesses a game allows")]


class HangmanInfo(ResponseBody):
    solvers: list[str] = Field(description="the solvers a request may name")
    default_solver: str = Field(description="the solver used when none is named")
    lives: Lives
    collection: str = Field(description="the corpus collection the LM was trained on")


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
    lives: Lives
    lives_left: int = Field(description="wrong guesses left")
    guess: str = Field(description="the next letter to guess")
    probability: LetterScoreOrNull
    stage: str = Field(description="the solver's stage that chose the letter")
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
    probability: LetterScoreOrNull


class Played(ResponseBody):
    phrase: str = Field(description="the phrase played")
    solver: str = Field(description="the solver that played")
    won: bool = Field(description="whether every letter was found")
    wrong: int = Field(description="wrong guesses made")
    lives: Lives
    guesses: int = Field(description="letters guessed")
    final: str = Field(description="the board at the end")
    steps: list[HangmanStep] = Field(description="every guess, in order")


def router(service: HangmanService) -> APIRouter:
    r = APIRouter(prefix="/api/hangman", tags=["hangman"])

    @r.get("/info", response_model=HangmanInfo)
    def info() -> dict:
        """The solvers, the default one, the lives and the LM's collection."""
        return {
            "solvers": list(service.solvers),
            "default_solver": service.default,
            "lives": service.lives,
            "collection": service.collection,
        }

    @r.post("/assist", response_model=Advice)
    def assist(req: AssistRequest) -> dict:
        """The next letter for a board, its probability, every open letter's probability and the
        top phrase hypotheses."""
        return service.assist(req.board, req.wrong, req.solver, req.top)

    @r.post("/play", response_model=Played)
    def play_phrase(req: PlayRequest) -> dict:
        """Let a solver play a phrase; every step's board, guess and belief."""
        return service.play(req.phrase, req.solver)

    return r
