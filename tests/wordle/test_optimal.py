"""The exact solver against a brute-force minimum, tree properties, hard-mode legality, the strategy.

Small random lists use short words over a small alphabet so that feedback cells are large and the
search is non-trivial; the brute force is a plain Python recursion over every guess.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.wordle.strategies.base import GameState, WordleData
from wordgames.wordle.strategies.optimal import (
    OptimalStrategy,
    OptimalTree,
    Solver,
    best_openers,
    solve_tree,
)

INF = 1 << 30


# a private reference: feedback with the real duplicate-letter rules --------------------------------
def ref_feedback(guess: str, answer: str) -> int:
    digits = [0] * len(guess)
    spare: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            digits[i] = 2
        else:
            spare[a] = spare.get(a, 0) + 1
    for i, g in enumerate(guess):
        if digits[i] == 0 and spare.get(g, 0) > 0:
            digits[i] = 1
            spare[g] -= 1
    return sum(d * 3**i for i, d in enumerate(digits))


def ref_allowed(rule: str | None, history: tuple[tuple[str, int], ...], word: str) -> bool:
    """Hard-mode legality of ``word`` after ``history`` ((guess, pattern) pairs)."""
    if rule is None:
        return True
    for guess, pattern in history:
        if rule == "strict":
            if ref_feedback(guess, word) != pattern:
                return False
            continue
        digits = [(pattern // 3**i) % 3 for i in range(len(guess))]
        need: dict[str, int] = {}
        for i, d in enumerate(digits):
            if d == 2 and word[i] != guess[i]:
                return False
            if d >= 1:
                need[guess[i]] = need.get(guess[i], 0) + 1
        if any(word.count(ch) < k for ch, k in need.items()):
            return False
    return True


def make(guesses: list[str], answers: list[str]) -> WordleData:
    guesses = sorted(set(guesses) | set(answers))
    dtype = np.uint8 if 3 ** len(answers[0]) <= 256 else np.uint16
    matrix = np.array([[ref_feedback(g, a) for a in answers] for g in guesses], dtype=dtype)
    rows = np.array([guesses.index(a) for a in answers], dtype=np.int32)
    return WordleData(guesses=guesses, answers=list(answers), matrix=matrix, answer_rows=rows)


def brute_force(
    data: WordleData,
    max_guesses: int,
    rule: str | None = None,
    opener: str | None = None,
    history: tuple = (),
) -> int:
    """Minimum total guesses by exhaustive recursion (INF when some answer needs too many), from
    ``history`` ((guess, pattern) pairs already played, for the hard-mode rule)."""

    @cache
    def f(cands: frozenset, history: tuple, depth: int) -> int:
        if depth == 0:
            return INF
        best = INF
        first = depth == max_guesses
        words = [opener] if (opener and first) else data.guesses
        for g in words:
            if not ref_allowed(rule, history, g):
                continue
            cells: dict[int, list[str]] = {}
            for a in cands:
                cells.setdefault(ref_feedback(g, a), []).append(a)
            if len(cells) == 1 and g not in cands and not (opener and first):
                continue  # learns nothing (and wastes a guess)
            total = len(cands)
            for p, cell in cells.items():
                if p == 3 ** len(g) - 1:
                    continue
                total += f(frozenset(cell), (*history, (g, p)) if rule else (), depth - 1)
                if total >= INF:
                    break
            best = min(best, total)
        return best

    return f(frozenset(data.answers), tuple(history) if rule else (), max_guesses)


def check_tree(data: WordleData, tree: OptimalTree, rule: str | None) -> None:
    """Every answer is covered, found at the end of its path, feedback-consistent, within the limit,
    every guess is hard-mode legal, and the paths form one tree (same history, same next guess)."""
    assert sorted(tree.paths) == sorted(data.answers)
    moves: dict[tuple, str] = {}
    for answer, path in tree.paths.items():
        assert path[-1] == answer
        assert len(path) <= tree.max_guesses
        assert path[0] == tree.opener
        history: tuple = ()
        for word in path:
            assert word in data.index
            assert ref_allowed(rule, history, word), (answer, path, word)
            assert moves.setdefault(history, word) == word  # a tree, not per-answer cheating
            history = (*history, (word, ref_feedback(word, answer)))
    assert tree.total == sum(len(p) for p in tree.paths.values())


def random_lists(draw, alphabet: str, length: int):
    pool = sorted(
        {
            "".join(w)
            for w in draw(
                st.lists(
                    st.lists(st.sampled_from(alphabet), min_size=length, max_size=length),
                    min_size=4,
                    max_size=14,
                )
            )
        }
    )
    answers = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=7, unique=True))
    return pool, answers


@st.composite
def random_games(draw):
    length = draw(st.integers(2, 4))
    guesses, answers = random_lists(draw, "abcde"[: draw(st.integers(2, 5))], length)
    return guesses, answers, draw(st.integers(2, 5))


@st.composite
def clustered_games(draw):
    """Answers that differ from one base word in one or two positions (like ?ATCH): the cheap exact
    shortcuts rarely apply, so the search (bounds, ordering, table) does the work."""
    length = draw(st.integers(3, 6))  # 6: patterns need uint16
    alphabet = "abcdefgh"[: draw(st.integers(3, 8))]
    base = draw(st.lists(st.sampled_from(alphabet), min_size=length, max_size=length))
    free = draw(st.lists(st.integers(0, length - 1), min_size=1, max_size=2, unique=True))
    words = set()
    for _ in range(draw(st.integers(5, 10))):
        w = list(base)
        for i in free:
            w[i] = draw(st.sampled_from(alphabet))
        words.add("".join(w))
    answers = sorted(words)
    extra = draw(
        st.lists(st.lists(st.sampled_from(alphabet), min_size=length, max_size=length), max_size=8)
    )
    guesses = sorted(words | {"".join(w) for w in extra})
    return guesses, answers, draw(st.integers(3, 6))


small_games = st.one_of(random_games(), clustered_games())


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
    from wordgames.wordle import optimal_kernels as K

    rng = np.random.default_rng(seed)
    n_answers, n_guesses = 300, 150
    MT = rng.integers(0, 20, size=(n_answers, n_guesses)).astype(np.uint8)
    MT[rng.integers(0, n_answers, 30), rng.integers(0, n_guesses, 30)] = 242
    S = np.sort(rng.choice(n_answers, size=n, replace=False)).astype(np.int32)
    A = np.sort(rng.choice(n_guesses, size=100, replace=False)).astype(np.int32)
    z = K.zobrist(n_answers, seed)
    pairwise = K.scan_pairwise(S, A, MT, 242, z, True)
    counting = K.scan_counting(S, A, MT, 242, z, True)
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
    from wordgames.wordle import tree_cli
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
