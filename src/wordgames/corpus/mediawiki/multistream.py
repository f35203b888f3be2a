"""Multistream dumps: each shard decompresses only its own bz2 streams.

Wikimedia's ``<wiki>-<date>-pages-articles-multistream.xml.bz2`` is a concatenation of bz2 streams:
the first holds the XML header (``<mediawiki>``, ``<siteinfo>``), each of the next holds 100 pages,
and the last the closing ``</mediawiki>``. Its ``...-multistream-index.txt.bz2`` has one line per page,
``byteoffset:pageid:title``, the offset being where the page's stream starts in the compressed file.

:func:`read_index` reads the index once per shard and keeps the streams the shard owns: a stream goes
to shard ``floor(N * g / T)``, ``g`` its start counted over all the corpus's indexed files in order
and ``T`` their total size. Shards get contiguous runs of streams, balanced by compressed bytes (not
by stream count: early articles are longer), so each reads one region of the file front to back.
:func:`stream_pages` seeks to each owned stream and decompresses its byte range only (to the next
offset; the last page stream to where its bz2 stream ends, then the footer is checked), cuts it into
pages with :class:`~wordgames.corpus.mediawiki.dump.PageFilter` and parses them as the single-stream
reader does, with the siteinfo of the header stream. N shards thus read the dump once between them.

An index that does not fit its dump fails in one line naming the index and its line: a malformed line,
offsets going backwards or past the end of the file, an offset where no bz2 stream starts (the middle
of a stream, another dump's index), a stream that runs past the next offset, page ids the stream does
not hold, an index that stops before the dump's last pages, a truncated or corrupt index file.
"""

from __future__ import annotations

import bz2
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.corpus.mediawiki.dump import (
    CHUNK,
    MAX_HEADER_BYTES,
    PAGE_OPEN,
    PageFilter,
    open_dump,
    parse_pages,
    site_info_of,
)
from wordgames.errors import InputError

#: Every bz2 stream starts with "BZh", the block size digit and either a block's magic (pi) or the
#: end-of-stream magic (sqrt pi) of an empty stream: an offset that is not a stream start fails here.
BZ2_MAGIC = b"BZh"
BZ2_BLOCK_MAGICS = (b"1AY&SY", b"\x17rE8P\x90")


@dataclass
class Stream:
    """One stream of 100 pages (fewer at the end) as the index lists it."""

    start: int  # byte offset of the stream in the compressed dump
    end: (
        int | None
    )  # the next stream's offset; None: the last page stream (ends with its bz2 stream)
    line: int  # index line of its first page
    end_line: int | None = None  # index line of the next stream
    page_ids: list[int] = field(default_factory=list)


@dataclass
class IndexedDump:
    """A dump and its index: the streams one shard owns, and what the whole index lists."""

    path: Path
    index: Path
    size: int  # compressed bytes of the dump
    first: int  # offset of the first page stream (the header stream is before it)
    streams: list[Stream]  # owned by this shard, in file order
    n_streams: int  # in the whole index
    n_pages: int
    index_bytes: int  # compressed size of the index file


@dataclass
class Reads:
    """Bytes one shard read (compressed, from disk) and decompressed, for its summary."""

    streams: int = 0
    compressed: int = 0  # of its own page streams
    decompressed: int = 0
    header_compressed: int = 0  # header and footer streams (read by every shard that reads pages)
    header_decompressed: int = 0
    index_bytes: int = 0


def _bad(index: Path, lineno: int, message: str) -> InputError:
    return InputError(f"{index}: line {lineno}: {message}")


