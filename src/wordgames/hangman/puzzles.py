"""Phrase sets on disk: one phrase a line, or a TSV with an ``answer`` (and ``category``) column."""

from __future__ import annotations

import csv
import html
import io
import os
from pathlib import Path
from typing import NamedTuple

from wordgames.errors import InputError
from wordgames.hangman.game import LETTERS, clean_category, normalise
from wordgames.textfiles import read_text


class Puzzle(NamedTuple):
    """A phrase to play and the category shown with it (None: not given)."""

    phrase: str
    category: str | None = None


def read_phrases(path: str | os.PathLike, limit: int | None = None) -> list[str]:
    """Phrases from a file: one a line, or a TSV whose header has an ``answer`` column."""
    return [p.phrase for p in read_puzzles(path, limit)]


def read_puzzles(path: str | os.PathLike, limit: int | None = None) -> list[Puzzle]:
    """Puzzles from a file: one phrase a line, or a TSV whose header has an ``answer`` column and
    optionally a ``category`` column.

    HTML entities are decoded (scraped puzzle sets write ``&amp;``, which is not three letters).
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"phrase file not found: {path}")
    with io.StringIO(read_text(path), newline="") as fh:
        first = fh.readline()
        fh.seek(0)
        header = first.rstrip("\r\n").split("\t")
        if "\t" in first:
            if "answer" not in header:
                raise InputError(f"{path} line 1: a TSV needs an 'answer' column, got {header}")
            rows = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
            raw = [
                (i + 2, row.get("answer") or "", row.get("category")) for i, row in enumerate(rows)
            ]
        else:
            raw = [(i + 1, line, None) for i, line in enumerate(fh)]
    phrases = []
    for lineno, text, category in raw:
        text = html.unescape(text).strip()
        if not text:
            continue
        if not any(ch in LETTERS for ch in normalise(text)):
            raise InputError(f"{path} line {lineno}: the phrase {text!r} has no letters")
        phrases.append(Puzzle(text, clean_category(category)))
        if limit is not None and len(phrases) >= limit:
            break
    if not phrases:
        raise InputError(f"{path}: no phrases")
    return phrases
