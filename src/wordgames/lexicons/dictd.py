"""dictd dictionaries (``NAME.index`` + ``NAME.dict.dz``), read as entries: Debian's
``dict-freedict-ita-*`` packages (FreeDict, most of them built by WikDict from Wiktionary via DBnary)
install them in ``/usr/share/dictd/``.

The index has one line per entry, ``headword<TAB>offset<TAB>length`` with offset and length in
dictd's base64 digits; the headword there is folded (lower case, apostrophes and hyphens dropped:
``allaperto``), the entry itself starts with the written form. The ``.dict.dz`` is dictzip, which
gzip reads. Entries named ``00database...`` / ``00-database-...`` are the dictionary's metadata.

A WikDict entry is plain text, one item a line::

    accurato //akku'rato// <adj>          headword, pronunciation(s), part of speech
    1. ακριβής                             sense 1: its translation
    1. (matematica) eseguito con cura ...  the Italian gloss of the sense (its own text may be numbered)
    2. επιμελής 2.                         sense 2, and " 2." opens a sub-sense without translation
    2. che agisce e lavora con cura ...    its gloss
     3.                                    sub-sense 3, no translation
    meticoloso, attento                    its gloss

So a line is a translation when it is the first after the headword, or when it is numbered with the
next sense number right after a translation or gloss; the line after a sub-sense mark (a lone
`` N.``, or a translation ending in one) and any other line is a gloss. On the four WikDict
dictionaries whose translations are in another script (bul, ell, jpn, rus) this agrees with the
script of the line for over 99% of the lines (tests/corpus/test_knowledge_data.py measures it).
FreeDict's older Ergane dictionaries (ita-eng, ita-deu: no "WikDict" in their short name) have
translations only.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.errors import InputError

_B64 = {
    c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
}
_POS = re.compile(r"<([^<>]*)>\s*$")
_NUMBERED = re.compile(r"^(\d+)\.(?:\s+(.*))?$")  # "2. translation" at the start of a line
_MARK = re.compile(r"^\s+\d+\.\s*$")  # " 3.": a sub-sense without translation
_TRAILING_MARK = re.compile(r"\s+\d+\.$")  # "акуратен 2.": a sub-sense follows
_TEMPLATE = re.compile(r"\{\{[^{}]*\}\}|\{\{|\}\}")  # Wiktionary template debris in glosses
_LEADING_NUMBER = re.compile(r"^\d+\.\s+")
#: Wiktionary placeholders that stand where a gloss would be ("see the translations")
PLACEHOLDERS = frozenset({"vedi le traduzioni"})


@dataclass
class DictdEntry:
    key: str  # the index headword (folded by dictd)
    headword: str  # as the entry writes it
    pos: list[str] = field(default_factory=list)
    translations: list[str] = field(default_factory=list)
    glosses: list[str] = field(default_factory=list)  # Italian sense glosses (WikDict only)


def _b64(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 64 + _B64[ch]
    return n


def is_metadata(key: str) -> bool:
    return key.startswith(("00database", "00-database"))


def read_index(path: str | os.PathLike) -> list[tuple[str, int, int]]:
    """(headword, offset, length) of every index line; a malformed line fails naming the file and
    line."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for k, line in enumerate(fh, 1):
            line = line.rstrip("\r\n")
            if not line:
                continue
            cols = line.split("\t")
            try:
                if len(cols) < 3 or not cols[1] or not cols[2]:
                    raise KeyError
                out.append((cols[0], _b64(cols[1]), _b64(cols[2])))
            except KeyError:
                raise InputError(
                    f"{path}: line {k}: expected 'headword<TAB>offset<TAB>length' (base64 "
                    f"digits), found {line[:60]!r}"
                ) from None
    return out


def dict_file(index: str | os.PathLike) -> Path:
    """The data file beside an index: ``NAME.dict.dz`` or ``NAME.dict``."""
    base = Path(index)
    stem = base.name[: -len(".index")] if base.name.endswith(".index") else base.stem
    for name in (f"{stem}.dict.dz", f"{stem}.dict"):
        if (base.parent / name).is_file():
            return base.parent / name
    raise InputError(f"{index}: no {stem}.dict.dz or {stem}.dict beside the index")


