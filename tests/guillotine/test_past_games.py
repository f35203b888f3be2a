"""The indexed past-game evidence (``PastGames``) against the plain definitions it replaces."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.guillotine.evidence import LinkIndex, PastGames
from wordgames.guillotine.games import Game, overlapping

WORDS = list("abcdefgh")
games_st = st.lists(
    st.builds(
        Game,
        st.lists(st.sampled_from(WORDS), min_size=5, max_size=5).map(tuple),
        st.one_of(st.none(), st.sampled_from(["x", "y", "z", "a"])),
    ),
    max_size=12,
)


def reference_links(games, excluded):
    """clue -> Counter of solutions over the active games, built the simple way."""
    links: dict[str, Counter] = {}
    solutions: Counter = Counter()
    for k, g in enumerate(games):
        if k in excluded or not g.solution:
            continue
        solutions[g.solution] += 1
        for c in g.clues:
            links.setdefault(c, Counter())[g.solution] += 1
    return links, solutions


def assert_same(past: PastGames, links: dict, solutions: Counter):
    assert past.solutions == solutions
    assert dict(past.links) == links
    assert len(past.links) == len(links)
    for c in WORDS:
        assert (c in past.links) == (c in links)
        # the same solutions in the same order (the candidates' row order follows it)
        assert list(past.links.get(c, {}).items()) == list(links.get(c, {}).items())


@settings(max_examples=150, deadline=None)
@given(pool=games_st, evaluated=games_st, more=games_st, min_shared=st.integers(1, 5))
def test_indexed_exclusion_and_links_match_the_plain_definitions(pool, evaluated, more, min_shared):
    past = PastGames(games=pool)
    assert_same(past, *reference_links(pool, set()))
    n = past.exclude_overlapping(evaluated, min_shared)
    want = overlapping(pool, evaluated, min_shared)
    assert past.excluded == want and n == len(want)
    assert_same(past, *reference_links(pool, want))
    # a restricted copy adds its own exclusion and leaves the original as it was
    sub = past.restricted(more, min_shared)
    both = want | overlapping(pool, more, min_shared)
    assert sub.excluded == both
    assert_same(sub, *reference_links(pool, both))
    assert_same(past, *reference_links(pool, want))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, "zz", "unknown"]), max_size=20))
def test_counts_is_count_of_each_word(words):
    index = LinkIndex(
        ["a", "b"], ["b", "c"], ["adj", "prep"], [2, 3], words=WORDS, word_counts=range(1, 9)
    )
    assert index.counts(words).tolist() == [index.count(w) for w in words]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, "zz", "unknown"]), max_size=20))
def test_degrees_are_the_links_each_word_takes_part_in(words):
    left, right = ["a", "b", "a", "c"], ["b", "c", "c", "a"]
    index = LinkIndex(left, right, ["adj", "prep", "adj", "near"], [2, 3, 1, 4], words=WORDS)
    want = [sum((x == w) + (y == w) for x, y in zip(left, right, strict=True)) for w in words]
    assert index.counts(words, degree=True).tolist() == want
