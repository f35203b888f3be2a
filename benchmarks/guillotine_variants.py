"""Variants of the links solver on held-out game sets, side by side: the experiment loop behind the
ablation and variant tables of docs/log/guillotine.md.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_variants.py \\
        --configfile config/local-it.yaml \\
        --variant default --variant 'nolinks=thesaurus,thes_phrase' --variant 'l2=0.3' \\
        --variant 'params={"max_candidates": 3000}'

Folds, training games and past-game evidence exactly as the guillotine-eval stage
(:func:`wordgames.guillotine.evaluate.make_folds`; every game sharing >= 4 clues with the fold is
left out of both), and every configured game set is scored like the stage scores it (a set holding
other sets' games, ``past_games``, on the predictions of the folds its games belong to). The
features of a fold are computed once per evidence and solver setting and reused by every variant that
only changes the model (``l2``, ``drop``, ``inter``, ``negatives``, ``ranker``, ``select``).

A variant is ``default`` or ``;``-separated ``key=value`` settings:

- evidence: ``links=<links.parquet>`` (another links table, with its ``link-words.parquet`` beside
  it: e.g. one built from fewer corpora), ``nolinks=<patterns>`` (the links of those patterns left
  out: the same index as a table built without them, for a links-only source such as the thesaurus),
  ``vectors=<vectors.kv>|none`` (other GloVe vectors, or none), ``lemmas=<wordnet lemma
  table>[:<least>]`` (the lexicon's candidates plus that table's one-word noun and adjective lemmas
  seen at least ``least``, 5 by default, times in the links' sentences);
- solver: ``params=<json solver params>``;
- model: ``l2=<float>``, ``drop=<features>`` (names or shell patterns: ``link_*``), ``inter=0`` (no
  interaction terms),
  ``negatives=<int>|all`` (candidates sampled per training game besides the solution; 300 by
  default; ``all``: every candidate),
  ``calparts=games|random`` (the calibration's five parts keep near-duplicate games together, or
  are random as before the ranker), ``ranker=logit|lgbm|auto`` (the solver setting: the conditional logit, the LightGBM lambdarank
  ranker, or the one of the grid chosen by an inner cross-validation of each fold's training games,
  :mod:`wordgames.guillotine.nested`; the choice and inner scores of every fold are printed),
  ``select=none|groups`` (the solver setting: every feature, or the optional feature groups of
  :mod:`wordgames.guillotine.feature_groups` re-decided by a greedy backward elimination on an inner
  cross-validation of each fold's training games, before the ranker is chosen; applied after
  ``drop``; every fold's dropped and kept groups are printed with its choice line).

Columns: accuracy, R@5, R@10, R@100, MRR; ``cut``: the solution is among the candidates the ranker
sees (after the first-stage cut); ``pool``: it is in the first stage's whole pool; with ``--ece``
also the expected calibration error of the calibrated confidence (the stage's calibration, fitted on
the training games' out-of-fold predictions: 5 more fits per fold).
With ``--inner`` every variant is also scored as :mod:`wordgames.guillotine.nested` scores its
grid: an inner 3-fold cross-validation of each fold's *training* games (MRR, accuracy, R@10 of the
held-out parts, printed as ``# inner``), so a choice between variants can be made without looking
at any evaluated game.
Needs the pipeline's artifacts for that config (guillotine-links, GloVe) and its game files; without
them it says what is missing and exits with status 3 (``make bench`` reports it as skipped).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import logging
import sys
import time
from pathlib import Path

import numpy as np

from wordgames.config import load_config_file
from wordgames.errors import WordgamesError
from wordgames.guillotine import evaluate as E
from wordgames.guillotine.evidence import LinkIndex, PastGames, Vectors
from wordgames.guillotine.games import configured_sets, normalize
from wordgames.guillotine.metrics import rank_of, summarize
from wordgames.guillotine.nested import (
    INNER_FOLDS,
    RANKERS,
    SELECTS,
    Fitter,
    candidates_for,
    describe_choice,
    fit_ranker,
    game_parts,
    inner_scores,
)
from wordgames.guillotine.patterns import PATTERNS
from wordgames.guillotine.service import load_config_resources
from wordgames.guillotine.solvers import links as L
from wordgames.guillotine.solvers import make_solver
from wordgames.guillotine.solvers.links_features import INTERACT
from wordgames.guillotine.wordnet import read_wordnet

EVIDENCE_KEYS = ("links", "nolinks", "vectors", "lemmas")


def parse_variant(text: str) -> dict:
    v = {
        "name": text,
        "params": {},
        "l2": 1.0,
        "drop": [],
        "inter": True,
        "ranker": "logit",
        "select": "none",
        "negatives": 300,
        "calparts": "games",
        "links": None,
        "nolinks": [],
        "vectors": None,
        "lemmas": None,
    }
    if text == "default":
        return v
    for part in text.split(";"):
        key, _, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if key == "params":
            v["params"] = json.loads(value)
        elif key == "l2":
            v["l2"] = float(value)
        elif key == "drop":
            pats = [f for f in value.split(",") if f]
            unknown = [f for f in pats if not fnmatch.filter(L.FEATURES, f)]
            if unknown:
                sys.exit(f"variant {text!r}: unknown features {unknown}")
            v["drop"] = [f for f in L.FEATURES if any(fnmatch.fnmatch(f, q) for q in pats)]
        elif key == "inter":
            v["inter"] = value not in ("0", "false", "no")
        elif key == "ranker":
            if value not in RANKERS:
                sys.exit(f"variant {text!r}: ranker is one of {', '.join(RANKERS)}")
            v["ranker"] = value
        elif key == "select":
            if value not in SELECTS:
                sys.exit(f"variant {text!r}: select is one of {', '.join(SELECTS)}")
            v["select"] = value
        elif key == "calparts":
            if value not in ("games", "random"):
                sys.exit(f"variant {text!r}: calparts is games or random")
            v["calparts"] = value
        elif key == "negatives":
            v["negatives"] = None if value == "all" else int(value)
        elif key == "links":
            v["links"] = value
        elif key == "nolinks":
            v["nolinks"] = [p for p in value.split(",") if p]
            unknown = [p for p in v["nolinks"] if p not in PATTERNS]
            if unknown:
                sys.exit(f"variant {text!r}: unknown link patterns {unknown}")
        elif key == "vectors":
            v["vectors"] = value
        elif key == "lemmas":
            path, _, least = value.partition(":")
            v["lemmas"] = (path, int(least or 5))
        else:
            sys.exit(
                f"variant {text!r}: unknown setting {key!r} (params, l2, drop, inter, ranker, "
                "select, negatives, calparts, links, nolinks, vectors, lemmas)"
            )
    return v


def evidence(base, v: dict):
    """The loaded resources with the variant's evidence settings applied (shared when unchanged)."""
    if not (v["links"] or v["nolinks"] or v["vectors"] or v["lemmas"]):
        return base
    import copy

    res = copy.copy(base)
    if v["links"]:
        lp = Path(v["links"])
        if not lp.exists():
            sys.exit(f"variant {v['name']!r}: no links table {lp}")
        res.links = LinkIndex.load(lp, lp.with_name("link-words.parquet"))
    if v["nolinks"]:
        res.links = res.links.without(v["nolinks"])
    if v["vectors"] == "none":
        res.vectors = None
    elif v["vectors"]:
        res.vectors = Vectors.load(v["vectors"])
    if v["lemmas"]:
        res.lexicon = with_wordnet_lemmas(res.lexicon, res.links, *v["lemmas"])
    return res


