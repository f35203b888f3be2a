"""Extraction: one shard of a corpus to documents (doc, text) plus the kind's tables.

Every kind is a generator of :class:`~wordgames.corpus.model.Doc` objects that also fills tables and
counts what it skipped in a :class:`~wordgames.corpus.model.Tally`. Items are dealt to shards
round-robin by their ordinal (pages of a dump, files or text units), so shard ``k`` of ``N`` reads
the whole input but parses and cleans only its own share; a multistream dump with its index is
dealt by bz2 streams instead, so each shard decompresses only its own
(:mod:`wordgames.corpus.mediawiki.multistream`).
What is skipped (malformed page, bad markup, undecodable text, a broken XML fragment) is counted by
reason in the log and in the shard's summary JSON; a truncated or corrupt archive raises
:class:`~wordgames.errors.InputError` naming the file and byte offset.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.io import DOCS_SCHEMA, TABLE_SCHEMAS, RowWriter, write_json
from wordgames.corpus.model import Corpus, Doc, Tally
from wordgames.errors import InputError
from wordgames.progress import progress

log = logging.getLogger(__name__)

#: A text file (``documents: file``) longer than this many lines or paragraphs is cut into documents
#: ``name``, ``name#1``, ``name#2``... of this many units, so no document needs unbounded memory.
MAX_UNITS = 20_000


class Tables:
    """Lazily opened writers of one shard's tables, each to the path it was given."""

    def __init__(self, c: Corpus, targets: dict[str, Path]):
        self._writers: dict[str, RowWriter] = {}
        self._c, self._targets = c, dict(targets)
        missing = [t for t in c.tables if t not in self._targets]
        if missing:
            raise InputError(f"corpus {c.name}: no output path given for its table(s) {missing}")

    def add(self, table: str, **row) -> None:
        writer = self._writers.get(table)
        if writer is None:
            writer = self._writers[table] = RowWriter(self._targets[table], TABLE_SCHEMAS[table])
        writer.append(**row)

    def close(self) -> None:
        """Close every writer; tables given but never filled are written empty."""
        for table, target in self._targets.items():
            if table not in self._writers:
                self._writers[table] = RowWriter(target, TABLE_SCHEMAS[table])
        for writer in self._writers.values():
            writer.close()

    def abort(self) -> None:
        for writer in self._writers.values():
            writer.abort()


# text ------------------------------------------------------------------------------------------------
def _units(
    path: Path,
    layout: str,
    encoding: str,
    tally: Tally,
    column: int | list[int] | None = None,
    header: bool = False,
) -> Iterator[str]:
    """Lines or blank-line separated paragraphs of one file (paragraph lines joined by spaces).

    With ``header`` the file's first line is skipped; with ``column`` (layout ``lines``) a line's
    unit is its ``column``-th tab-separated field (a list: those fields joined by a space, as a
    quiz clue with its answer), and a line with fewer fields fails naming the file and line. Tabs of a whole line become spaces (``word<TAB>gloss`` is one unit)."""
    try:
        fh = open(path, encoding=encoding, errors="replace", newline=None)  # noqa: SIM115
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    columns = [column] if isinstance(column, int) else list(column or [])
    block: list[str] = []
    with fh:
        for lineno, line in enumerate(fh, 1):
            if header and lineno == 1:
                continue
            if "\ufffd" in line:
                tally.counts["undecodable_lines"] += 1
                if tally.counts["undecodable_lines"] <= 3:
                    log.warning("%s:%d: bytes not valid %s were replaced", path, lineno, encoding)
            if columns and line.strip():
                fields = line.rstrip("\r\n").split("\t")
                if len(fields) < max(columns):
                    raise InputError(
                        f"{path}: line {lineno}: expected at least {max(columns)} tab-separated "
                        f"columns, found {len(fields)}"
                    )
                line = " ".join(fields[k - 1] for k in columns)
            line = " ".join(line.strip().lstrip("\ufeff").split("\t"))
            if layout == "fortunes" and line == "%":
                line = ""  # the fortune separator ends a block like a blank line
            if layout == "lines":
                if line:
                    yield line
            elif line:
                block.append(line)
            elif block:
                yield " ".join(block)
                block = []
    if block:
        yield " ".join(block)


def _doc_name(c: Corpus, path: Path, root_files: list[Path]) -> str:
    return (
        f"{c.name}:{path.name}"
        if len({p.name for p in root_files}) == len(root_files)
        else (f"{c.name}:{path}")
    )


