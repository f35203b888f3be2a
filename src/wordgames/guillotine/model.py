"""A small weighting model: conditional logit (softmax over a game's candidates) in numpy.

``P(answer = t | game) = exp(w . z(t)) / sum_u exp(w . z(u))`` over the game's candidates, with ``z``
the standardised features. Trained by Newton's method on the negative log-likelihood of the solutions
plus an L2 penalty (convex: the minimum is unique), on development games only.

The confidence shown to users is the probability that the top answer is right. A softmax trained on
games whose solution was a candidate is over-confident (its probabilities ignore the games where the
solution is not reachable, and the model fits its own training games), so a :class:`Calibration`
maps the top answer's softmax probability and its margin over the second to that probability: a
logistic (Platt) map, scikit-learn's ``LogisticRegression``, fitted on out-of-fold predictions of
the training games only (:func:`fit_calibration`; the LightGBM ranker of
:mod:`wordgames.guillotine.ranker` shares it). Without one (an old model file) the confidence is the softmax probability
times ``coverage``, the share of training games whose solution was a candidate at all.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np

from wordgames.artifacts import atomic_open


@dataclass
class Calibration:
    """P(top answer right) = sigmoid(a . z + b), z = (logit p1, log p1/p2) of the softmax
    probabilities p1 >= p2 of the two best candidates; ``threshold``: below it the answer is not
    confident (chosen on the training games, see :func:`fit_calibration`)."""

    coef: np.ndarray
    intercept: float
    threshold: float = 0.0
    info: dict = field(default_factory=dict)

    @staticmethod
    def inputs(p1: np.ndarray, p2: np.ndarray) -> np.ndarray:
        eps = 1e-9
        p1 = np.clip(np.asarray(p1, float), eps, 1 - eps)
        p2 = np.clip(np.asarray(p2, float), eps, 1.0)
        return np.column_stack([np.log(p1 / (1 - p1)), np.log(np.maximum(p1 / p2, 1.0))])

    def __call__(self, p1, p2) -> np.ndarray:
        z = self.inputs(np.atleast_1d(p1), np.atleast_1d(p2)) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def to_json(self) -> dict:
        return {
            "coef": self.coef.tolist(),
            "intercept": self.intercept,
            "threshold": self.threshold,
            "info": self.info,
        }

    @classmethod
    def from_json(cls, data: dict) -> Calibration:
        return cls(
            np.asarray(data["coef"], float),
            float(data["intercept"]),
            float(data.get("threshold", 0.0)),
            dict(data.get("info", {})),
        )


class WeightingModel:
    """What every weighting model shares (the logit, ``ranker.LgbmModel``): calibrated
    confidences from ``calibration`` and ``coverage``, and saving its ``to_json`` as model.json."""

    calibration: Calibration | None
    coverage: float

    def to_json(self) -> dict:
        raise NotImplementedError

    def confidences(self, probs: np.ndarray) -> np.ndarray:
        return calibrated_confidences(probs, self.calibration, self.coverage)

    def save(self, path: str | os.PathLike) -> None:
        with atomic_open(path) as fh:
            json.dump(self.to_json(), fh, indent=1)


@dataclass
class Model(WeightingModel):
    features: list[str]
    weights: np.ndarray
    mean: np.ndarray
    std: np.ndarray
    coverage: float = 1.0
    info: dict = field(default_factory=dict)
    interactions: list[tuple[int, int]] = field(default_factory=list)
    calibration: Calibration | None = None

    def expand(self, X: np.ndarray) -> np.ndarray:
        return expand(X, self.interactions)

    def scores(self, X: np.ndarray) -> np.ndarray:
        return ((self.expand(X) - self.mean) / self.std) @ self.weights

    def probabilities(self, X: np.ndarray) -> np.ndarray:
        return softmax(self.scores(X))

    def to_json(self) -> dict:
        out = {
            "ranker": "logit",
            "features": self.features,
            "weights": self.weights.tolist(),
            "mean": self.mean.tolist(),
            "std": self.std.tolist(),
            "coverage": self.coverage,
            "interactions": [list(p) for p in self.interactions],
            "info": self.info,
        }
        if self.calibration is not None:
            out["calibration"] = self.calibration.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict) -> Model:
        cal = data.get("calibration")
        return cls(
            list(data["features"]),
            np.asarray(data["weights"], float),
            np.asarray(data["mean"], float),
            np.asarray(data["std"], float),
            float(data.get("coverage", 1.0)),
            dict(data.get("info", {})),
            [tuple(p) for p in data.get("interactions", [])],
            Calibration.from_json(cal) if cal else None,
        )

    @classmethod
    def load(cls, path: str | os.PathLike) -> Model:
        with open(path, encoding="utf-8") as fh:
            return cls.from_json(json.load(fh))


def softmax(s: np.ndarray) -> np.ndarray:
    """exp(s) normalised over one game's candidates (empty for no candidates)."""
    if s.size == 0:
        return s
    e = np.exp(s - s.max())
    return e / e.sum()


