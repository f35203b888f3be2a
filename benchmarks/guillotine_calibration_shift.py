"""Why a held-out game set's confidence can miss: the calibration's training view against the set.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_calibration_shift.py \\
        --configfile config/config.yaml

For every fold of the evaluation stage (same folds, training games and evidence as
:func:`wordgames.guillotine.evaluate.cross_validate`) it prints, side by side, the held-out set and the
out-of-fold predictions of the training games that the stage's calibration map is fitted on:
accuracy of the top answer, mean softmax p1, share of games whose solution passed the candidate cut,
and the mean of a few features of the top answer (if the two look alike but differ in accuracy, no
map of those inputs can be calibrated on both). Then the held-out ECE of three maps: the stage's
(Platt on 5 random out-of-fold parts), one fitted on predictions held out by game set (each source
set of the training games ranked by a model trained on the others), and the union of both.
Needs the pipeline's artifacts of the config; exits with status 3 and says what is missing otherwise.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial

import numpy as np
from guillotine_variants import load_links_resources  # this folder: run as a script

from wordgames.guillotine import evaluate as E
from wordgames.guillotine.evidence import PastGames
from wordgames.guillotine.games import configured_sets
from wordgames.guillotine.model import calibration_parts, fit_platt, out_of_fold, top_two
from wordgames.guillotine.solvers import links as L
from wordgames.guillotine.solvers import make_solver

SHOWN = ("cov_any", "cov_past", "past_prior", "cov_corpus", "zipf", "glove_mean")


def with_top(groups, preds) -> list[tuple]:
    """(p1, p2, hit, features of the top answer) per group; a group without candidates is a miss
    with p1 = p2 = 0."""
    out = []
    for (X, y), pred in zip(groups, preds, strict=True):
        if pred is None:
            out.append((0.0, 0.0, 0.0, np.zeros(len(L.FEATURES))))
        else:
            p1, p2, k = pred
            out.append((p1, p2, float(k == y), X[k]))
    return out


def columns(preds):
    p1, p2, hit, top = zip(*preds, strict=True)
    return np.array(p1), np.array(p2), np.array(hit), np.array(top)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    args = ap.parse_args()
    cfg, base = load_links_resources(args.configfile)
    sets = configured_sets(cfg)
    if not sets:
        print("missing: no game file of this config under its data_dir", file=sys.stderr)
        return 3
    folds, pool_games = E.make_folds(sets, base.past.games)
    full = PastGames(games=pool_games)
    fold_of = {E.game_key(g): f.name for f in folds for g in f.games}
    rows = []
    for fold in folds:
        if fold.name not in sets:
            continue
        pool, train_games = E.fold_split(full, fold)
        solver = make_solver("links", base, cfg.section("guillotine")["solver"], None)
        groups = E.training_groups(solver, train_games, pool)
        test = []
        for g in fold.games:
            words, X, _ = solver.features(g.clues, pool)
            test.append((X, words.index(g.solution) if g.solution in words else -1))
        fit_on = partial(E.fit_links_model, l2=cfg.section("guillotine")["solver"]["l2"])
        model = fit_on(groups)
        tests = [top_two(model.probabilities(X)) if len(X) else None for X, _ in test]
        t1, t2, th, tX = columns(with_top(test, tests))
        stage_parts = calibration_parts(len(groups))
        o1, o2, oh, oX = columns(with_top(groups, out_of_fold(groups, fit_on, stage_parts)))
        sources = [fold_of[E.game_key(g)] for g in train_games]
        s1, s2, sh, _ = columns(with_top(groups, out_of_fold(groups, fit_on, sources)))
        stage, by_set = fit_platt(o1, o2, oh), fit_platt(s1, s2, sh)
        union = fit_platt(np.r_[o1, s1], np.r_[o2, s2], np.r_[oh, sh])
        rows.append(
            {
                "fold": fold.name,
                "views": [
                    (f"held out ({len(test)})", th, t1, [y >= 0 for _, y in test], tX),
                    (
                        f"training, out-of-fold ({len(groups)})",
                        oh,
                        o1,
                        [y >= 0 for _, y in groups],
                        oX,
                    ),
                ],
                "ece": [
                    ("stage's map (5 random parts)", held_out_ece(stage(t1, t2), th)),
                    ("map on predictions held out by set", held_out_ece(by_set(t1, t2), th)),
                    ("map on both", held_out_ece(union(t1, t2), th)),
                ],
            }
        )
    cols = [L.FEATURES.index(f) for f in SHOWN]
    print(
        f"{'fold':<20} {'games':<30} {'acc':>6} {'p1':>6} {'in cut':>7} "
        + " ".join(f"{f:>10}" for f in SHOWN)
    )
    for r in rows:
        for label, hit, p1, in_cut, top in r["views"]:
            feats = " ".join(f"{v:10.2f}" for v in top[:, cols].mean(0))
            print(
                f"{r['fold']:<20} {label:<30} {hit.mean():6.3f} {p1.mean():6.3f} {np.mean(in_cut):7.3f} {feats}"
            )
    print()
    print(f"{'fold':<20} {'calibration map':<40} {'held-out ECE':>12}")
    for r in rows:
        for label, value in r["ece"]:
            print(f"{r['fold']:<20} {label:<40} {value:12.3f}")
    return 0


def held_out_ece(conf: np.ndarray, hit: np.ndarray) -> float:
    return E.calibration(
        [{"confidence": c, "rank": 1 if h else None} for c, h in zip(conf, hit, strict=True)]
    )


if __name__ == "__main__":
    sys.exit(main())
