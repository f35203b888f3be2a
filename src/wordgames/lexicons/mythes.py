"""MyThes thesauri (OpenOffice/LibreOffice format; Debian's ``mythes-it``:
``/usr/share/mythes/th_it_IT_v2.dat``), read as entries.

The format (the encoding declared on the first line)::

    UTF-8
    abbaglio|2
    (s.m. Svista)|cantonata|errore|sbaglio|svista
    (s.m.)|abbacinamento|allucinazione|falsa speranza|illusione

A headword line ``word|n`` is followed by ``n`` meaning lines: a part of speech with an optional
short gloss in parentheses, then the synonyms. The guillotine's thesaurus links and the corpus
layer's ``thesaurus`` kind both read it here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from wordgames.errors import InputError

#: where Debian's mythes-it puts the Italian thesaurus
DEBIAN_ITALIAN = "/usr/share/mythes/th_it_IT_v2.dat"

# a remark inside a synonym, e.g. "uomo (generico)", "(fig.) colpo": not part of the word
_REMARK = re.compile(r"\([^()]*\)")


@dataclass
class ThesaurusEntry:
    headword: str
    meanings: list[list[str]] = field(default_factory=list)  # synonyms of each meaning


def read_thesaurus(path: str | os.PathLike) -> list[ThesaurusEntry]:
    """The entries of a MyThes ``.dat`` file; a malformed line fails naming the file and line."""
    entries: list[ThesaurusEntry] = []
    with open(path, "rb") as raw:
        first = raw.readline().decode("ascii", errors="replace").strip() or "UTF-8"
        encoding = {"ISO8859-1": "latin-1", "ISO-8859-1": "latin-1"}.get(first.upper(), first)
        try:
            text = raw.read().decode(encoding)
        except (LookupError, UnicodeDecodeError) as exc:
            raise InputError(
                f"{path}: line 1: cannot decode the thesaurus as {first!r} ({exc})"
            ) from None
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k].rstrip("\r")
        k += 1
        if not line.strip():
            continue
        head, sep, count = line.rpartition("|")
        if not sep or not count.isdigit() or not head:
            raise InputError(
                f"{path}: line {k + 1}: expected 'word|number of meanings', found {line[:60]!r}"
            )
        entry = ThesaurusEntry(head)
        for _ in range(int(count)):
            if k >= len(lines) or not lines[k].strip():
                raise InputError(
                    f"{path}: line {k + 2}: '{head}' announces {count} meanings, the file has fewer"
                )
            parts = lines[k].rstrip("\r").split("|")
            k += 1
            entry.meanings.append([p for p in parts[1:] if p.strip()])
        entries.append(entry)
    return entries


def plain_synonym(item: str) -> str:
    """A synonym without its parenthesised remarks (``"uomo (generico)"`` -> ``"uomo"``)."""
    return " ".join(_REMARK.sub(" ", item).split())
