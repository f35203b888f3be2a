"""A MyThes thesaurus as a link channel (Debian's ``mythes-it``: ``/usr/share/mythes/th_it_IT_v2.dat``;
the file is read by :mod:`wordgames.lexicons.mythes`, which describes the format).

Two link patterns come out of it:

- ``thesaurus``: the headword and each one-word synonym (``abbaglio`` - ``svista``);
- ``thes_phrase``: the content words of a multiword synonym with each other and with the headword
  (``falsa`` - ``speranza``, ``abbaglio`` - ``speranza``): the thesaurus's multiword expressions,
  which is what a guillotine clue and its solution usually form.

The glosses are not used: on the Evalita 2020 dev games they link 3 of the 1500 clue-solution pairs.
"""

from __future__ import annotations

from collections import Counter

from wordgames.guillotine.games import normalize, tokenize
from wordgames.guillotine.patterns import is_content

# the reader lives with the other lexicons (the corpus layer reads the thesaurus too)
from wordgames.lexicons.mythes import DEBIAN_ITALIAN, ThesaurusEntry, read_thesaurus

__all__ = ["DEBIAN_ITALIAN", "ThesaurusEntry", "read_thesaurus", "thesaurus_links"]


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
