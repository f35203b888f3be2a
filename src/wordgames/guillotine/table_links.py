"""Links from knowledge tables a config names (``guillotine.links.tables``): tab-separated files
with a header, each read by one of four readers into the links of its own pattern
(:data:`~.patterns.TABLE_PATTERNS`), so every table's effect can be measured by leaving its pattern
out (``benchmarks/guillotine_variants.py --variant nolinks=quiz``).

=============  ================================================================================
reader         links
=============  ================================================================================
``synsets``    a wordnet synset table (the columns ``synset``, ``lemmas`` separated by ``|``,
               ``definition``): two one-word lemmas of one synset, two content words of one
               multiword lemma, a one-word lemma and a content word of its definition
``pairs``      an association (``answer``, ``clue``): the answer's content words with the clue's
``lines``      one line of text (``text``): two content words at most ``window`` apart (0: the line)
``names``      a name (``text``): two content words of it at most 5 apart
=============  ================================================================================

The roles (``synset``, ``lemmas``, ``definition``, ``answer``, ``clue``, ``text``) are mapped to
the file's column names by the config's ``columns``. A missing column or a file that is not UTF-8
fails with one line naming the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from wordgames.errors import ConfigError, InputError
from wordgames.guillotine.games import tokenize
from wordgames.guillotine.list_links import list_links
from wordgames.guillotine.patterns import TABLE_PATTERNS, is_content

#: the columns each reader needs, by role
READERS: dict[str, tuple[str, ...]] = {
    "synsets": ("synset", "lemmas", "definition"),
    "pairs": ("answer", "clue"),
    "lines": ("text",),
    "names": ("text",),
}
#: two words of one name (a municipality, an entity) at most this many content words apart
NAME_WINDOW = 5


@dataclass(frozen=True)
class TableSpec:
    """One configured table: its file, reader, role -> column name, and window (``lines``)."""

    path: str
    reader: str
    columns: Mapping[str, str] = field(default_factory=dict)
    window: int = 0

    def __fspath__(self) -> str:  # a spec stands for its file (os.path.exists, open)
        return self.path

    @classmethod
    def from_config(cls, pattern: str, entry: Mapping, path: str) -> TableSpec:
        if pattern not in TABLE_PATTERNS:
            raise ConfigError(
                f"guillotine.links.tables: unknown pattern {pattern!r} "
                f"(one of {', '.join(TABLE_PATTERNS)})"
            )
        reader = entry.get("reader")
        if reader not in READERS:
            raise ConfigError(
                f"guillotine.links.tables.{pattern}: reader {reader!r} is not one of "
                f"{', '.join(READERS)}"
            )
        columns = dict(entry.get("columns") or {})
        missing = [r for r in READERS[reader] if r not in columns]
        if missing:
            raise ConfigError(
                f"guillotine.links.tables.{pattern}: the {reader} reader needs the column "
                f"name{'s' if len(missing) > 1 else ''} of {', '.join(missing)} in columns"
            )
        return cls(str(path), reader, columns, int(entry.get("window", 0)))

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "reader": self.reader,
            "columns": dict(self.columns),
            "window": self.window,
        }


def read_rows(spec: TableSpec) -> Iterator[dict[str, str]]:
    """The rows of a table as role -> value (empty string for an empty cell)."""
    try:
        fh = open(spec.path, encoding="utf-8", newline="")  # noqa: SIM115
    except OSError as exc:
        raise InputError(f"{spec.path}: cannot read ({exc.strerror})") from None
    with fh:
        try:
            header = fh.readline().rstrip("\r\n").split("\t")
            absent = [c for c in spec.columns.values() if c not in header]
            if absent:
                raise InputError(
                    f"{spec.path}: line 1: no column {', '.join(map(repr, absent))} "
                    f"(the header has {', '.join(header)})"
                )
            at = {role: header.index(name) for role, name in spec.columns.items()}
            for line in fh:
                if not line.strip():
                    continue
                cols = line.rstrip("\r\n").split("\t")
                yield {role: cols[k].strip() if k < len(cols) else "" for role, k in at.items()}
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{spec.path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
            ) from None


def synset_entries(spec: TableSpec):
    """The rows of a synset table as wordnet entries (lemmas split on ``|``; no examples: a
    definition says what a word means, an example sentence does not)."""
    from wordgames.lexicons.wordnet import WordnetEntry

    for row in read_rows(spec):
        lemmas = [x.strip() for x in row["lemmas"].split("|") if x.strip()]
        if lemmas:
            yield WordnetEntry(row["synset"], lemmas, [], row["definition"])


def pair_links(rows, pattern: str) -> Counter:
    """(answer word, clue word) pairs: every content word of the answer with every content word of
    its clue; in text order of neither, so the answer first."""
    pairs: Counter = Counter()
    for row in rows:
        answer = [t for t in tokenize(row["answer"]) if is_content(t)]
        clue = {t for t in tokenize(row["clue"]) if is_content(t)}
        for a in answer:
            for b in sorted(clue - {a}):
                pairs[(a, b)] += 1
    return pairs


def table_links(pattern: str, spec: TableSpec) -> Counter:
    """The links of one configured table."""
    if spec.reader == "synsets":
        from wordgames.guillotine.wordnet import wordnet_links

        out: Counter = Counter()
        for counter in wordnet_links(list(synset_entries(spec))).values():
            out.update(counter)
        return out
    if spec.reader == "pairs":
        return pair_links(read_rows(spec), pattern)
    texts = [row["text"] for row in read_rows(spec) if row["text"]]
    window = NAME_WINDOW if spec.reader == "names" else spec.window
    return list_links(texts, pattern, window=window)


def table_lines(spec: TableSpec) -> Iterator[tuple[str, str]]:
    """(shown, indexed) lines of a table, for showing its links as written
    (:mod:`wordgames.guillotine.phrases`)."""
    if spec.reader == "synsets":
        for e in synset_entries(spec):
            words = " | ".join(x.replace("_", " ") for x in e.lemmas)
            shown = f"{words}: {e.gloss}" if e.gloss else words
            yield shown, shown
    elif spec.reader == "pairs":
        for row in read_rows(spec):
            shown = f"{row['clue']} → {row['answer']}"
            yield shown, f"{row['clue']} {row['answer']}"
    else:
        for row in read_rows(spec):
            if row["text"]:
                yield row["text"], row["text"]
