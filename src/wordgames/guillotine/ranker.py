"""A learned ranker beside the conditional logit: LightGBM ``lambdarank`` over the same features.

Gradient-boosted trees can express what a linear score cannot (thresholds, "strong on every clue
but rare", interactions nobody listed), at the price of needing more games to learn from. It is
trained on the same groups as the logit (:func:`wordgames.guillotine.model.fit`: each training game's
solution and uniformly sampled other candidates, label 1 for the solution), one query per game.

Its scores have no probabilistic scale; its "probabilities" are a softmax of the scores within a
game (temperature 1), and its confidence goes through the same out-of-fold calibration map as the
logit's (:func:`wordgames.guillotine.model.fit_calibration`), whose two inputs (logit of the top
probability, log-ratio of the top two) absorb the scale. A temperature fitted by maximum likelihood
on the training games themselves was tried and calibrated worse: boosted trees fit their own
training games to a degree that varies from fold to fold, so the out-of-fold predictions the map
learns from mixed different sharpness (synthetic band games, 600 training / 2000 fresh, 4 seeds:
fresh ECE 0.014-0.059 with it, 0.019-0.042 without; cross-fitted ECE on the training folds
0.014-0.094 with it, 0.011-0.024 without). The booster is stored as LightGBM's model text
inside ``model.json`` (``"ranker": "lgbm"``), so the training stage keeps its single output;
:func:`load_model` reads either kind.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np

from wordgames.guillotine.model import (
    Calibration,
    Model,
    WeightingModel,
    sample_negatives,
    softmax,
)

#: LightGBM settings every fit shares (the grid varies num_leaves and the number of trees).
BASE_PARAMS = {
    "objective": "lambdarank",
    "learning_rate": 0.05,
    "min_data_in_leaf": 50,
    "feature_fraction": 0.8,
    "bagging_fraction": 1.0,
    "lambdarank_truncation_level": 30,
    "verbose": -1,
    "deterministic": True,
    "force_row_wise": True,
}


@dataclass
class LgbmModel(WeightingModel):
    """A LightGBM ranker with the interface the links solver uses (:class:`Model`'s)."""

    features: list[str]
    booster_text: str
    temperature: float = 1.0
    coverage: float = 1.0
    info: dict = field(default_factory=dict)
    calibration: Calibration | None = None
    num_iteration: int | None = None
    threads: int = 1
    _booster: object = field(default=None, repr=False, compare=False)

    @property
    def booster(self):
        if self._booster is None:
            import lightgbm as lgb

            self._booster = lgb.Booster(model_str=self.booster_text)
        return self._booster

    def scores(self, X: np.ndarray) -> np.ndarray:
        if len(X) == 0:
            return np.zeros(0)
        return np.asarray(
            self.booster.predict(
                np.asarray(X, dtype=np.float64),
                num_iteration=self.num_iteration,
                num_threads=self.threads,
            ),
            dtype=np.float64,
        )

    def probabilities(self, X: np.ndarray) -> np.ndarray:
        return softmax(self.scores(X) / self.temperature)

    def to_json(self) -> dict:
        out = {
            "ranker": "lgbm",
            "features": self.features,
            "temperature": self.temperature,
            "coverage": self.coverage,
            "num_iteration": self.num_iteration,
            "info": self.info,
            "booster": self.booster_text,
        }
        if self.calibration is not None:
            out["calibration"] = self.calibration.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict) -> LgbmModel:
        cal = data.get("calibration")
        return cls(
            list(data["features"]),
            str(data["booster"]),
            float(data.get("temperature", 1.0)),
            float(data.get("coverage", 1.0)),
            dict(data.get("info", {})),
            Calibration.from_json(cal) if cal else None,
            data.get("num_iteration"),
        )


def model_from_json(data: dict) -> Model | LgbmModel:
    """Either kind of weighting model from its JSON (no ``ranker`` key: a logit, as old files)."""
    kind = data.get("ranker", "logit")
    if kind == "lgbm":
        return LgbmModel.from_json(data)
    if kind != "logit":
        raise ValueError(f"weighting model of unknown kind {kind!r}")
    return Model.from_json(data)


def load_model(path: str | os.PathLike) -> Model | LgbmModel:
    with open(path, encoding="utf-8") as fh:
        return model_from_json(json.load(fh))


def fit_lgbm(
    groups: list[tuple[np.ndarray, int]],
    features: list[str],
    num_leaves: int = 15,
    n_estimators: int = 500,
    negatives: int | None = 300,
    seed: int = 0,
    threads: int = 1,
    info: dict | None = None,
    params: dict | None = None,
) -> LgbmModel:
    """A lambdarank booster on ``groups`` (candidate matrix, index of the solution or -1); games
    without the solution among their candidates count towards ``coverage`` only. ``negatives``:
    other candidates sampled per game (None: all of them)."""
    import lightgbm as lgb

    rng = np.random.default_rng(seed)
    usable = [
        sample_negatives(X, y, negatives, rng) if negatives is not None else (X, y)
        for X, y in groups
        if y >= 0 and len(X) > 1
    ]
    coverage = sum(1 for _, y in groups if y >= 0) / len(groups) if groups else 0.0
    meta = dict(info or {})
    meta.update(
        {
            "games": len(groups),
            "games_with_solution_candidate": len(usable),
            "num_leaves": num_leaves,
            "n_estimators": n_estimators,
            "negatives_per_game": negatives,
        }
    )
    if not usable:
        raise ValueError("no training game has its solution among the candidates")
    X = np.concatenate([x for x, _ in usable]).astype(np.float64)
    label = np.concatenate([(np.arange(len(x)) == y).astype(np.float64) for x, y in usable])
    ds = lgb.Dataset(
        X,
        label,
        group=[len(x) for x, _ in usable],
        feature_name=[f"f{k}" for k in range(X.shape[1])],
        params={"verbose": -1},
        free_raw_data=True,
    )
    p = {**BASE_PARAMS, **(params or {})}
    p.update({"num_leaves": num_leaves, "seed": seed, "num_threads": threads})
    booster = lgb.train(p, ds, num_boost_round=n_estimators)
    model = LgbmModel(
        list(features),
        booster.model_to_string(),
        coverage=coverage,
        info=meta,
        threads=threads,
    )
    model._booster = booster
    return model


def truncated(model: LgbmModel, n_estimators: int) -> LgbmModel:
    """The same booster scoring with its first ``n_estimators`` trees: what a fit with that many
    trees and the same settings gives (boosting adds trees one after the other), so the inner
    cross-validation scores both tree counts with one fit."""
    out = LgbmModel(
        model.features,
        model.booster_text,
        model.temperature,
        model.coverage,
        {**model.info, "n_estimators": n_estimators},
        model.calibration,
        n_estimators,
        model.threads,
    )
    out._booster = model._booster
    return out
