"""A MediaWiki dump generator: real sentences, real markup, Wikimedia's file layout, any size.

    python benchmarks/wikidump.py --tokens 10000000 --out DIR [--seed 0] [--lang it|en] [--parts 4]

writes, for ``<wiki>`` = ``itwiki`` / ``enwiki`` and the dump date ``--date`` (default 20241101):

- ``DIR/<wiki>-<date>-pages-articles-multistream.xml.bz2``: the export format 0.11, compressed as
  Wikimedia does it: a first bz2 stream with the header through ``</siteinfo>``, one stream per 100
  pages, a last stream with ``</mediawiki>``; and ``...-multistream-index.txt.bz2`` with one
  ``byteoffset:pageid:title`` line per page (the offset of the page's stream in the compressed
  file);
- ``DIR/<wiki>-<date>-pages-articles<k>.xml-p<first>p<last>.bz2`` (``--parts``, 0 for none): the
  same pages split by page id into single-stream documents, each with its header and footer;
- ``DIR/manifest.json``: pages, articles, redirects, other namespaces, tokens, types, bytes of XML
  and of every file, seed, the Heaps target and the markup rates used.

**Text.** Articles are runs of consecutive paragraphs of the local corpora under
``$WORDGAMES_DATA/corpora`` (it: ``modern/*.txt``, ``eltec-ita/novels``, ``cligs-textbox``; en:
``modern/*.txt``, ``eltec-eng/novels``), read in place, one cursor per source, a page's source drawn
with probability proportional to its size. ``--tokens`` counts the whitespace tokens of the
sentences put into article paragraphs and list items (not headings, captions, tables, templates,
references, redirects or other namespaces), so a clean extraction gets them back. Lines with
characters that would be wikitext (``[]{}|<>&``, ``''``, ``__``, URLs) are skipped and leading
list/heading marks removed, so every sentence token survives the round trip.

**Vocabulary (Heaps' law).** The real text runs out (about 14M tokens in Italian) and reused
sentences bring no new words, so the type count (lower-cased tokens without edge punctuation) is
held on V = K n^beta, K and beta fitted by least squares in log-log on the first 2M tokens of the
same sources drawn the same way (checkpoints from 10^4 on). Seed 0 gives, in Italian (11 sources), K
= 8.44, beta = 0.650 (71.5k types at 2M tokens), in English (13 sources) K = 13.6, beta = 0.585; the
curve is extrapolated (Italian: 298k types at 10^7 tokens, 1.33M at 10^8). Whenever the types fall
behind the curve, the next word token that is not among the most frequent types (the top 1,000, or a
tenth of the types of a small text) and has no rewrite yet gets a derived form (the word with a
suffix: ``-etto``, ``-iano``... in Italian, ``-ness``, ``-ling``... in English, chosen by the
epoch), and every later occurrence in the same epoch of 10^6 tokens gets the same form, as a new
name or derivation recurs; the next epoch derives afresh. So a rewritten word keeps its Zipf
frequency and context, and the growth exponent of the generated text is beta (``tests/benchmarks``).

**Markup** is sampled from the real excerpts under ``$WORDGAMES_DATA/corpora/mediawiki`` (enwiki's
gensim excerpt, the complete ltgwiki dump, WikiExtractor's viwiki page), at the rates measured on
their articles (:func:`measure_markup`; the manifest has them). On those three (1,015 articles,
2,220 pages), per 1,000 visible tokens: 73 internal links (34% with a label), 6.5 bold and 16.9
italic spans, 14.2 references (42% with a cite template), 10.6 inline templates, 7.6 headings, 16.7
list items; per article: 0.48 block templates (infoboxes, navboxes), 0.25 tables, 2.19 files
(ltgwiki's flag icons), 1.83 categories; of all pages 45.7% are articles, 11.2% redirects, 24.3%
categories, 15.6% templates, 1.4% project pages, 1.3% modules, 0.5% MediaWiki messages (ltgwiki is a
whole small wiki, so other namespaces weigh more than in itwiki). Links, bold and italic wrap words
of the sentences; references and inline templates follow a sentence; infoboxes open an article;
tables, files and headings stand between paragraphs; a paragraph can be a list; articles end in the
sections an extractor drops (Note/References, Collegamenti esterni/External links) and in
categories. Redirects (``#RINVIA`` / ``#REDIRECT`` with ``<redirect title=...>``) point at earlier
articles from a variant of their title. Article lengths are log-normal (median 300 tokens, sigma
1.0: mean about 500).

**Speed.** One pass, streamed: pages are written as they are made and compressed in threads (bz2
releases the GIL): level 9, one stream per 100 pages in a pool of ``--jobs`` threads, the parts in
one more. Memory is the type set and the titles (a few hundred MB at 10^8 tokens), not the dump.
Deterministic for a seed (same bytes), whatever ``--jobs``.

Over 500 lines: the generator, the markup measurement it samples from and the CLI share their
constants and one streaming pass; split, each half would be read with the other open."""

from __future__ import annotations

import argparse
import bz2
import hashlib
import json
import math
import os
import random
import re
import sys
import time
import unicodedata
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