def with_wordnet_lemmas(lex, links, path: str, least: int):
    """The lexicon plus a wordnet lemma table's one-word noun and adjective lemmas (synsets ``n#``,
    ``a#``) seen at least ``least`` times in the links' sentences."""
    import dataclasses

    if not Path(path).exists():
        sys.exit(f"lemmas: no wordnet lemma table {path}")
    out = dataclasses.replace(lex, nouns=dict(lex.nouns), adjs=dict(lex.adjs))
    added = 0
    for entry in read_wordnet(path):
        table = {"n": out.nouns, "a": out.adjs}.get(entry.synset[:1])
        if table is None:
            continue
        for lemma in entry.lemmas:
            w = normalize(lemma)
            if not w.isalpha() or out.is_candidate(w) or w in out.closed:
                continue
            if links.count(w) >= least:
                table[w] = w
                added += 1
    print(f"# lexicon: +{added} wordnet lemmas seen {least}+ times", file=sys.stderr)
    return out


def interactions(variant: dict, feats: list[str]) -> list[tuple[int, int]]:
    names = [f for f in INTERACT if f in feats] if variant["inter"] else []
    return [(feats.index(a), feats.index(b)) for k, a in enumerate(names) for b in names[k:]]


def inner(variant: dict, groups, games, feats: list[str]) -> dict:
    """The variant's inner cross-validation scores on the training groups (already cut to its
    columns) alone, as ``auto`` scores its grid; the variant's own ranker, logit or lgbm."""
    fitter = Fitter(feats, interactions(variant, feats), variant["negatives"])
    (cand,) = candidates_for(variant["ranker"], variant["l2"])
    scores = inner_scores(groups, game_parts(games, INNER_FOLDS), [cand], fitter)
    return scores[cand.name]