def read_index(dump: Path, index: Path, owns) -> IndexedDump:
    """The streams of ``dump`` that ``owns(start offset)`` says are this shard's, from ``index``.

    Only the owned streams' page ids are kept, so memory grows with the shard's share, not the
    dump. Offsets must not decrease and must lie inside the dump; lines must be
    ``offset:pageid:title``.
    """
    if not dump.name.lower().endswith(".bz2"):
        raise InputError(f"{dump}: has an index ({index}), so it must be a .bz2 multistream dump")
    try:
        size = dump.stat().st_size
        index_bytes = index.stat().st_size
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot open ({exc.strerror})") from None
    stream, raw = open_dump(index)
    owned: list[Stream] = []
    current: Stream | None = None  # the stream being listed, when owned
    previous = -1
    first = None
    n_streams = n_pages = 0
    lineno = 0
    try:
        while True:
            try:
                line = stream.readline()
            except EOFError:
                raise InputError(
                    f"{index}: compressed index ends early after line {lineno} (truncated file?)"
                ) from None
            except (OSError, ValueError) as exc:
                raise InputError(
                    f"{index}: corrupt compressed data after line {lineno} ({exc})"
                ) from None
            if not line:
                break
            lineno += 1
            parts = line.split(b":", 2)
            if len(parts) < 3 or not parts[0].isdigit() or not parts[1].isdigit():
                if not line.strip():
                    continue
                raise _bad(index, lineno, "expected byteoffset:pageid:title")
            offset, page_id = int(parts[0]), int(parts[1])
            if offset != previous:
                if offset < previous:
                    raise _bad(
                        index,
                        lineno,
                        f"offset {offset} comes after {previous}: offsets must not decrease "
                        f"(not an index of {dump.name}?)",
                    )
                if offset >= size:
                    raise _bad(
                        index,
                        lineno,
                        f"offset {offset} is past the end of {dump} ({size} bytes): "
                        "an index of another dump?",
                    )
                if current is not None:
                    current.end, current.end_line = offset, lineno
                current = Stream(offset, None, lineno) if owns(offset) else None
                if current is not None:
                    owned.append(current)
                if first is None:
                    first = offset
                n_streams += 1
                previous = offset
            n_pages += 1
            if current is not None:
                current.page_ids.append(page_id)
    finally:
        stream.close()
        raw.close()
    if first is None:
        raise InputError(f"{index}: the index is empty (no byteoffset:pageid:title line)")
    if first == 0:
        raise _bad(
            index,
            1,
            f"offset 0: the first page stream of {dump} must follow its header stream "
            "(not a Wikimedia multistream index?)",
        )
    return IndexedDump(dump, index, size, first, owned, n_streams, n_pages, index_bytes)


class _Counting:
    """The tally, also counting the pages a stream skipped (to check them against the index)."""

    def __init__(self, tally):
        self.tally, self.counts, self.skipped = tally, tally.counts, 0

    def skip(self, *args) -> None:
        self.skipped += 1
        self.tally.skip(*args)


class StreamRange:
    """A file-like view of the decompressed bytes of ``raw[start:end]``: one or more whole bz2
    streams (``end`` None: exactly one stream, read to its end). Counts what it read."""

    def __init__(self, raw, label: str, start: int, end: int | None, where: str, end_where=""):
        self.raw, self.label, self.start, self.end, self.where = raw, label, start, end, where
        self.end_where = end_where or where  # the index line of ``end``
        raw.seek(start)
        head = raw.read(10)
        if (
            head[:3] != BZ2_MAGIC
            or head[3:4] not in b"123456789"
            or head[4:10] not in BZ2_BLOCK_MAGICS
        ):
            raise InputError(
                f"{where}: no bz2 stream starts at byte {start} of {label}: "
                "the index does not match this dump"
            )
        raw.seek(start)
        self.pos = start  # next compressed byte to read
        self.decompressor = bz2.BZ2Decompressor()
        self.done = False
        self.stream_end: int | None = None  # where the (last) bz2 stream ended
        self.decompressed = 0

    @property
    def compressed(self) -> int:
        return (self.stream_end if self.stream_end is not None else self.pos) - self.start

    def read(self, n: int = CHUNK) -> bytes:
        while not self.done:
            dec = self.decompressor
            if dec.eof:
                end = self.pos - len(dec.unused_data)
                if self.end is None or end == self.end:
                    self.stream_end, self.done = end, True
                    break
                # the range holds one more stream (the index need not list every stream)
                leftover = dec.unused_data
                self.decompressor = dec = bz2.BZ2Decompressor()
                out = self._decompress(leftover, n)
            elif dec.needs_input:
                want = CHUNK if self.end is None else min(CHUNK, self.end - self.pos)
                if want <= 0:
                    raise InputError(
                        f"{self.end_where}: offset {self.end} is inside the bz2 stream that "
                        f"starts at byte {self.start} of {self.label}: the index does not match "
                        "this dump"
                    )
                data = self.raw.read(want)
                if not data:
                    raise InputError(
                        f"{self.label}: compressed stream ends early at byte {self.pos} "
                        "(truncated file? download it again)"
                    )
                self.pos += len(data)
                out = self._decompress(data, n)
            else:
                out = self._decompress(b"", n)
            if out:
                self.decompressed += len(out)
                return out
        return b""

    def _decompress(self, data: bytes, n: int) -> bytes:
        try:
            return self.decompressor.decompress(data, max_length=n)
        except (OSError, ValueError) as exc:
            raise InputError(
                f"{self.label}: corrupt compressed data in the stream at byte {self.start} ({exc})"
            ) from None

    def read_all(self, limit: int) -> bytes:
        out = bytearray()
        while chunk := self.read(CHUNK):
            out += chunk
            if len(out) > limit:
                break
        return bytes(out)

    def close(self) -> None:
        pass


