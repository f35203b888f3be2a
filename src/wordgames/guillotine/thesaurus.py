"""A MyThes thesaurus as a link channel (Debian's ``mythes-it``: ``/usr/share/mythes/th_it_IT_v2.dat``).

The format (OpenOffice/LibreOffice MyThes, UTF-8 declared on the first line)::

    UTF-8
    abbaglio|2
    (s.m. Svista)|cantonata|errore|sbaglio|svista
    (s.m.)|abbacinamento|allucinazione|falsa speranza|illusione

A headword line ``word|n`` is followed by ``n`` meaning lines: a part of speech with an optional
short gloss in parentheses, then the synonyms. Two link patterns come out of it:

- ``thesaurus``: the headword and each one-word synonym (``abbaglio`` - ``svista``);
- ``thes_phrase``: the content words of a multiword synonym with each other and with the headword
  (``falsa`` - ``speranza``, ``abbaglio`` - ``speranza``): the thesaurus's multiword expressions,
  which is what a guillotine clue and its solution usually form.

The glosses are not used: on the Evalita 2020 dev games they link 3 of the 1500 clue-solution pairs.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field

from wordgames.errors import InputError
from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.patterns import is_content

#: where Debian's mythes-it puts the Italian thesaurus
DEBIAN_ITALIAN = "/usr/share/mythes/th_it_IT_v2.dat"


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


def thesaurus_links(entries: list[ThesaurusEntry]) -> dict[str, Counter]:
    """``thesaurus`` and ``thes_phrase`` pair counts (see the module docstring); each pair is
    counted once per entry that gives it, in the order headword, synonym."""
    synonyms: Counter = Counter()
    phrases: Counter = Counter()
    for e in entries:
        head = normalize(e.headword)
        heads = [t for t in tokenize(head) if is_content(t)]
        if not heads:
            continue
        # dicts, not sets: the pairs keep the file's order, so the links table (and the word ids
        # of the index built from it) do not depend on the interpreter's string hashing
        syn: dict[tuple[str, str], None] = {}
        phr: dict[tuple[str, str], None] = {}
        for meaning in e.meanings:
            for item in meaning:
                toks = [t for t in tokenize(normalize(item)) if is_content(t)]
                if len(item.split()) == 1:
                    syn.update(((h, t), None) for h in heads for t in toks if t != h)
                    continue
                for i, a in enumerate(toks):
                    phr.update(((a, b), None) for b in toks[i + 1 :] if b != a)
                phr.update(((h, t), None) for h in heads for t in toks if t != h)
        synonyms.update(syn.keys())
        phrases.update(phr.keys())
    return {"thesaurus": synonyms, "thes_phrase": phrases}
