"""La Ghigliottina's public Python API: a solver loaded with the evidence a config's pipeline built,
the check of the clues it is given, and the operations ``wordgames guillotine solve|eval`` and the
web app's ``/api/guillotine/solve`` share.

Usage::

    service = GuillotineService.from_config("config/config.yaml")  # or a Config; solver="gullever"
    solution = service.solve(["certificato", "figlio", "tragedia", "stella", "venere"], top=10)
    solution.message  # None, or the sentence for people: an untrained build, no confident answer
    [(a.word, a.confidence, [(x.clue, x.text, x.source) for x in a.links]) for a in solution.answers]

Every artifact the config promises (:func:`wordgames.guillotine.files.guillotine_files`) is read; a
missing one is a one-line ``ArtifactMissingError`` naming it, an unknown clue or a wrong number of
clues a one-line ``InputError``. A past game sharing 4 or more clues with the game asked about is
no evidence for it (it would only look the answer up): :meth:`GuillotineService.solve` and
:meth:`GuillotineService.evaluate` leave such games out.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from wordgames.config import DEFAULT_CONFIGFILE, Config, load_cli_config
from wordgames.errors import InputError
from wordgames.guillotine.evidence import LinkIndex, PastGames, Resources
from wordgames.guillotine.explain import answers_links
from wordgames.guillotine.files import guillotine_files
from wordgames.guillotine.games import N_CLUES, Game, normalize, overlapping
from wordgames.guillotine.phrases import Phrases
from wordgames.guillotine.solvers import (
    DEFAULT_SOLVER,
    SOLVERS,
    check_solver,
    load_resources,
    make_solver,
)
from wordgames.guillotine.solvers.base import Answer, Result
from wordgames.guillotine.surface import as_typed, surface

log = logging.getLogger(__name__)
__all__ = [
    "DEFAULT_SOLVER",
    "SOLVERS",
    "Evaluation",
    "GuillotineService",
    "Solution",
    "check_clues",
    "check_solver",
    "load_config_resources",
]


def load_config_resources(
    cfg: Config, solver: str, config_name: str, compact: bool = True, model: bool = True
) -> tuple[Resources, dict]:
    """The resources the pipeline built for ``cfg``: every artifact the config promises must exist
    (a one-line error names the first missing one). Returns the resources and the files read.
    ``compact=False`` reads the tables instead of the memory-mapped copies (for benchmarks);
    ``model=False`` does not need the links solver's trained model (benchmarks that train)."""
    files = guillotine_files(cfg)
    found = files.require(solver, config_name, model)
    if not compact:
        for copy, tables in (
            ("links_index", ("links", "words")),
            ("vectors_unit", ("vectors",)),
            ("knowledge_vectors_unit", ("knowledge_vectors",)),
        ):
            if found.pop(copy, None) is not None:
                found.update({t: getattr(files, t) for t in tables})
    log.info(
        "guillotine %s reads %s",
        solver,
        {k: [str(x) for x in v] if isinstance(v, list) else str(v) for k, v in found.items()},
    )
    morphit = cfg.settings.guillotine.lexicon.morphit
    # the model is the solver's, not a channel of the resources
    channels = {k: v for k, v in found.items() if k != "model"}
    gullever_vectors = cfg.settings.guillotine.gullever_vectors
    return load_resources(
        solver, morphit=morphit, gullever_vectors=gullever_vectors, **channels
    ), found


#: what an untrained build says instead of a ranking: the hand-set weights of the links solver
#: answered the README's example with conchiglia at 6% and nascita below 200th (issue 42)
UNTRAINED = (
    "This build has no weighting model trained on game sets, so its ranking is hand-weighted and "
    "not worth reading: set WORDGAMES_DATA to the folder of the evaluation data (the Evalita 2020 "
    "Ghigliottin-AI and Evalita 2018 NLP4FUN game sets; docs/guillotine.md says where to get them) "
    "and rebuild with make run, or build config/local-it.yaml."
)


def check_clues(raw: Sequence[str]) -> list[str]:
    """The clues normalised; a one-line InputError unless there are exactly five, none empty."""
    clues = [normalize(c) for c in raw]
    if len(clues) != N_CLUES:
        raise InputError(f"give exactly {N_CLUES} clues, got {len(raw)}")
    if not all(clues):
        empty = [str(i) for i, c in enumerate(clues, 1) if not c]
        which = f"clue {empty[0]} is" if len(empty) == 1 else f"clues {', '.join(empty)} are"
        raise InputError(f"{which} empty: {list(raw)}")
    return clues


