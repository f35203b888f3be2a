"""Tokeniser rules and properties (idempotent, no empty tokens, sentence count kept)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.corpus.tokenize import ABBREVIATIONS, tokenize, tokenize_phrase


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It's John's dog, isn't it?", [["it's", "john's", "dog", "isn't", "it"]]),
        ("Don\u2019t stop at five o\u2019clock.", [["don't", "stop", "at", "five", "o'clock"]]),
        ("'Tis the dogs' bowls.", [["tis", "the", "dogs", "bowls"]]),
        ("A well-made, \u201cfine\u201d thing!", [["a", "well", "made", "fine", "thing"]]),
        ("Pi is 3.14 and 1,000 > 999.", [["pi", "is", "3.14", "and", "1,000", "999"]]),
        (
            "Mr. Smith met Dr. Jones. They left.",
            [["mr", "smith", "met", "dr", "jones"], ["they", "left"]],
        ),
        ("J. R. R. Tolkien wrote it. Yes!", [["j", "r", "r", "tolkien", "wrote", "it"], ["yes"]]),
        ("First line\nsecond line", [["first", "line"], ["second", "line"]]),
        ("...  ;;; \u2014", []),
    ],
)
def test_english_rules(text, expected):
    assert tokenize(text, "en") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Dell'anno scorso ricordo l\u2019amore.",
            [["dell'", "anno", "scorso", "ricordo", "l'", "amore"]],
        ),
        ("Un po' di pane, perche' no?", [["un", "po'", "di", "pane", "perche'", "no"]]),
        ("'Ndrangheta e l'8 settembre.", [["ndrangheta", "e", "l'", "8", "settembre"]]),
        # a question inside a sentence: no split before a lower-case word; "sig." is an abbreviation
        (
            "«Chi è?» domandò il sig. Rossi. Nessuno.",
            [["chi", "è", "domandò", "il", "sig", "rossi"], ["nessuno"]],
        ),
        ("PERCHÉ È COSÌ", [["perché", "è", "così"]]),
    ],
)
def test_italian_rules(text, expected):
    assert tokenize(text, "it") == expected


def test_nfc_and_lower_case():
    decomposed = "Citta\u0300 E\u0301"  # combining accents
    assert tokenize(decomposed, "it") == [["città", "é"]]


def test_phrase_has_no_sentence_split():
    assert tokenize_phrase("L'albero. Della vita!", "it") == ["l'", "albero", "della", "vita"]
    assert tokenize_phrase("A penny saved is a penny earned.", "en") == [
        "a",
        "penny",
        "saved",
        "is",
        "a",
        "penny",
        "earned",
    ]


def test_unknown_language():
    with pytest.raises(ValueError, match="unsupported language"):
        tokenize("x", "fr")


# words that are not abbreviations (a full stop after "mr" or "sig" does not end a sentence)
_word = st.text(alphabet=string.ascii_lowercase + "àèéìòù", min_size=2, max_size=8).filter(
    lambda w: w not in ABBREVIATIONS["en"] | ABBREVIATIONS["it"]
)
_any_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), max_codepoint=0x2FFF), max_size=200
)


@settings(max_examples=200, deadline=None)
@given(text=_any_text, language=st.sampled_from(["en", "it"]))
def test_idempotent_and_no_empty_tokens(text, language):
    sentences = tokenize(text, language)
    for sentence in sentences:
        assert sentence, "a sentence without tokens was kept"
        assert all(t and not t.isspace() and " " not in t for t in sentence)
    again = tokenize("\n".join(" ".join(s) for s in sentences), language)
    assert again == sentences


@settings(max_examples=150, deadline=None)
@given(
    sentences=st.lists(st.lists(_word, min_size=1, max_size=8), min_size=1, max_size=6),
    ends=st.lists(st.sampled_from([".", "!", "?", "..."]), min_size=6, max_size=6),
    language=st.sampled_from(["en", "it"]),
)
def test_keeps_sentence_count(sentences, ends, language):
    text = " ".join(
        " ".join([s[0].capitalize(), *s[1:]]) + ends[i] for i, s in enumerate(sentences)
    )
    out = tokenize(text, language)
    assert len(out) == len(sentences)
    assert out == sentences


@given(st.text(alphabet=st.sampled_from("aé'’‘ʼʹʻ`´′＇e\u0301 .\n"), max_size=40))
@settings(max_examples=200, deadline=None)
def test_normalise_folds_every_apostrophe_like_the_table(text):
    # normalise uses a regular expression for speed (issue 22); the table stays the reference that
    # hangman and the guillotine fold with
    import unicodedata

    from wordgames.corpus.tokenize import APOSTROPHE_TABLE, APOSTROPHES, normalise

    got = normalise(text)
    assert got == unicodedata.normalize("NFC", text).translate(APOSTROPHE_TABLE)
    assert not set(APOSTROPHES) & set(got)


@given(
    st.lists(
        st.sampled_from(["Mr.", "Dr.", "İstanbul", "ΟΔΟΣ.", "Σ", "e\u0301", "ǅ", "3.14", "l'anno"])
        | st.sampled_from([". ", "! ", "? ", "\n", " ", "A", "b", "«", "»", "…"])
        | st.text(max_size=6),
        max_size=30,
    ).map("".join),
    st.sampled_from(["en", "it"]),
)
@settings(max_examples=300, deadline=None)
def test_tokenize_equals_sentence_by_sentence(text, language):
    # tokenize lower-cases each line once and cuts sentences out of it (issue 22); the reference
    # is the rule as written: split the line, then lower-case and tokenise each sentence
    from wordgames.corpus.tokenize import _LINES, normalise, split_sentences, words

    reference = [
        tokens
        for line in _LINES.split(normalise(text))
        if line and not line.isspace()
        for sentence in split_sentences(line, language)
        if (tokens := words(sentence, language))
    ]
    assert tokenize(text, language) == reference
