"""La Ghigliottina over HTTP: five clues in, the top answers out with their confidence and, per
clue, the evidence linking it to the answer.

The solvers and their evidence are loaded the way ``wordgames guillotine solve`` loads them
(:func:`wordgames.cli.guillotine._load_solver`: the links index and vectors memory-mapped, the
trained weighting model), once per solver; clues are normalised and checked against the loaded
evidence exactly as on the command line.
"""

from __future__ import annotations

import sys
import threading
import time

from fastapi import APIRouter
from pydantic import Field

from wordgames.errors import InputError
from wordgames.guillotine.games import N_CLUES, Game, normalize, overlapping
from wordgames.guillotine.solvers import DEFAULT_SOLVER, SOLVERS
from wordgames.web.body import RequestBody, ResponseBody


class GuillotineService:
    def __init__(self, cfg, config_name: str, preload: tuple[str, ...] = (DEFAULT_SOLVER,)):
        self.cfg = cfg
        self.config_name = config_name
        self._loaded: dict[str, tuple] = {}
        self._lock = threading.Lock()
        for name in preload:
            self.warm(name)

    def warm(self, name: str) -> None:
        """Load ``name`` and solve one game with it, so that what a first solve imports and reads
        (word frequencies, pages of the memory-mapped tables) is not paid by a request."""
        _, res, _, _ = self.loaded(name)
        index = (
            res.links.words
            if res.links is not None
            else (res.vectors.words if res.vectors is not None else [])
        )
        words = [w for w in index[:200] if w.isalpha()][:N_CLUES]
        if len(words) == N_CLUES:
            self.solve(words, name, top=10)

    def loaded(self, name: str | None) -> tuple:
        """(solver, resources, notes, load seconds) of ``name``, loaded on first use."""
        from wordgames.cli.guillotine import _load_solver

        name = name or DEFAULT_SOLVER
        if name not in SOLVERS:
            raise InputError(f"unknown solver {name!r}: choose one of {', '.join(SOLVERS)}")
        with self._lock:
            if name not in self._loaded:
                self._loaded[name] = _load_solver(self.cfg, self.config_name, name)
                _say_read(self.cfg, name)
            return self._loaded[name]

    def clues(self, raw: list[str]) -> list[str]:
        clues = [normalize(c) for c in raw]
        if len(clues) != N_CLUES or not all(clues):
            raise InputError(
                f"give exactly {N_CLUES} non-empty clues, got {sum(1 for c in clues if c)}"
            )
        return clues

    def solve(self, raw: list[str], solver: str | None = None, top: int = 10) -> dict:
        from wordgames.cli.guillotine import _check_known

        clues = self.clues(raw)
        s, res, notes, _ = self.loaded(solver)
        if res.links is None and res.vectors is None:
            raise InputError("no evidence loaded: build the guillotine-links stage or GloVe first")
        _check_known(res, clues)
        t0 = time.perf_counter()
        if res.past is not None:
            # as on the command line, a past game sharing 4 or more clues with this one is no
            # evidence for it (it would only look the answer up); the others are
            game = Game(tuple(clues))
            past = res.past.restricted([game]) if overlapping(res.past.games, [game]) else res.past
            result = s.solve(clues, top=top, past=past)
            notes = [*notes, past.note()]
        else:
            result = s.solve(clues, top=top)
        return {
            "clues": clues,
            "solver": solver or DEFAULT_SOLVER,
            "seconds": time.perf_counter() - t0,
            "answers": [a.to_dict() for a in result.answers],
            "notes": [*result.notes, *notes],
        }


def _say_read(cfg, solver: str) -> None:
    from wordgames.plan import guillotine_files

    files = guillotine_files(cfg).for_solver(solver)
    read = [str(p) for v in files.values() for p in (v if isinstance(v, list) else [v])]
    print(f"wordgames: reading {', '.join(read)} ({solver} solver)", file=sys.stderr)


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


class GuillotineAnswer(ResponseBody):
    word: str = Field(description="the answer")
    score: float = Field(description="the solver's score (higher is better; 6 decimals)")
    confidence: float = Field(description="the solver's confidence in it, 0 to 1 (6 decimals)")
    evidence: dict[str, str] = Field(
        description="per clue, the link found between clue and answer (a pattern, a list, a past "
        "game, a cosine); empty when none"
    )


class Solved(ResponseBody):
    clues: list[str] = Field(description="the clues as normalised")
    solver: str = Field(description="the solver that answered")
    seconds: float = Field(description="seconds the solve took")
    answers: list[GuillotineAnswer] = Field(description="the answers, best first (at most `top`)")
    notes: list[str] = Field(description="what the solver did and the evidence it used")


def router(service: GuillotineService) -> APIRouter:
    r = APIRouter(prefix="/api/guillotine", tags=["guillotine"])

    @r.get("/info", response_model=GuillotineInfo)
    def info() -> dict:
        """The solvers, and the notes on the evidence each loaded solver found."""
        return {
            "solvers": list(SOLVERS),
            "default_solver": DEFAULT_SOLVER,
            "loaded": {
                name: {"notes": [*res.notes, *notes], "load_seconds": round(sec, 3)}
                for name, (_, res, notes, sec) in service._loaded.items()
            },
        }

    @r.post("/solve", response_model=Solved)
    def solve(req: SolveRequest) -> dict:
        """The top answers for five clues, each with its score, confidence and per-clue evidence
        (the pattern, list or past game that links the clue to it; empty when none)."""
        return service.solve(req.clues, req.solver, req.top)

    return r