def text_docs(
    c: Corpus, files: list[Path], shard: int, tally: Tally, tables: Tables
) -> Iterator[Doc]:
    layout = c.options.layout
    per_unit = c.options.documents == "unit"
    encoding = c.options.encoding
    column, header = c.options.column, c.options.header
    if column is not None and layout != "lines":
        raise InputError(f"corpus {c.name}: options.column needs layout lines, not {layout}")
    ordinal = 0
    for path in progress(files, desc=f"{c.name} files", unit="file"):
        name = _doc_name(c, path, files)
        if not per_unit:
            ordinal += 1
            if (ordinal - 1) % c.shards != shard:
                continue
            tally.seen += 1
            # a huge file is cut into parts of MAX_UNITS units so memory stays flat
            part: list[str] = []
            n_parts = 0
            for unit in _units(path, layout, encoding, tally, column, header):
                part.append(unit)
                if len(part) >= MAX_UNITS:
                    yield Doc(f"{name}#{n_parts}" if n_parts else name, "\n".join(part))
                    n_parts += 1
                    part = []
            if part or not n_parts:
                yield Doc(f"{name}#{n_parts}" if n_parts else name, "\n".join(part))
            continue
        for i, unit in enumerate(_units(path, layout, encoding, tally, column, header)):
            ordinal += 1
            if (ordinal - 1) % c.shards != shard:
                continue
            tally.seen += 1
            yield Doc(f"{name}:{i}", unit)


# lexicons read as units ------------------------------------------------------------------------
def unit_reader(units):
    """A kind reader from a generator of ``(document name, unit)`` pairs (the knowledge kinds):
    units are dealt to shards by ordinal; ``documents: unit`` makes each one a document, ``file``
    groups consecutive units of one name into documents of at most :data:`MAX_UNITS`."""

    def read(c: Corpus, files: list[Path], shard: int, tally: Tally, tables: Tables):
        per_unit = c.options.documents == "unit"
        current, part, n_parts = None, [], 0
        for ordinal, (name, unit) in enumerate(units(c, files, tally)):
            if ordinal % c.shards != shard:
                continue
            tally.seen += 1
            if per_unit:
                yield Doc(f"{name}:{ordinal}", unit)
                continue
            if name != current or len(part) >= MAX_UNITS:
                if part:
                    yield Doc(f"{current}#{n_parts}" if n_parts else current, "\n".join(part))
                n_parts = n_parts + 1 if name == current else 0
                current, part = name, []
            part.append(unit)
        if part:
            yield Doc(f"{current}#{n_parts}" if n_parts else current, "\n".join(part))

    return read


# titles ----------------------------------------------------------------------------------------------
def open_maybe_compressed(path: Path):
    """A binary stream of ``path``, decompressing .bz2, .gz and .xz by name."""
    from wordgames.corpus.mediawiki.dump import open_dump

    return open_dump(path)[0]


def normalise_title(raw: str) -> str:
    return raw.replace("_", " ").strip()


def titles_docs(
    c: Corpus, files: list[Path], shard: int, tally: Tally, tables: Tables
) -> Iterator[Doc]:
    """All-titles-in-ns0 lists: one title a line (a header line ``page_title`` is skipped). With
    ``options.as_text`` every title is also a line of text (documents of :data:`MAX_UNITS` titles):
    the titles as a lexical-knowledge corpus."""
    encoding = c.options.encoding
    as_text = c.options.as_text
    ordinal = 0
    for path in files:
        part: list[str] = []
        n_parts = 0
        name = f"{c.name}:{path.name}"
        with open_maybe_compressed(path) as raw:
            for lineno, line in enumerate(raw, 1):
                ordinal += 1
                if (ordinal - 1) % c.shards != shard:
                    continue
                try:
                    text = line.decode(encoding).rstrip("\r\n")
                except UnicodeDecodeError:
                    tally.skip("undecodable title", f"{path}:{lineno}")
                    continue
                if "\t" in text:  # newer dumps: page_namespace<TAB>page_title
                    ns, _, text = text.partition("\t")
                    if ns == "page_namespace" or (ns.isdigit() and int(ns) != 0):
                        continue
                if lineno == 1 and text == "page_title" or not text.strip():
                    continue
                tally.seen += 1
                title = normalise_title(text)
                tables.add("titles", title=title, is_redirect=None, target=None)
                if as_text:
                    part.append(title)
                    if len(part) >= MAX_UNITS:
                        yield Doc(f"{name}#{n_parts}" if n_parts else name, "\n".join(part))
                        n_parts, part = n_parts + 1, []
        if part:
            yield Doc(f"{name}#{n_parts}" if n_parts else name, "\n".join(part))


