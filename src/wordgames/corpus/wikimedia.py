"""MediaWiki XML exports (Wikipedia, Wiktionary, Wikiquote): streaming, cleaning, structured tables.

Reading: the dump is decompressed as a stream (.bz2, .gz, .xz or plain .xml) and passed through
:class:`PageFilter`, which cuts it at ``<page>`` ... ``</page>`` and checks each page is well-formed XML
(expat) before mwxml sees it. A broken fragment is skipped and counted instead of ending the whole
parse; a stream that ends inside a page, or a corrupt compressed stream, raises
:class:`~wordgames.errors.InputError` with the file and byte offset. mwxml then streams the pages (one
at a time, never the whole dump in memory); only the namespaces configured (default: main) are kept.

Cleaning: :func:`clean_wikitext` walks the mwparserfromhell tree: templates, references, tables,
comments, files/images, categories, interlanguage links, headings and maths are removed, link text is
kept, bold/italic markup dropped, HTML entities decoded; sections such as "References" or "Note" are
dropped. Each paragraph or list item becomes one line.

Wiktionary: only the corpus language's section (``== {{-it-}} ==`` on it.wiktionary, ``==Italian==``
on en.wiktionary) is kept; the entry table has one row per lemma and part of speech, with
definitions, examples and related-word lists (synonyms, antonyms, derived, related, proverbs,
locutions). Wikiquote: top-level list items are quotes (``**`` sub-items are sources and are dropped).
"""

from __future__ import annotations

import bz2
import gzip
import logging
import lzma
import re
import xml.parsers.expat
from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.registry import Corpus
from wordgames.errors import InputError

log = logging.getLogger(__name__)

CHUNK = 1 << 20
PAGE_OPEN = b"<page>"
PAGE_CLOSE = b"</page>"
MINIMAL_SITEINFO = b"<siteinfo><sitename>unknown</sitename></siteinfo>\n"

# ---------------------------------------------------------------------------------------------------
# streaming


class _Counting:
    """A raw file that remembers how many bytes were read (the compressed offset of errors)."""

    def __init__(self, fh):
        self.fh = fh

    def read(self, n=-1):
        return self.fh.read(n)

    def readinto(self, b):
        return self.fh.readinto(b)

    def tell(self):
        return self.fh.tell()

    def close(self):
        self.fh.close()

    def readable(self):
        return True

    def __getattr__(self, name):
        return getattr(self.fh, name)


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
    """A file-like view of a dump that passes on only well-formed ``<page>`` elements.

    ``read(n)`` serves the header, every well-formed page and the footer; a page that is not well-formed
    XML, or that is cut off by the start of the next page, is dropped and counted in ``tally`` (reason
    "broken XML fragment"), with its byte offset in the log.
    """

    def __init__(self, stream, raw, path: Path, tally):
        self.stream, self.raw, self.path, self.tally = stream, raw, path, tally
        self.offset = 0  # decompressed bytes consumed before self.buffer
        self.buffer = b""
        self.out = bytearray()
        self.in_page = False
        self.header_done = False
        self.saw_siteinfo = False
        self.eof = False
        self.saw_end = False
        self.recent = b""
        self._chunks = self._generate()

    # reading the decompressed stream, with errors that name the file and offset
    def _read_raw(self) -> bytes:
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
        if self.offset == 0 and not self.buffer and data:
            self._check_start(data)
        return data

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

    def _valid(self, chunk: bytes) -> str | None:
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

    def _generate(self) -> Iterator[bytes]:
        while True:
            if not self.in_page:
                pos = self.buffer.find(PAGE_OPEN)
                if pos < 0:
                    if self.eof:
                        if b"</mediawiki>" not in self.recent + self.buffer:
                            raise InputError(
                                f"{self.path}: XML ends at byte {self.offset + len(self.buffer)} "
                                "without </mediawiki> (truncated file?)"
                            )
                        yield self.buffer
                        self.saw_end = True
                        return
                    # keep a tail in case "<page>" straddles two chunks
                    keep = len(PAGE_OPEN) - 1
                    head, self.buffer = self.buffer[:-keep] or b"", self.buffer[-keep:]
                    if head:
                        self._note_header(head)
                        self.offset += len(head)
                        yield head
                    self._fill()
                    continue
                head = self.buffer[:pos]
                if head:
                    self._note_header(head)
                    yield head
                if not self.header_done:
                    self.header_done = True
                    if not self.saw_siteinfo:
                        self.tally.counts["dump without <siteinfo>"] += 1
                        yield MINIMAL_SITEINFO
                self.offset += pos
                self.buffer = self.buffer[pos:]
                self.in_page = True
            # inside a page: find its end
            end = self.buffer.find(PAGE_CLOSE)
            nxt = self.buffer.find(PAGE_OPEN, len(PAGE_OPEN))
            if nxt >= 0 and (end < 0 or nxt < end):
                self.tally.skip(
                    "broken XML fragment", f"{self.path} byte {self.offset}", "page without </page>"
                )
                self.offset += nxt
                self.buffer = self.buffer[nxt:]
                continue
            if end < 0:
                if self.eof:
                    raise InputError(
                        f"{self.path}: XML ends inside a page that starts at byte {self.offset} "
                        "(truncated file?)"
                    )
                self._fill()
                continue
            end += len(PAGE_CLOSE)
            chunk = self.buffer[:end]
            problem = self._valid(chunk)
            if problem is None:
                yield chunk
            else:
                self.tally.skip("broken XML fragment", f"{self.path} byte {self.offset}", problem)
            self.offset += end
            self.buffer = self.buffer[end:]
            self.in_page = False

    def _note_header(self, data: bytes) -> None:
        self.recent = (self.recent + data)[-64:]
        if not self.header_done and b"<siteinfo" in data:
            self.saw_siteinfo = True

    def _fill(self) -> None:
        data = self._read_raw()
        if not data:
            self.eof = True
        self.buffer += data

    def read(self, n: int = -1) -> bytes:
        while n < 0 or len(self.out) < n:
            try:
                self.out += next(self._chunks)
            except StopIteration:
                break
        if n < 0:
            data, self.out = bytes(self.out), bytearray()
        else:
            data, self.out = bytes(self.out[:n]), self.out[n:]
        return data