@dataclass
class Solution:
    """The answers to one game, best first, and what the solver said about its evidence.

    Words are shown as written (``città``; :mod:`wordgames.guillotine.surface`): the clues as
    typed (accents restored when typed without), the answers, the keys of each answer's
    ``evidence`` and its ``links`` (the real evidence in words, :mod:`wordgames.guillotine.explain`).
    ``trained``: the ranking weights were fitted on game sets; ``message``: the one sentence for
    people, when the build is untrained or the best answer is below the confidence threshold."""

    clues: list[str]  # as shown (accented)
    solver: str
    result: Result  # the solver's own, answers as shown (its ``seconds`` time the ranking alone)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0  # the whole solve, the past-game exclusion included
    trained: bool = True

    @property
    def answers(self) -> list[Answer]:
        return self.result.answers

    @property
    def confident(self) -> bool:
        """Whether the top answer reaches the confidence threshold chosen on the training games
        (False without one: an untrained build, GUL.LE.VER's uncalibrated softmax)."""
        return bool(self.trained and self.threshold is not None and self.result.confident)

    @property
    def threshold(self) -> float | None:
        return self.result.threshold

    @property
    def message(self) -> str | None:
        """The one sentence to show people instead of (untrained) or above (not confident) the
        ranking; None when the top answer is confident or the solver has no threshold."""
        if not self.trained:
            return UNTRAINED
        if not self.answers:
            return "No answer: no candidate word is linked to these clues."
        if self.threshold is not None and not self.confident:
            best = self.answers[0]
            return (
                f"No confident answer: the best, {best.word}, has a confidence of "
                f"{best.confidence:.1%}, below the {self.threshold:.1%} chosen on the training games."
            )
        return None

    def to_pandas(self):
        """The answers as a pandas DataFrame, best first, one row per answer: ``rank`` int64
        (from 1), ``word`` str, ``score`` float64, ``confidence`` float64, ``linked`` int64 (the
        clues real evidence links it to), then one str column per clue, named by the clue: the
        text of its real links to the answer, ``; `` between two ("" if none; a clue named like
        one of the first five columns gets `` (clue)`` after its name). The raw link counts stay
        in each answer's ``evidence``."""
        import pandas as pd

        answers = self.answers
        frame = pd.DataFrame(
            {
                "rank": pd.Series(range(1, len(answers) + 1), dtype="int64"),
                "word": pd.Series([a.word for a in answers], dtype="str"),
                "score": pd.Series([a.score for a in answers], dtype="float64"),
                "confidence": pd.Series([a.confidence for a in answers], dtype="float64"),
                "linked": pd.Series([a.linked for a in answers], dtype="int64"),
            }
        )
        for clue in dict.fromkeys(self.clues):  # a clue given twice is one column
            name = f"{clue} (clue)" if clue in frame.columns else clue
            texts = ["; ".join(x.text for x in a.links if x.clue == clue) for a in answers]
            frame[name] = pd.Series(texts, dtype="str")
        return frame

    def to_dict(self) -> dict:
        """The JSON the web app answers (scores and confidences to 6 decimals)."""
        return {
            "clues": self.clues,
            "solver": self.solver,
            "seconds": self.seconds,
            "answers": [a.to_dict() for a in self.answers],
            "notes": self.notes,
            "trained": self.trained,
            "confident": self.confident,
            "threshold": None if self.threshold is None else round(float(self.threshold), 6),
            "message": self.message,
        }


@dataclass
class Evaluation:
    """A solver on a list of games: one row per game (``wordgames.guillotine.evaluate``'s rows),
    the metrics of :func:`wordgames.guillotine.metrics.summarize`, the calibration error and the
    notes (the resources' and the evaluation's)."""

    rows: list[dict]
    metrics: dict
    ece: float
    notes: list[str]

    def table(self):
        """The rows as the per-game Parquet table of ``wordgames guillotine eval --out``."""
        from wordgames.guillotine.evaluate import rows_table

        return rows_table(self.rows)

    def to_pandas(self):
        """:meth:`table` as a pandas DataFrame, one row per game, without its columns left blank
        here (``set``, ``solver``, ``fold``): ``clues`` (an array of str), ``solution`` str,
        ``rank`` Int32 (the solution's, from 1; <NA> when not ranked), ``answer`` str (the top
        one), ``confidence`` float64, ``top10`` and ``top10_scores`` (arrays), ``seconds``
        float64, ``confident`` bool, ``cand_rank``, ``pool_size``, ``full_rank``, ``full_size``
        Int32 (the first stage's pool and the words linked to all five clues)."""
        import pandas as pd
        import pyarrow as pa

        # nullable integers: a solution not ranked stays <NA>, not a float NaN
        frame = self.table().to_pandas(types_mapper={pa.int32(): pd.Int32Dtype()}.get)
        blank = [c for c in ("set", "solver", "fold") if (frame[c] == "").all()]
        return frame.drop(columns=blank)