def scorer(variant: dict, groups, games, feats: list[str], ece: bool):
    """The variant's weighting model on the training groups (already cut to its columns ``feats``,
    so the calibration's out-of-fold models see the same columns), chosen (with ``select``, its
    features too) and calibrated as the training stage does
    (:func:`wordgames.guillotine.nested.fit_ranker`; the calibration only with ``ece``): the
    model's columns of a full candidate matrix (its own features, by name) and the model."""
    inter = interactions(variant, feats)
    model = fit_ranker(
        groups,
        games,
        feats,
        inter,
        ranker=variant["ranker"],
        l2=variant["l2"],
        negatives=variant["negatives"],
        calibration_folds=5 if ece else 0,
        calibration_parts=variant["calparts"],
        select=variant["select"],
    )
    return [L.FEATURES.index(f) for f in model.features], model


def load_links_resources(configfile: str):
    """The config and the links solver's resources; exit status 3 naming what is missing (the
    links table, the past games) when the pipeline has not built them (``make bench`` skips it)."""
    logging.basicConfig(level=logging.WARNING)
    cfg = load_config_file(configfile)
    try:
        # the variants train their own models: the pipeline's model.json is not needed
        base, _ = load_config_resources(cfg, "links", configfile, model=False)
    except WordgamesError as exc:
        print(f"missing: {exc}", file=sys.stderr)
        sys.exit(3)
    if base.links is None or base.past is None:
        print(
            "missing: the links table or the past games of this config: " + "; ".join(base.notes),
            file=sys.stderr,
        )
        sys.exit(3)
    return cfg, base


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument(
        "--sets",
        default=None,
        help="comma-separated game sets to score (default: every configured set)",
    )
    ap.add_argument(
        "--variant", action="append", default=[], help="a variant (repeatable; default: default)"
    )
    ap.add_argument("--ece", action="store_true", help="also fit the calibration and report ECE")
    ap.add_argument(
        "--inner",
        action="store_true",
        help="also score every variant by an inner 3-fold cross-validation of the training games",
    )
    ap.add_argument("--json-out", default=None, help="also write the rows as JSON lines here")
    args = ap.parse_args()
    cfg, base = load_links_resources(args.configfile)
    sets = configured_sets(cfg)
    wanted = args.sets.split(",") if args.sets else list(sets)
    missing = [s for s in wanted if s not in sets]
    if missing or not sets:
        print(f"missing: no game file for sets {missing} (have {sorted(sets)})", file=sys.stderr)
        sys.exit(3)
    folds, pool_games = E.make_folds(sets, base.past.games)
    full = PastGames(games=pool_games)
    needed = {E.game_key(g) for s in wanted for g in sets[s]}
    folds = [f for f in folds if f.name in sets and any(E.game_key(g) in needed for g in f.games)]
    variants = [parse_variant(v) for v in (args.variant or ["default"])]
    if args.inner and any(v["ranker"] == "auto" or v["select"] != "none" for v in variants):
        sys.exit(
            "--inner scores a fixed logit or lgbm variant; ranker=auto and select=groups make "
            "their own inner choice"
        )
    preds: dict[str, dict[tuple, dict]] = {v["name"]: {} for v in variants}
    choices: dict[str, list[str]] = {v["name"]: [] for v in variants}
    inner_rows: list[dict] = []
    for fold in folds:
        pool, train_games = E.fold_split(full, fold)
        cache: dict[str, tuple] = {}  # one fold's features at a time (about 0.5 GB per setting)
        for v in variants:
            key = json.dumps([v["params"]] + [v[k] for k in EVIDENCE_KEYS], sort_keys=True)
            if key not in cache:
                t0 = time.perf_counter()
                solver = make_solver(
                    "links", evidence(base, v), cfg.section("guillotine")["solver"], None
                )
                solver.p.update(v["params"])
                groups = E.training_groups(solver, train_games, pool)
                test = []
                for g in fold.games:
                    words, X, detail = solver.features(g.clues, pool)
                    test.append((g, words, X, detail[-1]))
                cache[key] = (groups, test)
                print(
                    f"# features of {fold.name} for {v['name']}: {time.perf_counter() - t0:.0f} s",
                    file=sys.stderr,
                )
            groups, test = cache[key]
            feats = [f for f in L.FEATURES if f not in v["drop"]]
            cols = [L.FEATURES.index(f) for f in feats]
            # one copy of the training groups' columns a variant, for the inner scores and the fit
            sub = [(X[:, cols], y) for X, y in groups]
            if args.inner:
                t0 = time.perf_counter()
                m = inner(v, sub, train_games, feats)
                inner_rows.append({"fold": fold.name, "variant": v["name"], **m})
                print(
                    f"# inner of {fold.name} for {v['name']}: mrr {m['mrr']:.4f}, "
                    f"acc {m['accuracy']:.4f}, R@10 {m['r_at_10']:.4f} "
                    f"({time.perf_counter() - t0:.0f} s)",
                    file=sys.stderr,
                )
            t0 = time.perf_counter()
            mcols, model = scorer(v, sub, train_games, feats, args.ece)
            line = f"{fold.name}: {describe_choice(model.info)}"
            if model.calibration is not None:
                maps = model.calibration.info.get("ece_cross_fit", {})
                line += "; calibration maps, cross-fitted ECE on the training folds: " + ", ".join(
                    f"{k} {x:.3f}" for k, x in maps.items()
                )
            choices[v["name"]].append(line)
            print(
                f"# model of {fold.name} for {v['name']}: {time.perf_counter() - t0:.0f} s; "
                f"{describe_choice(model.info)}",
                file=sys.stderr,
            )
            for g, words, X, pool_words in test:
                s = model.scores(X[:, mcols])
                order = np.argsort(-s, kind="stable")[:100]
                conf = 0.0
                if model.calibration is not None and len(X):
                    conf = float(model.confidences(model.probabilities(X[:, mcols])).max())
                preds[v["name"]][E.game_key(g)] = {
                    "rank": rank_of([words[k] for k in order], g.solution),
                    "confidence": conf,
                    "in_cut": g.solution in words,
                    "in_pool": g.solution in pool_words,
                }
    out = []
    print(
        f"{'set':<20} {'variant':<44} {'acc':>6} {'R@5':>6} {'R@10':>6} {'R@100':>6} "
        f"{'MRR':>6} {'cut':>6} {'pool':>6}" + (f" {'ECE':>6}" if args.ece else "")
    )
    for v in variants:
        for s in wanted:
            rows = [
                preds[v["name"]][E.game_key(g)]
                for g in sets[s]
                if E.game_key(g) in preds[v["name"]]
            ]
            m = summarize([r["rank"] for r in rows])
            m.update(
                {
                    "set": s,
                    "variant": v["name"],
                    "cut": sum(r["in_cut"] for r in rows) / len(rows),
                    "pool": sum(r["in_pool"] for r in rows) / len(rows),
                }
            )
            if args.ece:
                m["ece"] = E.calibration(rows)
            m["ranker"] = choices[v["name"]]
            out.append(m)
            print(
                f"{s:<20} {v['name']:<44} {m['accuracy']:6.3f} {m['r_at_5']:6.3f} "
                f"{m['r_at_10']:6.3f} {m['r_at_100']:6.3f} {m['mrr']:6.3f} {m['cut']:6.3f} "
                f"{m['pool']:6.3f}" + (f" {m['ece']:6.3f}" if args.ece else "")
            )
    for v in variants:
        for line in choices[v["name"]]:
            print(f"# {v['name']}: {line}")
    for r in inner_rows:
        print(
            f"# inner {r['fold']:<20} {r['variant']:<44} mrr {r['mrr']:.4f} "
            f"acc {r['accuracy']:.4f} R@10 {r['r_at_10']:.4f} ({r['games']} training games)"
        )
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
