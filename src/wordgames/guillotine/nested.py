"""Which weighting model the links solver uses, chosen on the training games only.

The solver setting ``ranker`` is ``logit`` (the conditional logit at the configured L2), ``lgbm``
(the LightGBM ranker, :data:`LGBM_DEFAULT`) or ``auto``: every candidate of :data:`GRID` is scored
by an inner K-fold cross-validation of the training games (:data:`INNER_FOLDS` parts, games sharing
>= 4 clues in one part, :func:`game_parts`) on a criterion fixed in advance, the mean reciprocal
rank of the solution among each held-out game's candidates (0 when it is no candidate; ties count
against it), and the winner (the first of the grid on a tie: the logit before the trees) is refitted
on all training games and calibrated out of fold. Because the evaluation stage trains once per outer
fold, the choice it evaluates is nested: no evaluated game takes part in it.

The setting ``select`` (``none`` or ``groups``) first re-decides the optional features
(:data:`wordgames.guillotine.feature_groups.FEATURE_GROUPS`) on the same inner parts:
:func:`select_features`, a greedy backward elimination scored by the conditional logit at the
configured L2 on the same criterion. The ranker is then chosen, refitted and calibrated on the kept
features only; the model lists only those, and its interaction pairs index its own columns.

The feature matrices are computed once per training game by the caller and shared by every fit;
the two tree counts of a LightGBM setting are scored with one booster (its first trees).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wordgames.guillotine.feature_groups import groups_present
from wordgames.guillotine.games import Game
from wordgames.guillotine.model import fit, fit_calibration
from wordgames.guillotine.ranker import fit_lgbm, truncated

log = logging.getLogger(__name__)

RANKERS = ("logit", "lgbm", "auto")
SELECTS = ("none", "groups")
INNER_FOLDS = 3
CRITERION = "mrr"
#: fewer training games with their solution among the candidates than this: the logit only (a
#: booster with 50 rows a leaf learns nothing from a handful of games; the logit still fits)
MIN_LGBM_GAMES = 20


@dataclass(frozen=True)
class Candidate:
    kind: str  # "logit" or "lgbm"
    l2: float = 1.0
    num_leaves: int = 15
    n_estimators: int = 500

    @property
    def name(self) -> str:
        if self.kind == "logit":
            return f"logit(l2={self.l2:g})"
        return f"lgbm(leaves={self.num_leaves},trees={self.n_estimators})"


LOGIT_GRID = [Candidate("logit", l2=v) for v in (0.3, 1.0, 3.0)]
LGBM_GRID = [
    Candidate("lgbm", num_leaves=leaves, n_estimators=trees)
    for leaves in (7, 15)
    for trees in (200, 500)
]
GRID = LOGIT_GRID + LGBM_GRID
LGBM_DEFAULT = Candidate("lgbm", num_leaves=15, n_estimators=500)


def candidates_for(ranker: str, l2: float) -> list[Candidate]:
    if ranker == "logit":
        return [Candidate("logit", l2=l2)]
    if ranker == "lgbm":
        return [LGBM_DEFAULT]
    if ranker == "auto":
        return list(GRID)
    raise ValueError(f"unknown ranker {ranker!r} (one of {', '.join(RANKERS)})")


@dataclass
class Fitter:
    """Fits a candidate on feature groups with the caller's features and interaction pairs."""

    features: list[str]
    interactions: list[tuple[int, int]]
    negatives: int | None = 300  # other candidates sampled per training game; None: all
    threads: int = 1
    seed: int = 0

    def __call__(self, c: Candidate, groups, info: dict | None = None):
        if c.kind == "logit":
            return fit(
                groups,
                self.features,
                l2=c.l2,
                n_games=len(groups),
                info=info,
                interactions=self.interactions,
                negatives=self.negatives if self.negatives is not None else 10**9,
                seed=self.seed,
            )
        return fit_lgbm(
            groups,
            self.features,
            num_leaves=c.num_leaves,
            n_estimators=c.n_estimators,
            negatives=self.negatives,
            seed=self.seed,
            threads=self.threads,
            info=info,
        )


