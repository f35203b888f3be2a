"""A small weighting model: conditional logit (softmax over a game's candidates) in numpy.

``P(answer = t | game) = exp(w . z(t)) / sum_u exp(w . z(u))`` over the game's candidates, with ``z``
the standardised features. Trained by L-BFGS (scipy) on the negative log-likelihood of the solutions
plus an L2 penalty, on development games only. The confidence shown to users is that probability times
``coverage``: the share of training games whose solution was among the candidates at all, so that it
estimates the probability of being right.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np

from wordgames.artifacts import atomic_open


@dataclass
class Model:
    features: list[str]
    weights: np.ndarray
    mean: np.ndarray
    std: np.ndarray
    coverage: float = 1.0
    info: dict = field(default_factory=dict)
    interactions: list[tuple[int, int]] = field(default_factory=list)

    def expand(self, X: np.ndarray) -> np.ndarray:
        return expand(X, self.interactions)

    def scores(self, X: np.ndarray) -> np.ndarray:
        return ((self.expand(X) - self.mean) / self.std) @ self.weights

    def probabilities(self, X: np.ndarray) -> np.ndarray:
        s = self.scores(X)
        if s.size == 0:
            return s
        e = np.exp(s - s.max())
        return e / e.sum()

    def to_json(self) -> dict:
        return {
            "features": self.features,
            "weights": self.weights.tolist(),
            "mean": self.mean.tolist(),
            "std": self.std.tolist(),
            "coverage": self.coverage,
            "interactions": [list(p) for p in self.interactions],
            "info": self.info,
        }

    def save(self, path: str | os.PathLike) -> None:
        with atomic_open(path) as fh:
            json.dump(self.to_json(), fh, indent=1)

    @classmethod
    def from_json(cls, data: dict) -> Model:
        return cls(
            list(data["features"]),
            np.asarray(data["weights"], float),
            np.asarray(data["mean"], float),
            np.asarray(data["std"], float),
            float(data.get("coverage", 1.0)),
            dict(data.get("info", {})),
            [tuple(p) for p in data.get("interactions", [])],
        )

    @classmethod
    def load(cls, path: str | os.PathLike) -> Model:
        with open(path, encoding="utf-8") as fh:
            return cls.from_json(json.load(fh))


def expand(X: np.ndarray, interactions) -> np.ndarray:
    """The features plus the products of the listed pairs of columns."""
    if not interactions:
        return X
    return np.column_stack([X] + [X[:, a] * X[:, b] for a, b in interactions])


def sample_negatives(X: np.ndarray, y: int, k: int, rng) -> tuple[np.ndarray, int]:
    """The solution and ``k`` other candidates drawn uniformly (McFadden: the conditional logit
    stays consistent on uniformly sampled choice sets)."""
    if len(X) <= k + 1:
        return X, y
    others = np.delete(np.arange(len(X)), y)
    pick = np.sort(np.concatenate([[y], rng.choice(others, size=k, replace=False)]))
    return X[pick], int(np.searchsorted(pick, y))


def fit(
    groups: list[tuple[np.ndarray, int]],
    features: list[str],
    l2: float = 1.0,
    n_games: int | None = None,
    info: dict | None = None,
    interactions: list[tuple[int, int]] | None = None,
    negatives: int = 300,
    seed: int = 0,
) -> Model:
    """Fit on ``groups``: (candidate feature matrix, index of the solution or -1 when absent).

    Games whose solution is not a candidate count towards ``coverage`` but carry no gradient.
    ``interactions`` lists pairs of feature columns whose product is added as a feature.
    """
    from scipy.optimize import minimize

    inter = [tuple(p) for p in (interactions or [])]
    rng = np.random.default_rng(seed)
    usable = [sample_negatives(X, y, negatives, rng) for X, y in groups if y >= 0 and len(X) > 1]
    usable = [(expand(X, inter), y) for X, y in usable]
    total = n_games if n_games is not None else len(groups)
    coverage = sum(1 for _, y in groups if y >= 0) / total if total else 0.0
    d = len(features) + len(inter)
    if not usable:
        return Model(features, np.zeros(d), np.zeros(d), np.ones(d), coverage, info or {}, inter)
    allX = np.concatenate([X for X, _ in usable])
    mean = allX.mean(axis=0)
    std = allX.std(axis=0)
    std[std < 1e-9] = 1.0
    Zs = [((X - mean) / std, y) for X, y in usable]
    Z = np.concatenate([z for z, _ in Zs])
    bounds = np.cumsum([0] + [len(z) for z, _ in Zs])
    ys = np.array([b + y for b, (_, y) in zip(bounds[:-1], Zs, strict=True)])
    seg = np.repeat(np.arange(len(Zs)), np.diff(bounds))

    def objective(w):
        s = Z @ w
        mx = np.maximum.reduceat(s, bounds[:-1])
        e = np.exp(s - mx[seg])
        tot = np.add.reduceat(e, bounds[:-1])
        lse = mx + np.log(tot)
        nll = float(np.sum(lse - s[ys])) + 0.5 * l2 * float(w @ w)
        p = e / tot[seg]
        grad = Z.T @ p - Z[ys].sum(axis=0) + l2 * w
        return nll, grad

    res = minimize(objective, np.zeros(d), jac=True, method="L-BFGS-B", options={"maxiter": 300})
    meta = dict(info or {})
    meta.update(
        {
            "games": total,
            "games_with_solution_candidate": len(usable),
            "nll": float(res.fun),
            "l2": l2,
            "negatives_per_game": negatives,
            "iterations": int(res.nit),
        }
    )
    return Model(features, res.x, mean, std, coverage, meta, inter)
