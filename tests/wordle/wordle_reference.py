"""Plain-Python references for the exact Wordle solver and the opener search: feedback with the real
duplicate-letter rules, hard-mode legality, an exhaustive minimum, and hypothesis strategies for small
lists (short words over small alphabets, so feedback cells are large and the search is non-trivial).

Imported by the test modules of this folder (``tests/wordle/conftest.py`` puts it on ``sys.path``).
"""

from __future__ import annotations

from functools import cache

import numpy as np
from hypothesis import strategies as st

from wordgames.wordle.core import WordleData
from wordgames.wordle.exact.tree import OptimalTree

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
