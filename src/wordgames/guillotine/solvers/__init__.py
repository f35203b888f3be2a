"""Solvers by name, and loading every channel a config points at (each optional)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from wordgames import paths
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

log = logging.getLogger(__name__)
SOLVERS = ("links", "gullever")
DEFAULT_SOLVER = "links"


def _existing(cfg: Config, values) -> list[Path]:
    out = []
    for v in values:
        p = cfg.data_path(v)
        if p is not None and p.exists():
            out.append(p)
    return out


def vectors_compact_dir(cfg: Config) -> Path:
    """The memory-mappable unit vectors the ``guillotine-train`` stage writes (beside the links)."""
    coll = cfg.section("guillotine").get("collection", "it")
    return paths.guillotine_links(cfg, coll).parent / "vectors-unit"


def write_compact_copies(cfg: Config, res: Resources) -> list[str]:
    """Write the compact copies of the loaded links index and vectors (see ``compact.py``)."""
    from wordgames.guillotine.compact import read_compact

    coll = cfg.section("guillotine").get("collection", "it")
    written = []
    if res.links is not None:
        lp = paths.guillotine_links(cfg, coll)
        d = LinkIndex.compact_dir(lp)
        sources = [lp, paths.guillotine_link_words(cfg, coll)]
        if read_compact(d, sources) is None:
            res.links.save_compact(d, sources)
            written.append(str(d))
    if res.vectors is not None and res.vectors.source:
        d = vectors_compact_dir(cfg)
        if read_compact(d, Vectors.sources(res.vectors.source)) is None:
            res.vectors.save_compact(d)
            written.append(str(d))
    return written


def load_resources(cfg: Config, solver: str = DEFAULT_SOLVER, compact: bool = True) -> Resources:
    """Load the channels ``solver`` uses; notes say which ones are missing. ``compact``: use the
    memory-mapped copies of the links index and vectors when they are up to date."""
    t0 = time.perf_counter()
    g = cfg.section("guillotine")
    coll = g.get("collection", "it")
    res = Resources()
    lx = g.get("lexicon", {})
    wikt = None
    for corpus in lx.get("wiktionary_corpora", []):
        p = paths.corpus_table(cfg, corpus, "wiktionary")
        if p.exists():
            wikt = p
        else:
            res.note(f"lexicon: Wiktionary table of '{corpus}' not built ({p}): left out")
    res.lexicon = load_lexicon(blacklist=lx.get("blacklist"), whitelist=lx.get("whitelist"),
                               wiktionary=wikt, morphit=lx.get("morphit", True))
    vec_path = cfg.data_path(g.get("vectors")) if g.get("vectors") else \
        paths.keyed_vectors(cfg, coll)
    if vec_path is not None and Path(vec_path).exists():
        res.vectors = Vectors.load(vec_path,
                                   compact_dir=vectors_compact_dir(cfg) if compact else None)
    else:
        res.note(f"vectors: {vec_path} not found: no GloVe channel")
    if solver == "gullever":
        idf = paths.idf(cfg, coll)
        if idf.exists():
            res.idf = load_idf(idf)
        else:
            res.note(f"idf: {idf} not found")
        pmi = paths.pmi(cfg, coll)
        if pmi.exists():
            res.pmi = LazyPMI(pmi, paths.vocab(cfg, coll))
        else:
            res.note(f"pmi: {pmi} not found")
    else:
        lp = paths.guillotine_links(cfg, coll)
        if lp.exists():
            res.links = LinkIndex.load(lp, paths.guillotine_link_words(cfg, coll), compact=compact)
            res.note(f"links: {len(res.links.words)} words, patterns {res.links.patterns_present}")
        else:
            res.note(f"links: {lp} not found (run the guillotine-links stage): no pattern channel")
        files = _existing(cfg, g.get("evidence_games", []))
        if files:
            res.past = PastGames.load(files)
        else:
            res.note("past games: no evidence game file found: no past-game channel")
    log.info("guillotine resources loaded in %.1f s", time.perf_counter() - t0)
    return res


def make_solver(name: str, res: Resources, cfg: Config, model=None):
    g = cfg.section("guillotine")
    if name == "gullever":
        from wordgames.guillotine.solvers.gullever import GulleverSolver

        return GulleverSolver(res, g.get("gullever", {}))
    if name == "links":
        from wordgames.guillotine.solvers.links import LinksSolver

        params = dict(g.get("solver", {}))
        params.pop("l2", None)
        params.pop("confident_precision", None)
        return LinksSolver(res, params, model)
    raise ValueError(f"unknown solver {name}")
