"""The ``mediawiki`` kind reader: the documents and tables of a dump's pages, for one shard.

Only the namespaces configured (default: main) are kept. A Wikipedia page becomes one document of
clean text, a Wiktionary page its entries' definitions and examples, a Wikiquote page its quotes; the
pages also fill the kind's tables (redirects, and titles, wiktionary or quotes).

Which pages are the shard's: with a multistream index, those of its run of bz2 streams
(:mod:`~wordgames.corpus.mediawiki.multistream`); without, whole files of a split dump, or one page
in N of a stream every shard reads (docs/corpora.md, "Sharding"). The shard's summary gets what it
read and decompressed (``Tally.reads``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.mediawiki.dump import iter_pages
from wordgames.corpus.mediawiki.multistream import Reads, read_index, stream_pages
from wordgames.corpus.mediawiki.wikiquote import parse_wikiquote
from wordgames.corpus.mediawiki.wikitext import (
    DROP_LINK_PREFIXES,
    clean_wikitext,
    site_drop_prefixes,
)
from wordgames.corpus.mediawiki.wiktionary import parse_wiktionary
from wordgames.corpus.model import Corpus, Doc, Tally
from wordgames.errors import InputError


def mediawiki_docs(
    c: Corpus, files: list[Path], shard: int, tally, tables, indexes: dict | None = None
) -> Iterator:
    """Documents of shard ``shard`` of the corpus's dump ``files``; ``indexes`` maps a multistream
    dump to its index (see :mod:`~wordgames.corpus.mediawiki.multistream`)."""
    from wordgames.progress import progress

    namespaces = tuple(c.options.namespaces)
    drop = [DROP_LINK_PREFIXES]
    indexes = {Path(k): Path(v) for k, v in (indexes or {}).items()}
    unknown = [str(k) for k in indexes if k not in set(files)]
    if unknown:
        raise InputError(f"corpus {c.name}: index given for {unknown[0]}, not one of its files")

    def on_siteinfo(site_info):
        drop[0] = site_drop_prefixes(site_info)

    for path in files:
        if not path.exists():
            raise InputError(f"corpus {c.name}: {path} is missing (run the download rule first)")
    # with an index, the streams of all indexed files are dealt to shards in contiguous runs
    # balanced by compressed bytes (multistream.py); the other files as before: a dump split in
    # parts (enwiki-...-pages-articles1.xml-p1p41242.bz2, ...) with at least as many files as
    # shards is dealt by whole files (file i to shard i % N); otherwise every shard streams every
    # file and keeps page i when i % N is the shard
    plain = [p for p in files if p not in indexes]
    by_file = c.shards > 1 and len(plain) >= c.shards
    owns = _stream_owner([p for p in files if p in indexes], shard, c.shards)
    reads, mode = Reads(), set()
    dump_bytes = dump_streams = 0
    try:
        for path in files:
            if path in indexes:
                mode.add("multistream")
                dump = read_index(path, indexes[path], owns(path))
                dump_streams += dump.n_streams
                dump_bytes += dump.size
                with progress(desc=f"{c.name} {path.name}", unit="page") as bar:
                    for page, text in stream_pages(dump, tally, reads, on_siteinfo):
                        bar.update()
                        yield from _page_docs(c, page, text, tally, tables, namespaces, drop)
                continue
            dump_bytes += path.stat().st_size
            if by_file and plain.index(path) % c.shards != shard:
                continue
            mode.add("whole files" if by_file else "whole stream")
            split = (0, 1) if by_file else (shard, c.shards)
            with progress(desc=f"{c.name} {path.name}", unit="page") as bar:
                yield from _pages_of(
                    c, path, split, tally, tables, namespaces, drop, on_siteinfo, bar, reads
                )
    finally:
        # what this shard read, for its summary ("each of N shards reads about 1/N")
        tally.reads = {
            "mode": " + ".join(sorted(mode)) or "none",
            "dump_bytes": dump_bytes,
            **({"dump_streams": dump_streams} if "multistream" in mode else {}),
            "streams": reads.streams,
            "compressed_bytes": reads.compressed,
            "decompressed_bytes": reads.decompressed,
            "header_compressed_bytes": reads.header_compressed,
            "header_decompressed_bytes": reads.header_decompressed,
            "index_bytes": reads.index_bytes,
        }


def _stream_owner(indexed: list[Path], shard: int, shards: int):
    """``owns(path)(offset)``: whether the stream at ``offset`` of ``path`` is this shard's. The
    indexed files count as one byte sequence, in order: a stream starting at global byte ``g`` of
    ``T`` goes to shard ``floor(N * g / T)`` (contiguous runs, about T / N bytes each)."""
    base, total = {}, 0
    for p in indexed:
        base[p] = total
        total += p.stat().st_size

    def owns(path: Path):
        b = base[path]
        return lambda offset: min(shards - 1, shards * (b + offset) // max(total, 1)) == shard

    return owns


def _pages_of(c, path, split, tally, tables, namespaces, drop, on_siteinfo, bar, reads):
    """Documents of one dump file for one shard (see :func:`mediawiki_docs`)."""
    shard, shards = split
    # every shard reads the whole stream: only shard 0 counts the stream's broken fragments
    stream_tally = tally if shard == 0 else Tally()
    for ordinal, page, text in iter_pages(path, stream_tally, on_siteinfo, reads):
        bar.update()
        if ordinal % shards != shard:
            continue
        yield from _page_docs(c, page, text, tally, tables, namespaces, drop)


def _page_docs(c, page, text, tally, tables, namespaces, drop):
    """The document (if any) and table rows of one page."""
    wiki = c.wiki
    if page.namespace not in namespaces:
        tally.counts["pages in other namespaces"] += 1
        return
    tally.seen += 1
    title = page.title
    if page.redirect is not None:
        target = page.redirect if isinstance(page.redirect, str) else str(page.redirect)
        tables.add("redirects", title=title, target=target)
        if wiki == "wikipedia":
            tables.add("titles", title=title, is_redirect=True, target=target)
        tally.counts["redirects"] += 1
        return
    if wiki == "wikipedia":
        tables.add("titles", title=title, is_redirect=False, target=None)
    if text is None:
        tally.skip("page without text", title)
        return
    try:
        if wiki == "wiktionary":
            entries = parse_wiktionary(title, text, c.language)
            if not entries:
                tally.counts[f"pages without a {c.language} entry"] += 1
                return
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
