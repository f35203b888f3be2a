"""Phrase lists a config names (``hangman.phrases.lists``), read into one phrase table.

A list is a text file of one entry a line: a tab-separated table with a header (columns named),
one without (columns numbered from 1), or plain lines (``phrase: 1``, no ``type``). Each entry is a
phrase and, from the ``type`` column or the list's fixed ``label``, a source type
(``wordnet:noun.food``, ``films``). The table holds one row per (phrase, source type): the phrase
as written, its normalised form (the board's tokens, space-separated), the source type, and its
prior within that type (``1 / size``: every listed phrase of a type is as likely). Its ``shape``
(the tokens' lengths) and ``letters`` (the tokens joined) are what the board index matches.

A file that is missing, is not UTF-8, or lacks a named column fails with one line naming it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import pyarrow as pa

from wordgames.errors import ConfigError, InputError
from wordgames.hangman.game import phrase_tokens

#: the longest listed phrase kept, in tokens (quotations and long titles are not board answers)
MAX_WORDS = 8
#: the table's columns
COLUMNS = ("phrase", "norm", "source", "prior", "shape", "letters")


@dataclass(frozen=True)
class PhraseList:
    """One configured list: its file, the columns of the phrase and of its type (a header name
    when ``header``, else a 1-based number), and the label a type-less list's entries get."""

    name: str
    path: str
    phrase: str | int = 1
    type: str | int | None = None
    header: bool = False
    label: str | None = None
    max_words: int = MAX_WORDS

    @classmethod
    def from_config(cls, name: str, entry: Mapping, path: str) -> PhraseList:
        """The list of config entry ``name`` (its ``path`` already resolved to ``path``)."""
        header = bool(entry.get("header", False))
        phrase, kind = entry.get("phrase", 1), entry.get("type")
        for role, column in (("phrase", phrase), ("type", kind)):
            if column is None:
                continue
            if isinstance(column, bool):
                raise ConfigError(
                    f"hangman.phrases.lists.{name}.{role}: a column name or number, got {column!r}"
                )
            if header and not isinstance(column, str):
                raise ConfigError(
                    f"hangman.phrases.lists.{name}.{role}: a list with a header names its "
                    f"columns, got {column!r}"
                )
            if not header and not (isinstance(column, int) and column >= 1):
                raise ConfigError(
                    f"hangman.phrases.lists.{name}.{role}: a list without a header numbers its "
                    f"columns from 1, got {column!r}"
                )
        return cls(
            name=name,
            path=path,
            phrase=phrase,
            type=kind,
            header=header,
            label=entry.get("label"),
            max_words=int(entry.get("max_words", MAX_WORDS)),
        )

    def __fspath__(self) -> str:  # a list stands for its file (os.path.exists, open)
        return self.path

    def source(self, kind: str | None) -> str:
        """The source type of an entry: ``name:type``, or the list's name alone."""
        return f"{self.name}:{kind}" if kind else self.name

    def entries(self) -> Iterator[tuple[str, str]]:
        """(phrase as written, source type) for every entry with a phrase."""
        try:
            with open(self.path, encoding="utf-8", newline="") as fh:
                yield from self._rows(fh)
        except UnicodeDecodeError as exc:
            raise InputError(
                f"phrase list {self.name}: {self.path} is not UTF-8 text (byte {exc.start})"
            ) from None
        except OSError as exc:
            raise InputError(
                f"phrase list {self.name}: cannot read {self.path} ({exc.strerror})"
            ) from None

    def _rows(self, fh) -> Iterator[tuple[str, str]]:
        lines = (line.rstrip("\r\n") for line in fh)
        phrase_at, type_at = self._positions(next(lines, "") if self.header else None)
        for number, line in enumerate(lines, start=2 if self.header else 1):
            if not line.strip():
                continue
            cells = line.split("\t")
            if phrase_at >= len(cells) or (type_at is not None and type_at >= len(cells)):
                raise InputError(
                    f"phrase list {self.name}: {self.path} line {number} has {len(cells)} "
                    f"column(s), fewer than the config names"
                )
            kind = cells[type_at].strip() if type_at is not None else self.label
            yield cells[phrase_at].strip(), self.source(kind if type_at is not None else None)

    def _positions(self, header: str | None) -> tuple[int, int | None]:
        """0-based positions of the phrase and type columns."""
        if header is None:
            return int(self.phrase) - 1, None if self.type is None else int(self.type) - 1
        names = header.split("\t")
        found = []
        for column in (self.phrase, self.type):
            if column is None:
                found.append(None)
            elif column in names:
                found.append(names.index(column))
            else:
                raise InputError(
                    f"phrase list {self.name}: {self.path} has no column {column!r} "
                    f"(its header: {', '.join(names)})"
                )
        return found[0], found[1]


def shape_of(tokens: list[str]) -> str:
    """The key of a token sequence's lengths (``cotton candy`` -> ``6.5``)."""
    return ".".join(str(len(t)) for t in tokens)


def phrase_table(lists: list[PhraseList]) -> pa.Table:
    """The phrase table of ``lists``: one row per (normalised phrase, source type), sorted by
    shape then letters, with each phrase's prior within its type."""
    rows: dict[tuple[str, str], str] = {}
    for spec in lists:
        for phrase, source in spec.entries():
            tokens = phrase_tokens(phrase)
            if not tokens or len(tokens) > spec.max_words:
                continue
            if not any(ch.isalpha() for ch in "".join(tokens)):
                continue
            rows.setdefault((" ".join(tokens), source), phrase)
    sizes: dict[str, int] = {}
    for _, source in rows:
        sizes[source] = sizes.get(source, 0) + 1
    records = []
    for (norm, source), phrase in rows.items():
        tokens = norm.split(" ")
        records.append((shape_of(tokens), "".join(tokens), norm, source, phrase))
    records.sort()
    return pa.table(
        {
            "phrase": [r[4] for r in records],
            "norm": [r[2] for r in records],
            "source": pa.array([r[3] for r in records]).dictionary_encode(),
            "prior": pa.array([1.0 / sizes[r[3]] for r in records], pa.float64()),
            "shape": [r[0] for r in records],
            "letters": [r[1] for r in records],
        }
    )


def lists_from_config(entries: Mapping[str, Mapping], resolve) -> list[PhraseList]:
    """The configured lists, each path passed through ``resolve`` (``{data_dir}`` filled in)."""
    return [
        PhraseList.from_config(name, entry, os.fspath(resolve(entry["path"])))
        for name, entry in entries.items()
    ]