PAGES_PER_STREAM = 100
FIT_TOKENS = 2_000_000
EPOCH_TOKENS = 1_000_000
TOP_TYPES = 1000
PUNCT = "\"'«»“”‘’.,;:!?()-–—…/*%$€£+="
BAD_TEXT = re.compile(r"[\[\]{}|<>&]|''|__|~~~|://")
LEAD_MARKS = "*#:;=! \t"
MEDIAN_TOKENS, SIGMA_TOKENS = 300, 1.0

LANGS = {
    "it": {
        "wiki": "itwiki",
        "sitename": "Wikipedia",
        "base": "https://it.wikipedia.org/wiki/Pagina_principale",
        "redirect": "#RINVIA",
        "file": "File",
        "category": "Categoria",
        "thumb": "thumb",
        "end_sections": ["== Note ==\n<references />", "== Collegamenti esterni ==\n"],
        "suffixes": [
            "etto", "ino", "ello", "one", "accio", "iano", "ese", "ista", "ismo", "ale", "oso",
            "ardo", "otto", "astro", "iere", "aio", "ezza", "ella", "uzzo", "ante",
        ],
        "namespaces": {
            -2: "Media", -1: "Speciale", 0: "", 1: "Discussione", 2: "Utente",
            3: "Discussioni utente", 4: "Wikipedia", 5: "Discussioni Wikipedia", 6: "File",
            7: "Discussioni file", 8: "MediaWiki", 9: "Discussioni MediaWiki", 10: "Template",
            11: "Discussioni template", 12: "Aiuto", 13: "Discussioni aiuto", 14: "Categoria",
            15: "Discussioni categoria", 100: "Portale", 101: "Discussioni portale",
            102: "Progetto", 103: "Discussioni progetto", 828: "Modulo", 829: "Discussioni modulo",
        },
        "sources": ["it/modern/*.txt", "it/eltec-ita/novels", "it/cligs-textbox"],
    },
    "en": {
        "wiki": "enwiki",
        "sitename": "Wikipedia",
        "base": "https://en.wikipedia.org/wiki/Main_Page",
        "redirect": "#REDIRECT",
        "file": "File",
        "category": "Category",
        "thumb": "thumb",
        "end_sections": ["== References ==\n{{Reflist}}", "== External links ==\n"],
        "suffixes": [
            "ness", "ling", "ship", "hood", "ster", "ette", "ism", "ist", "ery", "dom", "ite",
            "let", "ian", "ful", "ance", "ize", "ward", "more", "ton", "by",
        ],
        "namespaces": {
            -2: "Media", -1: "Special", 0: "", 1: "Talk", 2: "User", 3: "User talk",
            4: "Wikipedia", 5: "Wikipedia talk", 6: "File", 7: "File talk", 8: "MediaWiki",
            9: "MediaWiki talk", 10: "Template", 11: "Template talk", 12: "Help",
            13: "Help talk", 14: "Category", 15: "Category talk", 100: "Portal",
            101: "Portal talk", 118: "Draft", 119: "Draft talk", 828: "Module",
            829: "Module talk",
        },
        "sources": ["en/modern/*.txt", "en/eltec-eng/novels"],
    },
}  # fmt: skip
EXCERPTS = [
    "gensim-test-data/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2",
    "dumpster-dive-fixtures/smallwiki-latest-pages-articles.xml",
    "wikiextractor-test/viwiki-test.xml",
]
POOL_CAP = 3000


def data_dir() -> Path:
    value = os.environ.get("WORDGAMES_DATA")
    if not value:
        sys.exit("wikidump: set WORDGAMES_DATA (the shared data folder: corpora/ under it)")
    return Path(value)


# --- text -----------------------------------------------------------------------------------


def source_files(lang: str, root: Path) -> list[list[Path]]:
    """The sentence sources of a language: each a list of files read in order."""
    sources = []
    for pattern in LANGS[lang]["sources"]:
        path = root / pattern
        if "*" in pattern:
            sources.extend([f] for f in sorted(path.parent.glob(path.name)))
        elif path.is_dir():
            files = sorted(p for p in path.rglob("*.txt") if p.name != "PROVENANCE.md")
            if files:
                sources.append(files)
    return sources


def clean_line(line: str) -> str | None:
    """A line as sentence text that survives wikitext cleaning, or None (too short, markup-like)."""
    line = line.strip().lstrip(LEAD_MARKS).strip()
    if BAD_TEXT.search(line) or len(line) < 12 or line.count(" ") < 2:
        return None
    return line


class Source:
    """One cursor over a list of files, restarting at the first when they run out."""

    def __init__(self, files: list[Path], per_line: str):
        self.files, self.per_line = files, per_line
        self.weight = sum(f.stat().st_size for f in files)
        self.cycle, self.index, self.handle = 0, 0, None
        self.lines_read = 0

    def line(self) -> str:
        while True:
            if self.handle is None:
                self.handle = open(self.files[self.index], encoding="utf-8", errors="replace")  # noqa: SIM115
            raw = self.handle.readline()
            if not raw:
                self.handle.close()
                self.handle = None
                self.index += 1
                if self.index == len(self.files):
                    if self.lines_read == 0:
                        raise ValueError(f"no usable line in {self.files[0]}")
                    self.index, self.cycle = 0, self.cycle + 1
                continue
            text = clean_line(raw)
            if text is not None:
                self.lines_read += 1
                return text

    def paragraph(self, rng: random.Random) -> list[str]:
        """One sentence a line (modern files: 1-5 of them) or one paragraph a line (novels)."""
        if self.per_line == "paragraph":
            return [self.line()]
        return [self.line() for _ in range(rng.randint(1, 5))]

    def close(self):
        if self.handle is not None:
            self.handle.close()


