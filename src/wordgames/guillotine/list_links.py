"""Links from lists: two content words in one line of a knowledge list (``proverb``, ``saying``,
``song``), of a Wikipedia title (``title``), of a Wikiquote quotation (``quote``), and a Wiktionary
lemma with the words of its lists (``wiktionary``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable

from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.patterns import is_content


def list_links(
    lines: Iterable[str], pattern: str, window: int = 0, skip: frozenset[str] = frozenset()
) -> Counter:
    """Counter of (left, right) content-word pairs co-occurring in a line of a list.

    Words in ``skip`` are dropped before windowing (see :func:`common_words`).
    ``window`` limits the distance between the two words (0 = the whole line).
    """
    pairs: Counter = Counter()
    for line in lines:
        toks = [t for t in tokenize(line) if is_content(t) and t not in skip]
        for i, a in enumerate(toks):
            stop = len(toks) if window <= 0 else min(len(toks), i + window + 1)
            for b in toks[i + 1 : stop]:
                if a != b:
                    pairs[(a, b)] += 1
    return pairs


def common_words(lines: list[str], share: float) -> frozenset[str]:
    """Content words found in more than ``share`` of the lines: in a dictionary's glosses these are
    its metalanguage (aggettivo, sostantivo, termine, araldico in 2-3% of WikDict's entries), which
    would link every headword they describe."""
    df: Counter = Counter()
    for line in lines:
        df.update({t for t in tokenize(line) if is_content(t)})
    limit = share * len(lines)
    return frozenset(w for w, n in df.items() if n > limit)


def read_lines(path: str | os.PathLike) -> list[str]:
    with open(path, encoding="utf-8", errors="replace") as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


def song_titles(lines: Iterable[str]) -> list[str]:
    """``Artist - Title`` lines -> the titles."""
    return [line.split(" - ", 1)[1] if " - " in line else line for line in lines]


def wiktionary_links(table) -> Counter:
    """(lemma, word) pairs from a Wiktionary entries table (pyarrow), from every list column found.

    A list entry that is a phrase (a locution or proverb) links the lemma to each of its content words.
    """
    pairs: Counter = Counter()
    columns = [
        c
        for c in (
            "synonyms",
            "derived",
            "related",
            "proverbs",
            "locutions",
            "proverbs_locutions",
            "examples",
        )
        if c in table.column_names
    ]
    lemmas = table.column("lemma").to_pylist()
    for col in columns:
        values = table.column(col).to_pylist()
        for lemma, items in zip(lemmas, values, strict=True):
            if not items:
                continue
            if isinstance(items, str):
                items = [items]
            a = normalize(lemma)
            for item in items:
                for b in tokenize(item or ""):
                    if is_content(b) and b != a:
                        pairs[(a, b)] += 1
    return pairs


def title_links(titles: Iterable[str]) -> Counter:
    """Pairs of content words of the same title, in order, at most 3 words apart."""
    return list_links(titles, "title", window=3)