def iter_pages(path: Path, tally, on_siteinfo=None) -> Iterator[tuple[int, object, str | None]]:
    """(ordinal, mwxml page, wikitext of its last revision) for every well-formed page of the dump.

    Broken fragments and malformed pages are counted in ``tally`` and not yielded (nor numbered).
    """
    import mwxml
    from mwxml.errors import MalformedXML

    stream, raw = open_dump(path)
    try:
        filtered = PageFilter(stream, raw, path, tally)
        try:
            dump = mwxml.Dump.from_file(filtered)
        except MalformedXML as exc:
            raise InputError(f"{path}: not a MediaWiki export ({exc})") from None
        except xml.etree.ElementTree.ParseError as exc:
            raise InputError(f"{path}: XML header is not well-formed ({exc})") from None
        if on_siteinfo is not None:
            on_siteinfo(dump.site_info)
        ordinal = -1
        it = iter(dump)
        while True:
            try:
                page = next(it)
            except StopIteration:
                break
            except (MalformedXML, xml.etree.ElementTree.ParseError) as exc:
                raise InputError(
                    f"{path}: XML not well-formed near byte {filtered.offset} ({exc})"
                ) from None
            ordinal += 1
            text = None
            try:
                for revision in page:
                    text = revision.text
            except (MalformedXML, KeyError, ValueError) as exc:
                tally.skip("malformed page", f"{path} page {page.title!r}", str(exc))
                continue
            yield ordinal, page, text
    finally:
        stream.close()
        raw.close()


# ---------------------------------------------------------------------------------------------------
# wikitext cleaning

