"""Wordle lists built from a corpus and a lexicon, for any language and word length.

Rules (every number is a parameter; the pipeline takes them from the config's ``wordle_lists``):

- A *form* is a word of the lexicon, lower-cased and, with ``fold_accents``, stripped of its
  accents (``città`` -> ``citta``, as Italian Wordle games play it); forms that then have other
  characters than the ``alphabet`` or another length than ``length`` are left out. Forms that fold to
  the same word are one word (their corpus counts add up).
- **Allowed guesses**: every form of the lexicon, of any part of speech, seen at least ``min_count``
  times in the corpus (the collection's tokens).
- **Answers**: the ``answers`` most frequent *lemma-like* forms seen at least ``answer_min_count``
  times (ties alphabetical). A form is lemma-like when, for one of ``answer_pos`` (``noun``, ``adj``,
  ``verb``; the lemma of a verb is its infinitive or base form), the lexicon gives it itself as its
  only lemma. So inflections are not: plurals and feminines (``stelle`` -> ``stella``, ``case`` ->
  ``casa``, ``things`` -> ``thing``, even though ``things`` is also listed as a noun of its own),
  conjugated verbs (``parlo``, ``taken``). A form that is a clean lemma for another part of speech
  stays (``porta`` is a noun and a form of ``portare``; ``saw`` a noun and a form of ``see``;
  ``amare`` an infinitive and a plural of the adjective ``amaro``). Function words are never answers: a form listed as a determiner, pronoun, preposition,
  numeral, auxiliary or ``other`` (``delle``, ``tutto``, ``quale``) is not lemma-like. Proper nouns
  are neither allowed nor answers: both lexicons write them with a capital (``Maria``), and
  capitalised entries are dropped.

Lexicons (``lexicon``):

- ``morphit``: Morph-it! (Italian, Baroni and Zanchetta), the per-part-of-speech form -> lemma tables
  ``it_lemma_lookup_<pos>.json.gz`` that the PyPI package ``spacy-lookups-data`` ships (its noun
  table has about 35,000 forms, its verb table 318,000);
- ``lemminflect``: the lemma table ``lemma_lu.csv.gz`` (form, part of speech, lemmas) that the PyPI
  package ``lemminflect`` ships (English; from the SPECIALIST lexicon, without proper nouns), read as
  data.
"""

from __future__ import annotations

import gzip
import os
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from wordgames.errors import InputError

LEXICONS = ("morphit", "lemminflect")
ANSWER_POS = ("noun", "adj", "verb")
NOMINAL = ("noun", "adj")
PROPER = "propn"
#: parts of speech of function words: a form the lexicon lists under one of them is never an answer
CLOSED = ("det", "pron", "adp", "num", "aux", "other")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"

#: form -> part of speech -> lemmas
Lexicon = dict[str, dict[str, set[str]]]


def _add(lex: Lexicon, form: str, pos: str, lemmas: Iterable[str]) -> None:
    lex.setdefault(form, {}).setdefault(pos, set()).update(lemmas)


def _morphit() -> Lexicon:
    """The per-part-of-speech tables as shipped (not the guillotine's folded ones: their capitals
    mark proper nouns), repaired where the package mis-encoded them."""
    from wordgames.lexicons import morphit

    lex: Lexicon = {}
    for pos in morphit.PARTS_OF_SPEECH:
        table = morphit.read_table(pos)
        if table is None:
            raise InputError(
                f"the Morph-it! {pos} table of spacy-lookups-data is missing: "
                "pip install spacy-lookups-data"
            )
        for form, lemma in table.items():
            form = morphit.unmangle(form)
            _add(
                lex,
                form.lower(),
                pos if form.islower() else PROPER,
                (morphit.unmangle(lemma).lower(),),
            )
    return lex


def _lemminflect() -> Lexicon:
    from wordgames.wordle.words import package_dir

    root = package_dir(
        "lemminflect",
        "the English lexicon comes from the package lemminflect, which is not installed: "
        "pip install lemminflect",
    )
    path = root / "resources" / "lemma_lu.csv.gz"
    if not path.is_file():
        raise InputError(f"lemminflect is installed but lacks {path}")
    lex: Lexicon = {}
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            parts = line.rstrip("\n").split(",")
            if len(parts) != 3:
                raise InputError(f"{path} line {number}: expected form,pos,lemmas")
            form, pos, lemmas = parts
            if not form.islower():  # capitalised entries are proper nouns
                pos = PROPER
            _add(lex, form.lower(), pos, lemmas.lower().split("/"))
    return lex


