from __future__ import annotations

import numpy as np
import pytest

from wordgames.errors import InputError
from wordgames.wordle import strategies
from wordgames.wordle.evaluate import evaluate, summarize
from wordgames.wordle.game import hard_mode_allowed, play_game
from wordgames.wordle.strategies import make_strategy
from wordgames.wordle.strategies.scoring import partition_counts_numpy, partition_stats

NON_OPTIMAL = [n for n in strategies.NAMES if n != "optimal"]


@pytest.mark.parametrize("name", NON_OPTIMAL)
@pytest.mark.parametrize("hard", [False, True])
def test_every_strategy_wins_every_small_game(small_data, name, hard):
    games = evaluate(
        small_data,
        name,
        hard=hard,
        seed=3,
        options=strategies.select_options(name, {"episodes": 300}),
        show_progress=False,
    )
    s = summarize(games, 6)
    assert s["games"] == 50
    assert s["wins"] == 50, s
    assert s["max_guesses"] <= 6


@pytest.mark.parametrize("name", NON_OPTIMAL)
def test_hard_mode_guesses_are_legal_under_both_rules(small_data, name):
    for rule in ("nyt", "strict"):
        options = strategies.select_options(name, {"episodes": 200})
        player = make_strategy(name, small_data, hard=True, seed=1, **options)
        for k in range(0, 50, 7):
            result = play_game(player, k, hard_rule=rule, game_number=k)
            history = []
            for word, pattern in zip(result.guesses, result.patterns, strict=True):
                row = small_data.index[word]
                assert hard_mode_allowed(small_data, history, rule)[row]
                history.append((row, pattern))


@pytest.mark.parametrize("name", ["naive", "mcts", "qlearning"])
def test_stochastic_agents_are_deterministic_per_seed(small_data, name):
    runs = [
        evaluate(
            small_data,
            name,
            seed=seed,
            options=strategies.select_options(name, {"episodes": 200}),
            show_progress=False,
        )
        for seed in (5, 5, 6)
    ]
    paths = [r.column("path").to_pylist() for r in runs]
    assert paths[0] == paths[1]
    if name != "qlearning":  # the greedy policy may not use the random action at all
        assert paths[0] != paths[2]


def test_greedy_first_guesses_on_the_default_lists():
    from wordgames.wordle.core import GameState
    from wordgames.wordle.data import make_data
    from wordgames.wordle.words import load_lists

    data = make_data(*load_lists())
    state = GameState(candidates=np.arange(len(data.answers), dtype=np.int32))
    first = {
        n: data.guesses[make_strategy(n, data).next_guess(state)]
        for n in ("entropy", "expected-size", "minimax")
    }
    stats = partition_stats(data, state.candidates)
    # each opener is the best of the whole list by its own measure
    assert stats.entropy[data.index[first["entropy"]]] == pytest.approx(stats.entropy.max())
    assert stats.sumsq[data.index[first["expected-size"]]] == stats.sumsq.min()
    assert stats.worst[data.index[first["minimax"]]] == stats.worst.min()


def test_partition_stats_match_bincount(small_data):
    cands = np.arange(0, 50, 2, dtype=np.int32)
    rows = np.arange(len(small_data.guesses), dtype=np.int32)
    counts = partition_counts_numpy(small_data, cands, rows)
    stats = partition_stats(small_data, cands, rows)
    assert np.array_equal(stats.sumsq, (counts**2).sum(axis=1))
    assert np.array_equal(stats.worst, counts.max(axis=1))
    p = counts / len(cands)
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.nansum(np.where(p > 0, p * np.log2(p), 0.0), axis=1)
    assert np.allclose(stats.entropy, entropy)


def test_registry_unknown_and_missing_modules(monkeypatch, small_data):
    with pytest.raises(InputError, match="unknown strategy 'best'"):
        make_strategy("best", small_data)
    monkeypatch.setitem(strategies.REGISTRY, "ghost", "ghost_module:Ghost")
    with pytest.raises(InputError, match="'ghost' is not available in this build"):
        make_strategy("ghost", small_data)
    assert not strategies.available("ghost")


def test_an_option_a_strategy_does_not_take_is_an_error(small_data):
    """A misspelt option fails with one line naming it and the strategy, instead of doing nothing."""
    with pytest.raises(
        InputError,
        match=r"strategy 'qlearning' has no option 'episode' \(its options: episodes, alpha",
    ):
        make_strategy("qlearning", small_data, episode=10)
    with pytest.raises(
        InputError, match=r"strategy 'entropy' has no option 'max_guesses' \(its options: none\)"
    ):
        make_strategy("entropy", small_data, max_guesses=6)
    with pytest.raises(InputError, match="strategy 'optimal' has no option 'tree'"):
        make_strategy("optimal", small_data, tree="x.json")
    assert strategies.accepted_options("optimal") == (
        "max_guesses",
        "opener",
        "top_k",
        "hard_rule",
        "tree_path",
    )
    shared = {"episodes": 5, "max_guesses": 6, "hard_rule": "nyt"}
    assert strategies.select_options("qlearning", shared) == {"episodes": 5, "max_guesses": 6}
    assert strategies.select_options("minimax", shared) == {}


def test_qlearning_learns_something(small_data):
    from wordgames.wordle.strategies.qlearning import train

    q = train(small_data, episodes=300, alpha=0.1, gamma=0.9, epsilon=0.2, seed=0, max_guesses=6)
    assert q.shape[1] == 4 and np.abs(q).sum() > 0
    assert q.max() > 100  # wins (+1000) have been propagated
