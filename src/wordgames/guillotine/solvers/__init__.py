"""Solvers by name, and loading the channels they read from the files given (each optional).

Which files a config promises is :mod:`wordgames.guillotine.files`; loading them for a config is
:class:`wordgames.guillotine.service.GuillotineService`."""

from __future__ import annotations

import logging
import time

from wordgames.errors import InputError
from wordgames.guillotine.evidence import (
    LazyPMI,
    LinkIndex,
    PastGames,
    Resources,
    Vectors,
    load_idf,
)
from wordgames.guillotine.lexicon import load_lexicon

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
    knowledge_vectors=None,
    knowledge_vectors_unit=None,
    knowledge_idf=None,
    knowledge_pmi=None,
    knowledge_vocab=None,
    gullever_vectors: str = "collection",
) -> Resources:
    """Load the channels ``solver`` reads from the files given (each one optional: a channel whose
    file is not given contributes nothing, and the notes say so). The compact copies
    (``links_index``, ``vectors_unit``) are preferred to the tables they were built from. A
    keyword that names no file here is a TypeError (it is not silently dropped).

    The ``knowledge_*`` files are the lexical-knowledge collection's: with ``gullever_vectors``
    "knowledge" GUL.LE.VER reads its vectors, IDF and PMI instead of the collection's (as the paper
    trained on such a corpus); the links solver reads its vectors as a second GloVe channel
    (``Resources.knowledge_vectors``)."""
    check_solver(solver)
    if gullever_vectors not in ("collection", "knowledge"):
        raise InputError(f"gullever vectors {gullever_vectors!r}: choose collection or knowledge")
    if solver == "gullever" and gullever_vectors == "knowledge":
        if not (knowledge_vectors_unit or knowledge_vectors):
            raise InputError("gullever vectors knowledge: no knowledge collection vectors given")
        vectors, vectors_unit = knowledge_vectors, knowledge_vectors_unit
        idf, pmi, vocab = knowledge_idf, knowledge_pmi, knowledge_vocab
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
    if solver == "links":
        if knowledge_vectors_unit is not None:
            res.knowledge_vectors = Vectors.from_compact(knowledge_vectors_unit)
        elif knowledge_vectors is not None:
            res.knowledge_vectors = Vectors.load(knowledge_vectors)
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


def check_solver(name: str) -> None:
    """A one-line InputError unless ``name`` is one of :data:`SOLVERS`."""
    if name not in SOLVERS:
        raise InputError(f"unknown solver {name!r}: choose one of {', '.join(SOLVERS)}")


def make_solver(name: str, res: Resources, params: dict, model=None):
    """``params``: the guillotine.gullever section for gullever, guillotine.solver for links (its
    ``l2``, ``ranker``, ``select`` and ``confident_precision`` are for training and are not passed
    on). An option the solver does not know is a one-line InputError, not silently ignored."""
    check_solver(name)
    if name == "gullever":
        from wordgames.guillotine.solvers.gullever import DEFAULTS, GulleverSolver

        _check_options(name, params or {}, DEFAULTS)
        return GulleverSolver(res, params)
    from wordgames.guillotine.solvers.links import DEFAULTS, LinksSolver

    params = dict(params or {})
    params.pop("l2", None)
    params.pop("confident_precision", None)
    params.pop("ranker", None)
    params.pop("select", None)
    _check_options(name, params, DEFAULTS)
    return LinksSolver(res, params, model)


def _check_options(name: str, params: dict, known: dict) -> None:
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise InputError(
            f"unknown {name} solver option{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(unknown)}: known are {', '.join(sorted(known))}"
        )