def _mostly_other_script(text: str) -> bool:
    """Whether most letters of ``text`` are not Latin (Cyrillic, Greek, kana...): an Italian gloss
    is written in Latin letters, so such a line is a translation whatever its place."""
    letters = [ch for ch in text if ch.isalpha()]
    other = sum(1 for ch in letters if not (ord(ch) < 0x250 or 0x1E00 <= ord(ch) <= 0x1EFF))
    return 2 * other > len(letters)


def _translation_follows(lines: list[str], at: int, number: str) -> bool:
    """Whether line ``at`` (0-based) is numbered ``number`` in another script: then the line before
    it, numbered alike, was a gloss whose own text is numbered (``3. (sociologia) cerchio ...``
    before ``3. гейм``)."""
    if at >= len(lines):
        return False
    nxt = _NUMBERED.match(lines[at])
    return bool(nxt and nxt.group(1) == number and _mostly_other_script(lines[at]))


def clean_gloss(line: str) -> str:
    text = _LEADING_NUMBER.sub("", _TEMPLATE.sub(" ", line).strip())
    text = " ".join(text.split()).strip(" ,;:")
    if not any(ch.isalpha() for ch in text) or text.lower() in PLACEHOLDERS:
        return ""
    return text


def parse_entry(key: str, body: str, *, glosses: bool = True) -> DictdEntry:
    """One entry's text; ``glosses=False`` (a dictionary without them) reads every line after the
    headword as a translation."""
    lines = [line.rstrip() for line in body.strip("\n").split("\n")]
    if glosses and len(lines) > 1 and not _POS.search(lines[0]) and _POS.search(lines[1]):
        # a pronunciation broken over two lines ("cagione //kaˈʤo" + "ne// <n>")
        lines[:2] = [lines[0] + lines[1]]
    head = lines[0].strip() if lines else ""
    written, _, _ = head.partition(" /")
    pos = _POS.search(head)
    if pos and pos.start() < len(written):
        written = head[: pos.start()]
    entry = DictdEntry(key, written.strip() or key, pos.group(1).split(",") if pos else [])
    sense = 0
    prev = "head"  # head | trans | open (a sub-sense mark: its gloss follows) | gloss
    for i, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        if not glosses:
            numbered = _NUMBERED.match(line)
            entry.translations.append((numbered.group(2) or "") if numbered else line.strip())
            continue
        if _MARK.match(line):
            prev = "open"
            continue
        numbered = _NUMBERED.match(line)
        if prev == "head" or (
            prev in ("trans", "gloss")
            and numbered
            and int(numbered.group(1)) == sense + 1
            and not _translation_follows(lines, i, numbered.group(1))
        ):
            sense = int(numbered.group(1)) if numbered else 1
            text = (numbered.group(2) or "") if numbered else line.strip()
            opens = bool(_TRAILING_MARK.search(text))
            text = _TRAILING_MARK.sub("", text).strip()
            if text:
                entry.translations.append(text)
            prev = "open" if opens else "trans"
            continue
        if _mostly_other_script(line):
            numbered = _NUMBERED.match(line)
            text = (numbered.group(2) or "") if numbered else line.strip()
            entry.translations.append(_TRAILING_MARK.sub("", text).strip())
            prev = "trans"
            continue
        gloss = clean_gloss(line)
        if gloss and gloss not in entry.glosses:
            entry.glosses.append(gloss)
        prev = "gloss"
    return entry


def read_dictd(index: str | os.PathLike) -> Iterator[DictdEntry]:
    """The entries of one dictionary, in index order, metadata left out. Glosses are read when the
    dictionary's short name says it is a WikDict one."""
    rows = read_index(index)
    data_path = dict_file(index)
    try:
        with gzip.open(data_path) if data_path.suffix == ".dz" else open(data_path, "rb") as fh:
            data = fh.read()
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise InputError(f"{data_path}: cannot read the dictionary data ({exc})") from None
    for key, offset, length in rows:
        if offset + length > len(data):
            raise InputError(
                f"{index}: entry {key!r} points past the end of {data_path.name} "
                f"(offset {offset} + {length} > {len(data)} bytes)"
            )
    short = next(
        (
            data[o : o + n].decode("utf-8", errors="replace")
            for k, o, n in rows
            if k in ("00databaseshort", "00-database-short")
        ),
        "",
    )
    wikdict = "wikdict" in short.lower()
    for key, offset, length in rows:
        if is_metadata(key):
            continue
        body = data[offset : offset + length].decode("utf-8", errors="replace")
        yield parse_entry(key, body, glosses=wikdict)
