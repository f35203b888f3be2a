"""Every published list: the optimal trees reproduce Selby's totals on the NYT and extended lists, and
the evaluation summary shows the published numbers beside ours (keyed by the list fingerprint)."""

from __future__ import annotations

import os

import pyarrow as pa
import pytest
from wordle_reference import check_tree

from wordgames.wordle.evaluate import markdown, summarize
from wordgames.wordle.published import PUBLISHED, published_openers, published_result

#: minutes of CPU each on this machine: run with WORDGAMES_LONG_TESTS=1
long_test = pytest.mark.skipif(
    not os.environ.get("WORDGAMES_LONG_TESTS"),
    reason="long (minutes of CPU): set WORDGAMES_LONG_TESTS=1 to run",
)


def lists(wordgames_data, answers: str, guesses: str):
    from wordgames.wordle.data import make_data
    from wordgames.wordle.words import load_lists

    root = wordgames_data / "wordle"
    g, a = load_lists(root / answers, root / guesses)
    return make_data(g, a)


def games(fingerprint: str, opener: str, lengths: list[int], hard: bool = False):
    n = len(lengths)
    return pa.table(
        {
            "strategy": ["optimal"] * n,
            "hard": [hard] * n,
            "hard_rule": ["nyt" if hard else ""] * n,
            "guesses": pa.array(lengths, pa.int8()),
            "won": [True] * n,
            "seconds": [0.0] * n,
            "path": [[opener] * k for k in lengths],
            "lists": [fingerprint] * n,
        }
    )


def test_summary_shows_the_published_optimum():
    original = "9da66b75e64bf27c"
    s = summarize(games(original, "salet", [3, 4, 3]))
    assert s["opener"] == "salet" and s["published_total"] == 7920
    assert s["published_mean"] == 3.4212
    assert "| 7920 / 3.4212 (SALET) |" in markdown([s])
    hard = summarize(games(original, "salet", [3, 4], hard=True))
    assert hard["published_total"] == 8122
    other = summarize(games(original, "adieu", [3]))  # no published total for this opener and mode
    assert other["published_total"] is None and markdown([other]).rstrip().endswith("|  |")
    extended = summarize(games("ca4261b69d8d6832", "tarse", [3, 4]))
    assert extended["published_mean"] == 3.5526 and "3.5526 (TARSE)" in markdown([extended])
    assert summarize(games("0000", "salet", [3]))["published_total"] is None


def test_published_lookups():
    assert published_openers("9da66b75e64bf27c", "hard-nyt")["least"] == 8127
    assert published_result("9cd9eaceedfdb4eb", "normal") == {
        "lists": PUBLISHED["9cd9eaceedfdb4eb"].name,
        "opener": "tarse",
        "total": 7883,
        "mean": 3.414,
    }
    assert published_result("9cd9eaceedfdb4eb", "hard-nyt")["mean"] == 3.5067
    assert published_result("ca4261b69d8d6832", "hard-nyt")["mean"] == 3.6818
    assert published_result("unknown", "normal") is None


@pytest.mark.parametrize(
    ("answers", "guesses", "fingerprint"),
    [
        ("answers-2315.txt", "allowed-12972.txt", "9da66b75e64bf27c"),
        ("answers-nyt-2309.txt", "allowed-nyt-14855.txt", "9cd9eaceedfdb4eb"),
        ("answers-extended-3158.txt", "allowed-nyt-14855.txt", "ca4261b69d8d6832"),
    ],
)
def test_fingerprints_of_the_published_lists(wordgames_data, answers, guesses, fingerprint):
    assert lists(wordgames_data, answers, guesses).fingerprint == fingerprint


def test_nyt_august_2022_tarse_7883(wordgames_data):
    from wordgames.wordle.exact.tree import solve_tree

    data = lists(wordgames_data, "answers-nyt-2309.txt", "allowed-nyt-14855.txt")
    tree = solve_tree(data, opener="tarse")
    assert tree.summary()["total_guesses"] == 7883 and tree.summary()["mean_guesses"] == 3.4140
    check_tree(data, tree, None)


@long_test
def test_nyt_august_2022_hard_salet_8097(wordgames_data):
    from wordgames.wordle.exact.tree import solve_tree

    data = lists(wordgames_data, "answers-nyt-2309.txt", "allowed-nyt-14855.txt")
    tree = solve_tree(data, True, "salet", hard_rule="nyt")
    assert tree.summary()["total_guesses"] == 8097 and tree.summary()["mean_guesses"] == 3.5067
    check_tree(data, tree, "nyt")


@long_test
@pytest.mark.parametrize(("hard", "mean"), [(False, 3.5526), (True, 3.6818)])
def test_extended_list_tarse(wordgames_data, hard, mean):
    from wordgames.wordle.exact.tree import solve_tree

    data = lists(wordgames_data, "answers-extended-3158.txt", "allowed-nyt-14855.txt")
    tree = solve_tree(data, hard, "tarse", hard_rule="nyt" if hard else None)
    assert tree.summary()["mean_guesses"] == mean
