"""Word classes and the category factors on prose word probabilities."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.hangman.lexicon import Lexicon
from wordgames.hangman.wordclass import (
    ClassFactors,
    _parts_of_speech,
    class_ratios,
    word_class,
)

PROSE = {
    "the": 500,
    "of": 300,
    "think": 120,
    "right": 100,
    "first": 90,
    "piano": 3,
    "night": 40,
    "tiara": 1,
    "visit": 20,
}


def test_word_class_is_parts_of_speech_and_length_band():
    assert word_class("night") == "NOUN/long"
    assert word_class("think") == "NOUN+VERB/long"
    assert word_class("the") == "-/short"  # a function word: not in the lemma table
    assert word_class("dunaway") == "-/long"


def test_parts_of_speech_are_what_lemminflect_returns():
    """The tables read directly give the keys of lemminflect's public call, word for word (for
    the lower-case words ``word_class`` is given)."""
    import lemminflect

    lemmatizer = lemminflect.Lemmatizer()
    words = sorted(lemmatizer._getLemmaDict())[::40] + sorted(lemmatizer._getOverridesDict())
    words = [w.lower() for w in words]
    words += list(PROSE) + ["dunaway", "don't", "x2", ""]
    fast = _parts_of_speech()
    assert len(words) > 1000
    for word in words:
        assert fast(word) == lemminflect.getAllLemmas(word).keys(), word


def test_a_nouns_only_category_raises_nouns_and_lowers_the_rest():
    answers = [("piano", "thing"), ("night light", "thing"), ("the piano", "phrase")]
    ratios = class_ratios(PROSE, answers)
    assert set(ratios) == {"thing", "phrase"}
    thing = ratios["thing"]
    assert thing[word_class("night")] > 1 > thing[word_class("the")]
    assert thing[word_class("think")] < 1


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(PROSE) + ["zebra", "an"]), st.sampled_from(["a", "b"])),
        min_size=1,
        max_size=30,
    ),
    st.floats(0.5, 500),
)
def test_factors_average_to_one_under_the_prose_unigram(answers, prior):
    # the factor's expectation over prose tokens is 1: the reweighted prose model stays normalised
    # on average, whatever the answers (words the prose lacks, like zebra, included)
    for ratios in class_ratios(PROSE, answers, prior).values():
        total = sum(PROSE.values())
        mean = sum(c / total * ratios.get(word_class(w), 1.0) for w, c in PROSE.items())
        assert mean == pytest.approx(1.0)


def test_no_category_no_ratios():
    assert class_ratios(PROSE, [("the piano", None)]) == {}


def test_reweighted_lexicon_reorders_candidates_and_leaves_the_original():
    lex = Lexicon(PROSE.items(), min_count=1)
    before = lex.candidates("_____", frozenset("e"))
    assert before.words[:2] == ["think", "right"]
    heavy = lex.reweighted(ClassFactors({word_class("night"): 10.0}))
    after = heavy.candidates("_____", frozenset("e"))
    assert after.words[0] == "night" and after.counts[0] == 400.0
    assert after.mass == pytest.approx(sum(heavy.counts[w] for w in after.words))
    assert np.allclose(after.uni_letters, after.counts @ after.letters / after.mass)
    # the original is unchanged, cache included
    assert lex.candidates("_____", frozenset("e")).words == before.words
    assert heavy.letter_freq is lex.letter_freq