def _without_overlap(pool: PastGames | None, clues: list[str]) -> PastGames | None:
    """The past games but those sharing 4 or more clues with this game (no evidence for it)."""
    if pool is None:
        return None
    game = Game(tuple(clues))
    return pool.restricted([game]) if overlapping(pool.games, [game]) else pool


def _explaining(files, res: Resources) -> Resources | None:
    """For a solver that reads no links (GUL.LE.VER): the links index and past games of the links
    solver, when built, to say its answers' real evidence; None when there is no index."""
    from pathlib import Path

    if files.links_index is None or not Path(files.links_index).exists():
        return None
    out = Resources(links=LinkIndex.from_compact(files.links_index), lexicon=res.lexicon)
    evidence = [p for p in files.evidence if Path(p).exists()]
    if evidence:
        out.past = PastGames.load(evidence)
    return out


class GuillotineService:
    """One solver with its evidence. Build it with :meth:`from_config`, or from a solver and the
    resources it was made with (``make_solver`` and ``load_resources`` of
    :mod:`wordgames.guillotine.solvers`, on explicit files)."""

    def __init__(
        self,
        solver,
        resources: Resources,
        *,
        params: dict | None = None,
        files: dict | None = None,
        load_seconds: float = 0.0,
        phrases: Phrases | None = None,
        explained: Resources | None = None,
    ):
        self.solver = solver
        self.resources = resources
        self.name: str = solver.name
        #: the solver's config section (guillotine.solver or guillotine.gullever)
        self.params = dict(params or {})
        #: the artifacts read, by name (see ``GuillotineFiles.for_solver``)
        self.files = dict(files or {})
        self.load_seconds = load_seconds
        #: the list sources' lines, to show a link's phrase as written (read on first use)
        self.phrases = phrases
        #: the links and past games the answers' real evidence is read from (default: the
        #: solver's own; GUL.LE.VER reads none, so its service is given the links solver's)
        self.explained = explained if explained is not None else resources

    @classmethod
    def from_config(
        cls,
        cfg_or_path: Config | str | os.PathLike = DEFAULT_CONFIGFILE,
        solver: str = DEFAULT_SOLVER,
        *,
        config_name: str | None = None,
        compact: bool = True,
    ) -> GuillotineService:
        """``solver`` loaded with every artifact the config promises (the links index and vectors
        memory-mapped unless ``compact=False``; the trained weighting model of the links solver).
        ``config_name`` is how errors name the config (default: its file)."""
        if isinstance(cfg_or_path, Config):
            cfg = cfg_or_path
            name = config_name or str(cfg.source or DEFAULT_CONFIGFILE)
        else:
            cfg = load_cli_config(cfg_or_path)
            name = config_name or str(cfg_or_path)
        check_solver(solver)
        t0 = time.perf_counter()
        res, found = load_config_resources(cfg, solver, name, compact=compact)
        model = None
        if solver == "links" and "model" in found:
            from wordgames.guillotine.ranker import load_model

            model = load_model(found["model"])
        params = cfg.section("guillotine")["gullever" if solver == "gullever" else "solver"]
        made = make_solver(solver, res, params, model)
        promised = guillotine_files(cfg)
        explained = _explaining(promised, res) if res.links is None else None
        return cls(
            made,
            res,
            params=params,
            files=found,
            load_seconds=time.perf_counter() - t0,
            phrases=Phrases(promised.phrases),
            explained=explained,
        )

    # ------------------------------------------------------------------------------------------
    @property
    def notes(self) -> list[str]:
        """What loading found of the evidence (a channel not configured, the links' size)."""
        return list(self.resources.notes)

    check_clues = staticmethod(check_clues)

    def check_known(self, clues: Sequence[str]) -> None:
        """A one-line InputError naming the first clue that no loaded evidence knows (a phrase is
        known when it or one of its words is)."""
        from wordgames.guillotine.lexicon import known_words

        res = self.resources
        for c in clues:
            toks = [c, *c.split()]
            sources = []
            if res.links is not None:
                sources.append(res.links.index)
            if res.vectors is not None:
                sources.append(res.vectors.index)
            if res.past is not None:
                sources.append(res.past.links)
            if not sources:
                sources.append(known_words())
            if not any(t in s for t in toks for s in sources):
                raise InputError(
                    f"unknown word '{c}': not in the links, vectors or past games loaded"
                )

    def solve(self, clues: Sequence[str], top: int = 10) -> Solution:
        """The ``top`` answers for five clues (checked and normalised by :func:`check_clues`,
        each known to the evidence), best first, as people read them (:class:`Solution`)."""
        raw = list(clues)
        clues = check_clues(clues)
        if top < 1:
            raise InputError("top must be at least 1")
        res = self.resources
        if res.links is None and res.vectors is None:
            raise InputError(
                "no evidence available: build the guillotine-links stage or GloVe first"
            )
        self.check_known(clues)
        t0 = time.perf_counter()
        past = _without_overlap(res.past, clues)
        if past is not None:
            result = self.solver.solve(clues, top=top, past=past)
            notes = [*result.notes, past.note()]
        else:
            result = self.solver.solve(clues, top=top)
            notes = list(result.notes)
        shown = [as_typed(c) for c in raw]
        if self.explained is not res:
            past = _without_overlap(self.explained.past, clues)
        links = answers_links(
            self.explained,
            clues,
            shown,
            [a.word for a in result.answers],
            past=past,
            phrases=self.phrases,
        )
        answers = [
            self._shown(a, clues, shown, found)
            for a, found in zip(result.answers, links, strict=True)
        ]
        result = replace(result, answers=answers)
        trained = bool(getattr(self.solver, "trained", False))
        return Solution(shown, self.name, result, notes, time.perf_counter() - t0, trained)

    def _shown(self, answer: Answer, clues: list[str], shown: list[str], links) -> Answer:
        """``answer`` as people read it: accented, its evidence keyed by the clues as shown, its
        real evidence in words (``links``, from :func:`answers_links`)."""
        evidence = {s: answer.evidence.get(c, "") for c, s in zip(clues, shown, strict=True)}
        return replace(answer, word=surface(answer.word), evidence=evidence, links=links)

    def evaluate(self, games: Sequence[Game], top: int = 100) -> Evaluation:
        """The solver on ``games`` (each with its solution), every answer ranked to ``top``. The
        past games sharing 4 or more clues with an evaluated game are left out of the evidence;
        the links solver's trained model is replaced, for this evaluation only, by one trained on
        the remaining past games when it saw an evaluated game (or when there is no trained one)."""
        from wordgames.guillotine.evaluate import calibration, overlaps_training, solve_all, train
        from wordgames.guillotine.metrics import summarize

        games = list(games)
        res, solver = self.resources, self.solver
        notes: list[str] = []
        past = None
        if self.name == "links":
            if res.past is not None:
                past = res.past.restricted(games)
                notes.append(past.note())
            m = solver.model
            if m.info.get("trained") and overlaps_training(m, games):
                notes.append(
                    "the trained model saw games overlapping these: retrained without them"
                )
                m = None
            if (m is None or not m.info.get("trained")) and past is not None:
                pool = [g for k, g in enumerate(past.games) if k not in past.excluded]
                model = train(
                    solver,
                    pool,
                    past,
                    l2=self.params["l2"],
                    precision=self.params["confident_precision"],
                    ranker=self.params.get("ranker", "logit"),
                    select=self.params.get("select", "none"),
                )
                solver = make_solver("links", res, self.params, model)
                notes.append(f"model trained on the {len(pool)} non-overlapping past games")
        rows = solve_all(solver, games, top, past=past)
        metrics = summarize([r["rank"] for r in rows], [r["seconds"] for r in rows])
        return Evaluation(rows, metrics, calibration(rows), [*res.notes, *notes])

    def warm(self) -> None:
        """Solve one game made of frequent known words, so that what a first solve imports and
        reads (word frequencies, pages of the memory-mapped tables) is paid now."""
        res = self.resources
        index = (
            res.links.words
            if res.links is not None
            else (res.vectors.words if res.vectors is not None else [])
        )
        words = [w for w in index[:200] if w.isalpha()][:N_CLUES]
        if len(words) == N_CLUES:
            self.solve(words, top=10)
