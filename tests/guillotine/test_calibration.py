"""The confidence map: Platt scaling fitted on out-of-fold predictions, the "no confident answer"
threshold, the reliability bins and the expected calibration error."""

from __future__ import annotations

import numpy as np
import pytest

from wordgames.guillotine.evaluate import calibration, reliability, summary_row
from wordgames.guillotine.model import (
    Calibration,
    Model,
    choose_threshold,
    fit,
    fit_calibration,
    fit_platt,
)


def test_platt_recovers_a_known_map():
    # hits drawn with P(hit) = sigmoid(1.5 * logit(p1) + 0.5): the fit must find those numbers
    rng = np.random.default_rng(1)
    p1 = rng.uniform(0.05, 0.95, 20000)
    p2 = p1 * rng.uniform(0.05, 0.95, 20000)
    true = Calibration(np.array([1.5, 0.0]), 0.5)
    hit = (rng.uniform(size=p1.size) < true(p1, p2)).astype(float)
    cal = fit_platt(p1, p2, hit)
    assert cal.coef[0] == pytest.approx(1.5, abs=0.1)
    assert cal.coef[1] == pytest.approx(0.0, abs=0.1)
    assert cal.intercept == pytest.approx(0.5, abs=0.1)


def test_threshold_is_the_lowest_confidence_reaching_the_precision():
    conf = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
    hit = np.array([1, 1, 0, 1, 0, 0])
    # precision from the top: 1, 1, 2/3, 3/4, 3/5, 1/2
    assert choose_threshold(conf, hit, 0.75) == 0.6
    assert choose_threshold(conf, hit, 0.5) == 0.4
    assert choose_threshold(conf, hit, 1.0) == 0.8
    assert choose_threshold(conf, np.zeros(6), 0.5) == 1.0


def _games(n, rng, signal=1.5):
    groups = []
    for _ in range(n):
        X = rng.normal(size=(30, 2))
        y = int(rng.integers(30))
        X[y, 0] += signal
        groups.append((X, y if rng.uniform() < 0.8 else -1))  # 20% unreachable solutions
    return groups


def test_out_of_fold_calibration_is_calibrated_on_new_games():
    rng = np.random.default_rng(0)
    train, test = _games(600, rng), _games(2000, rng)

    def fit_on(gs):
        return fit(gs, ["a", "b"], l2=1.0, n_games=len(gs))

    model = fit_on(train)
    model.calibration = fit_calibration(train, fit_on, folds=5, precision=0.5)
    rows = []
    for X, y in test:
        conf = model.confidences(model.probabilities(X))
        top = int(np.argmax(conf))
        rows.append({"confidence": float(conf[top]), "rank": 1 if top == y else None})
    assert calibration(rows) < 0.03
    # the plain softmax (times the share of reachable solutions) is further off on the same games
    raw = []
    for X, y in test:
        p = model.probabilities(X) * model.coverage
        raw.append({"confidence": float(p.max()), "rank": 1 if int(np.argmax(p)) == y else None})
    assert calibration(raw) > calibration(rows)
    # the answers above the threshold are right about half of the time or more
    sure = [r for r in rows if r["confidence"] >= model.calibration.threshold]
    assert sure and sum(r["rank"] == 1 for r in sure) / len(sure) >= 0.45


def _one_feature_model(weight: float, coverage: float, calibration: Calibration) -> Model:
    return Model(
        ["a"], np.array([weight]), np.zeros(1), np.ones(1), coverage, calibration=calibration
    )


def test_confidences_keep_the_order_and_scale_to_the_calibrated_top():
    m = _one_feature_model(1.0, 0.8, Calibration(np.array([1.0, 0.0]), -1.0, 0.3))
    probs = np.array([0.6, 0.3, 0.1])
    conf = m.confidences(probs)
    assert conf[0] == pytest.approx(float(m.calibration(0.6, 0.3)[0]))
    assert conf[1] / conf[0] == pytest.approx(0.5) and np.all(np.diff(conf) < 0)
    # without a map: softmax times coverage, as old model files had it
    m.calibration = None
    assert m.confidences(probs) == pytest.approx(probs * 0.8)


def test_model_roundtrip_keeps_the_calibration(tmp_path):
    m = _one_feature_model(2.0, 0.5, Calibration(np.array([1.2, 0.3]), -0.7, 0.42, {"games": 10}))
    m.save(tmp_path / "m.json")
    m2 = Model.load(tmp_path / "m.json")
    assert m2.calibration.threshold == 0.42 and m2.calibration.info == {"games": 10}
    assert m2.calibration(0.5, 0.2) == pytest.approx(m.calibration(0.5, 0.2))


def test_reliability_bins_and_ece_by_hand():
    rows = [
        {"confidence": 0.1, "rank": None},
        {"confidence": 0.15, "rank": 1},
        {"confidence": 0.9, "rank": 1},
        {"confidence": 0.7, "rank": None},
    ]
    bins = reliability(rows, bins=5)
    assert [b["games"] for b in bins] == [2, 0, 0, 1, 1]
    assert bins[0]["mean_confidence"] == pytest.approx(0.125) and bins[0]["accuracy"] == 0.5
    # ECE = 2/4 * |0.125 - 0.5| + 1/4 * |0.7 - 0| + 1/4 * |0.9 - 1|
    assert calibration(rows, bins=5) == pytest.approx(0.5 * 0.375 + 0.25 * 0.7 + 0.25 * 0.1)


def test_summary_row_reports_answered_share_and_first_stage_recall():
    rows = [
        {
            "rank": 1,
            "seconds": 0.1,
            "confidence": 0.8,
            "confident": True,
            "cand_rank": 1,
            "pool_size": 10,
        },
        {
            "rank": 3,
            "seconds": 0.1,
            "confidence": 0.2,
            "confident": False,
            "cand_rank": 7,
            "pool_size": 10,
        },
        {
            "rank": None,
            "seconds": 0.1,
            "confidence": 0.1,
            "confident": False,
            "cand_rank": None,
            "pool_size": 10,
        },
    ]
    s = summary_row("x", "links", rows, cut=5)
    assert s["answered"] == pytest.approx(1 / 3) and s["answered_accuracy"] == 1.0
    assert s["pool_recall"] == pytest.approx(2 / 3) and s["cut_recall"] == pytest.approx(1 / 3)
