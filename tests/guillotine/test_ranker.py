"""The LightGBM ranker and the nested choice of the weighting model, on invented game sets whose
solution follows a known pattern: a band of one feature (no linear score can express it) or a
shift of one feature (the conditional logit is the right model)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.guillotine.invented_training import train_on_invented_games
from wordgames.guillotine.evaluate import calibration
from wordgames.guillotine.games import Game
from wordgames.guillotine.model import Model
from wordgames.guillotine.nested import (
    GRID,
    Candidate,
    Fitter,
    candidates_for,
    describe_choice,
    fit_ranker,
    game_parts,
    metrics_of,
    solution_rank,
)
from wordgames.guillotine.ranker import LgbmModel, fit_lgbm, load_model, truncated

pytest.importorskip("lightgbm")

BAND = ["a", "b", "c"]


def band_games(n, rng, reach=1.0, m=40):
    """The solution's ``a`` lies in (-0.15, 0.15) (others: standard normal) and its ``b`` is
    shifted up by 1; ``reach``: share of games whose solution is among the candidates."""
    groups = []
    for _ in range(n):
        X = rng.normal(size=(m, 3))
        y = int(rng.integers(m))
        X[y, 0] = rng.uniform(-0.15, 0.15)
        X[y, 1] += 1.0
        groups.append((X, y if rng.uniform() < reach else -1))
    return groups


def linear_games(n, rng, m=30, d=10):
    """Only the first of ``d`` features carries the solution (shifted by 1.5): a linear pattern."""
    groups = []
    for _ in range(n):
        X = rng.normal(size=(m, d))
        y = int(rng.integers(m))
        X[y, 0] += 1.5
        groups.append((X, y))
    return groups


def accuracy(model, groups) -> float:
    return metrics_of([solution_rank(model.scores(X), y) for X, y in groups])["accuracy"]


def test_lgbm_learns_a_pattern_the_logit_cannot_express():
    rng = np.random.default_rng(0)
    train, test = band_games(400, rng), band_games(800, rng)
    fitter = Fitter(BAND, [])
    logit = fitter(Candidate("logit", l2=1.0), train)
    trees = fitter(Candidate("lgbm", num_leaves=7, n_estimators=200), train)
    assert isinstance(trees, LgbmModel) and isinstance(logit, Model)
    # the band is worth ~3 times the logit's accuracy (0.45 against 0.16 when written)
    assert accuracy(trees, test) > accuracy(logit, test) + 0.15


def test_auto_picks_the_trees_on_the_band_and_records_every_inner_score():
    rng = np.random.default_rng(1)
    train = band_games(300, rng)
    m = fit_ranker(train, None, BAND, [], ranker="auto", calibration_folds=0)
    choice = m.info["ranker"]
    assert choice["setting"] == "auto" and choice["criterion"] == "mrr"
    assert choice["chosen"].startswith("lgbm") and isinstance(m, LgbmModel)
    assert set(choice["inner"]) == {c.name for c in GRID}
    best = max(choice["inner"].values(), key=lambda s: s["mrr"])
    assert choice["inner"][choice["chosen"]] == best
    assert "inner 3-fold mrr" in describe_choice(m.info)


def test_auto_picks_the_logit_on_a_linear_pattern():
    rng = np.random.default_rng(2)
    train = linear_games(150, rng)
    feats = [f"x{k}" for k in range(10)]
    m = fit_ranker(train, None, feats, [], ranker="auto", calibration_folds=0)
    assert m.info["ranker"]["chosen"].startswith("logit") and isinstance(m, Model)


def test_the_choice_depends_on_the_training_groups_only():
    # the same training games with different other (held-out) games: same choice, same scores
    rng = np.random.default_rng(3)
    train = band_games(120, rng)
    a = fit_ranker(train, None, BAND, [], ranker="auto", calibration_folds=0)
    band_games(50, rng)  # what an evaluated set would be: never passed in
    b = fit_ranker(list(train), None, BAND, [], ranker="auto", calibration_folds=0)
    assert a.info["ranker"] == b.info["ranker"]
    X = band_games(1, np.random.default_rng(9))[0][0]
    assert np.array_equal(a.scores(X), b.scores(X))
    # one training game changed does change what the inner folds see
    changed = [(X * 0 + 1.0, 0), *train[1:]]
    c = fit_ranker(changed, None, BAND, [], ranker="auto", calibration_folds=0)
    assert c.info["ranker"]["inner"] != a.info["ranker"]["inner"]


def test_fixed_settings_fit_one_model_without_an_inner_search():
    rng = np.random.default_rng(4)
    train = band_games(60, rng)
    logit = fit_ranker(train, None, BAND, [], ranker="logit", l2=3.0, calibration_folds=0)
    assert logit.info["ranker"] == {"setting": "logit", "chosen": "logit(l2=3)"}
    assert logit.info["l2"] == 3.0
    assert candidates_for("lgbm", 1.0)[0].name == "lgbm(leaves=15,trees=500)"
    with pytest.raises(ValueError, match="unknown ranker"):
        candidates_for("forest", 1.0)
    # too few games for a booster: the logit, and the model says why
    few = fit_ranker(band_games(12, rng), None, BAND, [], ranker="lgbm", calibration_folds=0)
    assert isinstance(few, Model) and few.info["ranker"]["chosen"] == "logit(l2=1)"
    assert "logit only" in few.info["ranker"]["note"]
    # every candidate of a training game instead of a sample, for both kinds
    many = band_games(40, rng, m=400)
    for kind in ("logit", "lgbm"):
        m = fit_ranker(many, None, BAND, [], ranker=kind, negatives=None, calibration_folds=0)
        assert m.info["negatives_per_game"] in (None, 10**9)
    sampled = fit_ranker(many, None, BAND, [], ranker="lgbm", negatives=50, calibration_folds=0)
    assert sampled.booster_text != m.booster_text


def test_save_and_load_give_identical_scores_and_confidences(tmp_path):
    rng = np.random.default_rng(5)
    train = band_games(200, rng, reach=0.8)
    m = fit_ranker(train, None, BAND, [], ranker="lgbm", calibration_folds=5)
    m.save(tmp_path / "model.json")
    again = load_model(tmp_path / "model.json")
    assert isinstance(again, LgbmModel) and again.features == BAND
    for X, _ in band_games(20, rng):
        assert np.array_equal(again.scores(X), m.scores(X))
        p = m.probabilities(X)
        assert np.array_equal(again.probabilities(X), p)
        assert np.array_equal(again.confidences(p), m.confidences(p))
    assert again.temperature == m.temperature and again.coverage == m.coverage
    assert again.calibration.threshold == m.calibration.threshold
    assert again.info["ranker"]["chosen"] == "lgbm(leaves=15,trees=500)"
    # a logit file still loads as a logit
    logit = fit_ranker(train, None, BAND, [], calibration_folds=0)
    logit.save(tmp_path / "logit.json")
    assert isinstance(load_model(tmp_path / "logit.json"), Model)


def test_the_first_trees_of_a_booster_are_the_smaller_fit():
    rng = np.random.default_rng(6)
    train = band_games(150, rng)
    big = fit_lgbm(train, BAND, num_leaves=7, n_estimators=120)
    small = fit_lgbm(train, BAND, num_leaves=7, n_estimators=40)
    X = band_games(1, rng)[0][0]
    assert np.allclose(truncated(big, 40).scores(X), small.scores(X), rtol=0, atol=1e-12)
    assert not np.allclose(big.scores(X), small.scores(X))


def test_calibrated_lgbm_confidence_is_calibrated_on_fresh_games():
    rng = np.random.default_rng(7)
    train, fresh = band_games(600, rng, reach=0.8), band_games(2000, rng, reach=0.8)
    m = fit_ranker(train, None, BAND, [], ranker="lgbm", calibration_folds=5)
    rows = []
    for X, y in fresh:
        conf = m.confidences(m.probabilities(X))
        top = int(np.argmax(conf))
        rows.append({"confidence": float(conf[top]), "rank": 1 if top == y else None})
    assert calibration(rows) < 0.05
    # the softmax of the scores alone (times coverage) is further off
    raw = []
    for X, y in fresh:
        p = m.probabilities(X) * m.coverage
        raw.append({"confidence": float(p.max()), "rank": 1 if int(np.argmax(p)) == y else None})
    assert calibration(raw) > calibration(rows)
    # the three maps were compared on the training games' out-of-fold predictions
    assert set(m.calibration.info["ece_cross_fit"]) == {"sigmoid", "isotonic"}


def test_game_parts_keep_near_duplicates_together():
    games = [Game((f"a{k}", f"b{k}", f"c{k}", f"d{k}", f"e{k}"), "x") for k in range(30)]
    # game 30 shares four clues with game 3, game 31 four with game 30: one group of three
    games.append(Game(("a3", "b3", "c3", "d3", "z"), "x"))
    games.append(Game(("a3", "b3", "c3", "z", "w"), "x"))
    games.append(Game(("a3", "b3", "c3", "d3", "w"), "y"))
    part = game_parts(games, 3)
    assert part[3] == part[30] == part[32]
    assert part[31] == part[30]  # shares a3 b3 c3 z with game 30
    sizes = np.bincount(part, minlength=3)
    assert sizes.max() - sizes.min() <= 3
    assert np.array_equal(part, game_parts(games, 3))


def test_solution_rank_counts_ties_against_the_solution():
    assert solution_rank(np.array([1.0, 1.0, 0.0]), 0) == 2
    assert solution_rank(np.array([3.0, 1.0, 2.0]), 0) == 1
    assert solution_rank(np.array([3.0]), -1) is None
    m = metrics_of([1, 4, None, 20])
    assert m["mrr"] == pytest.approx((1 + 0.25 + 0.05) / 4) and m["r_at_10"] == 0.5


def test_the_training_stage_writes_an_lgbm_model_the_service_solves_with(config, tmp_path):
    from wordgames.guillotine.service import GuillotineService
    from wordgames.guillotine.solvers.links_features import FEATURES

    # enough games for the booster (the fixture's four games would leave it the logit)
    data = train_on_invented_games(config, tmp_path, ranker="lgbm")
    assert data["ranker"] == "lgbm" and data["features"] == FEATURES
    assert data["info"]["ranker"] == {"setting": "lgbm", "chosen": "lgbm(leaves=15,trees=500)"}
    service = GuillotineService.from_config(config)
    assert isinstance(service.solver.model, LgbmModel)
    solution = service.solve(["pane", "gioco", "testa", "osso", "zoccolo"], top=5)
    assert solution.result.answers
    assert all(0.0 <= a.confidence <= 1.0 for a in solution.result.answers)
