"""The old import path of the MediaWiki reader, now the subpackage :mod:`wordgames.corpus.mediawiki`.

Kept so that callers outside the corpus package (tests/fuzz/targets.py) import as before until they
move to the new modules; it re-exports functions and classes only, since setting a constant here
(``MAX_PAGE_BYTES``, ``CHUNK``) would not change what :mod:`~wordgames.corpus.mediawiki.dump` reads.
"""

from __future__ import annotations

from wordgames.corpus.mediawiki.dump import PageFilter, iter_pages, open_dump
from wordgames.corpus.mediawiki.reader import mediawiki_docs
from wordgames.corpus.mediawiki.wikiquote import parse_wikiquote
from wordgames.corpus.mediawiki.wikitext import (
    clean_fragment,
    clean_wikitext,
    link_targets,
    site_drop_prefixes,
    strip_refs,
    strip_tables,
    tidy_lines,
)
from wordgames.corpus.mediawiki.wiktionary import language_section, parse_wiktionary

__all__ = [
    "PageFilter",
    "clean_fragment",
    "clean_wikitext",
    "iter_pages",
    "language_section",
    "link_targets",
    "mediawiki_docs",
    "open_dump",
    "parse_wikiquote",
    "parse_wiktionary",
    "site_drop_prefixes",
    "strip_refs",
    "strip_tables",
    "tidy_lines",
]
