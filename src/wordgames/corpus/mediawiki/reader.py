"""The ``mediawiki`` kind reader: the documents and tables of a dump's pages, for one shard.

Only the namespaces configured (default: main) are kept. A Wikipedia page becomes one document of
clean text, a Wiktionary page its entries' definitions and examples, a Wikiquote page its quotes; the
pages also fill the kind's tables (redirects, and titles, wiktionary or quotes).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.mediawiki.dump import iter_pages
from wordgames.corpus.mediawiki.wikiquote import parse_wikiquote
from wordgames.corpus.mediawiki.wikitext import (
    DROP_LINK_PREFIXES,
    clean_wikitext,
    site_drop_prefixes,
)
from wordgames.corpus.mediawiki.wiktionary import parse_wiktionary
from wordgames.corpus.model import Corpus, Doc, Tally
from wordgames.errors import InputError


def mediawiki_docs(c: Corpus, files: list[Path], shard: int, tally, tables) -> Iterator:
    from wordgames.progress import progress

    namespaces = tuple(c.options.namespaces)
    drop = [DROP_LINK_PREFIXES]

    def on_siteinfo(site_info):
        drop[0] = site_drop_prefixes(site_info)

    # a dump split in parts (enwiki-...-pages-articles1.xml-p1p41242.bz2, ...): with at least as many
    # files as shards, each shard reads whole files; otherwise every shard streams every file and
    # keeps one page in N
    by_file = c.shards > 1 and len(files) >= c.shards
    for i, path in enumerate(files):
        if by_file and i % c.shards != shard:
            continue
        if not path.exists():
            raise InputError(f"corpus {c.name}: {path} is missing (run the download rule first)")
        split = (0, 1) if by_file else (shard, c.shards)
        with progress(desc=f"{c.name} {path.name}", unit="page") as bar:
            yield from _pages_of(c, path, split, tally, tables, namespaces, drop, on_siteinfo, bar)


def _pages_of(c, path, split, tally, tables, namespaces, drop, on_siteinfo, bar):
    """Documents of one dump file for one shard (see :func:`mediawiki_docs`)."""
    wiki = c.wiki
    shard, shards = split
    # every shard reads the whole stream: only shard 0 counts the stream's broken fragments
    stream_tally = tally if shard == 0 else Tally()
    for ordinal, page, text in iter_pages(path, stream_tally, on_siteinfo):
        bar.update()
        if ordinal % shards != shard:
            continue
        if page.namespace not in namespaces:
            tally.counts["pages in other namespaces"] += 1
            continue
        tally.seen += 1
        title = page.title
        if page.redirect is not None:
            target = page.redirect if isinstance(page.redirect, str) else str(page.redirect)
            tables.add("redirects", title=title, target=target)
            if wiki == "wikipedia":
                tables.add("titles", title=title, is_redirect=True, target=target)
            tally.counts["redirects"] += 1
            continue
        if wiki == "wikipedia":
            tables.add("titles", title=title, is_redirect=False, target=None)
        if text is None:
            tally.skip("page without text", title)
            continue
        try:
            if wiki == "wiktionary":
                entries = parse_wiktionary(title, text, c.language)
                if not entries:
                    tally.counts[f"pages without a {c.language} entry"] += 1
                    continue
                lines = []
                for entry in entries:
                    tables.add("wiktionary", **entry)
                    lines.extend(entry["definitions"])
                    lines.extend(entry["examples"])
                tally.counts["wiktionary entries"] += len(entries)
                yield Doc(f"{c.name}:{title}", "\n".join(lines))
            elif wiki == "wikiquote":
                quotes = parse_wikiquote(title, text)
                for quote, section in quotes:
                    tables.add("quotes", text=quote, page=title, section=section)
                tally.counts["quotes"] += len(quotes)
                if quotes:
                    yield Doc(f"{c.name}:{title}", "\n".join(q for q, _ in quotes))
                else:
                    tally.counts["pages without quotes"] += 1
            else:
                yield Doc(f"{c.name}:{title}", clean_wikitext(text, drop=drop[0]))
        except Exception as exc:  # noqa: BLE001 - one bad page must not stop a dump
            tally.skip("bad markup", title, f"{type(exc).__name__}: {exc}")
