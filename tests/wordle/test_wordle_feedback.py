from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.wordle.feedback import (
    build_matrix,
    build_matrix_numpy,
    build_matrix_python,
    feedback,
    feedback_row,
    format_letters,
    format_squares,
    parse_feedback,
    pattern_dtype,
    pattern_to_digits,
)


@pytest.mark.parametrize(
    ("guess", "answer", "marks"),
    [
        ("crane", "crane", "ggggg"),
        ("speed", "abide", "..y.y"),  # one e in the answer: only the first e is yellow
        ("eerie", "where", "y.y.g"),  # green e takes its copy first
        ("geese", "eerie", ".gy.g"),
        ("abbey", "babes", "yygg."),
        ("lever", "eerie", ".g.yy"),
        ("allee", "eagle", "yy.yg"),  # the second l is grey: the answer has one l
    ],
)
def test_reference_duplicate_letter_rules(guess, answer, marks):
    assert format_letters(feedback(guess, answer), len(guess)) == marks


letters = st.sampled_from("abcde")  # a small alphabet: many repeated letters


@st.composite
def word_lists(draw):
    length = draw(st.integers(1, 6))
    word = st.lists(letters, min_size=length, max_size=length).map("".join)
    guesses = draw(st.lists(word, min_size=1, max_size=12))
    answers = draw(st.lists(word, min_size=1, max_size=12))
    return guesses, answers


@settings(max_examples=100, deadline=None)
@given(word_lists())
def test_matrix_builders_match_reference(lists):
    guesses, answers = lists
    expected = np.array([[feedback(g, a) for a in answers] for g in guesses])
    fast = build_matrix(guesses, answers)
    assert fast.dtype == pattern_dtype(len(answers[0]))
    assert np.array_equal(fast, expected)
    assert np.array_equal(build_matrix_numpy(guesses, answers, chunk=3), expected)
    assert np.array_equal(build_matrix_python(guesses, answers), expected)
    assert np.array_equal(feedback_row(guesses[0], answers), expected[0])


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(*[st.lists(letters, min_size=n, max_size=n).map("".join)] * 2)
    )
)
def test_reference_invariants(pair):
    guess, answer = pair
    digits = pattern_to_digits(feedback(guess, answer), len(guess))
    for i, d in enumerate(digits):
        assert (d == 2) == (guess[i] == answer[i])
    for c in set(guess):
        marked = sum(1 for i, d in enumerate(digits) if guess[i] == c and d > 0)
        assert marked == min(guess.count(c), answer.count(c))


def test_default_matrix_shape_and_dtype():
    from wordgames.wordle.words import load_lists

    guesses, answers = load_lists()
    matrix = build_matrix(guesses, answers)
    assert matrix.shape == (12972, 2315) and matrix.dtype == np.uint8
    rows = np.random.default_rng(1).integers(0, len(guesses), 20)
    for r in rows:
        assert matrix[r, 7] == feedback(guesses[r], answers[7])


def test_dtype_grows_with_length():
    assert pattern_dtype(5) == np.uint8
    assert pattern_dtype(6) == np.uint16
    m = build_matrix(["planet", "stream"], ["stream"])
    assert m.dtype == np.uint16 and m[1, 0] == 3**6 - 1


@pytest.mark.parametrize(
    "text", ["gy..g", "GY..G", "21002", "🟩🟨⬛⬛🟩", "🟩🟨⬜⬜🟩", "g y . . g", "gybbg"]
)
def test_parse_feedback_formats(text):
    assert parse_feedback(text, 5) == 2 + 1 * 3 + 2 * 81


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gy..", "4 marks for a 5-letter word"),
        ("gyq.g", "character 3 'q'"),
        ("", "empty feedback"),
        ("2100222", "7 marks"),
    ],
)
def test_parse_feedback_errors(text, message):
    with pytest.raises(InputError, match=message):
        parse_feedback(text, 5)


def test_format_round_trip():
    for pattern in (0, 5, 242, 100):
        assert parse_feedback(format_squares(pattern, 5), 5) == pattern
        assert parse_feedback(format_letters(pattern, 5), 5) == pattern
