"""The exact solver against a brute-force minimum, tree properties, hard-mode legality, the strategy.

Small random lists use short words over a small alphabet so that feedback cells are large and the
search is non-trivial; the brute force is a plain Python recursion over every guess.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wordle_reference import (
    INF,
    brute_force,
    check_tree,
    make,
    ref_allowed,
    small_games,
)

from wordgames.wordle.core import GameState
from wordgames.wordle.exact.solver import Solver
from wordgames.wordle.exact.tree import OptimalTree, best_openers, solve_tree
from wordgames.wordle.strategies.optimal import OptimalStrategy

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(small_games, st.sampled_from([None, "nyt", "strict"]), st.sampled_from([0, 1, 2, 3]))
def test_branch_and_bound_equals_brute_force(game, rule, variant):
    """``variant`` switches the counting scan in for the pairwise one (bit 1) and drops the
    partition classes (bit 2): every combination must give the same optimum."""
    guesses, answers, max_guesses = game
    data = make(guesses, answers)
    hard = rule is not None
    solver = Solver(data, hard=hard, hard_rule=rule, max_guesses=max_guesses, variant=variant)
    expected = brute_force(data, max_guesses, rule)
    # fail-high semantics, with the table shared across calls: a bound >= beta that never
    # exceeds the optimum, and the exact value once beta is above it
    if expected < INF:
        for beta in (expected - 3, expected - 1, expected, expected + 1, expected - 2, INF):
            v = solver.value(solver.all_answers, beta=max(beta, 1))
            if expected < beta:
                assert v == expected, (beta, v)
            else:
                assert max(beta, 1) <= v <= expected, (beta, v)
    value, _ = solver.best_guess(solver.all_answers, solver.all_guesses, max_guesses)
    assert min(value, INF) == expected
    if expected < INF:
        tree = solve_tree(data, hard, hard_rule=rule, max_guesses=max_guesses)
        assert tree.total == expected
        check_tree(data, tree, rule)


@SETTINGS
@given(small_games, st.sampled_from([None, "nyt", "strict"]), st.data())
def test_fixed_opener_equals_brute_force(game, rule, draw):
    guesses, answers, max_guesses = game
    data = make(guesses, answers)
    opener = draw.draw(st.sampled_from(data.guesses))
    expected = brute_force(data, max_guesses, rule, opener=opener)
    solver = Solver(data, hard=rule is not None, hard_rule=rule, max_guesses=max_guesses)
    assert min(solver.opener_value(data.index[opener]), INF) == expected
    if expected < INF:
        tree = solve_tree(data, rule is not None, opener, hard_rule=rule, max_guesses=max_guesses)
        assert tree.total == expected and tree.opener == opener
        check_tree(data, tree, rule)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 200), st.integers(0, 2**32 - 1))
def test_scan_kernels_agree(n, seed):
    """The pairwise and the counting scans give the same cells, greens, squares and class hashes."""
    from wordgames.wordle.exact import kernels as K
    from wordgames.wordle.exact import scan

    rng = np.random.default_rng(seed)
    n_answers, n_guesses = 300, 150
    MT = rng.integers(0, 20, size=(n_answers, n_guesses)).astype(np.uint8)
    MT[rng.integers(0, n_answers, 30), rng.integers(0, n_guesses, 30)] = 242
    S = np.sort(rng.choice(n_answers, size=n, replace=False)).astype(np.int32)
    A = np.sort(rng.choice(n_guesses, size=100, replace=False)).astype(np.int32)
    z = K.zobrist(n_answers, seed)
    pairwise = scan.scan_pairwise(S, A, MT, 242, z, True)
    counting = scan.scan_counting(S, A, MT, 242, z, True)
    for a, b in zip(pairwise, counting, strict=True):
        assert np.array_equal(a, b)
    # against numpy
    X = MT[S][:, A]
    cells = [len(np.unique(X[:, j])) for j in range(len(A))]
    assert list(pairwise[0]) == cells
    assert list(pairwise[1]) == [int((X[:, j] == 242).any()) for j in range(len(A))]
    squares = [int((np.unique(X[:, j], return_counts=True)[1] ** 2).sum()) for j in range(len(A))]
    assert list(pairwise[2]) == squares


def test_bounds_fail_high_and_exact_below(small_data):
    """Below beta the value is exact; at or above it only a bound >= beta is promised."""
    solver = Solver(small_data, max_guesses=6)
    exact = solver.value(solver.all_answers)
    fresh = Solver(small_data, max_guesses=6)
    assert fresh.value(fresh.all_answers, beta=exact) >= exact
    assert fresh.value(fresh.all_answers, beta=exact + 1) == exact


@pytest.mark.parametrize("rule", [None, "nyt", "strict"])
def test_small_list_tree_and_strategy(small_data, rule):
    """On the suite's small lists: the full proof, the tree's legality, and the strategy replaying it
    through the game engine (hard mode checked by the engine too)."""
    from wordgames.wordle.game import play_game

    hard = rule is not None
    tree = solve_tree(small_data, hard, hard_rule=rule)
    check_tree(small_data, tree, rule)
    openers = best_openers(small_data, 5, hard, hard_rule=rule)
    assert openers[0].exact and openers[0].value >= tree.total  # the tree is the global optimum
    player = OptimalStrategy(small_data, hard=hard, hard_rule=rule)
    total = 0
    for k in range(len(small_data.answers)):
        result = play_game(player, k, max_guesses=6, hard_rule=rule or "nyt", game_number=k)
        assert result.won
        total += result.n_guesses
    assert total == tree.total


@pytest.mark.parametrize("rule", [None, "nyt", "strict"])
def test_strategy_off_tree_is_optimal(rule):
    """After a first guess the tree would not play, the strategy solves the rest exactly (and, in
    hard mode, only with guesses the history allows)."""
    data = make(
        ["abc", "abd", "acd", "bcd", "bad", "cab", "dab", "dca", "cdb", "bbb", "cbd"],
        ["abc", "abd", "acd", "bcd", "bad", "cab", "dab", "cbd"],
    )
    player = OptimalStrategy(data, hard=rule is not None, hard_rule=rule)
    tree = player.tree()
    for other in data.guesses:
        if other == tree.opener:
            continue
        g = data.index[other]
        for pattern in sorted({int(p) for p in data.matrix[g]} - {data.all_green}):
            cands = np.flatnonzero(data.matrix[g] == pattern).astype(np.int32)
            history = ((other, pattern),)
            state = GameState(
                candidates=cands,
                history=[(g, pattern)],
                hard=rule is not None,
                hard_rule=rule or "nyt",
            )
            guess = data.guesses[player.next_guess(state)]
            assert ref_allowed(rule, history, guess), (history, guess)
            sub = make(data.guesses, [data.answers[b] for b in cands])
            # the chosen guess is optimal for the remaining candidates within 5 more guesses
            best = brute_force(sub, 5, rule, history=history)
            assert best < INF
            chosen = brute_force(sub, 5, rule, opener=guess, history=history)
            assert chosen == best, (history, guess)


def test_tree_round_trip(tmp_path, small_data):
    tree = solve_tree(small_data)
    path = tree.save(tmp_path / "tree.json")
    again = OptimalTree.load(path)
    assert again.paths == tree.paths and again.total == tree.total
    assert again.matches(small_data, False, None, 6)
    assert not again.matches(small_data, True, "nyt", 6)
    player = OptimalStrategy(small_data, tree_path=path)
    assert player.tree().paths == tree.paths


def real_data(wordgames_data):
    from wordgames.wordle.data import make_data

    answers = (wordgames_data / "wordle" / "answers-2315.txt").read_text().split()
    allowed = (wordgames_data / "wordle" / "allowed-12972.txt").read_text().split()
    return make_data(sorted(set(allowed) | set(answers)), answers)


def test_salet_normal_mode_7920(wordgames_data):
    data = real_data(wordgames_data)
    tree = solve_tree(data, opener="salet")
    summary = tree.summary()
    assert summary["total_guesses"] == 7920
    assert summary["mean_guesses"] == 3.4212
    assert summary["max_guesses"] == 5
    check_tree(data, tree, None)


@pytest.mark.slow
def test_salet_hard_mode_8122(wordgames_data):
    data = real_data(wordgames_data)
    tree = solve_tree(data, True, "salet", hard_rule="nyt")
    summary = tree.summary()
    assert summary["total_guesses"] == 8122
    assert summary["mean_guesses"] == 3.5084
    assert summary["distribution"]["6"] == 16
    check_tree(data, tree, "nyt")


def test_build_wordle_tree_stage(tmp_path, capsys):
    """``wordgames build wordle-tree`` writes a tree the strategy then loads instead of solving."""
    import argparse
    import json

    from wordgames.cli import Commands, _config_parent
    from wordgames.cli import wordle_tree as tree_cli
    from wordgames.wordle.data import make_data, save_data
    from wordgames.wordle.words import load_lists

    small = Path(__file__).resolve().parents[1] / "data" / "wordle"
    SMALL_ANSWERS, SMALL_GUESSES = small / "answers-small.txt", small / "allowed-small.txt"
    parser = argparse.ArgumentParser()
    top = parser.add_subparsers(dest="command")
    build = top.add_parser("build").add_subparsers(dest="stage")
    tree_cli.register(Commands(games=top, build=build, config_parent=_config_parent()))
    out = tmp_path / "tree.json"
    data = make_data(*load_lists(SMALL_ANSWERS, SMALL_GUESSES))
    save_data(data, tmp_path / "m.npy", tmp_path / "w.parquet")
    args = parser.parse_args(
        [
            "build",
            "wordle-tree",
            "--matrix",
            str(tmp_path / "m.npy"),
            "--words",
            str(tmp_path / "w.parquet"),
            "--max-guesses",
            "6",
            "--hard",
            "--out",
            str(out),
            "--json",
        ]
    )
    assert args.handler(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["mode"] == "hard-nyt" and summary["answers"] == len(data.answers)
    tree = OptimalTree.load(out)
    assert tree.total == summary["total_guesses"]
    check_tree(data, tree, "nyt")
    player = OptimalStrategy(data, hard=True, tree_path=out)
    assert player.tree("nyt") is not None
    assert player._solvers == {}  # loaded, not solved


def test_strategy_plays_on_when_the_limit_cannot_be_met():
    """With too few guesses allowed the tree cannot exist; the strategy still plays its best."""
    from wordgames.wordle.game import play_game

    data = make(
        ["bat", "cat", "hat", "mat", "pat", "rat", "sat"],
        ["bat", "cat", "hat", "mat", "pat", "rat", "sat"],
    )
    assert brute_force(data, 3) == INF
    with pytest.raises(Exception, match="within 3 guesses"):
        solve_tree(data, max_guesses=3)
    player = OptimalStrategy(data, max_guesses=3)
    results = [play_game(player, k, max_guesses=3) for k in range(len(data.answers))]
    assert sum(r.won for r in results) == 3  # one per guess: nothing better exists here
