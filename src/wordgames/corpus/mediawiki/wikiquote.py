"""Wikiquote pages: top-level list items are quotes (``**`` sub-items are sources and are dropped)."""

from __future__ import annotations

from wordgames.corpus.mediawiki.wikitext import DROP_SECTIONS, HEADING, clean_fragment

QUOTE_SKIP_SECTIONS = DROP_SECTIONS | {"opere", "filmografia", "altri progetti", "voci correlate"}
_QUOTE_TRIM = " \t\"'«»“”„"


def parse_wikiquote(title: str, wikitext: str) -> list[tuple[str, str]]:
    """(quote, section) pairs: top-level ``*`` items of the page, cleaned; ``**`` items are sources."""
    quotes = []
    section = ""
    skipping = False
    for line in wikitext.split("\n"):
        m = HEADING.match(line.strip())
        if m:
            section = clean_fragment(m.group(2)) or m.group(2)
            skipping = section.strip().lower() in QUOTE_SKIP_SECTIONS
            continue
        if skipping or not line.startswith("*") or line.startswith("**"):
            continue
        text = clean_fragment(line[1:]).strip(_QUOTE_TRIM)
        if len(text.split()) >= 2:
            quotes.append((text, section))
    return quotes
