"""The nested selection of the links solver's optional feature groups (``solver.select: groups``)
on invented games: which groups it keeps, that it sees the training games only, and that the model
it returns solves with the full feature matrix of the links solver."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from tests.guillotine.invented_training import train_on_invented_games
from wordgames.guillotine.feature_groups import FEATURE_GROUPS, groups_present
from wordgames.guillotine.games import Game
from wordgames.guillotine.model import Model
from wordgames.guillotine.nested import (
    describe_choice,
    fit_ranker,
    remap_interactions,
    select_features,
)
from wordgames.guillotine.ranker import model_from_json
from wordgames.guillotine.solvers.links import LinksSolver
from wordgames.guillotine.solvers.links_features import FEATURES, interaction_pairs

SMALL = ["core", "inf1", "inf2", *(f"noise{k}" for k in range(20))]
SMALL_GROUPS = [("informative", ["inf1", "inf2"]), ("noise", [f"noise{k}" for k in range(20)])]


def small_games(n, rng, m=30, flat_noise=False):
    """``core`` and the two ``inf`` columns carry the solution (shifted up); the 20 ``noise``
    columns are standard normal (``flat_noise``: one value for all of a game's candidates, so
    they cannot tell its candidates apart)."""
    groups = []
    for _ in range(n):
        X = rng.normal(size=(m, len(SMALL)))
        if flat_noise:
            X[:, 3:] = rng.normal(size=(1, len(SMALL) - 3))
        y = int(rng.integers(m))
        X[y, :3] += [0.5, 1.0, 0.7]
        groups.append((X, y))
    return groups


def real_games(n, rng, m=30):
    """Games over the links solver's :data:`FEATURES`: the solution's ``cov_any`` (core) and the
    two ``near`` features are shifted up, every other column is noise."""
    col = {f: k for k, f in enumerate(FEATURES)}
    groups = []
    for _ in range(n):
        X = rng.normal(size=(m, len(FEATURES)))
        y = int(rng.integers(m))
        X[y, col["cov_any"]] += 0.8
        X[y, col["cov_near"]] += 1.0
        X[y, col["sum_near_pmi"]] += 0.8
        groups.append((X, y))
    return groups


def games_for(n):
    return [Game(tuple(f"c{k}x{j}" for j in range(5)), f"s{k}") for k in range(n)]


def random_part(n, k=3):
    return np.random.default_rng(0).permutation(n) % k


def test_the_groups_are_the_listed_ones_restricted_to_the_features_present():
    names = [g for g, _ in FEATURE_GROUPS]
    assert names[:3] == ["form", "roman", "past_lemma"] and names[-1] == "place"
    assert len(names) == len(set(names)) == 22
    members = [f for _, fs in FEATURE_GROUPS for f in fs]
    assert len(members) == len(set(members))
    # no core feature is optional
    for core in ("cov_any", "cov_any_sq", "sum_pmi", "zipf", "glove_mean", "cov_past"):
        assert core not in members
    present = groups_present(["cov_any", "verb_form", "cov_near", "sum_near_pmi", "cov_place"])
    assert present == [
        ("form", ["verb_form"]),
        ("near", ["cov_near", "sum_near_pmi"]),
        ("place", ["cov_place"]),
    ]
    # every present group's features exist in FEATURES, whether or not the newest are there yet
    for _, fs in groups_present(FEATURES):
        assert all(f in FEATURES for f in fs)


def test_keeps_the_informative_group_and_drops_the_noise():
    rng = np.random.default_rng(0)
    train = small_games(120, rng)
    kept, record = select_features(
        train, random_part(len(train)), SMALL, [], l2=0.01, feature_groups=SMALL_GROUPS
    )
    assert kept == ["core", "inf1", "inf2"]
    assert record["kept"] == ["informative"] and record["dropped"] == ["noise"]
    inf, noise = record["steps"]
    assert inf["group"] == "informative" and inf["decision"] == "kept"
    assert inf["with"] > inf["without"] and inf["with"] == record["baseline"]
    # the noise is tried on the set reached so far, and its removal did not lower the score
    assert noise["with"] == record["baseline"] and noise["without"] >= noise["with"]
    assert record["final"] == noise["without"] >= record["baseline"]
    assert record["criterion"] == "mrr" and record["inner_folds"] == 3


@pytest.mark.parametrize("seed", range(4))
def test_a_group_that_cannot_tell_candidates_apart_goes_on_the_tie(seed):
    # constant within each game: no change to any ranking, so its removal never lowers the MRR
    train = small_games(60, np.random.default_rng(seed), flat_noise=True)
    kept, record = select_features(
        train, random_part(len(train)), SMALL, [], l2=1.0, feature_groups=SMALL_GROUPS
    )
    noise = record["steps"][1]
    assert noise["without"] == pytest.approx(noise["with"], abs=1e-12)
    assert record["dropped"] == ["noise"] and "inf1" in kept


def test_interaction_pairs_follow_the_kept_columns():
    feats = ["a", "b", "c", "d"]
    pairs = [(0, 0), (0, 1), (0, 3), (1, 2), (2, 3), (3, 3)]
    assert remap_interactions(pairs, feats, ["a", "c", "d"]) == [(0, 0), (0, 2), (1, 2), (2, 2)]
    assert remap_interactions(pairs, feats, feats) == pairs
    assert remap_interactions(pairs, feats, ["b"]) == []


def test_the_model_lists_only_kept_features_and_solves_with_the_full_matrix(tmp_path):
    rng = np.random.default_rng(1)
    train = real_games(120, rng, m=20)
    t0 = time.perf_counter()
    # BLAS on one thread: ~70 Newton steps of 125 weights; on a shared two-core machine a thread
    # pool per product made them 10 to 20 times slower
    with threadpool_limits(1, "blas"):
        model = fit_ranker(
            train,
            games_for(len(train)),
            list(FEATURES),
            interaction_pairs(),
            select="groups",
            calibration_folds=5,
        )
    seconds = time.perf_counter() - t0
    sel = model.info["features_selection"]
    assert sel["setting"] == "groups" and "near" in sel["kept"]
    assert sel["dropped"], "some noise group goes"
    assert [s["group"] for s in sel["steps"]] == [g for g, _ in groups_present(FEATURES)]
    assert set(sel["kept"]) | set(sel["dropped"]) == {s["group"] for s in sel["steps"]}
    dropped = {f for s in sel["steps"] if s["decision"] == "dropped" for f in s["features"]}
    assert model.features == [f for f in FEATURES if f not in dropped]
    assert "cov_any" in model.features and "cov_near" in model.features
    # interactions: the pairs of INTERACT whose members are both kept, as columns of the model
    want = [
        (FEATURES[a], FEATURES[b])
        for a, b in interaction_pairs()
        if FEATURES[a] not in dropped and FEATURES[b] not in dropped
    ]
    got = [(model.features[a], model.features[b]) for a, b in model.interactions]
    assert got == want
    assert len(model.weights) == len(model.features) + len(model.interactions)
    assert model.calibration is not None
    line = describe_choice(model.info)
    assert "feature groups" in line and "dropped" in line and "near" in line
    # the links solver picks the model's columns of its full matrix by name
    pick = [FEATURES.index(f) for f in model.features]
    solver = SimpleNamespace(model=model)
    for X, _ in real_games(5, rng, m=40):
        Xm = LinksSolver.model_columns(solver, X)
        assert np.array_equal(Xm, X[:, pick])
        assert np.array_equal(model.scores(Xm), model.scores(X[:, pick]))
    # saved and read back: the same features, pairs and scores
    model.save(tmp_path / "model.json")
    again = model_from_json(json.loads((tmp_path / "model.json").read_text()))
    assert isinstance(again, Model)
    assert again.features == model.features and again.interactions == model.interactions
    assert again.info["features_selection"] == sel
    for X, _ in real_games(5, rng):
        Xm = LinksSolver.model_columns(SimpleNamespace(model=again), X)
        assert np.allclose(again.scores(Xm), model.scores(X[:, pick]), rtol=0, atol=1e-12)
        p = again.probabilities(Xm)
        assert np.allclose(again.confidences(p), model.confidences(p), rtol=0, atol=1e-12)
    assert Model.from_json(model.to_json()).features == model.features
    print(f"selection and fit on {len(train)} games, {len(FEATURES)} features: {seconds:.2f} s")


def test_the_selection_depends_on_the_training_groups_only():
    rng = np.random.default_rng(3)
    train = small_games(90, rng)
    kw = dict(select="groups", calibration_folds=0, feature_groups=SMALL_GROUPS, l2=0.01)
    a = fit_ranker(train, None, SMALL, [], **kw)
    small_games(40, rng)  # what an evaluated set would be: never passed in
    b = fit_ranker(list(train), None, SMALL, [], **kw)
    assert a.info["features_selection"] == b.info["features_selection"]
    assert a.features == b.features
    X = small_games(1, np.random.default_rng(9))[0][0]
    cols = [SMALL.index(f) for f in a.features]
    assert np.array_equal(a.scores(X[:, cols]), b.scores(X[:, cols]))
    # one training game changed changes what the inner folds see
    changed = [(train[0][0] * 0 + 1.0, 0), *train[1:]]
    c = fit_ranker(changed, None, SMALL, [], **kw)
    assert c.info["features_selection"]["steps"] != a.info["features_selection"]["steps"]


def test_none_keeps_every_feature_and_records_nothing_and_few_games_keep_all():
    rng = np.random.default_rng(4)
    train = small_games(40, rng)
    m = fit_ranker(train, None, SMALL, [], calibration_folds=0)
    assert m.features == SMALL and "features_selection" not in m.info
    assert "feature groups" not in describe_choice(m.info)
    few = fit_ranker(
        small_games(5, rng), None, SMALL, [], select="groups", feature_groups=SMALL_GROUPS
    )
    assert few.features == SMALL
    assert "every feature kept" in few.info["features_selection"]["note"]
    assert "every feature kept" in describe_choice(few.info)
    with pytest.raises(ValueError, match="unknown select"):
        fit_ranker(train, None, SMALL, [], select="all")


def test_groups_then_auto_chooses_the_ranker_on_the_kept_features():
    rng = np.random.default_rng(5)
    train = small_games(60, rng)
    m = fit_ranker(
        train,
        None,
        SMALL,
        [],
        ranker="auto",
        select="groups",
        l2=0.01,
        calibration_folds=0,
        feature_groups=SMALL_GROUPS,
    )
    assert m.info["ranker"]["setting"] == "auto" and "inner" in m.info["ranker"]
    assert m.features == ["core", "inf1", "inf2"]


def test_the_training_stage_selects_and_the_service_solves_with_the_model(config, tmp_path):
    from wordgames.guillotine.service import GuillotineService

    with threadpool_limits(1, "blas"):
        data = train_on_invented_games(config, tmp_path, select="groups")
    sel = data["info"]["features_selection"]
    assert sel["setting"] == "groups" and sel["steps"]
    dropped = {f for s in sel["steps"] if s["decision"] == "dropped" for f in s["features"]}
    assert data["features"] == [f for f in FEATURES if f not in dropped]
    service = GuillotineService.from_config(config)
    assert service.solver.model.features == data["features"]
    solution = service.solve(["pane", "gioco", "testa", "osso", "zoccolo"], top=5)
    assert solution.result.answers
    assert all(0.0 <= a.confidence <= 1.0 for a in solution.result.answers)
