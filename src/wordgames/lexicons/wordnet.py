"""Wordnet tables (tab-separated, recognised by their header), read as entries: MultiWordNet's
lemma and synset tables as :mod:`wordgames.guillotine.multiwordnet` exports them. The guillotine's
wordnet links and the corpus layer's ``wordnet`` kind both read them here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from wordgames.errors import InputError


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