def calibrated_confidences(
    probs: np.ndarray, calibration: Calibration | None, coverage: float
) -> np.ndarray:
    """Confidence of every candidate: the calibrated probability that the top one is right,
    shared among the candidates in proportion to their softmax probabilities (every ranker's
    confidences; without a map, softmax times ``coverage``)."""
    if probs.size == 0:
        return probs
    if calibration is None:
        return probs * coverage
    top2 = -np.sort(-probs)[:2]
    p1 = top2[0]
    p2 = top2[1] if len(top2) > 1 else 1e-9
    c1 = float(calibration(p1, p2)[0])
    return np.minimum(probs * (c1 / max(p1, 1e-12)), 1.0)


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
    w, nll, iterations = newton_logit(Z, bounds, ys, l2)
    meta = dict(info or {})
    meta.update(
        {
            "games": total,
            "games_with_solution_candidate": len(usable),
            "nll": nll,
            "l2": l2,
            "negatives_per_game": negatives,
            "iterations": iterations,
        }
    )
    return Model(features, w, mean, std, coverage, meta, inter)


def logit_nll(Z: np.ndarray, bounds: np.ndarray, ys: np.ndarray, w: np.ndarray, l2: float):
    """Negative log-likelihood (+ L2) of the conditional logit with weights ``w``, and every row's
    probability within its game. Games are the row ranges ``bounds[g]:bounds[g + 1]`` of ``Z``;
    ``ys`` the rows of the solutions."""
    starts = bounds[:-1]
    seg = np.repeat(np.arange(len(starts)), np.diff(bounds))
    s = Z @ w
    mx = np.maximum.reduceat(s, starts)
    e = np.exp(s - mx[seg])
    tot = np.add.reduceat(e, starts)
    nll = float(np.sum(mx + np.log(tot) - s[ys])) + 0.5 * l2 * float(w @ w)
    return nll, e / tot[seg]


def newton_logit(
    Z: np.ndarray,
    bounds: np.ndarray,
    ys: np.ndarray,
    l2: float,
    max_iter: int = 100,
    start: np.ndarray | None = None,
) -> tuple[np.ndarray, float, int]:
    """The minimum of :func:`logit_nll` by Newton's method with a backtracking line search.

    The objective is convex (strictly, with ``l2`` > 0) and has only ~100 weights, so the exact
    Hessian (``Z' diag(p) Z`` minus the outer products of each game's mean row, plus ``l2``) costs
    about as much as a dozen gradients and Newton needs 10-20 steps where L-BFGS needed 300 and
    more. ``start``: the weights to start from (zeros by default; the minimum is the same).
    Returns the weights, the objective there and the number of steps."""
    from scipy.linalg.blas import dsyrk

    d = Z.shape[1]
    starts = bounds[:-1]
    zy = Z[ys].sum(axis=0)
    w = np.zeros(d) if start is None else np.asarray(start, dtype=np.float64).copy()
    nll, p = logit_nll(Z, bounds, ys, w, l2)
    steps = 0
    while steps < max_iter:
        steps += 1
        grad = Z.T @ p - zy + l2 * w
        mu = np.add.reduceat(Z * p[:, None], starts)  # each game's mean row
        # Z' diag(p) Z as a symmetric rank-k update (several times faster than a general product)
        H = dsyrk(1.0, Z * np.sqrt(p)[:, None], trans=1)
        H = np.triu(H) + np.triu(H, 1).T - mu.T @ mu + l2 * np.eye(d)
        try:
            step = np.linalg.solve(H, grad)
        except np.linalg.LinAlgError:
            step = np.linalg.lstsq(H, grad, rcond=None)[0]
        decrement = float(grad @ step)
        if decrement / 2 <= 1e-10 * max(1.0, abs(nll)):
            break
        t = 1.0
        while True:
            new_nll, new_p = logit_nll(Z, bounds, ys, w - t * step, l2)
            if new_nll <= nll - 0.25 * t * decrement or t < 1e-10:
                break
            t /= 2
        if new_nll > nll:
            break  # no descent left (rounding): w is the minimum
        w, nll, p = w - t * step, new_nll, new_p
    return w, nll, steps


def top_two(probs: np.ndarray) -> tuple[float, float, int]:
    """The two largest probabilities and the index of the largest."""
    k = int(np.argmax(probs))
    p1 = float(probs[k])
    p2 = float(np.partition(probs, -2)[-2]) if len(probs) > 1 else 1e-9
    return p1, p2, k


