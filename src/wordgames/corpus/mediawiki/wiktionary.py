"""Wiktionary pages: the entries of the corpus language's section.

Only the corpus language's section (``== {{-it-}} ==`` on it.wiktionary, ``==Italian==`` on
en.wiktionary) is kept; the entry table has one row per lemma and part of speech, with definitions,
examples and related-word lists (synonyms, antonyms, derived, related, proverbs, locutions).
"""

from __future__ import annotations

import re

from wordgames.corpus.mediawiki.wikitext import HEADING, LIST_MARK, clean_fragment, link_targets

LANGUAGE_SECTIONS = {
    "it": {"{{-it-}}", "italian", "italiano"},
    "en": {"{{-en-}}", "english", "inglese"},
}
POS_TEMPLATES = {
    "sost": "sost",
    "agg": "agg",
    "verb": "verb",
    "avv": "avv",
    "pronome": "pronome",
    "prep": "prep",
    "cong": "cong",
    "inter": "inter",
    "art": "art",
    "nome": "nome",
    "agg num": "agg num",
    "loc nom": "loc nom",
    "loc verb": "loc verb",
    "loc agg": "loc agg",
    "loc avv": "loc avv",
    "loc prep": "loc prep",
    "loc cong": "loc cong",
    "loc inter": "loc inter",
    "espr": "espr",
    "suff": "suff",
    "pref": "pref",
    "acron": "acron",
    "abbr": "abbr",
    "sigla": "sigla",
    "sost form": "sost form",
    "agg form": "agg form",
    "verb form": "verb form",
    "part": "part",
    "nome form": "nome form",
    "pron poss": "pron poss",
    "pron dim": "pron dim",
    "pron rel": "pron rel",
    "pron pers": "pron pers",
    "pron interr": "pron interr",
    "pron indef": "pron indef",
    "agg poss": "agg poss",
    "agg dim": "agg dim",
    "agg indef": "agg indef",
    "agg interr": "agg interr",
}
ENGLISH_POS = {
    "noun": "sost",
    "proper noun": "nome",
    "adjective": "agg",
    "verb": "verb",
    "adverb": "avv",
    "pronoun": "pronome",
    "preposition": "prep",
    "conjunction": "cong",
    "interjection": "inter",
    "article": "art",
    "numeral": "agg num",
    "phrase": "espr",
    "proverb": "espr",
    "idiom": "espr",
    "prefix": "pref",
    "suffix": "suff",
    "abbreviation": "abbr",
    "acronym": "acron",
    "prepositional phrase": "loc prep",
    "participle": "part",
}
RELATED_SECTIONS = {
    "sin": "synonyms",
    "synonyms": "synonyms",
    "ant": "antonyms",
    "antonyms": "antonyms",
    "der": "derived",
    "derived terms": "derived",
    "alter": "derived",
    "rel": "related",
    "related terms": "related",
    "iperon": "related",
    "ipon": "related",
    "prov": "proverbs",
    "proverbs": "proverbs",
    "locuz": "locutions",
    "idioms": "locutions",
    "loc": "locutions",
    "espr": "locutions",
}
RELATED_COLUMNS = ("synonyms", "antonyms", "derived", "related", "proverbs", "locutions")
_MARKER = re.compile(r"^\{\{\s*-([^|{}]+?)-\s*(\|[^{}]*)?\}\}$")
_SENSE = re.compile(r"^\s*\(([^)]*)\)\s*:?\s*")


def _marker(line: str) -> tuple[str, bool] | None:
    """(marker name, has a language argument) of a section line: ``{{-sost-|it}}`` -> ("sost",
    True), ``{{-sin-}}`` -> ("sin", False), ``===Noun===`` -> ("noun", False); None otherwise."""
    content = line.strip()
    m = HEADING.match(content)
    if m:
        content = m.group(2).strip()
    t = _MARKER.match(content)
    if t:
        return t.group(1).strip().lower(), t.group(2) is not None
    if m:
        return content.lower(), False
    return None


def language_section(wikitext: str, language: str) -> str | None:
    """The lines of the level-2 section of ``language`` (None if the page has none)."""
    names = LANGUAGE_SECTIONS[language]
    lines = wikitext.split("\n")
    start = None
    for i, line in enumerate(lines):
        m = HEADING.match(line.strip())
        if m and len(m.group(1)) == 2:
            title = (
                m.group(2).strip().replace(" ", "").lower()
                if "{{" in m.group(2)
                else (m.group(2).strip().lower())
            )
            if start is not None:
                return "\n".join(lines[start:i])
            if title in names:
                start = i + 1
    return "\n".join(lines[start:]) if start is not None else None


def _related_words(line: str, column: str) -> list[str]:
    body = LIST_MARK.sub("", line.strip())
    if not body:
        return []
    links = link_targets(body)
    if column in ("proverbs", "locutions"):
        if links and len(links) == 1 and len(links[0].split()) > 1:
            return links
        text = clean_fragment(body)
        text = re.split(r"\s[:\u2013\u2014-]\s|:\s", text, maxsplit=1)[0]
        text = text.strip(" .;,'\"«»")
        return [text] if text else []
    if links:
        return links
    text = clean_fragment(_SENSE.sub("", body))
    return [w.strip(" .;'\"") for w in re.split(r"[,;]", text) if w.strip(" .;'\"")]


def parse_wiktionary(title: str, wikitext: str, language: str) -> list[dict]:
    """Entries (one per part of speech) of the ``language`` section of a Wiktionary page."""
    section = language_section(wikitext, language)
    if section is None:
        return []
    entries: list[dict] = []
    current: dict | None = None
    mode: str | None = None  # "pos", a related column, or None (ignored section)

    def new_entry(pos):
        entry = {"lemma": title, "pos": pos, "definitions": [], "examples": []}
        entry.update({c: [] for c in RELATED_COLUMNS})
        entries.append(entry)
        return entry

    for line in section.split("\n"):
        marker = _marker(line)
        if marker is not None:
            name, with_language = marker
            name = name.replace("_", " ").strip()
            pos = POS_TEMPLATES.get(name) or ENGLISH_POS.get(name)
            if pos is None and with_language and name in RELATED_SECTIONS:
                pos = name  # {{-prov-|it}}: the page is itself a proverb or idiom
            if pos is not None:
                current = new_entry(pos)
                mode = "pos"
            elif name in RELATED_SECTIONS:
                mode = RELATED_SECTIONS[name]
                if current is None:
                    current = new_entry(None)
            else:
                mode = None
            continue
        stripped = line.strip()
        if not stripped or mode is None or current is None:
            continue
        if mode == "pos":
            if stripped.startswith(("#:", "#*", "##:", "##*")):
                text = clean_fragment(stripped.lstrip("#:* "))
                if text:
                    current["examples"].append(text)
            elif stripped.startswith("#"):
                text = clean_fragment(stripped.lstrip("# "))
                if text:
                    current["definitions"].append(text)
        elif stripped.startswith(("*", ":", "#")) or "[[" in stripped:
            for word in _related_words(stripped, mode):
                if word and word not in current[mode]:
                    current[mode].append(word)
    return [e for e in entries if e["definitions"] or any(e[c] for c in RELATED_COLUMNS)]
