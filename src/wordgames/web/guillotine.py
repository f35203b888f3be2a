"""La Ghigliottina over HTTP: five clues in, the top answers out with their confidence and, per
clue, the evidence linking it to the answer.

Each solver is a :class:`wordgames.guillotine.service.GuillotineService` loaded from the config as
``wordgames guillotine solve`` loads it (the links index and vectors memory-mapped, the trained
weighting model), once per solver, on first use; the service checks the clues and leaves out the
past games overlapping them. This module keeps the HTTP models and routes.
"""

from __future__ import annotations

import sys
import threading

from fastapi import APIRouter
from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from wordgames.guillotine.games import N_CLUES
from wordgames.guillotine.service import DEFAULT_SOLVER, SOLVERS, check_clues, check_solver
from wordgames.guillotine.service import GuillotineService as GameService
from wordgames.web.body import RequestBody, ResponseBody, sometimes


class GuillotineSolvers:
    """The solvers the web app has loaded, by name (each loaded once, on first use)."""

    def __init__(self, cfg, config_name: str, preload: tuple[str, ...] = (DEFAULT_SOLVER,)):
        self.cfg = cfg
        self.config_name = config_name
        self.loaded_services: dict[str, GameService] = {}
        self._lock = threading.Lock()
        for name in preload:
            self.loaded(name).warm()

    def loaded(self, name: str | None) -> GameService:
        """The service of solver ``name`` (default: the default solver), loaded on first use."""
        name = name or DEFAULT_SOLVER
        check_solver(name)
        with self._lock:
            if name not in self.loaded_services:
                service = GameService.from_config(self.cfg, name, config_name=self.config_name)
                self.loaded_services[name] = service
                _say_read(service)
            return self.loaded_services[name]

    def solve(self, raw: list[str], solver: str | None = None, top: int = 10) -> dict:
        check_clues(raw)  # a bad request is answered before a solver is loaded for it
        return self.loaded(solver).solve(raw, top=top).to_dict()


def _say_read(service: GameService) -> None:
    files = service.files
    read = [str(p) for v in files.values() for p in (v if isinstance(v, list) else [v])]
    print(f"wordgames: reading {', '.join(read)} ({service.name} solver)", file=sys.stderr)


class SolveRequest(RequestBody):
    clues: list[str] = Field(
        ...,
        min_length=N_CLUES,
        max_length=N_CLUES,
        examples=[["certificato", "figlio", "tragedia", "stella", "venere"]],
        description="the five clue words (a clue may be a short phrase)",
    )
    solver: str = Field(DEFAULT_SOLVER, description=f"one of {', '.join(SOLVERS)}")
    top: int = Field(10, ge=1, le=100, description="answers returned")


class LoadedSolver(ResponseBody):
    notes: list[str] = Field(description="what the solver found of its evidence, one line each")
    load_seconds: float = Field(description="seconds its loading took")


class GuillotineInfo(ResponseBody):
    solvers: list[str] = Field(description="the solvers a request may name")
    default_solver: str = Field(description="the solver used when none is named")
    loaded: dict[str, LoadedSolver] = Field(description="the solvers loaded so far, by name")


class Link(ResponseBody):
    clue: str = Field(description="the clue this evidence links to the answer")
    text: str = Field(description="the evidence in words (a phrase, a gloss, a past game)")
    source: str = Field(description="where it comes from (Wiktionary, MultiWordNet, ...)")


class GuillotineAnswer(ResponseBody):
    word: str = Field(description="the answer (accents kept)")
    score: float = Field(description="the solver's score (higher is better; 6 decimals)")
    confidence: float = Field(description="the solver's confidence in it, 0 to 1 (6 decimals)")
    evidence: dict[str, str] = Field(
        description="per clue, the link found between clue and answer (a pattern, a list, a past "
        "game, a cosine); empty when none"
    )
    # the fields below come from the service's solution; absent from a service that lacks them
    linked: int | SkipJsonSchema[None] = sometimes("clues linked to the answer by real evidence")
    links: list[Link] | SkipJsonSchema[None] = sometimes(
        "the real evidence, one or more items per linked clue (no weak cosines)"
    )


class Solved(ResponseBody):
    clues: list[str] = Field(description="the clues as normalised")
    solver: str = Field(description="the solver that answered")
    seconds: float = Field(description="seconds the solve took")
    answers: list[GuillotineAnswer] = Field(description="the answers, best first (at most `top`)")
    notes: list[str] = Field(description="what the solver did and the evidence it used")
    trained: bool | SkipJsonSchema[None] = sometimes(
        "whether a weighting model trained on past games ranks the answers"
    )
    confident: bool | SkipJsonSchema[None] = sometimes(
        "whether the top answer's confidence reaches the threshold"
    )
    threshold: float | None = sometimes(
        "the confidence below which there is no confident answer (chosen on training games); "
        "null when untrained"
    )
    message: str | None = sometimes(
        "one sentence for users (an untrained build, or no confident answer); null otherwise"
    )


def router(service: GuillotineSolvers) -> APIRouter:
    r = APIRouter(prefix="/api/guillotine", tags=["guillotine"])

    @r.get("/info", response_model=GuillotineInfo)
    def info() -> dict:
        """The solvers, and the notes on the evidence each loaded solver found."""
        return {
            "solvers": list(SOLVERS),
            "default_solver": DEFAULT_SOLVER,
            "loaded": {
                name: {"notes": loaded.notes, "load_seconds": round(loaded.load_seconds, 3)}
                for name, loaded in service.loaded_services.items()
            },
        }

    @r.post("/solve", response_model=Solved, response_model_exclude_unset=True)
    def solve(req: SolveRequest) -> dict:
        """The top answers for five clues, each with its score, confidence and per-clue evidence
        (the pattern, list or past game that links the clue to it; empty when none)."""
        return service.solve(req.clues, req.solver, req.top)

    return r