def stream_pages(
    dump: IndexedDump, tally, reads: Reads, on_siteinfo=None
) -> Iterator[tuple[object, str | None]]:
    """(mwxml page, wikitext of its last revision) of every page in the owned streams of ``dump``,
    stream by stream; ``reads`` gets the bytes read. Nothing is read when no stream is owned."""
    reads.index_bytes += dump.index_bytes
    if not dump.streams:
        return
    path, index = dump.path, dump.index
    raw = open(path, "rb")  # noqa: SIM115 - closed below
    try:
        header = StreamRange(raw, str(path), 0, dump.first, str(path), f"{index}: line 1")
        head = header.read_all(MAX_HEADER_BYTES)
        reads.header_compressed += header.compressed
        reads.header_decompressed += header.decompressed
        if PAGE_OPEN in head:
            raise _bad(
                index,
                1,
                f"{path} has pages before the first offset {dump.first}: "
                "the index does not start at the first page stream",
            )
        site_info = site_info_of(head, path, tally)
        if on_siteinfo is not None:
            on_siteinfo(site_info)
        namespaces = {ns.name: ns for ns in site_info.namespaces or ()} or None
        for s in dump.streams:
            where = f"{index}: line {s.line}"
            label = f"{path} (stream at byte {s.start})"
            rng = StreamRange(raw, str(path), s.start, s.end, where, f"{index}: line {s.end_line}")
            counting = _Counting(tally)
            expected = set(s.page_ids)
            found = 0
            pages = PageFilter(rng, raw, label, counting, require_footer=False)
            for page, text in parse_pages(pages.pages(), namespaces, label, counting):
                if page.id not in expected and s.end is None:
                    raise InputError(
                        f"{index}: ends at line {s.line - 1 + len(s.page_ids)} but the stream at "
                        f"byte {s.start} of {path} holds page id {page.id} it does not list "
                        "(truncated index, or one of another dump?)"
                    )
                if page.id not in expected:
                    raise InputError(
                        f"{where}: the stream at byte {s.start} of {path} holds page id "
                        f"{page.id}, which the index does not list there: the index does not "
                        "match this dump"
                    )
                found += 1
                yield page, text
            skipped = counting.skipped
            if found + skipped < len(s.page_ids):
                raise InputError(
                    f"{where}: the index lists {len(s.page_ids)} pages at byte {s.start} of {path}, "
                    f"the stream holds {found + skipped}: the index does not match this dump"
                )
            reads.streams += 1
            reads.compressed += rng.compressed
            reads.decompressed += rng.decompressed
            if s.end is None:
                _check_footer(raw, path, index, s, rng, pages.footer, reads)
    finally:
        raw.close()


def _check_footer(raw, path: Path, index: Path, last: Stream, rng, footer: bool, reads) -> None:
    """After the last listed stream: the footer stream, with no pages (else the index stops early)
    and with ``</mediawiki>`` (else the dump is cut)."""
    end = rng.stream_end
    raw.seek(end)
    if raw.read(1):
        tail = StreamRange(raw, str(path), end, None, f"{index}: line {last.line}")
        text = tail.read_all(MAX_HEADER_BYTES)
        reads.header_compressed += tail.compressed
        reads.header_decompressed += tail.decompressed
        if PAGE_OPEN in text:
            raise InputError(
                f"{index}: ends at line {last.line - 1 + len(last.page_ids)} but {path} has pages "
                f"after byte {end} (truncated index, or one of another dump?)"
            )
        footer = footer or b"</mediawiki>" in text
    if not footer:
        raise InputError(f"{path}: XML ends at byte {end} without </mediawiki> (truncated file?)")