def fit_platt(p1: np.ndarray, p2: np.ndarray, hit: np.ndarray, l2: float = 1e-3) -> Calibration:
    """Logistic regression of ``hit`` on :meth:`Calibration.inputs`: scikit-learn's
    ``LogisticRegression`` (sigmoid calibration on two inputs; tiny L2 ``l2`` = 1 / C on the
    coefficients, none on the intercept, so a separable sample stays finite). It replaced our own
    Newton steps on the same objective: on the out-of-fold predictions of synthetic games the two
    maps' cross-fitted ECE agreed to 1e-9 (0.014062 both; 0.012117 both), so the library does the
    job. One class only: the constant map of its rate."""
    from sklearn.linear_model import LogisticRegression

    X = Calibration.inputs(p1, p2)
    y = np.asarray(hit, float)
    if len(np.unique(y)) < 2:
        eps = 1e-6
        rate = float(np.clip(y.mean() if y.size else 0.5, eps, 1 - eps))
        return Calibration(np.zeros(X.shape[1]), float(np.log(rate / (1 - rate))))
    lr = LogisticRegression(C=1.0 / l2, tol=1e-10, max_iter=1000).fit(X, y)
    return Calibration(lr.coef_[0].astype(float), float(lr.intercept_[0]))


def compare_maps(p1, p2, hit, part, bins: int = 5) -> dict:
    """ECE of two calibration maps cross-fitted over the out-of-fold predictions (each part's
    confidences from a map fitted on the other parts): the sigmoid map of :func:`fit_platt` (the
    one used) and scikit-learn's isotonic regression of the hit on p1."""
    from sklearn.isotonic import IsotonicRegression

    from wordgames.guillotine.metrics import ece

    p1, p2, hit, part = (np.asarray(a) for a in (p1, p2, hit, part))
    out = {k: np.zeros(len(hit)) for k in ("sigmoid", "isotonic")}
    for k in np.unique(part):
        tr, te = part != k, part == k
        if not tr.any():
            continue
        out["sigmoid"][te] = fit_platt(p1[tr], p2[tr], hit[tr])(p1[te], p2[te])
        iso = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip")
        out["isotonic"][te] = iso.fit(p1[tr], hit[tr]).predict(p1[te])
    return {k: ece(v, hit, bins) for k, v in out.items()}


def choose_threshold(conf: np.ndarray, hit: np.ndarray, precision: float) -> float:
    """The lowest confidence t such that the answers with confidence >= t are right at least
    ``precision`` of the time (1.0 when no t reaches it: nothing is confident)."""
    order = np.argsort(-conf, kind="stable")
    c, h = conf[order], hit[order].astype(float)
    prec = np.cumsum(h) / np.arange(1, len(h) + 1)
    ok = np.flatnonzero(prec >= precision)
    return float(c[ok[-1]]) if len(ok) else 1.0


def calibration_parts(n: int, folds: int = 5, seed: int = 0) -> np.ndarray:
    """The part (0 .. folds-1) of each of ``n`` training games in :func:`fit_calibration`."""
    return np.random.default_rng(seed).permutation(n) % folds


def out_of_fold(groups: list[tuple[np.ndarray, int]], fit_model, part) -> list[tuple | None]:
    """Each group ranked by ``fit_model(the groups of the other parts)``: the :func:`top_two` of its
    candidates' probabilities, None for a group without candidates."""
    out: list[tuple | None] = [None] * len(groups)
    for k in sorted(set(part)):
        model = fit_model([g for g, f in zip(groups, part, strict=True) if f != k])
        for i, ((X, _), f) in enumerate(zip(groups, part, strict=True)):
            if f == k and len(X):
                out[i] = top_two(model.probabilities(X))
    return out


def fit_calibration(
    groups: list[tuple[np.ndarray, int]],
    fit_model,
    folds: int = 5,
    precision: float = 0.5,
    seed: int = 0,
    part: np.ndarray | None = None,
) -> Calibration:
    """A :class:`Calibration` from out-of-fold predictions of the training games: each of ``folds``
    parts is ranked by a model ``fit_model(other groups)`` trained without it, so the map sees
    confidences as they are on unseen games. A game whose solution is no candidate counts as a
    miss. The threshold is :func:`choose_threshold` at ``precision`` on the same predictions.
    ``part``: the part of every group (default :func:`calibration_parts`: random; the trainer
    passes parts that keep near-duplicate games together)."""
    if part is None:
        part = calibration_parts(len(groups), folds, seed)
    part = np.asarray(part)
    folds = len(np.unique(part))
    preds = out_of_fold(groups, fit_model, part)
    p1s, p2s, hits, parts = [], [], [], []
    for k in np.unique(part):  # part by part, as the map has always been fitted
        for (_, y), f, pred in zip(groups, part, preds, strict=True):
            if f != k or pred is None:
                continue
            p1, p2, top = pred
            p1s.append(p1)
            p2s.append(p2)
            hits.append(1.0 if top == y else 0.0)
            parts.append(k)
    p1a, p2a, hit = np.array(p1s), np.array(p2s), np.array(hits)
    cal = fit_platt(p1a, p2a, hit)
    conf = cal(p1a, p2a)
    cal.threshold = choose_threshold(conf, hit, precision)
    cal.info = {
        "games": int(len(hit)),
        "folds": folds,
        "accuracy": float(hit.mean()),
        "mean_confidence": float(conf.mean()),
        "precision_target": precision,
        "answered": float((conf >= cal.threshold).mean()),
        # the maps compared on the same predictions, each part by a map fitted on the others
        "ece_cross_fit": compare_maps(p1a, p2a, hit, np.array(parts)),
    }
    return cal
