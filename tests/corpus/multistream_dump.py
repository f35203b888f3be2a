"""Tiny invented MediaWiki dumps written the Wikimedia ways, for the multistream tests.

:func:`write_dumps` writes the same pages as a multistream dump (a header stream, bz2 streams of a
few pages each, a footer stream) with its index (``byteoffset:pageid:title`` per page, bz2), and as
an ordinary single-stream ``pages-articles.xml.bz2``.
"""

from __future__ import annotations

import bz2
import random
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

HEADER = b"""<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="it">
  <siteinfo>
    <sitename>Wikipedia</sitename>
    <dbname>testwiki</dbname>
    <base>https://it.wikipedia.org/wiki/Pagina_principale</base>
    <generator>MediaWiki 1.43.0</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Discussione</namespace>
      <namespace key="6" case="first-letter">File</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
      <namespace key="14" case="first-letter">Categoria</namespace>
    </namespaces>
  </siteinfo>
"""
FOOTER = b"</mediawiki>\n"

WORDS = ("rana fiume monte casa lago vento sole pietra bosco strada mare luce neve").split()  # noqa: SIM905


@dataclass
class Page:
    id: int
    title: str
    ns: int
    text: str
    redirect: str | None = None
    broken: bool = False  # invalid XML: skipped and counted by the reader

    def xml(self) -> bytes:
        if self.broken:
            return f"  <page>\n    <title>{self.title} & broken</title>\n  </page>\n".encode()
        redirect = f'    <redirect title="{escape(self.redirect)}" />\n' if self.redirect else ""
        return (
            f"  <page>\n    <title>{escape(self.title)}</title>\n    <ns>{self.ns}</ns>\n"
            f"    <id>{self.id}</id>\n{redirect}    <revision>\n      <id>{self.id * 10}</id>\n"
            "      <timestamp>2024-11-01T00:00:00Z</timestamp>\n"
            "      <contributor><username>Prova</username><id>1</id></contributor>\n"
            "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
            f'      <text xml:space="preserve">{escape(self.text)}</text>\n'
            "    </revision>\n  </page>\n"
        ).encode()


def invented_pages(n: int, seed: int = 0, broken: bool = True) -> list[Page]:
    """``n`` pages: articles with templates, refs, links, tables and categories, some redirects,
    talk, template and category pages, a title with a colon and (``broken``) one invalid page."""
    rng = random.Random(seed)
    pages = []
    for i in range(n):
        pid = 3 * i + rng.randint(1, 2)  # increasing, with gaps, as real page ids
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40)))
        ns = rng.choice([0, 0, 0, 0, 1, 10, 14])
        title = {0: "", 1: "Discussione:", 10: "Template:", 14: "Categoria:"}[ns]
        title += f"Voce {i}" if i % 7 != 3 else f"Voce {i}: il seguito"
        text = (
            f"{{{{Infobox|nome={{{{nidificato|{i}}}}}}}}}'''{title}''' è una [[Pagina {i}|voce]] "
            f"di prova: {words}.<ref>{{{{cita|{i}}}}}</ref>\n\n"
            f'{{| class="wikitable"\n| cella {i}\n|}}\n== Storia ==\n'
            f"La voce {i} parla di {rng.choice(WORDS)} e di [[{rng.choice(WORDS)}]].\n"
            f"[[Categoria:Prove]]\n== Note ==\n<references />"
        )
        redirect = f"Voce {rng.randrange(n)}" if ns == 0 and rng.random() < 0.15 else None
        pages.append(Page(pid, title, ns, "#RINVIA [[x]]" if redirect else text, redirect))
    if broken and n > 2:
        pages[n // 2].broken = True
    return pages


@dataclass
class Dumps:
    multistream: Path
    index: Path
    single: Path
    pages: list[Page]
    offsets: list[int]  # start of each page stream
    footer: int  # start of the footer stream
    page_xml_bytes: int  # decompressed bytes of the page streams


def write_dumps(folder: Path, pages: list[Page], per_stream: int, name: str = "testwiki") -> Dumps:
    folder.mkdir(parents=True, exist_ok=True)
    ms = folder / f"{name}-20241101-pages-articles-multistream.xml.bz2"
    index = folder / f"{name}-20241101-pages-articles-multistream-index.txt.bz2"
    single = folder / f"{name}-20241101-pages-articles.xml.bz2"
    body = bytearray(bz2.compress(HEADER))
    lines, offsets, xml_bytes = [], [], 0
    for i in range(0, len(pages), per_stream):
        group = pages[i : i + per_stream]
        offsets.append(len(body))
        xml = b"".join(p.xml() for p in group)
        xml_bytes += len(xml)
        lines += [f"{len(body)}:{p.id}:{p.title}\n" for p in group]
        body += bz2.compress(xml)
    footer = len(body)
    body += bz2.compress(FOOTER)
    ms.write_bytes(bytes(body))
    index.write_bytes(bz2.compress("".join(lines).encode()))
    single.write_bytes(bz2.compress(HEADER + b"".join(p.xml() for p in pages) + FOOTER))
    return Dumps(ms, index, single, pages, offsets, footer, xml_bytes)
