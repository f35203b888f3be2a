"""Words as people write them: the solvers compare accent-folded forms
(:func:`wordgames.guillotine.games.normalize`: ``città`` -> ``citta``), people read accented ones.

:func:`surface` maps a folded word back to its most frequent written form: wordfreq's Italian word
list is read in order of frequency and the first form that folds to the word wins (``citta`` ->
``città``, ``perche`` -> ``perché``, ``caffe`` -> ``caffè``; ``papa`` stays ``papa``, more frequent
than ``papà``). Without wordfreq, Morph-it! decides: its one accented form of a word it does not also
list plain. A word neither knows is shown as it is. A phrase is mapped word by word.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from functools import cache

from wordgames.corpus.tokenize import APOSTROPHE_TABLE
from wordgames.guillotine.games import normalize

log = logging.getLogger(__name__)
_SPACES = re.compile(r"\s+")


@cache
def accented_forms() -> dict[str, str]:
    """folded word -> its accented written form, for the words whose most frequent form has an
    accent (only those: every other word is shown as it is folded)."""
    try:
        from wordfreq import iter_wordlist
    except ImportError:
        return _morphit_forms()
    best: dict[str, str] = {}
    for w in iter_wordlist("it"):
        best.setdefault(normalize(w), w)
    return {f: w for f, w in best.items() if f != w and normalize(w) == f and w.isalpha()}


def _morphit_forms() -> dict[str, str]:
    from wordgames.lexicons import morphit

    plain: set[str] = set()
    accented: dict[str, set[str]] = {}
    for pos in ("", *morphit.PARTS_OF_SPEECH):
        for k in morphit.read_table(pos) or {}:
            w = morphit.unmangle(k).lower()
            if not w.isalpha():
                continue
            if w.isascii():
                plain.add(w)
            else:
                accented.setdefault(normalize(w), set()).add(w)
    return {f: next(iter(ws)) for f, ws in accented.items() if len(ws) == 1 and f not in plain}


def surface(text: str) -> str:
    """The written form of a folded word or phrase, word by word (see the module docstring)."""
    forms = accented_forms()
    return " ".join(forms.get(t, t) for t in text.split(" "))


def as_typed(raw: str) -> str:
    """How to show a clue someone typed: with the accents they typed (lower case, spaces
    collapsed); a clue typed without them (or with an apostrophe for one: ``citta'``) is shown
    with its :func:`surface` form."""
    text = unicodedata.normalize("NFC", str(raw).translate(APOSTROPHE_TABLE)).lower()
    text = _SPACES.sub(" ", text).strip()
    if text.isascii():
        return surface(normalize(text))
    return text
