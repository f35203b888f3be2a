"""Streaming a MediaWiki XML export, page by page.

The dump is decompressed as a stream (.bz2, .gz, .xz or plain .xml) and passed through
:class:`PageFilter`, which cuts it at ``<page>`` ... ``</page>`` and checks each page is well-formed XML
(expat) before mwxml sees it. A broken fragment is skipped and counted instead of ending the whole
parse; a stream that ends inside a page, or a corrupt compressed stream, raises
:class:`~wordgames.errors.InputError` with the file and byte offset. mwxml then streams the pages (one
at a time, never the whole dump in memory).
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import xml.parsers.expat
from collections.abc import Iterator
from pathlib import Path

from wordgames.errors import InputError

CHUNK = 1 << 20
PAGE_OPEN = b"<page>"
PAGE_CLOSE = b"</page>"
MINIMAL_SITEINFO = b"<siteinfo><sitename>unknown</sitename></siteinfo>\n"

#: A page larger than this (bytes of XML) is skipped and counted: MediaWiki itself refuses articles
#: over $wgMaxArticleSize (2 MB on Wikipedia), so only a broken or hostile dump has one, and holding it
#: would make memory grow with the page.
MAX_PAGE_BYTES = 32 << 20
#: The header (everything before the first ``<page>``: XML declaration, ``<siteinfo>``) is a few KB.
MAX_HEADER_BYTES = 32 << 20


def open_dump(path: Path):
    """(decompressed binary stream, raw file) of a dump, by file name."""
    try:
        raw = open(path, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise InputError(f"{path}: cannot open ({exc.strerror})") from None
    name = path.name.lower()
    if name.endswith(".bz2"):
        return bz2.BZ2File(raw), raw
    if name.endswith(".gz"):
        return gzip.GzipFile(fileobj=raw), raw
    if name.endswith(".xz"):
        return lzma.LZMAFile(raw), raw
    return raw, raw


class PageFilter:
    """Cuts a decompressed dump into its header and its well-formed ``<page>`` elements.

    :meth:`header` is everything before the first ``<page>``; :meth:`pages` yields (byte offset,
    bytes) of each page that is well-formed XML with a title and a revision. A page that is not, or
    that the next ``<page>`` cuts off, is skipped and counted in ``tally`` ("broken XML fragment"),
    with its offset in the log; so is a page over :data:`MAX_PAGE_BYTES` ("page over 32 MB"), read
    through without being held. Bytes between pages are dropped. Memory stays within a page and a
    chunk, and the work is linear in the size of the dump.
    """

    def __init__(self, stream, raw, path: Path | str, tally, require_footer: bool = True):
        self.stream, self.raw, self.path, self.tally = stream, raw, path, tally
        # one stream of a multistream dump holds pages only; the dump's end is checked elsewhere
        self.require_footer = require_footer
        self.buffer = bytearray()
        self.offset = 0  # decompressed bytes dropped before self.buffer
        self.decompressed = 0  # bytes read from the stream
        self.eof = False
        self.footer = False  # saw </mediawiki>

    # reading the decompressed stream, with errors that name the file and offset
    def _fill(self) -> None:
        try:
            data = self.stream.read(CHUNK)
        except EOFError:
            raise InputError(
                f"{self.path}: compressed stream ends early at byte {self._raw_pos()} "
                "(truncated file? download it again)"
            ) from None
        except (OSError, lzma.LZMAError, gzip.BadGzipFile, ValueError) as exc:
            raise InputError(
                f"{self.path}: corrupt compressed data near byte {self._raw_pos()} ({exc})"
            ) from None
        if not data:
            self.eof = True
        elif self.offset == 0 and not self.buffer:
            self._check_start(data)
        self.decompressed += len(data)
        self.buffer += data

    def _raw_pos(self) -> int:
        try:
            return self.raw.tell()
        except (OSError, ValueError):
            return -1

    def _check_start(self, data: bytes) -> None:
        if data[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(data) > 3 and data[1:2] == b"\x00"):
            raise InputError(
                f"{self.path}: byte 0: text is UTF-16; MediaWiki exports are UTF-8 XML"
            )
        head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
        if not head.startswith(b"<"):
            raise InputError(f"{self.path}: byte 0: not an XML file")

    def _drop(self, n: int, outside_pages: bool = False) -> None:
        """Forget the first ``n`` bytes; between pages, note a ``</mediawiki>`` among them."""
        if outside_pages and b"</mediawiki>" in self.buffer[: n + len(b"</mediawiki>") - 1]:
            self.footer = True
        del self.buffer[:n]
        self.offset += n

    def _find(self, marker: bytes, start: int) -> tuple[int, int]:
        """(position of ``marker`` from ``start`` or -1, where the next search can start)."""
        pos = self.buffer.find(marker, start)
        return pos, max(start, len(self.buffer) - len(marker) + 1)

    def header(self) -> bytes:
        """The bytes before the first ``<page>`` (all of the dump if it has none)."""
        scan = 0
        while True:
            pos, scan = self._find(PAGE_OPEN, scan)
            if pos >= 0 or self.eof:
                break
            if len(self.buffer) > MAX_HEADER_BYTES:
                raise InputError(
                    f"{self.path}: no <page> in the first {MAX_HEADER_BYTES >> 20} MB: "
                    "not a MediaWiki export"
                )
            self._fill()
        head = bytes(self.buffer[:pos] if pos >= 0 else self.buffer)
        self._drop(len(head), outside_pages=True)
        return head

    def pages(self) -> Iterator[tuple[int, bytes]]:
        while True:
            # between pages: drop everything up to the next <page>
            scan = 0
            while True:
                pos, scan = self._find(PAGE_OPEN, scan)
                if pos >= 0 or self.eof:
                    break
                keep = len(PAGE_OPEN) - 1 + len(b"</mediawiki>")
                if len(self.buffer) > keep:
                    self._drop(len(self.buffer) - keep, outside_pages=True)
                    scan = 0
                self._fill()
            if pos < 0:
                self._drop(len(self.buffer), outside_pages=True)
                if not self.footer and self.require_footer:
                    raise InputError(
                        f"{self.path}: XML ends at byte {self.offset} without "
                        "</mediawiki> (truncated file?)"
                    )
                return
            self._drop(pos, outside_pages=True)
            yield from self._page()

    def _page(self) -> Iterator[tuple[int, bytes]]:
        """The page at the start of the buffer (or nothing, when it is skipped)."""
        start = self.offset
        scan_end = scan_next = len(PAGE_OPEN)
        while True:
            end, scan_end = self._find(PAGE_CLOSE, scan_end)
            nxt, scan_next = self._find(PAGE_OPEN, scan_next)
            if nxt >= 0 and (end < 0 or nxt < end):
                self.tally.skip(
                    "broken XML fragment", f"{self.path} byte {start}", "page without </page>"
                )
                self._drop(nxt)
                return
            if end >= 0:
                end += len(PAGE_CLOSE)
                chunk = bytes(self.buffer[:end])
                self._drop(end)
                problem = self._valid(chunk)
                if problem is None:
                    yield start, chunk
                else:
                    self.tally.skip("broken XML fragment", f"{self.path} byte {start}", problem)
                return
            if self.eof:
                raise InputError(
                    f"{self.path}: XML ends inside a page that starts at byte {start} "
                    "(truncated file?)"
                )
            if len(self.buffer) > MAX_PAGE_BYTES:
                self._skip_oversized(start)
                return
            self._fill()

    def _skip_oversized(self, start: int) -> None:
        """Read through a page too large to hold, up to its end (or the next page)."""
        self.tally.skip(f"page over {MAX_PAGE_BYTES >> 20} MB", f"{self.path} byte {start}")
        self._drop(len(PAGE_OPEN))
        keep = len(PAGE_CLOSE) - 1
        while True:
            end = self.buffer.find(PAGE_CLOSE)
            nxt = self.buffer.find(PAGE_OPEN)
            if nxt >= 0 and (end < 0 or nxt < end):
                self._drop(nxt)
                return
            if end >= 0:
                self._drop(end + len(PAGE_CLOSE))
                return
            if self.eof:
                raise InputError(
                    f"{self.path}: XML ends inside a page that starts at byte "
                    f"{start} (truncated file?)"
                )
            self._drop(max(0, len(self.buffer) - keep))
            self._fill()

    @staticmethod
    def _valid(chunk: bytes) -> str | None:
        parser = xml.parsers.expat.ParserCreate()
        names: set[str] = set()
        parser.StartElementHandler = lambda name, attrs: names.add(name)
        try:
            parser.Parse(chunk, True)
        except xml.parsers.expat.ExpatError as exc:
            return (
                f"line {exc.lineno} column {exc.offset}: {xml.parsers.expat.ErrorString(exc.code)}"
            )
        if "title" not in names or "revision" not in names:
            return "page without <title> or <revision>"
        return None


def site_info_of(header: bytes, path: Path, tally):
    """The dump's ``<siteinfo>`` (a minimal one, counted, when the header has none)."""
    import mwxml
    from mwxml.errors import MalformedXML

    if not header.strip():
        raise InputError(f"{path}: empty file, not a MediaWiki export")
    header = header.split(b"</mediawiki>")[0]  # a dump without pages ends in its header
    if b"<siteinfo" not in header:
        tally.counts["dump without <siteinfo>"] += 1
        header += MINIMAL_SITEINFO
    try:
        return mwxml.Dump.from_file(io.BytesIO(header + b"</mediawiki>")).site_info
    except xml.etree.ElementTree.ParseError as exc:
        raise InputError(f"{path}: XML header is not well-formed ({exc})") from None
    except (MalformedXML, AssertionError, ValueError, KeyError, AttributeError, TypeError) as exc:
        # mwxml checks the root element with assert and converts fields without checking them
        raise InputError(f"{path}: not a MediaWiki export ({type(exc).__name__}: {exc})") from None