def read_lexicon(name: str) -> Lexicon:
    if name == "morphit":
        return _morphit()
    if name == "lemminflect":
        return _lemminflect()
    raise InputError(f"unknown lexicon {name!r}: use one of {', '.join(LEXICONS)}")


def fold(word: str, fold_accents: bool) -> str:
    word = unicodedata.normalize("NFC", word.lower())
    if fold_accents and not word.isascii():
        word = "".join(
            c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)
        )
    return word


def lemma_like(form: str, readings: dict[str, set[str]], answer_pos: Iterable[str]) -> bool:
    """The module doc's rule: for one of ``answer_pos`` the lexicon lists the form as its own lemma
    and as nothing else (``things``, a noun lemma but also the plural of ``thing``, is not)."""
    if any(p in readings for p in CLOSED):
        return False
    return any(readings.get(p) == {form} for p in answer_pos)


def count_tokens(path: str | os.PathLike) -> Counter:
    """Word counts of a token file (one sentence a line, tokens separated by spaces)."""
    from wordgames.stats.vocab import count_words, iter_lines

    return count_words(iter_lines(path))


@dataclass
class WordleLists:
    allowed: list[str]  # sorted
    answers: list[str]  # most frequent first
    stats: dict = field(default_factory=dict)


def build_lists(
    counts: Counter | dict,
    lexicon: Lexicon,
    *,
    length: int,
    answers: int,
    answer_pos: Iterable[str] = ANSWER_POS,
    min_count: int = 1,
    answer_min_count: int = 1,
    fold_accents: bool = True,
    alphabet: str = ALPHABET,
) -> WordleLists:
    """Allowed guesses and answers from corpus ``counts`` and a ``lexicon`` (module doc)."""
    answer_pos = tuple(answer_pos)
    for p in answer_pos:
        if p not in ANSWER_POS:
            raise InputError(f"unknown answer part of speech {p!r}: use {', '.join(ANSWER_POS)}")
    if answers < 1 or length < 2:
        raise InputError("a Wordle list needs at least one answer and words of two letters or more")
    if not alphabet or not set(alphabet) <= set(ALPHABET):
        # found by the fuzzer of issue 12: lists with other letters were written, then refused by
        # the next stage (the word lists and the feedback matrix are a-z only)
        raise InputError(f"alphabet {alphabet!r:.40}: give letters of a-z (the lists are a-z only)")
    letters = set(alphabet)
    folded_counts: Counter = Counter()
    for word, c in counts.items():
        w = fold(word, fold_accents)
        if len(w) == length:
            folded_counts[w] += int(c)
    forms: set[str] = set()
    lemmas: set[str] = set()
    for raw, readings in lexicon.items():
        w = fold(raw, fold_accents)
        if len(w) != length or not set(w) <= letters or set(readings) == {PROPER}:
            continue
        forms.add(w)
        if lemma_like(raw, readings, answer_pos):
            lemmas.add(w)
    allowed = sorted(w for w in forms if folded_counts[w] >= min_count)
    floor = max(answer_min_count, min_count)
    ranked = sorted(
        (w for w in lemmas if folded_counts[w] >= floor), key=lambda w: (-folded_counts[w], w)
    )
    chosen = ranked[:answers]
    if not chosen:
        raise InputError(
            f"no lemma-like word of {length} letters is seen {floor} times or more in the corpus"
        )
    stats = {
        "length": length,
        "lexicon_forms": len(forms),
        "allowed": len(allowed),
        "lemma_like": len(lemmas),
        "lemma_like_seen": len(ranked),
        "answers": len(chosen),
        "answer_min_count": floor,
        "last_answer_count": int(folded_counts[chosen[-1]]),
    }
    return WordleLists(allowed, chosen, stats)


def write_list(words: list[str], path: str | os.PathLike, header: str) -> None:
    from wordgames.artifacts import atomic_open

    with atomic_open(path) as fh:
        fh.write(f"# {header}\n")
        for w in words:
            fh.write(w + "\n")
