"""The phrases behind the list links, to show them as written: the line of a proverb list, the
Wiktionary locution, the MultiWordNet lemma, the thesaurus's multiword synonym, the lexical unit of
a knowledge corpus, the Wikipedia title or Wikiquote quotation that holds a clue and its answer.

The links index keeps only that two words met in one of these (and how often); :class:`Phrases`
reads the same files the ``guillotine-links`` stage read (:attr:`GuillotineFiles.phrases`), one
pattern at a time and only when a link of that pattern is to be shown, and indexes their lines by
their content words. A source of more than :data:`MAX_LINES` lines is not read (a full Wikipedia
title list): its links keep the shape of their pattern (``stella … venere``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence

from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.patterns import TABLE_PATTERNS, is_content
from wordgames.guillotine.surface import surface

log = logging.getLogger(__name__)

#: lines of one pattern's sources kept in memory at most (an index of 300k short lines: ~100 MB)
MAX_LINES = 300_000
# the Wiktionary columns the links stage reads (list_links.wiktionary_links)
_WIKTIONARY = ("synonyms", "derived", "related", "proverbs", "locutions", "proverbs_locutions")


def _headed(head: str, phrase: str) -> tuple[str, str]:
    """(what to show, what to index) of a phrase listed under a headword: the phrase alone when
    it holds the headword (``certificato di nascita`` under ``nascita``), else ``head: phrase``."""
    if normalize(head) in tokenize(phrase):
        return phrase, phrase
    return f"{head}: {phrase}", f"{head} {phrase}"


def _text_lines(paths: Sequence[str | os.PathLike], songs: bool = False) -> Iterator[tuple]:
    from wordgames.guillotine.list_links import read_lines, song_titles

    for p in paths:
        lines = read_lines(p)
        for line in song_titles(lines) if songs else lines:
            yield line, line


def _table_lines(paths: Sequence[str | os.PathLike], column: str) -> Iterator[tuple]:
    from wordgames.artifacts import read_parquet

    for p in paths:
        t = read_parquet(p)
        col = column if column in t.column_names else t.column_names[0]
        for x in t.column(col).to_pylist():
            if x:
                yield str(x), str(x)


def _wiktionary_lines(paths: Sequence[str | os.PathLike]) -> Iterator[tuple]:
    from wordgames.artifacts import read_parquet

    for p in paths:
        t = read_parquet(p)
        lemmas = t.column("lemma").to_pylist()
        for col in (c for c in _WIKTIONARY if c in t.column_names):
            for lemma, items in zip(lemmas, t.column(col).to_pylist(), strict=True):
                for item in [items] if isinstance(items, str) else items or []:
                    if lemma and item:
                        yield _headed(lemma, item)


def _wordnet_lines(paths: Sequence[str | os.PathLike], glosses: bool) -> Iterator[tuple]:
    from wordgames.lexicons.wordnet import read_wordnet

    for p in paths:
        for e in read_wordnet(p):
            if glosses:
                # the definition, without its quoted examples ("'E' stato condannato a dieci anni
                # di galera" defines neither stato nor galera)
                parts = [x.strip() for x in e.gloss.split(";")]
                definition = "; ".join(x for x in parts if x and not x.startswith(("'", '"')))
                for lemma in e.lemmas:
                    if definition and "_" not in lemma and " " not in lemma:
                        yield f"{lemma}: {definition}", f"{lemma} {definition}"
                continue
            for text in (*e.lemmas, *e.phrases):
                text = text.replace("_", " ").strip()
                if " " in text:
                    yield text, text


def _thesaurus_lines(paths: Sequence[str | os.PathLike]) -> Iterator[tuple]:
    from wordgames.lexicons.mythes import read_thesaurus

    for p in paths:
        for e in read_thesaurus(p):
            for meaning in e.meanings:
                for syn in meaning:
                    if " " in syn.strip():
                        yield _headed(e.headword, syn.strip())


def _lines(pattern: str, paths: Sequence) -> Iterable[tuple]:
    """(shown, indexed) lines of the sources of ``pattern``."""
    if pattern in ("proverb", "saying", "song"):
        return _text_lines(paths, songs=pattern == "song")
    if pattern in ("mwe", "entity", "dictionary"):  # a corpus's tokens: folded, accents restored
        return ((surface(shown), line) for shown, line in _text_lines(paths))
    if pattern == "title":
        return _table_lines(paths, "title")
    if pattern == "quote":
        return _table_lines(paths, "text")
    if pattern == "wiktionary":
        return _wiktionary_lines(paths)
    if pattern in ("locution", "gloss"):
        return _wordnet_lines(paths, glosses=pattern == "gloss")
    if pattern == "thes_phrase":
        return _thesaurus_lines(paths)
    if pattern in TABLE_PATTERNS:  # TableSpecs (guillotine.links.tables)
        from wordgames.guillotine.table_links import table_lines

        return (line for spec in paths for line in table_lines(spec))
    return ()


class Phrases:
    """The lines of the list sources by pattern (``proverb``, ``wiktionary``, ``locution``, ...),
    read on first use. ``sources``: pattern -> files (missing ones are skipped), or ``lines``:
    pattern -> the lines themselves (each shown as it is)."""

    def __init__(
        self,
        sources: Mapping[str, Sequence[str | os.PathLike]] | None = None,
        lines: Mapping[str, Iterable[str]] | None = None,
    ):
        self.sources = {k: [p for p in v if os.path.exists(p)] for k, v in (sources or {}).items()}
        self._lines: dict[str, list[str]] = {}
        self._index: dict[str, dict[str, list[int]]] = {}
        for pattern, texts in (lines or {}).items():
            self._build(pattern, ((t, t) for t in texts))

    def _build(self, pattern: str, lines: Iterable[tuple[str, str]]) -> None:
        kept: list[str] = []
        index: dict[str, list[int]] = {}
        for shown, indexed in lines:
            if len(kept) >= MAX_LINES:
                log.info("phrases of %s: more than %d lines, not kept", pattern, MAX_LINES)
                kept, index = [], {}
                break
            k = len(kept)
            kept.append(shown)
            for t in set(tokenize(indexed)):
                if is_content(t):
                    index.setdefault(t, []).append(k)
        self._lines[pattern], self._index[pattern] = kept, index

    def _built(self, pattern: str) -> dict[str, list[int]]:
        if pattern not in self._index:
            self._build(pattern, _lines(pattern, self.sources.get(pattern, [])))
        return self._index[pattern]

    def read(self, pattern: str) -> bool:
        """Whether the lines of ``pattern`` are at hand (its sources given and not too long)."""
        return bool(self._built(pattern))

    def find(self, pattern: str, a: str, b: str) -> str | None:
        """The shortest line of ``pattern`` holding both folded words, or None."""
        index = self._built(pattern)
        if a not in index or b not in index:
            return None
        both = set(index[a]) & set(index[b])
        if not both:
            return None
        return min((self._lines[pattern][k] for k in both), key=lambda s: (len(s), s))
