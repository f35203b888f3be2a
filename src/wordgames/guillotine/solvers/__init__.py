"""Solvers by name, and loading every channel a config points at (each optional)."""

from __future__ import annotations

import logging
import time

from wordgames.config import Config
from wordgames.guillotine.evidence import (
    LazyPMI,
    LinkIndex,
    PastGames,
    Resources,
    Vectors,
    load_idf,
)
from wordgames.guillotine.lexicon import load_lexicon
from wordgames.plan import guillotine_files

log = logging.getLogger(__name__)
SOLVERS = ("links", "gullever")
DEFAULT_SOLVER = "links"


def load_resources(
    solver: str = DEFAULT_SOLVER,
    *,
    links=None,
    words=None,
    links_index=None,
    vectors=None,
    vectors_unit=None,
    wiktionary=(),
    blacklist=None,
    whitelist=None,
    morphit: bool = True,
    evidence=(),
    idf=None,
    pmi=None,
    vocab=None,
    **_ignored,
) -> Resources:
    """Load the channels ``solver`` reads from the files given (each one optional: a channel whose
    file is not given contributes nothing, and the notes say so). The compact copies
    (``links_index``, ``vectors_unit``) are preferred to the tables they were built from."""
    t0 = time.perf_counter()
    res = Resources()
    res.lexicon = load_lexicon(
        blacklist=blacklist, whitelist=whitelist, wiktionary=list(wiktionary), morphit=morphit
    )
    if vectors_unit is not None:
        res.vectors = Vectors.from_compact(vectors_unit)
    elif vectors is not None:
        res.vectors = Vectors.load(vectors)
    else:
        res.note("vectors: none configured: no GloVe channel")
    if solver == "gullever":
        if idf is not None:
            res.idf = load_idf(idf)
        else:
            res.note("idf: none configured: uniform clue weights")
        if pmi is not None:
            res.pmi = LazyPMI(pmi, vocab)
        else:
            res.note("pmi: none configured: no rerank")
    else:
        if links_index is not None:
            res.links = LinkIndex.from_compact(links_index, source=str(links or links_index))
        elif links is not None:
            res.links = LinkIndex.load(links, words)
        if res.links is not None:
            res.note(f"links: {len(res.links.words)} words, patterns {res.links.patterns_present}")
        else:
            res.note("links: none configured: no pattern channel")
        if evidence:
            res.past = PastGames.load(evidence)
        else:
            res.note("past games: no evidence game file: no past-game channel")
    log.info("guillotine resources loaded in %.1f s", time.perf_counter() - t0)
    return res


def load_config_resources(
    cfg: Config, solver: str, config_name: str, compact: bool = True
) -> tuple[Resources, dict]:
    """The resources the pipeline built for ``cfg`` (``wordgames.plan.guillotine_files``): every
    artifact the config promises must exist (a one-line error names the first missing one).
    Returns the resources and the files read. ``compact=False`` reads the tables instead of the
    memory-mapped copies (for benchmarks)."""
    files = guillotine_files(cfg)
    found = files.require(solver, config_name)
    if not compact:
        for copy, tables in (("links_index", ("links", "words")), ("vectors_unit", ("vectors",))):
            if found.pop(copy, None) is not None:
                found.update({t: getattr(files, t) for t in tables})
    log.info(
        "guillotine %s reads %s",
        solver,
        {k: [str(x) for x in v] if isinstance(v, list) else str(v) for k, v in found.items()},
    )
    morphit = cfg.settings.guillotine.lexicon.morphit
    return load_resources(solver, morphit=morphit, **found), found


def make_solver(name: str, res: Resources, params: dict, model=None):
    """``params``: the guillotine.gullever section for gullever, guillotine.solver for links."""
    if name == "gullever":
        from wordgames.guillotine.solvers.gullever import GulleverSolver

        return GulleverSolver(res, params)
    if name == "links":
        from wordgames.guillotine.solvers.links import LinksSolver

        params = dict(params)
        params.pop("l2", None)
        return LinksSolver(res, params, model)
    raise ValueError(f"unknown solver {name}")