def game_parts(games: Sequence[Game], k: int, seed: int = 0) -> np.ndarray:
    """A part (0 .. k-1) for every game, games sharing >= 4 clues (transitively) in the same
    part: the connected groups in a random order, each to the smallest part so far."""
    parent = list(range(len(games)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_clue: dict[str, list[int]] = {}
    for i, g in enumerate(games):
        shared: dict[int, int] = {}
        for c in set(g.clues):
            for j in by_clue.get(c, ()):
                shared[j] = shared.get(j, 0) + 1
        for j, n in shared.items():
            if n >= 4:
                parent[root(j)] = root(i)
        for c in set(g.clues):
            by_clue.setdefault(c, []).append(i)
    comps: dict[int, list[int]] = {}
    for i in range(len(games)):
        comps.setdefault(root(i), []).append(i)
    order = list(comps.values())
    rng = np.random.default_rng(seed)
    order = [order[i] for i in rng.permutation(len(order))]
    order.sort(key=len, reverse=True)  # stable: big groups first, the rest in random order
    part = np.zeros(len(games), dtype=np.int64)
    sizes = np.zeros(k, dtype=np.int64)
    for members in order:
        p = int(np.argmin(sizes))
        part[members] = p
        sizes[p] += len(members)
    return part


def solution_rank(scores: np.ndarray, y: int) -> int | None:
    """1-based rank of candidate ``y`` by ``scores`` (every tie counted ahead of it), None when
    the solution is no candidate."""
    if y < 0 or len(scores) == 0:
        return None
    return int(np.sum(scores >= scores[y]))


def metrics_of(ranks: list[int | None]) -> dict:
    n = len(ranks)
    hit = [r for r in ranks if r is not None]
    return {
        "mrr": sum(1.0 / r for r in hit) / n if n else 0.0,
        "accuracy": sum(1 for r in hit if r == 1) / n if n else 0.0,
        "r_at_10": sum(1 for r in hit if r <= 10) / n if n else 0.0,
        "games": n,
    }


def inner_scores(
    groups: list[tuple[np.ndarray, int]],
    part: np.ndarray,
    candidates: Sequence[Candidate],
    fitter: Fitter,
) -> dict[str, dict]:
    """Every candidate's :func:`metrics_of` on the held-out parts of ``part`` (pooled)."""
    ranks: dict[str, list] = {c.name: [] for c in candidates}
    # one booster per LightGBM setting but the tree count: the largest, scored at each count
    boosters: dict[int, list[Candidate]] = {}
    for c in candidates:
        if c.kind == "lgbm":
            boosters.setdefault(c.num_leaves, []).append(c)
    for k in np.unique(part):
        train = [g for g, f in zip(groups, part, strict=True) if f != k]
        held = [g for g, f in zip(groups, part, strict=True) if f == k]
        models = {}
        for c in candidates:
            if c.kind == "logit":
                models[c.name] = fitter(c, train)
        for cs in boosters.values():
            most = max(cs, key=lambda c: c.n_estimators)
            big = fitter(most, train)
            for c in cs:
                models[c.name] = big if c is most else truncated(big, c.n_estimators)
        for c in candidates:
            m = models[c.name]
            ranks[c.name].extend(solution_rank(m.scores(X), y) for X, y in held)
        log.info(
            "inner part %d of %d: %d held-out games", int(k) + 1, len(np.unique(part)), len(held)
        )
    return {name: metrics_of(r) for name, r in ranks.items()}


def choose(scores: dict[str, dict], candidates: Sequence[Candidate]) -> Candidate:
    """The candidate with the best :data:`CRITERION`; the first in grid order on a tie."""
    best = candidates[0]
    for c in candidates[1:]:
        if scores[c.name][CRITERION] > scores[best.name][CRITERION]:
            best = c
    return best


def remap_interactions(
    interactions: Sequence[tuple[int, int]], features: Sequence[str], kept: Sequence[str]
) -> list[tuple[int, int]]:
    """The pairs of columns of ``features`` as columns of ``kept`` (a subset of them); a pair with
    a member not kept goes."""
    col = {f: k for k, f in enumerate(kept)}
    out = []
    for a, b in interactions:
        fa, fb = features[a], features[b]
        if fa in col and fb in col:
            out.append((col[fa], col[fb]))
    return out


def column_subset(
    groups: list[tuple[np.ndarray, int]],
    features: Sequence[str],
    interactions: Sequence[tuple[int, int]],
    kept: Sequence[str],
) -> tuple[list[tuple[np.ndarray, int]], list[tuple[int, int]]]:
    """The groups cut to the columns of ``kept`` (one copy) and the interaction pairs remapped."""
    cols = [features.index(f) for f in kept]
    if list(kept) == list(features):
        return groups, list(interactions)
    return [(X[:, cols], y) for X, y in groups], remap_interactions(interactions, features, kept)


def select_features(
    groups: list[tuple[np.ndarray, int]],
    part: np.ndarray,
    features: Sequence[str],
    interactions: Sequence[tuple[int, int]],
    l2: float = 1.0,
    negatives: int | None = 300,
    seed: int = 0,
    feature_groups: list[tuple[str, list[str]]] | None = None,
) -> tuple[list[str], dict]:
    """The features kept by a greedy backward elimination of the optional groups (default
    :data:`~wordgames.guillotine.feature_groups.FEATURE_GROUPS`, restricted to ``features``).

    Every feature set is scored by :func:`inner_scores` of the conditional logit at ``l2`` on the
    parts ``part`` of the training groups (one logit fit a part), criterion :data:`CRITERION`. It
    starts from all ``features``; each group in order is scored without it, and it goes when its
    removal does not lower the score (a group stays only when it strictly raises it), the next
    group then being tried on the reduced set. A set is scored on a copy of the shared matrices'
    columns (one at a time); nothing is recomputed. Returns the kept names (in the order of
    ``features``) and a record: the baseline and final scores and, for every group, the score with
    and without it at its step and the decision."""
    features = list(features)
    present = groups_present(features, feature_groups)
    cand = Candidate("logit", l2=l2)
    t0 = time.perf_counter()

    def score(kept: list[str]) -> dict:
        sub, inter = column_subset(groups, features, interactions, kept)
        fitter = Fitter(kept, inter, negatives, 1, seed)
        return inner_scores(sub, part, [cand], fitter)[cand.name]

    current = list(features)
    best = score(current)
    baseline = best
    steps = []
    for name, members in present:
        trial = [f for f in current if f not in members]
        without = score(trial)
        drop = without[CRITERION] >= best[CRITERION]
        steps.append(
            {
                "group": name,
                "features": list(members),
                "with": best[CRITERION],
                "without": without[CRITERION],
                "decision": "dropped" if drop else "kept",
            }
        )
        log.info(
            "feature group %s: inner %s %.4f with, %.4f without: %s",
            name,
            CRITERION,
            best[CRITERION],
            without[CRITERION],
            "dropped" if drop else "kept",
        )
        if drop:
            current, best = trial, without
    record = {
        "setting": "groups",
        "criterion": CRITERION,
        "inner_folds": len(np.unique(part)),
        "l2": l2,
        "baseline": baseline[CRITERION],
        "final": best[CRITERION],
        "kept": [s["group"] for s in steps if s["decision"] == "kept"],
        "dropped": [s["group"] for s in steps if s["decision"] == "dropped"],
        "steps": steps,
    }
    log.info(
        "feature groups: %d kept, %d dropped; inner %s %.4f -> %.4f (%d sets scored, %.1f s)",
        len(record["kept"]),
        len(record["dropped"]),
        CRITERION,
        record["baseline"],
        record["final"],
        len(steps) + 1,
        time.perf_counter() - t0,
    )
    return current, record


def fit_ranker(
    groups: list[tuple[np.ndarray, int]],
    games: Sequence[Game] | None,
    features: list[str],
    interactions: list[tuple[int, int]],
    ranker: str = "logit",
    l2: float = 1.0,
    negatives: int | None = 300,
    threads: int = 1,
    info: dict | None = None,
    calibration_folds: int = 5,
    precision: float = 0.5,
    inner_folds: int = INNER_FOLDS,
    seed: int = 0,
    calibration_parts: str = "games",
    select: str = "none",
    feature_groups: list[tuple[str, list[str]]] | None = None,
):
    """The weighting model for ``groups`` (the feature groups of ``games``, in order): chosen as
    ``ranker`` says (module docstring), refitted on all groups, its confidence calibrated on
    out-of-fold predictions (parts that keep near-duplicate games together; ``calibration_parts``
    "random": random parts, as before the ranker; ``calibration_folds`` 0: no map).
    ``model.info["ranker"]`` records the setting, the winner and, for ``auto``, every candidate's
    inner scores. ``select`` "groups": the optional feature groups (``feature_groups``, default
    :data:`~wordgames.guillotine.feature_groups.FEATURE_GROUPS`) are first re-decided by
    :func:`select_features` on the inner parts, and all that follows sees the kept features only
    (``model.info["features_selection"]``)."""
    cands = candidates_for(ranker, l2)
    if select not in SELECTS:
        raise ValueError(f"unknown select {select!r} (one of {', '.join(SELECTS)})")
    features, interactions = list(features), list(interactions)
    meta = dict(info or {})
    choice: dict = {"setting": ranker}
    if games is not None and len(games) != len(groups):
        raise ValueError(f"{len(groups)} feature groups for {len(games)} games")

    def parts(k: int, grouped: bool = True) -> np.ndarray:
        if games is not None and grouped:
            return game_parts(games, k, seed)
        return np.random.default_rng(seed).permutation(len(groups)) % k

    usable = sum(1 for X, y in groups if y >= 0 and len(X) > 1)
    if select == "groups":
        if usable >= 2 * inner_folds:
            kept, selection = select_features(
                groups,
                parts(inner_folds),
                features,
                interactions,
                l2=l2,
                negatives=negatives,
                seed=seed,
                feature_groups=feature_groups,
            )
            groups, interactions = column_subset(groups, features, interactions, kept)
            features = kept
        else:
            selection = {
                "setting": "groups",
                "note": f"only {usable} usable training games: every feature kept",
            }
        meta["features_selection"] = selection
    fitter = Fitter(features, interactions, negatives, threads, seed)
    if usable < MIN_LGBM_GAMES and any(c.kind == "lgbm" for c in cands):
        choice["note"] = f"only {usable} usable training games: logit only"
        cands = [c for c in cands if c.kind == "logit"] or [Candidate("logit", l2=l2)]
    if len(cands) > 1 and usable >= 2 * inner_folds:
        scores = inner_scores(groups, parts(inner_folds), cands, fitter)
        winner = choose(scores, cands)
        choice.update({"criterion": CRITERION, "inner_folds": inner_folds, "inner": scores})
    else:
        winner = cands[0]
    choice["chosen"] = winner.name
    meta["ranker"] = choice
    log.info(
        "ranker %s: %s%s",
        ranker,
        winner.name,
        f" (inner {CRITERION} {choice['inner'][winner.name][CRITERION]:.3f})"
        if "inner" in choice
        else "",
    )
    model = fitter(winner, groups, meta)
    if calibration_folds > 1 and len(groups) >= 2 * calibration_folds:
        model.calibration = fit_calibration(
            groups,
            lambda gs: fitter(winner, gs),
            precision=precision,
            part=parts(calibration_folds, calibration_parts == "games"),
        )
    return model


def describe_choice(info: dict) -> str:
    """One line for the evaluation's notes: the setting, the winner and the inner scores, and with
    ``select: groups`` the feature groups dropped and kept."""
    choice = info.get("ranker", {})
    if not choice:
        return "ranker: not recorded"
    text = f"ranker {choice.get('setting')}: {choice.get('chosen')}"
    inner = choice.get("inner")
    if inner:
        parts = ", ".join(f"{name} {s[CRITERION]:.3f}" for name, s in inner.items())
        text += f"; inner {choice.get('inner_folds')}-fold {CRITERION}: {parts}"
    sel = info.get("features_selection")
    if sel:
        if "steps" in sel:
            text += (
                f"; feature groups (inner {CRITERION} {sel['baseline']:.3f} -> "
                f"{sel['final']:.3f}): dropped {', '.join(sel['dropped']) or 'none'}; "
                f"kept {', '.join(sel['kept']) or 'none'}"
            )
        else:
            text += f"; feature groups: {sel.get('note', 'not selected')}"
    return text
