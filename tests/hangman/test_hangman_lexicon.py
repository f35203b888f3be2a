from __future__ import annotations

import numpy as np
import pytest

from wordgames.errors import InputError
from wordgames.hangman.lexicon import ALPHABET, Lexicon

WORDS = [
    ("the", 100),
    ("day", 20),
    ("dry", 5),
    ("say", 15),
    ("sunny", 3),
    ("funny", 4),
    ("it's", 9),
    ("its", 2),
    ("café", 1),
    ("1984", 7),
    ("don't", 6),
]


@pytest.fixture
def lex():
    return Lexicon(WORDS)


def test_candidates_match_pattern_and_exclude_guessed_letters(lex):
    c = lex.candidates("_a_", frozenset("a"))
    assert c.words == ["day", "say"]  # most frequent first
    # a hidden position cannot hold a guessed letter, right or wrong
    assert lex.candidates("_a_", frozenset("ad")).words == ["say"]
    assert lex.candidates("_a_", frozenset("ay")).words == []
    assert lex.candidates("__'_", frozenset()).words == ["it's"]
    assert lex.candidates("_____", frozenset("f")).words == ["sunny"]


def test_candidate_letters_are_hidden_letters_only(lex):
    c = lex.candidates("_a_", frozenset("a"))
    row = dict(zip(ALPHABET, c.letters[0], strict=True))
    assert row["d"] and row["y"] and not row["a"]


def test_limit_and_total(lex):
    c = lex.candidates("___", frozenset(), limit=2)
    assert c.words == ["the", "day"]
    assert c.total == 100 + 20 + 5 + 15 + 2  # every 3-letter word


def test_normalises_and_keeps_digits(lex):
    assert "cafe" in lex and "café" not in lex
    assert "1984" not in lex  # a word without letters is never hidden, so never a candidate


def test_char_model_probabilities(lex):
    p = lex.char_letter_probs("_u__y", frozenset("uy"))
    assert p.shape == (26,) and np.all(p >= 0) and np.all(p <= 1)
    assert p[ALPHABET.index("u")] == 0 and p[ALPHABET.index("y")] == 0
    assert p.max() > 0
    assert 0 < lex.oov_likelihood("_a_", frozenset("a")) < 1


def test_letters_by_frequency(lex):
    order = lex.letters_by_frequency()
    assert sorted(order) == list(ALPHABET) and order[0] in "the"


def test_empty_vocabulary():
    with pytest.raises(InputError):
        Lexicon([("123", 4), ("...", 2)])
