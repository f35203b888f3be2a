"""Italian nouns and adjectives with their forms: the candidates a solver may answer.

Sources, merged:

- Morph-it! (Baroni and Zanchetta) as shipped in the PyPI package ``spacy-lookups-data``:
  ``it_lemma_lookup_noun.json.gz`` and ``it_lemma_lookup_adj.json.gz`` map every inflected form to its
  lemma; ``it_lemma_lookup*.json.gz`` of the other parts of speech give the set of known words.
- The Wiktionary entries table of the corpora stage (optional): ``lemma`` and ``pos``; lemmas whose part
  of speech is a noun or an adjective are added.
- ``resources/guillotine/whitelist.txt`` (words added as nouns) and ``blacklist.txt`` (words never
  proposed), written by the project and documented in docs/guillotine.md; never tuned on evaluation
  games. ``# comments`` and blank lines are ignored.

Every word goes through :func:`wordgames.guillotine.games.normalize`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from wordgames.guillotine.games import normalize
from wordgames.lexicons import morphit

log = logging.getLogger(__name__)
NOUN, ADJ = "NOUN", "ADJ"
REPO_ROOT = Path(__file__).resolve().parents[3]
NOUN_POS = {"noun", "sost", "sostantivo", "nome", "proper noun", "propn"}
ADJ_POS = {"adjective", "agg", "aggettivo", "adj"}


def resolve_resource(path: str | os.PathLike | None) -> Path | None:
    """A path as given, or relative to the repository when it is not found from the working dir."""
    if path in (None, ""):
        return None
    p = Path(path)
    if p.exists() or p.is_absolute():
        return p
    alt = REPO_ROOT / p
    return alt if alt.exists() else p


def read_word_list(path: str | os.PathLike | None) -> set[str]:
    p = resolve_resource(path)
    if p is None or not p.exists():
        return set()
    out = set()
    for line in p.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.add(normalize(line))
    return out


@cache
def morphit_table(pos: str) -> dict[str, str]:
    """form -> lemma for one part of speech (``noun``, ``adj``, ...), normalised; {} if absent."""
    raw = morphit.read_table(pos)
    if raw is None:
        name = f"it_lemma_lookup_{pos}.json.gz" if pos else "it_lemma_lookup.json.gz"
        log.warning("spacy-lookups-data Italian table %s not found", name)
        return {}
    return {
        normalize(morphit.unmangle(k)): normalize(morphit.unmangle(v))
        for k, v in raw.items()
        if k and k[0].isalpha()
    }


@cache
def known_words() -> frozenset[str]:
    """Every form of every part of speech in Morph-it!."""
    words: set[str] = set()
    for pos in ("", *morphit.PARTS_OF_SPEECH):
        words.update(morphit_table(pos))
    return frozenset(w for w in words if w.isalpha())


@dataclass
class Lexicon:
    """Forms of nouns and adjectives -> their lemmas, plus white and black lists."""

    nouns: dict[str, str] = field(default_factory=dict)
    adjs: dict[str, str] = field(default_factory=dict)
    # verbs are never candidates, but a verb clue ("mettere") links through its conjugated forms
    verbs: dict[str, str] = field(default_factory=dict)
    blacklist: set[str] = field(default_factory=set)
    whitelist: set[str] = field(default_factory=set)
    closed: set[str] = field(default_factory=set)
    sources: list[str] = field(default_factory=list)

    def pos(self, word: str) -> set[str]:
        out = set()
        if word in self.nouns or word in self.whitelist:
            out.add(NOUN)
        if word in self.adjs:
            out.add(ADJ)
        return out

    def is_candidate(self, word: str) -> bool:
        if word in self.whitelist:
            return word not in self.blacklist
        return (
            (word in self.nouns or word in self.adjs)
            and word not in self.blacklist
            and word not in self.closed
        )

    def is_adjective_only(self, word: str) -> bool:
        return word in self.adjs and word not in self.nouns and word not in self.whitelist

    def lemma(self, word: str) -> str:
        return self.nouns.get(word) or self.adjs.get(word) or word

    def forms(self, word: str) -> set[str]:
        """Every form of the word's noun and adjective lemmas (``stelle`` -> ``stella``,
        ``stelle``), the word itself included; for a word that is neither, the forms of its verb
        lemma (``mettere`` -> ``mette``, ``mise``, ...): a clue that can be a noun is read as one."""
        tables = {"nouns": self.nouns, "adjs": self.adjs, "verbs": self.verbs}
        inv = self.__dict__.get("_forms")  # per table: lemma -> its forms
        if inv is None:
            inv = {name: {} for name in tables}
            for name, table in tables.items():
                for form, lem in table.items():
                    inv[name].setdefault(lem, set()).add(form)
            self.__dict__["_forms"] = inv
        nominal = word in self.nouns or word in self.adjs
        out = {word}
        for name in ("nouns", "adjs") if nominal else ("verbs",):
            lem = tables[name].get(word)
            if lem is not None:
                out |= inv[name].get(lem, set())
                out.add(lem)
        return out

    def __len__(self) -> int:
        return len(set(self.nouns) | set(self.adjs) | self.whitelist)


def load_lexicon(
    *,
    blacklist: str | os.PathLike | None = None,
    whitelist: str | os.PathLike | None = None,
    wiktionary: Sequence[str | os.PathLike] = (),
    morphit: bool = True,
) -> Lexicon:
    """Morph-it! (unless ``morphit`` is false), plus the noun and adjective lemmas of the given
    Wiktionary entries tables, plus the black and white lists."""
    lex = Lexicon()
    if morphit:
        lex.nouns = dict(morphit_table("noun"))
        lex.adjs = dict(morphit_table("adj"))
        lex.verbs = dict(morphit_table("verb"))
        # closed classes: determiners, pronouns, numerals, and prepositions that are not also nouns
        closed = set(morphit_table("det")) | set(morphit_table("pron")) | set(morphit_table("num"))
        closed |= set(morphit_table("adp")) - set(lex.nouns)
        lex.closed = closed
        if lex.nouns:
            lex.sources.append(
                f"Morph-it! via spacy-lookups-data ({len(lex.nouns)} noun forms, "
                f"{len(lex.adjs)} adjective forms)"
            )
    if isinstance(wiktionary, (str, os.PathLike)):
        wiktionary = [wiktionary]
    for table_path in wiktionary:
        _add_wiktionary(lex, table_path)
    lex.blacklist = read_word_list(blacklist)
    lex.whitelist = read_word_list(whitelist)
    return lex


def _add_wiktionary(lex: Lexicon, table_path: str | os.PathLike) -> None:
    from wordgames.artifacts import read_parquet

    table = read_parquet(table_path)
    if not {"lemma", "pos"} <= set(table.column_names):
        return
    added = 0
    for lemma, pos in zip(
        table.column("lemma").to_pylist(), table.column("pos").to_pylist(), strict=True
    ):
        if not lemma or not pos:
            continue
        w, p = normalize(lemma), str(pos).lower()
        if p in NOUN_POS and w not in lex.nouns:
            lex.nouns[w] = w
            added += 1
        elif p in ADJ_POS and w not in lex.adjs:
            lex.adjs[w] = w
            added += 1
    lex.sources.append(f"Wiktionary entries {table_path} (+{added} lemmas)")
