"""The endgame search against a plain game-tree search over every letter, and the case it is for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.hangman.endgame import SearchTooLarge, endgame_letter, win_chances
from wordgames.hangman.lexicon import ALPHABET


def reference(fills, guessed, misses):
    """P(win and answer in fills): every open letter tried, no merging, no memo, no pruning."""
    if all(set(f) <= guessed for f, _ in fills):
        return sum(w for _, w in fills)
    return max(reference_chance(fills, guessed, misses, c) for c in ALPHABET if c not in guessed)


def reference_chance(fills, guessed, misses, c):
    groups = {}
    for f, w in fills:
        groups.setdefault(tuple(i for i, ch in enumerate(f) if ch == c), []).append((f, w))
    total = 0.0
    for where, group in groups.items():
        if where:
            total += reference(group, guessed | {c}, misses)
        elif misses > 0:
            total += reference(group, guessed | {c}, misses - 1)
    return total


@st.composite
def endgames(draw):
    n = draw(st.integers(1, 3))
    board = draw(st.text("ab_", min_size=n, max_size=n))
    words = draw(
        st.lists(st.text("abcde", min_size=n, max_size=n), min_size=1, max_size=5, unique=True)
    )
    shown = set(board) - {"_"}
    # a filling agrees with the board: shown letters in place, hidden positions not shown letters
    fills = [
        "".join(b if b != "_" else w[i] for i, b in enumerate(board))
        for w in words
        if all(b == "_" and w[i] not in shown or b == w[i] for i, b in enumerate(board))
    ]
    fills = list(dict.fromkeys(fills))
    if not fills:
        fills = ["".join("c" if b == "_" else b for b in board)]
    weights = draw(st.lists(st.floats(0.05, 1.0), min_size=len(fills), max_size=len(fills)))
    wrong = draw(st.sets(st.sampled_from("xyz"), max_size=2))
    misses = draw(st.integers(0, 2))
    return board, fills, weights, frozenset(wrong), misses


@settings(max_examples=300, deadline=None)
@given(endgames())
def test_win_chances_equal_a_full_game_tree_search(case):
    board, fills, weights, wrong, misses = case
    total = sum(weights)
    got = win_chances(board, fills, weights, misses, wrong)
    guessed = (set(board) - {"_"}) | wrong
    pairs = [(f, w / total) for f, w in zip(fills, weights, strict=True)]
    for j, c in enumerate(ALPHABET):
        if c in guessed:
            assert got[j] == 0.0
        else:
            assert got[j] == pytest.approx(reference_chance(pairs, guessed, misses, c), abs=1e-9)


def test_the_likeliest_letter_is_not_always_the_one_that_wins():
    # "a" is the likeliest letter (0.6), but on the last life it leaves a coin toss between
    # "ax" and "ay"; "b" names "bz" outright
    fills, weights = ["ax", "ay", "bz"], [0.3, 0.3, 0.4]
    chances = win_chances("__", fills, weights, misses_left=0)
    assert chances[ALPHABET.index("a")] == pytest.approx(0.3)
    assert chances[ALPHABET.index("b")] == pytest.approx(0.4)
    assert endgame_letter("__", fills, weights, 0, greedy="a") == "b"
    # with misses to spare every letter wins every game: the greedy letter stays
    assert endgame_letter("__", fills, weights, 2, greedy="a") == "a"


def test_a_search_too_large_is_refused_and_the_greedy_letter_kept():
    fills = ["".join(w) for w in zip("abcdefgh", "ijklmnop", "qrstuvwx", strict=True)]
    with pytest.raises(SearchTooLarge):
        win_chances("___", fills, [1.0] * len(fills), misses_left=3, max_states=2)
    assert endgame_letter("___", fills, [1.0] * 8, 3, greedy="q", max_states=2) == "q"


def test_fillings_of_another_length_are_an_error():
    with pytest.raises(ValueError, match="another length"):
        win_chances("__", ["abc"], [1.0], 1)