def parse_pages(pages, namespaces, path, tally) -> Iterator[tuple[object, str | None]]:
    """(mwxml page, wikitext of its last revision) of each (offset, XML) of ``pages``.

    Each page is parsed on its own, so a page mwxml cannot read (no title, a namespace that is not a
    number, a bad timestamp...) is skipped and counted as "malformed page" while the rest is read.
    """
    from mwxml import Page
    from mwxml.element_iterator import ElementIterator

    for offset, chunk in pages:
        try:
            page = Page.from_element(ElementIterator.from_file(io.BytesIO(chunk)), namespaces)
            text = None
            for revision in page:
                text = revision.text
        except Exception as exc:  # noqa: BLE001 - one unreadable page must not stop a dump
            tally.skip("malformed page", f"{path} byte {offset}", f"{type(exc).__name__}: {exc}")
            continue
        yield page, text


def iter_pages(
    path: Path, tally, on_siteinfo=None, reads=None
) -> Iterator[tuple[int, object, str | None]]:
    """(ordinal, mwxml page, wikitext of its last revision) for every well-formed page of the dump
    (:func:`parse_pages`; skipped pages are not numbered). ``reads`` (a
    :class:`~wordgames.corpus.mediawiki.multistream.Reads`) gets the bytes read and decompressed.
    """
    stream, raw = open_dump(path)
    pages = None
    try:
        pages = PageFilter(stream, raw, path, tally)
        site_info = site_info_of(pages.header(), path, tally)
        if on_siteinfo is not None:
            on_siteinfo(site_info)
        namespaces = {ns.name: ns for ns in site_info.namespaces or ()} or None
        parsed = parse_pages(pages.pages(), namespaces, path, tally)
        for ordinal, (page, text) in enumerate(parsed):
            yield ordinal, page, text
    finally:
        if reads is not None and pages is not None:
            reads.compressed += raw.tell() if not raw.closed else 0
            reads.decompressed += pages.decompressed
        stream.close()
        raw.close()
