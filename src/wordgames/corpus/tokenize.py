"""Language-aware tokenisation: text to sentences of lower-case tokens.

The rules (documented in docs/corpora.md, relied on by hangman and the guillotine):

1. Unicode NFC, then lower case (``str.lower``), then NFC again.
2. Apostrophe variants (’ ‘ ʼ ʹ ʻ ` ´ ′ ＇) become the ASCII ``'``.
3. Sentences: every line break is a boundary (extractors put each paragraph or sentence on its own
   line and join hard-wrapped lines); inside a line a sentence ends at ``.``, ``!``, ``?`` or ``…``
   (optionally followed by closing quotes or brackets) followed by white space and an upper-case letter
   or digit (optionally after opening quotes or dashes), unless the word before the full stop is a known
   abbreviation (Mr., Dr., sig., dott., ecc., ...) or a single letter (initials).
4. Tokens are runs of letters and digits; everything else (punctuation, symbols, hyphens, underscores)
   separates tokens and is dropped. Numbers keep inner separators between digits (``3.14``, ``1,000``).
5. Apostrophes:
   - English: an apostrophe between two letters or digits stays inside the token, so contractions and
     possessives are one token (``it's``, ``don't``, ``o'clock``, ``john's``); leading and trailing
     apostrophes are dropped (``'tis`` -> ``tis``, ``dogs'`` -> ``dogs``, quotes disappear).
   - Italian: an apostrophe after a letter ends the token and stays with it: elisions split after the
     apostrophe (``dell'anno`` -> ``dell'`` ``anno``, ``l'amore`` -> ``l'`` ``amore``) and apocopes keep
     it (``po'``, ``mo'``, and the old ASCII spellings ``e'``, ``perche'``); a leading apostrophe is
     dropped (``'ndrangheta`` -> ``ndrangheta``).
6. Sentences left without tokens are dropped; tokens are never empty.

The output is stable: tokenising the space-joined tokens of each sentence (one sentence a line) gives
the same sentences again.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

LANGUAGES = ("en", "it")

APOSTROPHES = "\u2019\u2018\u02bc\u02b9\u02bb\u0060\u00b4\u2032\uff07"
#: ``str.translate`` table folding every apostrophe variant to ``'``; hangman and the guillotine use it
#: too, so a phrase or clue is folded exactly as the text the models were trained on.
APOSTROPHE_TABLE = str.maketrans({c: "'" for c in APOSTROPHES})

_SHARED_ABBREVIATIONS = (
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "st",
    "jr",
    "sr",
    "vs",
    "etc",
    "fig",
    "vol",
)
#: Words that a full stop follows without ending the sentence, per language (lower case).
ABBREVIATIONS = {
    "en": frozenset(
        _SHARED_ABBREVIATIONS
        + (
            "inc",
            "ltd",
            "co",
            "jan",
            "feb",
            "mar",
            "apr",
            "jun",
            "jul",
            "aug",
            "sep",
            "sept",
            "oct",
            "nov",
            "dec",
            "gen",
            "col",
            "capt",
            "lt",
            "sgt",
            "rev",
            "hon",
            "figs",
            "vols",
            "pp",
            "cf",
            "ca",
            "approx",
            "dept",
        )
    ),
    "it": frozenset(
        _SHARED_ABBREVIATIONS
        + (
            "sig",
            "sigg",
            "sigra",
            "dott",
            "ecc",
            "pag",
            "cap",
            "art",
            "cfr",
            "ca",
            "avv",
            "ing",
            "on",
            "arch",
            "geom",
            "rag",
            "es",
            "nn",
            "ss",
            "sgg",
            "lett",
            "gen",
            "mons",
            "rev",
            "fr",
        )
    ),
}

_NUMBER = r"\d+(?:[.,]\d+)+"
_WORD = r"[^\W_]+"
_TOKEN = {
    "en": re.compile(rf"{_NUMBER}|{_WORD}(?:'{_WORD})*"),
    "it": re.compile(rf"{_NUMBER}|{_WORD}'?"),
}
_BOUNDARY = re.compile(r"[.!?\u2026]+[\"'\u00bb\u201d)\]]*\s+")
_OPENERS = "\"'\u00ab\u201c([\u2014\u2013- "
_LINES = re.compile(r"[\r\n\u2028\u2029\u0085\x0b\x0c\x1c\x1d\x1e]+")


def _check(language: str) -> re.Pattern:
    try:
        return _TOKEN[language]
    except KeyError:
        raise ValueError(
            f"unsupported language {language!r} (supported: {', '.join(LANGUAGES)})"
        ) from None


_APOSTROPHE = re.compile(f"[{APOSTROPHES}]")


def normalise(text: str) -> str:
    """NFC and ASCII apostrophes (case kept: sentence splitting looks at capitals)."""
    # a regular expression, not str.translate: translate with a dict table costs a Python-level
    # lookup per character, and was a third of the tokenizer's time on Wikipedia text
    return _APOSTROPHE.sub("'", unicodedata.normalize("NFC", text))


def _previous_word(line: str, end: int) -> str:
    start = end
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "."):
        start -= 1
    return line[start:end].lower()


def _sentence_starts(line: str, language: str) -> list[int]:
    """Where each sentence of ``line`` starts (0 first), by the rules in the module docstring."""
    abbreviations = ABBREVIATIONS.get(language, ABBREVIATIONS["en"])
    starts = [0]
    for m in _BOUNDARY.finditer(line):
        end = m.end()
        nxt = line[end : end + 4].lstrip(_OPENERS)
        if not nxt or not (nxt[0].isupper() or nxt[0].isdigit()):
            continue
        if line[m.start()] == "." and m.group().count(".") == 1:
            prev = _previous_word(line, m.start())
            if prev in abbreviations or (len(prev) == 1 and prev.isalpha()) or "." in prev:
                continue
        starts.append(end)
    return starts


def split_sentences(line: str, language: str = "en") -> list[str]:
    """Split one line of (normalised) text into sentences, by the rules in the module docstring."""
    starts = _sentence_starts(line, language)
    return [line[a:b] for a, b in zip(starts, [*starts[1:], len(line)], strict=True)]


def _lower(text: str) -> str:
    """Lower case of NFC ``text``, NFC again. When lowering changed nothing (scripts without case)
    or the result is ASCII, it is NFC already: normalising it again was a fifth of the tokenizer's
    time on Bengali text."""
    low = text.lower()
    if low == text or low.isascii():
        return low
    return unicodedata.normalize("NFC", low)


def words(sentence: str, language: str) -> list[str]:
    """Tokens of one normalised sentence (no sentence splitting)."""
    pattern = _check(language)
    return pattern.findall(_lower(sentence))


def tokenize(text: str, language: str) -> list[list[str]]:
    """Sentences of tokens of ``text`` (see the module docstring for the rules)."""
    pattern = _check(language)
    out = []
    for line in _LINES.split(normalise(text)):
        if not line or line.isspace():
            continue
        starts = _sentence_starts(line, language)
        low = _lower(line)
        # lower case the line once and cut the sentences out of it where it maps character for
        # character (lowering that changes the length, as "İ" does, or that NFC recomposes, does
        # not): a sentence ends in white space, so no token or final sigma crosses a cut
        if len(starts) == 1:
            sentences = [pattern.findall(low)]
        elif len(low) == len(line) and (low.isascii() or low == line.lower()):
            ends = [*starts[1:], len(line)]
            sentences = [pattern.findall(low, a, b) for a, b in zip(starts, ends, strict=True)]
        else:
            ends = [*starts[1:], len(line)]
            sentences = [
                pattern.findall(_lower(line[a:b])) for a, b in zip(starts, ends, strict=True)
            ]
        out.extend(tokens for tokens in sentences if tokens)
    return out


def tokenize_phrase(text: str, language: str) -> list[str]:
    """All tokens of ``text`` as one list (a phrase, a title, a clue): no sentence splitting."""
    pattern = _check(language)
    return pattern.findall(_lower(normalise(text)))


def tokenize_many(texts: Iterable[str], language: str) -> Iterator[list[list[str]]]:
    for text in texts:
        yield tokenize(text, language)