FILE_PREFIXES = {"file", "image", "media", "immagine", "img"}
CATEGORY_PREFIXES = {"category", "categoria"}
DROP_LINK_PREFIXES = FILE_PREFIXES | CATEGORY_PREFIXES
DROP_TAGS = {
    "ref",
    "references",
    "table",
    "gallery",
    "math",
    "chem",
    "score",
    "timeline",
    "imagemap",
    "syntaxhighlight",
    "source",
    "templatedata",
    "graph",
    "mapframe",
    "maplink",
    "hiero",
    "noinclude",
    "includeonly",
    "inputbox",
    "categorytree",
    "sup",
    "style",
    "script",
    "indicator",
}
BREAK_TAGS = {"br", "hr", "p", "li", "dd", "dt", "div", "tr", "poem"}
DROP_SECTIONS = {
    "references",
    "notes",
    "external links",
    "see also",
    "further reading",
    "bibliography",
    "sources",
    "footnotes",
    "note",
    "bibliografia",
    "collegamenti esterni",
    "voci correlate",
    "altri progetti",
    "fonti",
    "riferimenti",
    "citazioni correlate",
    "filmografia",
    "discografia",
}
_INTERWIKI = re.compile(r"^[a-z]{2,3}(?:-[a-z]{2,10})?$")
_MAGIC = re.compile(r"__[A-Z]+__")
_SPACES = re.compile(r"[ \t\u00a0]+")
_LIST_MARK = re.compile(r"^[*#:;]+\s*")
_HAS_WORD = re.compile(r"[^\W\d_]", re.UNICODE)


def _link_prefix(title: str) -> str | None:
    if ":" not in title:
        return None
    return title.split(":", 1)[0].strip().lower()


def site_drop_prefixes(site_info) -> frozenset[str]:
    """File, Media and Category namespace names (and aliases) of a wiki, lower case."""
    names = set(DROP_LINK_PREFIXES)
    for ns in getattr(site_info, "namespaces", None) or ():
        if ns.id in (-2, 6, 14) and ns.name:
            names.add(ns.name.lower())
            names.update(a.lower() for a in (getattr(ns, "aliases", None) or ()))
    return frozenset(names)


def _strip(nodes, out: list[str], drop=DROP_LINK_PREFIXES) -> None:
    from mwparserfromhell import nodes as N

    for node in nodes:
        if isinstance(node, N.Text):
            out.append(node.value)
        elif isinstance(node, N.Wikilink):
            title = str(node.title).strip()
            prefix = _link_prefix(title)
            if title.startswith(":"):
                prefix = None
                title = title[1:]
            if prefix is not None and (prefix in drop or _INTERWIKI.match(prefix)):
                continue
            if node.text is not None:
                _strip(node.text.nodes, out, drop)
            else:
                out.append(title.split("#", 1)[0] if not title.startswith("#") else title[1:])
        elif isinstance(node, N.ExternalLink):
            if node.title is not None:
                _strip(node.title.nodes, out, drop)
        elif isinstance(node, N.Tag):
            tag = str(node.tag).strip().lower()
            if tag in DROP_TAGS or node.wiki_markup == "{|":
                continue
            if tag in BREAK_TAGS:
                out.append("\n")
            if node.contents is not None and not node.self_closing:
                _strip(node.contents.nodes, out, drop)
            if tag in BREAK_TAGS and tag not in ("br", "hr", "li", "dd", "dt"):
                out.append("\n")
        elif isinstance(node, N.HTMLEntity):
            try:
                out.append(node.normalize())
            except (ValueError, OverflowError):
                continue
        elif isinstance(node, N.Heading):
            out.append("\n")
        # Template, Comment, Argument and anything else: dropped


def _drop_sections(code) -> None:
    """Remove the sections whose heading is in DROP_SECTIONS (and their subsections)."""
    for section in code.get_sections(levels=[2, 3], include_headings=True):
        headings = section.filter_headings(recursive=False)
        if headings and str(headings[0].title).strip().lower() in DROP_SECTIONS:
            try:
                code.remove(section)
            except ValueError:
                continue


def tidy_lines(text: str) -> list[str]:
    """Collapse spaces, drop list markers, keep lines that contain a word."""
    lines = []
    for line in _LEFTOVER_TAG.sub("", _MAGIC.sub("", text)).split("\n"):
        line = _SPACES.sub(" ", _LIST_MARK.sub("", line.strip())).strip()
        if line and _HAS_WORD.search(line):
            lines.append(line)
    return lines


_REF = re.compile(r"<ref\b[^>]*/>|<ref\b[^>]*>.*?</ref\s*>", re.IGNORECASE | re.DOTALL)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_LEFTOVER_TAG = re.compile(
    r"</?(?:ref|references|span|div|small|big|center|font|sup|sub|br|nowiki|"
    r"blockquote|poem|abbr|s|u|b|i|code|tt|onlyinclude)\b[^>]*>",
    re.IGNORECASE,
)