class TextStream:
    """Paragraphs drawn from the sources, a page's source chosen by size."""

    def __init__(self, sources: list[list[Path]], rng: random.Random):
        self.sources = [
            Source(files, "paragraph" if len(files) > 1 else "sentence") for files in sources
        ]
        if not self.sources:
            raise ValueError("no sentence sources")
        self.rng = rng
        self.weights = [s.weight for s in self.sources]

    def pick(self) -> Source:
        return self.rng.choices(self.sources, self.weights)[0]

    @property
    def exhausted(self) -> bool:
        return all(s.cycle > 0 for s in self.sources)

    def close(self):
        for s in self.sources:
            s.close()


def power_fit(xs, ys) -> tuple[float, float] | None:
    """``(a, b)`` of ``y = a x^b`` by least squares in log-log over the points with x, y > 0; None
    with fewer than two such points or a single x. The one fit of the benchmarks: Heaps' law here,
    the cost curve's exponents (scale_curve) and the projection (scale_projection)."""
    pts = [(math.log(x), math.log(y)) for x, y in zip(xs, ys, strict=True) if x and y and y > 0]
    if len(pts) < 2:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    if not sxx:
        return None
    b = sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx
    return math.exp(my - b * mx), b


def heaps_fit(points: list[tuple[int, int]]) -> tuple[float, float]:
    """(K, beta) of V = K n^beta over (tokens, types) points."""
    return power_fit([n for n, _ in points], [v for _, v in points])


def checkpoints(limit: int, start: int = 10_000, per_decade: int = 8) -> list[int]:
    out, k = [], 0
    while True:
        n = int(round(start * 10 ** (k / per_decade)))
        if n > limit:
            return out
        out.append(n)
        k += 1