# wordfreq --------------------------------------------------------------------------------------------
def wordfreq_docs(
    c: Corpus, files: list[Path], shard: int, tally: Tally, tables: Tables
) -> Iterator[Doc]:
    """The wordfreq word list of the corpus language as a frequency table (a lexicon prior)."""
    import wordfreq

    from wordgames.corpus.tokenize import tokenize_phrase

    wordlist = "best"
    for src in c.sources:
        if src.value.startswith("wordfreq:"):
            wordlist = src.value.split(":", 1)[1] or "best"
    top = c.options.top_n
    seen = set()
    for word in wordfreq.top_n_list(c.language, top, wordlist=wordlist):
        tally.seen += 1
        tokens = tokenize_phrase(word, c.language)
        if len(tokens) != 1:
            tally.skip("not one token", word)
            continue
        token = tokens[0]
        if token in seen:
            continue
        seen.add(token)
        freq = wordfreq.word_frequency(word, c.language, wordlist=wordlist)
        zipf = wordfreq.zipf_frequency(word, c.language, wordlist=wordlist)
        tables.add("frequencies", word=token, frequency=freq, zipf=zipf)
    return
    yield


def _kind_reader(c: Corpus):
    if c.kind == "text":
        return text_docs
    if c.kind == "titles":
        return titles_docs
    if c.kind == "wordfreq":
        return wordfreq_docs
    if c.kind == "mediawiki":
        from wordgames.corpus.mediawiki.reader import mediawiki_docs

        return mediawiki_docs
    if c.kind == "bnc":
        from wordgames.corpus.bnc import bnc_docs

        return bnc_docs
    from wordgames.corpus.knowledge import UNIT_READERS

    if c.kind in UNIT_READERS:
        return unit_reader(UNIT_READERS[c.kind])
    raise InputError(f"corpus {c.name}: unknown kind {c.kind}")


def extract_shard(
    c: Corpus,
    files: list[Path],
    shard: str,
    docs_out: Path,
    summary_out: Path,
    table_outs: dict[str, Path],
    indexes: dict[Path, Path] | None = None,
) -> dict:
    """Extract shard ``shard`` ("000", "001", ...) of corpus ``c`` from its source ``files``: the
    documents to ``docs_out``, each table to ``table_outs[name]``; returns the summary, also
    written to ``summary_out``. ``indexes`` maps a multistream dump among the files to its index
    (mediawiki only): the shard then decompresses only its own streams."""
    index = int(shard)
    if not 0 <= index < c.shards:
        raise InputError(f"corpus {c.name}: shard {shard} out of range (shards: {c.shards})")
    start = time.perf_counter()
    tally = Tally()
    tables = Tables(c, table_outs)
    reader = _kind_reader(c)
    if indexes:
        if c.kind != "mediawiki":
            raise InputError(f"corpus {c.name}: a multistream index is for kind mediawiki only")
        reader = functools.partial(reader, indexes=indexes)
    min_chars = c.options.min_chars
    limit = c.max_documents
    limit_per_shard = None if limit is None else -(-limit // c.shards)
    chars = 0
    try:
        with RowWriter(docs_out, DOCS_SCHEMA, batch_rows=2000) as docs:
            for doc in reader(c, [Path(f) for f in files], index, tally, tables):
                if len(doc.text.strip()) < max(min_chars, 1):
                    tally.skip("empty or short text", doc.doc)
                    continue
                docs.append(doc=doc.doc, text=doc.text)
                tally.documents += 1
                chars += len(doc.text)
                if limit_per_shard is not None and tally.documents >= limit_per_shard:
                    break
    except BaseException:
        tables.abort()
        raise
    tables.close()
    summary = {
        "corpus": c.name,
        "kind": c.kind,
        "shard": shard,
        "items_read": tally.seen,
        "documents": tally.documents,
        "characters": chars,
        "skipped": dict(sorted(tally.skipped.items())),
        "counts": dict(sorted(tally.counts.items())),
        "seconds": round(time.perf_counter() - start, 3),
    }
    if tally.reads:
        summary["input"] = tally.reads
    write_json(summary_out, summary)
    skipped = sum(tally.skipped.values())
    log.info(
        "%s shard %s: %d items read, %d documents, %d skipped %s",
        c.name,
        shard,
        tally.seen,
        tally.documents,
        skipped,
        dict(tally.skipped) or "",
    )
    if tally.reads:
        r = tally.reads
        log.info(
            "%s shard %s (%s): read %s of %s compressed bytes (%.1f%%), %s decompressed, "
            "%s streams",
            c.name,
            shard,
            r["mode"],
            f"{r['compressed_bytes'] + r['header_compressed_bytes']:,}",
            f"{r['dump_bytes']:,}",
            100 * (r["compressed_bytes"] + r["header_compressed_bytes"]) / max(r["dump_bytes"], 1),
            f"{r['decompressed_bytes'] + r['header_decompressed_bytes']:,}",
            f"{r['streams']:,} of {r['dump_streams']:,}" if "dump_streams" in r else "all",
        )
    return summary