def strip_refs(wikitext: str) -> str:
    """Remove references and comments textually, before parsing: the parser leaves a ``<ref>`` as
    text when its content is malformed (unbalanced quotes or brackets), which is common."""
    if "<" not in wikitext:
        return wikitext
    return _REF.sub("", _COMMENT.sub("", wikitext))


def strip_tables(wikitext: str) -> str:
    """Remove ``{| ... |}`` tables line by line (nested ones too), even when their markup is
    malformed enough that the parser would not see a table."""
    if "{|" not in wikitext:
        return wikitext
    out = []
    depth = 0
    for line in wikitext.split("\n"):
        stripped = line.lstrip(" :")
        if stripped.startswith("{|"):
            depth += 1
            continue
        if depth:
            if stripped.startswith("|}"):
                depth -= 1
            continue
        out.append(line)
    return "\n".join(out)


def clean_wikitext(wikitext: str, drop_sections: bool = True, drop=DROP_LINK_PREFIXES) -> str:
    """Wikitext to plain text, one paragraph or list item a line (see the module docstring).

    ``drop``: link prefixes (lower case) whose links are removed (files, categories); see
    :func:`site_drop_prefixes`.
    """
    import mwparserfromhell

    code = mwparserfromhell.parse(strip_tables(strip_refs(wikitext)), skip_style_tags=False)
    if drop_sections:
        _drop_sections(code)
    out: list[str] = []
    _strip(code.nodes, out, drop)
    return "\n".join(tidy_lines("".join(out)))


def clean_fragment(wikitext: str) -> str:
    """Clean a one-line fragment (a definition, a quote, an example) to one line of text."""
    return " ".join(tidy_lines(clean_wikitext(wikitext, drop_sections=False)))


def link_targets(wikitext: str) -> list[str]:
    """Texts of the main-namespace links of a fragment, in order (the display text if any)."""
    import mwparserfromhell

    out = []
    for link in mwparserfromhell.parse(wikitext).filter_wikilinks():
        title = str(link.title).strip()
        prefix = _link_prefix(title)
        if prefix is not None and (prefix in DROP_LINK_PREFIXES or _INTERWIKI.match(prefix)):
            continue
        shown = clean_fragment(str(link.text)) if link.text is not None else title.split("#")[0]
        if shown.strip():
            out.append(shown.strip())
    return out


# ---------------------------------------------------------------------------------------------------
# Wiktionary

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
_HEADING = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$")
_MARKER = re.compile(r"^\{\{\s*-([^|{}]+?)-\s*(\|[^{}]*)?\}\}$")
_SENSE = re.compile(r"^\s*\(([^)]*)\)\s*:?\s*")


def _marker(line: str) -> tuple[str, bool] | None:
    """(marker name, has a language argument) of a section line: ``{{-sost-|it}}`` -> ("sost",
    True), ``{{-sin-}}`` -> ("sin", False), ``===Noun===`` -> ("noun", False); None otherwise."""
    content = line.strip()
    m = _HEADING.match(content)
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
        m = _HEADING.match(line.strip())
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
    body = _LIST_MARK.sub("", line.strip())
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


# ---------------------------------------------------------------------------------------------------
# Wikiquote

QUOTE_SKIP_SECTIONS = DROP_SECTIONS | {"opere", "filmografia", "altri progetti", "voci correlate"}
_QUOTE_TRIM = " \t\"'«»“”„"


def parse_wikiquote(title: str, wikitext: str) -> list[tuple[str, str]]:
    """(quote, section) pairs: top-level ``*`` items of the page, cleaned; ``**`` items are sources."""
    quotes = []
    section = ""
    skipping = False
    for line in wikitext.split("\n"):
        m = _HEADING.match(line.strip())
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


# ---------------------------------------------------------------------------------------------------
# the kind reader


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
    from wordgames.corpus.extract import Doc, Tally

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
        except RecursionError:
            tally.skip("bad markup", title, "markup nested too deeply")
        except Exception as exc:  # noqa: BLE001 - one bad page must not stop a dump
            tally.skip("bad markup", title, f"{type(exc).__name__}: {exc}")