def measure_heaps(sources, seed: int, fit_tokens: int = FIT_TOKENS):
    """(K, beta, type counts) on the stream's first ``fit_tokens`` tokens (one pass at most);
    K and beta are None when the text is too short to fit."""
    rng = random.Random(seed)
    stream = TextStream(sources, rng)
    counts: Counter = Counter()
    marks = checkpoints(fit_tokens, start=min(10_000, max(100, fit_tokens // 100)))
    points, n, mi = [], 0, 0
    try:
        while n < fit_tokens and not stream.exhausted:
            for sentence in stream.pick().paragraph(rng):
                for tok in sentence.split():
                    n += 1
                    core = tok.strip(PUNCT).lower()
                    if core:
                        counts[core] += 1
                    if mi < len(marks) and n == marks[mi]:
                        points.append((n, len(counts)))
                        mi += 1
    finally:
        stream.close()
    if len(points) < 3:
        return None, None, counts
    k, beta = heaps_fit(points)
    return k, beta, counts


# --- markup ---------------------------------------------------------------------------------


@dataclass
class Markup:
    """Rates (per 1,000 visible tokens, per article, shares of pages) and pools of real fragments."""

    per_ktok: dict = field(default_factory=dict)
    per_article: dict = field(default_factory=dict)
    pages: dict = field(default_factory=dict)
    label_share: float = 0.5
    cite_share: float = 0.0
    articles: int = 0
    pools: dict = field(default_factory=dict)
    sources: list = field(default_factory=list)

    def summary(self) -> dict:
        return {
            "sources": self.sources,
            "per_1000_tokens": {k: round(v, 3) for k, v in self.per_ktok.items()},
            "per_article": {k: round(v, 3) for k, v in self.per_article.items()},
            "page_shares": {k: round(v, 4) for k, v in self.pages.items()},
            "link_label_share": round(self.label_share, 3),
            "ref_cite_share": round(self.cite_share, 3),
            "articles": self.articles,
            "pool_sizes": {k: len(v) for k, v in sorted(self.pools.items())},
        }


_BOLD = re.compile(r"(?<!')'''(?!')")
_ITALIC = re.compile(r"(?<!')''(?!')")


def _pages_until_error(path: Path, on_siteinfo):
    """The pages of an excerpt; one cut short (WikiExtractor's viwiki page has no footer) ends."""
    from wordgames.corpus.mediawiki.dump import iter_pages
    from wordgames.corpus.model import Tally
    from wordgames.errors import InputError

    try:
        for _, page, text in iter_pages(path, Tally(), on_siteinfo):
            yield page, text
    except InputError:
        return


def measure_markup(paths: list[Path]) -> Markup:
    """Markup rates and fragment pools of the articles (main namespace, not redirects) of dumps."""
    import mwparserfromhell as mwp
    from mwparserfromhell import nodes as N

    from wordgames.corpus.mediawiki.wikitext import _INTERWIKI, clean_wikitext

    c: Counter = Counter()
    pools: dict[str, list[str]] = {
        k: [] for k in ("block", "inline", "ref", "table", "file", "external")
    }
    ns_pages: Counter = Counter()

    def keep(kind, text):
        if len(pools[kind]) < POOL_CAP and len(text) < 20_000:
            pools[kind].append(text)

    for path in paths:
        site = {}

        def on_siteinfo(info, site=site):
            for ns in info.namespaces or ():
                names = {ns.name.lower()} | {a.lower() for a in (ns.aliases or ()) if a}
                if ns.id in (6, -2):
                    site.setdefault("file", set()).update(names)
                if ns.id == 14:
                    site.setdefault("category", set()).update(names)

        for page, text in _pages_until_error(Path(path), on_siteinfo):
            if page.namespace != 0:
                ns_pages[f"ns{page.namespace}"] += 1
                continue
            if page.redirect is not None:
                ns_pages["redirect"] += 1
                continue
            ns_pages["article"] += 1
            if not text:
                continue
            files = site.get("file", set()) | {"file", "image"}
            cats = site.get("category", set()) | {"category"}
            c["tokens"] += len(clean_wikitext(text, drop=frozenset(files | cats)).split())
            code = mwp.parse(text)
            for node in code.nodes:
                if isinstance(node, N.Template):
                    s = str(node)
                    if "\n" in s.strip() and len(s) > 150:
                        c["block"] += 1
                        keep("block", s)
                    else:
                        c["inline"] += 1
                        keep("inline", s)
                elif isinstance(node, N.Tag):
                    tag = str(node.tag).strip().lower()
                    if tag == "ref":
                        c["ref"] += 1
                        c["cite"] += "{{cit" in str(node).lower()
                        keep("ref", str(node))
                    elif node.wiki_markup == "{|" or tag == "table":
                        c["table"] += 1
                        keep("table", str(node))
                elif isinstance(node, N.Heading):
                    c["heading"] += 1
            for link in code.filter_wikilinks():
                title = str(link.title).strip()
                prefix = title.split(":", 1)[0].strip().lower() if ":" in title else None
                if prefix in files:
                    c["file"] += 1
                    keep("file", str(link)[2:-2].split(":", 1)[1])
                elif prefix in cats:
                    c["category"] += 1
                elif prefix is None or not _INTERWIKI.match(prefix):
                    c["link"] += 1
                    c["labelled"] += link.text is not None
            for link in code.filter_external_links():
                if link.title is not None and link.brackets:
                    keep("external", str(link))
            c["bold"] += len(_BOLD.findall(text)) // 2
            c["italic"] += len(_ITALIC.findall(text)) // 2
            c["list"] += sum(1 for line in text.split("\n") if line[:1] in ("*", "#"))
    articles = ns_pages["article"]
    if not articles or not c["tokens"]:
        raise ValueError("no article with text in the markup excerpts")
    total = sum(ns_pages.values())
    ktok = c["tokens"] / 1000
    return Markup(
        per_ktok={
            k: c[k] / ktok for k in ("link", "bold", "italic", "ref", "inline", "heading", "list")
        },
        per_article={k: c[k] / articles for k in ("block", "table", "file", "category")},
        pages={k: v / total for k, v in sorted(ns_pages.items())},
        label_share=c["labelled"] / max(1, c["link"]),
        cite_share=c["cite"] / max(1, c["ref"]),
        articles=articles,
        pools={k: v for k, v in pools.items() if v},
        sources=[str(p) for p in paths],
    )


# --- XML ------------------------------------------------------------------------------------


def xml_escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def base36_sha1(data: bytes) -> str:
    n = int.from_bytes(hashlib.sha1(data).digest(), "big")  # noqa: S324 - MediaWiki's own checksum
    digits = []
    while n:
        n, r = divmod(n, 36)
        digits.append("0123456789abcdefghijklmnopqrstuvwxyz"[r])
    return "".join(reversed(digits)).rjust(31, "0")


def header_xml(lang: str, date: str) -> str:
    spec = LANGS[lang]
    ns_lines = []
    for key, name in spec["namespaces"].items():
        if name:
            ns_lines.append(f'      <namespace key="{key}" case="first-letter">{name}</namespace>')
        else:
            ns_lines.append(f'      <namespace key="{key}" case="first-letter" />')
    schema = "http://www.mediawiki.org/xml/export-0.11/"
    return (
        f'<mediawiki xmlns="{schema}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        f'xsi:schemaLocation="{schema} http://www.mediawiki.org/xml/export-0.11.xsd" '
        f'version="0.11" xml:lang="{lang}">\n'
        "  <siteinfo>\n"
        f"    <sitename>{spec['sitename']}</sitename>\n"
        f"    <dbname>{spec['wiki']}</dbname>\n"
        f"    <base>{spec['base']}</base>\n"
        "    <generator>MediaWiki 1.44.0-wmf.1</generator>\n"
        "    <case>first-letter</case>\n"
        "    <namespaces>\n" + "\n".join(ns_lines) + "\n    </namespaces>\n"
        "  </siteinfo>\n"
    )


FOOTER = "</mediawiki>\n"


def page_xml(title, ns, page_id, rev_id, timestamp, contributor, text, redirect=None) -> str:
    raw = text.encode("utf-8")
    sha1 = base36_sha1(raw)
    redirect_line = f'    <redirect title="{xml_escape(redirect)}" />\n' if redirect else ""
    return (
        "  <page>\n"
        f"    <title>{xml_escape(title)}</title>\n"
        f"    <ns>{ns}</ns>\n"
        f"    <id>{page_id}</id>\n"
        f"{redirect_line}"
        "    <revision>\n"
        f"      <id>{rev_id}</id>\n"
        f"      <parentid>{rev_id - 1 - page_id % 997}</parentid>\n"
        f"      <timestamp>{timestamp}</timestamp>\n"
        f"      <contributor>\n{contributor}      </contributor>\n"
        f"      <origin>{rev_id}</origin>\n"
        "      <model>wikitext</model>\n"
        "      <format>text/x-wiki</format>\n"
        f'      <text bytes="{len(raw)}" sha1="{sha1}" xml:space="preserve">{xml_escape(text)}</text>\n'
        f"      <sha1>{sha1}</sha1>\n"
        "    </revision>\n"
        "  </page>\n"
    )


class DumpWriter:
    """The multistream file and its index, and the split parts, compressed in threads."""

    def __init__(self, out: Path, lang: str, date: str, parts: int, part_tokens: float, jobs: int):
        self.out, self.lang = out, lang
        wiki = LANGS[lang]["wiki"]
        self.prefix = f"{wiki}-{date}-pages-articles"
        self.header = header_xml(lang, date).encode("utf-8")
        self.pool = ThreadPoolExecutor(max(1, jobs))
        self.part_pool = ThreadPoolExecutor(1)  # one stream per part, in order
        self.pending: deque = deque()
        self.part_pending: deque = deque()
        self.jobs = max(1, jobs)
        self.ms_tmp = out / f"{self.prefix}-multistream.xml.bz2.tmp"
        self.ms = open(self.ms_tmp, "wb")  # noqa: SIM115
        self.index_tmp = out / f"{self.prefix}-multistream-index.txt.bz2.tmp"
        self.index = open(self.index_tmp, "wb")  # noqa: SIM115
        self.index_bz = bz2.BZ2Compressor(9)
        self.offset = 0
        self.group: list[bytes] = []
        self.group_ids: list[tuple[int, str]] = []
        self.xml_bytes = len(self.header) + len(FOOTER)
        self.parts, self.part_tokens = parts, part_tokens
        self.part_no, self.part_file, self.part_first, self.part_last = 0, None, None, None
        self.part_names: list[str] = []
        self._submit(bz2.compress(self.header, 9), [])

    def _submit(self, data, ids):
        if isinstance(data, bytes):
            fut = self.pool.submit(lambda d=data: d)
        else:
            fut = self.pool.submit(bz2.compress, b"".join(data), 9)
        self.pending.append((fut, ids))
        while len(self.pending) > 2 * self.jobs + 2:
            self._drain_one()

    def _drain_one(self):
        fut, ids = self.pending.popleft()
        data = fut.result()
        if ids:
            lines = "".join(f"{self.offset}:{pid}:{title}\n" for pid, title in ids)
            self.index.write(self.index_bz.compress(lines.encode("utf-8")))
        self.ms.write(data)
        self.offset += len(data)

    def add(self, page: str, page_id: int, title: str, tokens_so_far: int):
        data = page.encode("utf-8")
        self.xml_bytes += len(data)
        self.group.append(data)
        self.group_ids.append((page_id, title))
        if len(self.group) == PAGES_PER_STREAM:
            self._flush_group()
        if self.parts:
            self._part_add(data, page_id, tokens_so_far)

    def _flush_group(self):
        if self.group:
            self._submit(self.group, self.group_ids)
            self.group, self.group_ids = [], []

    # split parts: part k holds the pages made while the tokens are below k/parts of the target
    def _part_add(self, data: bytes, page_id: int, tokens_so_far: int):
        if self.part_file is None:
            self.part_no += 1
            self.part_tmp = self.out / f"{self.prefix}{self.part_no}.xml.bz2.tmp"
            self.part_file = open(self.part_tmp, "wb")  # noqa: SIM115
            self.part_bz = bz2.BZ2Compressor(9)
            self.part_first = page_id
            self.part_buf, self.part_size = [self.header], len(self.header)
        self.part_buf.append(data)
        self.part_size += len(data)
        self.part_last = page_id
        if self.part_size > 1 << 20:
            self._part_flush()
        limit = self.part_tokens * self.part_no
        if tokens_so_far >= limit and self.part_no < self.parts:
            self._part_close()

    def _part_flush(self):
        buf, self.part_buf, self.part_size = b"".join(self.part_buf), [], 0
        comp, handle = self.part_bz, self.part_file
        self.part_pending.append(self.part_pool.submit(lambda: handle.write(comp.compress(buf))))
        while len(self.part_pending) > 4:
            self.part_pending.popleft().result()

    def _part_close(self):
        if self.part_file is None:
            return
        self.part_buf.append(FOOTER.encode("utf-8"))
        self._part_flush()
        comp, handle = self.part_bz, self.part_file
        self.part_pool.submit(lambda: (handle.write(comp.flush()), handle.close())).result()
        self.part_pending.clear()
        name = f"{self.prefix}{self.part_no}.xml-p{self.part_first}p{self.part_last}.bz2"
        os.replace(self.part_tmp, self.out / name)
        self.part_names.append(name)
        self.part_file = None

    def close(self) -> dict:
        self._flush_group()
        self._submit(bz2.compress(FOOTER.encode("utf-8"), 9), [])
        while self.pending:
            self._drain_one()
        self.ms.close()
        self.index.write(self.index_bz.flush())
        self.index.close()
        ms_name = f"{self.prefix}-multistream.xml.bz2"
        index_name = f"{self.prefix}-multistream-index.txt.bz2"
        os.replace(self.ms_tmp, self.out / ms_name)
        os.replace(self.index_tmp, self.out / index_name)
        if self.parts:
            self._part_close()
        self.pool.shutdown()
        self.part_pool.shutdown()
        names = [ms_name, index_name, *self.part_names]
        return {name: (self.out / name).stat().st_size for name in names}


# --- pages ----------------------------------------------------------------------------------


def poisson(rng: random.Random, lam: float) -> int:
    limit, k, p = math.exp(-lam), 0, rng.random()
    while p > limit:
        k += 1
        p *= rng.random()
    return k


def derive(word: str, suffix: str) -> str:
    if word[-1] in "aeiouàèéìòù" and suffix[0] in "aeiou":
        word = word[:-1]
    return word + suffix


def fold(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFD", text) if unicodedata.category(ch) != "Mn"
    )


class Generator:
    """Makes the pages, one at a time, with the Heaps control and the markup (module docstring)."""

    def __init__(self, lang, sources, markup, heaps, frequent, content_share, max_map, seed):
        self.spec = LANGS[lang]
        self.lang = lang
        self.rng = random.Random(seed)
        self.text = TextStream(sources, random.Random(seed + 1))
        self.m = markup
        self.k, self.beta = heaps
        self.frequent = frequent
        self.types: set[str] = set()
        self.n = 0  # article tokens
        self.rewritten = 0
        self.mapping: dict[str, str] = {}
        self.epoch, self.epoch_end = -1, 0
        self.max_map = max(50, max_map)
        self.next_type_at = self._n_for(1)
        self.titles: set[str] = set()
        self.recent: deque = deque(maxlen=2000)
        self.page_id, self.rev_id = 0, 1_000_000
        r = markup.per_ktok
        # links, bold and italic wrap content words (not the most frequent types): their rates per
        # 1,000 tokens are spread over the share of tokens that are such words
        per_word = 1000 * max(0.05, content_share)
        self.p_link, self.p_bold, self.p_italic = (
            r[k] / per_word for k in ("link", "bold", "italic")
        )
        self.p_word = self.p_link + self.p_bold + self.p_italic
        shares = markup.pages
        self.p_redirect = shares.get("redirect", 0.0)
        self.other_ns = sorted(
            ((int(k[2:]), v) for k, v in shares.items() if k.startswith("ns")), key=lambda x: x[0]
        )
        self.other_ns = [(ns, v) for ns, v in self.other_ns if ns in self.spec["namespaces"]]
        self.p_other = sum(v for _, v in self.other_ns)
        self.counts: Counter = Counter()

    def _n_for(self, v: int) -> int:
        """Tokens at which the Heaps target reaches ``v`` types."""
        return int(math.ceil((v / self.k) ** (1 / self.beta)))

    @property
    def suffix(self) -> str:
        """The epoch's suffix: its number in bijective base len(suffixes), one suffix a digit."""
        suffixes, e, out = self.spec["suffixes"], self.epoch + 1, []
        while e:
            e, r = divmod(e - 1, len(suffixes))
            out.append(suffixes[r])
        return "".join(reversed(out))

    # words ------------------------------------------------------------------------------------
    def sentence(self, sentence: str) -> tuple[str, int]:
        """The sentence with its rewrites and word markup, and its token count."""
        rng, out = self.rng, []
        types, mapping = self.types, self.mapping
        for tok in sentence.split():
            self.n += 1
            if self.n >= self.epoch_end or len(mapping) >= self.max_map:
                # a new epoch: the derived forms of the last one are not used again
                self.epoch += 1
                self.epoch_end = self.n + EPOCH_TOKENS
                mapping.clear()
            core = tok.strip(PUNCT)
            if not core:
                out.append(tok)
                continue
            low = core.lower()
            new = mapping.get(low)
            if (
                new is None
                and self.n >= self.next_type_at
                and low in types
                and low not in self.frequent
                and core.isalpha()
                and len(core) > 2
            ):
                # behind the Heaps curve and a known word: it becomes a new derived form
                new = mapping[low] = derive(low, self.suffix)
            if new is not None:
                self.rewritten += 1
                shown = new.capitalize() if core[0].isupper() else new
                tok = tok.replace(core, shown, 1)
                core, low = shown, new
            if low not in types:
                types.add(low)
                self.next_type_at = self._n_for(len(types) + 1)
            # (a quote beside the word would merge with '' or ''' into other markup)
            if (
                rng.random() < self.p_word
                and low not in self.frequent
                and core.isalpha()
                and "'" not in tok
            ):
                r = rng.random() * self.p_word
                if r < self.p_link:
                    if self.recent and rng.random() < self.m.label_share:
                        target = rng.choice(self.recent)
                        tok = tok.replace(core, f"[[{target}|{core}]]", 1)
                    else:
                        tok = tok.replace(core, f"[[{core}]]", 1)
                elif r < self.p_link + self.p_bold:
                    tok = tok.replace(core, f"'''{core}'''", 1)
                else:
                    tok = tok.replace(core, f"''{core}''", 1)
            out.append(tok)
        return " ".join(out), len(out)

    def pick(self, kind: str) -> str:
        return self.rng.choice(self.m.pools[kind]) if self.m.pools.get(kind) else ""

    def title_from(self, sentence: str) -> str:
        words = [w.strip(PUNCT) for w in sentence.split()]
        words = [w for w in words if w.isalpha() and w.lower() not in self.frequent] or [
            w for w in words if w
        ]
        if not words:
            words = ["Voce" if self.lang == "it" else "Entry"]
        i = self.rng.randrange(len(words))
        title = " ".join(words[i : i + self.rng.choice((1, 1, 2))])
        title = title[:1].upper() + title[1:]
        if title in self.titles:
            qualifier = self.rng.choice(words).lower()
            title = f"{title} ({qualifier})"
            k = 2
            while title in self.titles:
                title, k = f"{title.rsplit(' (', 1)[0]} ({qualifier} {k})", k + 1
        return title

    # pages ------------------------------------------------------------------------------------
    def article(self, budget: int) -> tuple[str, str, int]:
        """(title, wikitext, tokens) of one article of about ``budget`` tokens."""
        rng, m, r = self.rng, self.m, self.m.per_ktok
        spec = self.spec
        source = self.text.pick()
        blocks, tokens, title = [], 0, None
        for _ in range(poisson(rng, m.per_article.get("block", 0))):
            if not blocks or rng.random() < 0.5:
                blocks.append(self.pick("block"))
        n_tables = poisson(rng, m.per_article.get("table", 0))
        n_files = poisson(rng, m.per_article.get("file", 0))
        while tokens < budget:
            sentences = source.paragraph(rng)
            para_tokens = sum(s.count(" ") + 1 for s in sentences)
            if title is not None and rng.random() < r["heading"] * para_tokens / 1000:
                level = "==" if rng.random() < 0.75 else "==="
                heading = self.title_from(sentences[0]).split(" (")[0]
                blocks.append(f"{level} {heading} {level}")
            if title is not None and n_files and rng.random() < 0.3:
                n_files -= 1
                blocks.append(f"[[{spec['file']}:{self.pick('file')}]]")
            if title is not None and n_tables and rng.random() < 0.3:
                n_tables -= 1
                blocks.append(self.pick("table"))
            out = []
            for s in sentences:
                text, n = self.sentence(s)
                tokens += n
                if rng.random() < r["ref"] * n / 1000 and m.pools.get("ref"):
                    text += self.pick("ref")
                if rng.random() < r["inline"] * n / 1000 and m.pools.get("inline"):
                    text += " " + self.pick("inline")
                out.append(text)
            if title is None:
                title = self.title_from(sentences[0])
            if title is not None and rng.random() < r["list"] * 12 / 1000 and len(out) > 1:
                blocks.append("\n".join("* " + s for s in out))
            else:
                blocks.append(" ".join(out))
        for _ in range(n_files):
            blocks.append(f"[[{spec['file']}:{self.pick('file')}]]")
        for _ in range(n_tables):
            blocks.append(self.pick("table"))
        blocks.append(spec["end_sections"][0])
        if m.pools.get("external"):
            ext = "\n".join("* " + self.pick("external") for _ in range(rng.randint(1, 3)))
            blocks.append(spec["end_sections"][1] + ext)
        cats = [title.split(" (")[0]]
        for _ in range(poisson(rng, max(0.0, m.per_article.get("category", 1) - 1))):
            cats.append((rng.choice(self.recent) if self.recent else title).split(" (")[0])
        blocks.append("\n".join(f"[[{spec['category']}:{c}]]" for c in cats))
        return title, "\n\n".join(b for b in blocks if b), tokens

    def redirect(self) -> tuple[str, str, str] | None:
        target = self.rng.choice(self.recent)
        variants = [fold(target), target.lower(), target.upper(), target + "s"]
        if " " in target:
            a, b = target.split(" ", 1)
            variants.append(f"{b} {a}")
        for v in variants:
            v = v[:1].upper() + v[1:]
            if v not in self.titles and v != target:
                return v, f"{self.spec['redirect']} [[{target}]]", target
        return None

    def other(self) -> tuple[str, int, str]:
        ns = self.rng.choices([n for n, _ in self.other_ns], [w for _, w in self.other_ns])[0]
        name = self.spec["namespaces"][ns]
        base = self.rng.choice(self.recent) if self.recent else "Pagina"
        title = f"{name}:{base}"
        k = 2
        while title in self.titles:
            title, k = f"{name}:{base} {k}", k + 1
        if ns == 14:
            text = f"[[{self.spec['category']}:{self.rng.choice(self.recent) if self.recent else base}]]"
        elif ns in (10, 828):
            text = self.pick("block") or self.pick("inline") or "{{{1}}}"
        else:
            text = self.pick("table") or self.pick("inline") or base
        return title, ns, text

    def meta(self):
        rng = self.rng
        self.page_id += 1 if rng.random() < 0.7 else rng.randint(2, 6)
        self.rev_id += rng.randint(1, 400)
        ts = time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(1104537600 + rng.randrange(19 * 365 * 86400))
        )
        if rng.random() < 0.8:
            uid = rng.randint(1, 4_000_000)
            who = f"        <username>Utente{uid:x}</username>\n        <id>{uid}</id>\n"
        else:
            ip = ".".join(str(rng.randint(1, 254)) for _ in range(4))
            who = f"        <ip>{ip}</ip>\n"
        return self.page_id, self.rev_id, ts, who

    def pages(self, target_tokens: int):
        """(page XML, page id, title) until the articles hold ``target_tokens`` tokens."""
        rng = self.rng
        mu = math.log(MEDIAN_TOKENS)
        done = 0
        while done < target_tokens:
            r = rng.random()
            if r < self.p_other and self.recent:
                title, ns, text = self.other()
                redirect = None
                self.counts["other namespaces"] += 1
            elif r < self.p_other + self.p_redirect and self.recent:
                made = self.redirect()
                if made is None:
                    continue
                title, text, redirect = made
                ns = 0
                self.counts["redirects"] += 1
            else:
                budget = int(min(20_000, max(20, rng.lognormvariate(mu, SIGMA_TOKENS))))
                title, text, n = self.article(min(budget, target_tokens - done))
                done += n
                ns, redirect = 0, None
                self.recent.append(title)
                self.counts["articles"] += 1
            self.titles.add(title)
            page_id, rev_id, ts, who = self.meta()
            yield page_xml(title, ns, page_id, rev_id, ts, who, text, redirect), page_id, title


def generate(
    out: Path,
    tokens: int,
    *,
    seed: int = 0,
    lang: str = "it",
    parts: int = 4,
    sources: list[list[Path]] | None = None,
    excerpts: list[Path] | None = None,
    heaps: tuple[float, float] | None = None,
    date: str = "20241101",
    jobs: int = 2,
    log=print,
) -> dict:
    """Write the dump of about ``tokens`` article tokens into ``out``; returns the manifest."""
    start = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    if sources is None or excerpts is None:
        root = data_dir() / "corpora"
        sources = sources if sources is not None else source_files(lang, root)
        excerpts = excerpts if excerpts is not None else [root / "mediawiki" / e for e in EXCERPTS]
    markup = measure_markup(excerpts)
    k, beta, counts = measure_heaps(sources, seed)
    if heaps is not None:
        k, beta = heaps
    elif k is None:
        raise ValueError("too little text to fit Heaps' law: pass heaps=(K, beta)")
    top = min(TOP_TYPES, len(counts) // 10)
    frequent = frozenset(w for w, _ in counts.most_common(top))
    log(
        f"heaps: K={k:.3f} beta={beta:.4f}; markup: {json.dumps(markup.summary()['per_1000_tokens'])}"
    )
    alpha = sum(v for w, v in counts.items() if w.isalpha() and w not in frequent)
    content_share = alpha / max(1, sum(counts.values()))
    # an epoch ends after 10^6 tokens or when half the rewritable types have a derived form
    rewritable = sum(1 for w in counts if w.isalpha() and len(w) > 2 and w not in frequent)
    gen = Generator(
        lang, sources, markup, (k, beta), frequent, content_share, rewritable // 2, seed
    )
    writer = DumpWriter(out, lang, date, parts, tokens / max(1, parts), jobs)
    pages = 0
    try:
        for page, page_id, title in gen.pages(tokens):
            writer.add(page, page_id, title, gen.n)
            pages += 1
    finally:
        gen.text.close()
    files = writer.close()
    manifest = {
        "lang": lang,
        "wiki": LANGS[lang]["wiki"],
        "date": date,
        "seed": seed,
        "target_tokens": tokens,
        "tokens": gen.n,
        "types": len(gen.types),
        "rewritten_tokens": gen.rewritten,
        "pages": pages,
        "articles": gen.counts["articles"],
        "redirects": gen.counts["redirects"],
        "other_namespaces": gen.counts["other namespaces"],
        "last_page_id": gen.page_id,
        "heaps": {"K": round(k, 4), "beta": round(beta, 5), "fit_tokens": FIT_TOKENS},
        "xml_bytes": writer.xml_bytes,
        "bz2_bytes": files,
        "files": sorted(files),
        "markup": markup.summary(),
        "seconds": round(time.perf_counter() - start, 2),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return manifest


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tokens", type=float, required=True, help="article text tokens (1e7 works)")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", choices=sorted(LANGS), default="it")
    p.add_argument("--parts", type=int, default=4, help="split parts (0: none)")
    p.add_argument("--date", default="20241101", help="the dump date in the file names")
    p.add_argument("--jobs", type=int, default=2, help="compression threads")
    args = p.parse_args(argv)
    manifest = generate(
        args.out,
        int(args.tokens),
        seed=args.seed,
        lang=args.lang,
        parts=args.parts,
        date=args.date,
        jobs=args.jobs,
    )
    keys = ("pages", "articles", "redirects", "tokens", "types", "xml_bytes", "seconds")
    print(json.dumps({k: manifest[k] for k in keys}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
