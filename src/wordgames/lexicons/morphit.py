"""Morph-it! (Baroni and Zanchetta), the Italian form -> lemma tables shipped by the PyPI package
``spacy-lookups-data`` (``it_lemma_lookup_<pos>.json.gz``), read as the package ships them.

Both the guillotine's candidate lexicon and the Wordle lists built from a lexicon read them here, so
the package's location and the repair of its mis-encoded entries live in one place.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

#: The per-part-of-speech tables; ``""`` names the package's merged table (``it_lemma_lookup.json.gz``).
PARTS_OF_SPEECH = ("noun", "adj", "verb", "adv", "adp", "det", "pron", "aux", "num", "other")


def lookups_dir() -> Path | None:
    """The package's data folder, or None when spacy-lookups-data is not installed."""
    try:
        import spacy_lookups_data
    except ImportError:
        return None
    return Path(spacy_lookups_data.__file__).parent / "data"


def table_path(pos: str) -> Path | None:
    """The file of one part of speech's table (``""``: the merged one), or None if absent."""
    root = lookups_dir()
    name = f"it_lemma_lookup_{pos}.json.gz" if pos else "it_lemma_lookup.json.gz"
    if root is None or not (root / name).is_file():
        return None
    return root / name


def unmangle(text: str) -> str:
    """Some of the package's entries are UTF-8 read as Latin-1 (``virtÃ¹``): repair them."""
    if "\u00c3" in text or "\u00c2" in text:
        try:
            return text.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return text
    return text


def read_table(pos: str) -> dict[str, str] | None:
    """form -> lemma of one part of speech exactly as shipped (capitals kept: they mark proper nouns;
    entries not yet :func:`unmangle`-d); None when the table is absent."""
    path = table_path(pos)
    if path is None:
        return None
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)
