"""Variants of the links solver on held-out folds, side by side: the experiment loop behind the
variant tables of docs/guillotine.md.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_variants.py \
        --configfile config/local-it.yaml --folds evalita2020_dev,nlp4fun2018_train \
        --variant default --variant 'l2=0.3' --variant 'drop=cov_gloss,cov_synonym' \
        --variant 'params={"pool_forms": true}'

Folds, training games and past-game evidence exactly as the guillotine-eval stage
(:func:`wordgames.guillotine.evaluate.make_folds`; every game sharing >= 4 clues with the fold is
left out of both). The features of a fold's training and test games are computed once per solver
parameter set and reused by every variant that only changes the model (``l2``, ``drop``, ``ranker``).
A variant is ``default`` or ``;``-separated ``key=value`` settings: ``params=<json solver params>``,
``l2=<float>``, ``drop=<features>``, ``inter=0`` (no interaction terms), ``negatives=<int>``
(candidates sampled per training game besides the solution; 300 by default), ``ranker=lgbm`` (LightGBM
lambdarank, needs ``pip install lightgbm``; it is not a dependency of the project).
Needs the pipeline's artifacts for that config (guillotine-links, GloVe) and its game files; without
them it says what is missing and exits with status 3 (``make bench`` reports it as skipped).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time

import numpy as np

from wordgames.config import load_config_file
from wordgames.errors import WordgamesError
from wordgames.guillotine import evaluate as E
from wordgames.guillotine.evidence import PastGames
from wordgames.guillotine.games import read_games
from wordgames.guillotine.metrics import rank_of, summarize
from wordgames.guillotine.model import fit
from wordgames.guillotine.solvers import links as L
from wordgames.guillotine.solvers import load_config_resources, make_solver


def parse_variant(text: str) -> dict:
    v = {
        "name": text,
        "params": {},
        "l2": 1.0,
        "drop": [],
        "inter": True,
        "ranker": "logit",
        "negatives": 300,
    }
    if text == "default":
        return v
    for part in text.split(";"):
        key, _, value = part.partition("=")
        key = key.strip()
        if key == "params":
            v["params"] = json.loads(value)
        elif key == "l2":
            v["l2"] = float(value)
        elif key == "drop":
            v["drop"] = [f for f in value.split(",") if f]
            unknown = [f for f in v["drop"] if f not in L.FEATURES]
            if unknown:
                sys.exit(f"variant {text!r}: unknown features {unknown}")
        elif key == "inter":
            v["inter"] = value.strip() not in ("0", "false", "no")
        elif key == "ranker":
            v["ranker"] = value.strip()
        elif key == "negatives":
            v["negatives"] = int(value)
        else:
            sys.exit(
                f"variant {text!r}: unknown setting {key!r} (params, l2, drop, inter, ranker, negatives)"
            )
    return v


def scorer(variant: dict, groups, cols: list[int], feats: list[str]):
    if variant["ranker"] == "lgbm":
        try:
            import lightgbm as lgb
        except ImportError:
            sys.exit("ranker=lgbm needs LightGBM: pip install lightgbm")
        use = [(X[:, cols], y) for X, y in groups if y >= 0 and len(X) > 1]
        labels = [np.arange(len(X)) == y for X, y in use]
        ds = lgb.Dataset(
            np.concatenate([X for X, _ in use]),
            np.concatenate(labels),
            group=[len(X) for X, _ in use],
        )
        booster = lgb.train(
            {
                "objective": "lambdarank",
                "learning_rate": 0.03,
                "num_leaves": 15,
                "min_data_in_leaf": 50,
                "feature_fraction": 0.8,
                "verbose": -1,
                "lambdarank_truncation_level": 20,
                "seed": 0,
            },
            ds,
            num_boost_round=600,
        )
        return lambda X: booster.predict(X[:, cols])
    names = [f for f in L.INTERACT if f in feats] if variant["inter"] else []
    inter = [(feats.index(a), feats.index(b)) for k, a in enumerate(names) for b in names[k:]]
    model = fit(
        [(X[:, cols], y) for X, y in groups],
        feats,
        l2=variant["l2"],
        n_games=len(groups),
        interactions=inter,
        negatives=variant["negatives"],
    )
    return lambda X: model.scores(X[:, cols])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument(
        "--folds",
        default="evalita2020_dev",
        help="comma-separated game sets to hold out (names in guillotine.games)",
    )
    ap.add_argument(
        "--variant", action="append", default=[], help="a variant (repeatable; default: default)"
    )
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    cfg = load_config_file(args.configfile)
    try:
        res, _ = load_config_resources(cfg, "links", args.configfile)
    except WordgamesError as exc:
        print(f"missing: {exc}", file=sys.stderr)
        sys.exit(3)
    if res.links is None or res.past is None:
        print(
            "missing: the links table or the past games of this config: " + "; ".join(res.notes),
            file=sys.stderr,
        )
        sys.exit(3)
    sets = {}
    for name, value in cfg.section("guillotine")["games"].items():
        p = cfg.data_path(value)
        if p is not None and p.exists():
            sets[name] = [g for g in read_games(p) if g.solution]
    wanted = args.folds.split(",")
    missing = [f for f in wanted if f not in sets]
    if missing:
        print(f"missing: no game file for folds {missing} (have {sorted(sets)})", file=sys.stderr)
        sys.exit(3)
    folds, pool_games = E.make_folds(sets, res.past.games)
    full = PastGames(games=pool_games)
    variants = [parse_variant(v) for v in (args.variant or ["default"])]
    features: dict[tuple, tuple] = {}
    rows = []
    for fold in (f for f in folds if f.name in wanted):
        pool, train_games = E.fold_split(full, fold)
        features.clear()  # one fold's features at a time (about 0.5 GB per solver setting)
        for v in variants:
            key = (fold.name, json.dumps(v["params"], sort_keys=True))
            if key not in features:
                t0 = time.perf_counter()
                solver = make_solver("links", res, cfg.section("guillotine")["solver"], None)
                solver.p.update(v["params"])
                groups = E.training_groups(solver, train_games, pool)
                test = [(*solver.features(g.clues, pool)[:2], g.solution) for g in fold.games]
                features[key] = (groups, test)
                print(
                    f"# features of {fold.name} with params {v['params']}: "
                    f"{time.perf_counter() - t0:.0f} s",
                    file=sys.stderr,
                )
            groups, test = features[key]
            feats = [f for f in L.FEATURES if f not in v["drop"]]
            cols = [L.FEATURES.index(f) for f in feats]
            score = scorer(v, groups, cols, feats)
            ranks = []
            for words, X, solution in test:
                order = np.argsort(-score(X), kind="stable")[:100]
                ranks.append(rank_of([words[k] for k in order], solution))
            m = summarize(ranks)
            reach = sum(1 for words, _, solution in test if solution in words)
            rows.append((fold.name, v["name"], m, reach, len(test)))
    print(
        f"{'fold':<20} {'variant':<40} {'acc':>6} {'R@5':>6} {'R@10':>6} {'R@100':>6} "
        f"{'MRR':>6} {'reach':>8}"
    )
    for fold, name, m, reach, n in rows:
        print(
            f"{fold:<20} {name:<40} {m['accuracy']:6.3f} {m['r_at_5']:6.3f} {m['r_at_10']:6.3f} "
            f"{m['r_at_100']:6.3f} {m['mrr']:6.3f} {reach:>4}/{n}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
