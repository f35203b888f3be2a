"""Wikitext to plain text, and the pieces of wikitext syntax the page parsers share.

:func:`clean_wikitext` removes templates, references, tables, comments, files/images, categories,
interlanguage links, headings and maths, keeps link text, drops bold/italic markup and decodes HTML
entities; sections such as "References" or "Note" are dropped. Each paragraph or list item becomes
one line. It works on the text (brace matching and regular expressions, innermost links first), not
on a parse tree: as fast as wikiextractor and with fewer leftovers where markup is malformed, since
a template the parser could not close leaked its parameters as text (benchmarks/extract_compare.py).
:func:`link_targets` still parses with mwparserfromhell.
"""

from __future__ import annotations

import html
import re

from wordgames.errors import InputError

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
LIST_MARK = re.compile(r"^[*#:;]+\s*")
_LIST_STARTS = frozenset("*#:;")
#: A heading line: ``== title ==`` (group 1: the ``=`` run, group 2: the title).
HEADING = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$")
_HAS_WORD = re.compile(r"[^\W\d_]", re.UNICODE)


def _link_prefix(title: str) -> str | None:
    if ":" not in title:
        return None
    # "Tập_tin:x.svg" is "Tập tin:x.svg": titles may spell spaces as underscores
    return " ".join(title.split(":", 1)[0].replace("_", " ").split()).lower()


def site_drop_prefixes(site_info) -> frozenset[str]:
    """File, Media and Category namespace names (and aliases) of a wiki, lower case."""
    names = set(DROP_LINK_PREFIXES)
    for ns in getattr(site_info, "namespaces", None) or ():
        if ns.id in (-2, 6, 14) and ns.name:
            names.add(ns.name.lower())
            names.update(a.lower() for a in (getattr(ns, "aliases", None) or ()))
    return frozenset(names)


def tidy_lines(text: str) -> list[str]:
    """Collapse spaces, drop list markers, keep lines that contain a word."""
    if "__" in text:
        text = _MAGIC.sub("", text)
    if "<" in text:
        text = _LEFTOVER_TAG.sub("", text)
    lines = []
    # every line break the tokenizer knows (\r, \x1e, \u2028...), so that a line is one paragraph;
    # spaces collapsed once for the whole text (they never cross a line break)
    for line in _SPACES.sub(" ", text).splitlines():
        line = line.strip()
        if line[:1] in _LIST_STARTS:
            line = LIST_MARK.sub("", line).strip()
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


#: Links nested deeper than this (a file's caption holding links) are not resolved: their brackets
#: are dropped and their text kept, so a hostile page costs at most this many passes.
MAX_NESTING = 100
_BRACES = re.compile(r"\{\{+|\}\}+")
_KEEP_TAGS = frozenset(
    {"abbr", "b", "bdi", "bdo", "big", "blockquote", "br", "caption", "center", "cite", "code"}
    | {"data", "dd", "del", "dfn", "div", "dl", "dt", "em", "font", "h1", "h2", "h3", "h4", "h5"}
    | {"h6", "hr", "i", "ins", "kbd", "li", "mark", "nowiki", "ol", "onlyinclude", "p", "poem"}
    | {"pre", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "section", "small", "span"}
    | {"strike", "strong", "sub", "templatestyles", "time", "tt", "u", "ul", "var", "wbr"}
    # the rows and cells of an HTML table left open (a closed one is dropped whole)
    | {"tbody", "thead", "tfoot", "tr", "td", "th", "col", "colgroup"}
)
_CELL_TAGS = frozenset({"td", "th"})


def _names(tags) -> str:
    return "|".join(sorted(tags, key=len, reverse=True))


#: A tag whose content is dropped too, self-closing or up to its closing tag.
_DROP_TAG = re.compile(rf"<({_names(DROP_TAGS)})\b[^>]*?(?:/>|>.*?</\1\s*>)", re.I | re.DOTALL)
#: Any other known tag, opening or closing (its content is kept).
_ANY_TAG = re.compile(rf"<(/?)({_names(_KEEP_TAGS | DROP_TAGS)})\b[^>]*>", re.IGNORECASE)
_HEADING_LINE = re.compile(r"^(={1,6})(.+?)(={1,6})[ \t]*$")
_EXTERNAL = re.compile(r"\[(?:https?:|ftp:|mailto:|//)[^\s\]]*(?:[ \t]+([^\]\n]*))?\]", re.I)
_BARE_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\[\]{}|\"]*", re.IGNORECASE)
_WIKILINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_STRAY_LINK = re.compile(r"\[\[|\]\]")
_STYLE = re.compile(r"'{2,}")


def strip_templates(wikitext: str) -> str:
    """Remove templates, parser functions and ``{{{arguments}}}``, nested, by matching brace runs.

    A run of closing braces closes the innermost open braces first (so ``{{a|{{{1}}}}}`` is one
    span); the ``{{`` of a template never closed is dropped and its text kept (the parser kept
    both as text, leaking infobox parameters); a lone ``}`` left over stays text."""
    if "{{" not in wikitext:
        return wikitext
    spans: list[tuple[int, int]] = []
    stack: list[list[int]] = []  # [start of the open run, braces of it still open, run length]
    for m in _BRACES.finditer(wikitext):
        start, end = m.span()
        if wikitext[start] == "{":
            stack.append([start, end - start, end - start])
            continue
        n = end - start
        while n >= 2 and stack:
            top = stack[-1]
            take = min(n, top[1])
            top[1] -= take
            n -= take
            close = end - n
            if top[1] < 2:  # a single brace left open is text inside the span
                stack.pop()
                spans.append((top[0], close))
            else:  # the innermost braces of the run matched: the span starts after the rest
                spans.append((top[0] + top[1], close))
    spans.extend((start, start + length) for start, _, length in stack)
    spans.sort()
    out, pos = [], 0
    for start, end in spans:
        if end <= pos:
            continue
        if start > pos:
            out.append(wikitext[pos:start])
        pos = max(pos, end)
    out.append(wikitext[pos:])
    return "".join(out)


def _drop_headings(text: str, drop_sections: bool) -> str:
    """Headings become empty lines; a section in DROP_SECTIONS (level 2 or 3) is dropped with its
    subsections, up to the next heading of its level or above."""
    if "=" not in text:
        return text
    out = []
    dropping = 0  # level of the section being dropped, 0 when keeping
    for line in text.split("\n"):
        m = _HEADING_LINE.match(line) if line.startswith("=") else None
        if m is None:
            if not dropping:
                out.append(line)
            continue
        level = min(len(m.group(1)), len(m.group(3)))
        if dropping and level > dropping:
            continue
        dropping = 0
        title = m.group(2).strip(" \t=").lower()
        if drop_sections and level in (2, 3) and title in DROP_SECTIONS:
            dropping = level
        out.append("")
    return "\n".join(out)


def _link_replacer(drop):
    def replace(m: re.Match) -> str:
        title, bar, text = m.group(1).partition("|")
        title = title.strip()
        colon = title.startswith(":")
        if colon:
            title = title[1:].strip()
        prefix = _link_prefix(title)
        if prefix is not None and prefix in drop:
            # a file or category; with a leading colon, a mention of one: its text if it has one
            return text if colon and bar else ""
        if prefix is not None and not colon and _INTERWIKI.match(prefix):
            return ""
        if bar and text.strip():
            return text
        if title.startswith("#"):
            return title[1:]
        return title.split("#", 1)[0]

    return replace


def _links(text: str, drop) -> str:
    """Wikilinks to their text, innermost first (a file's caption may hold links)."""
    if "[[" not in text:
        return text
    replace = _link_replacer(drop)
    for _ in range(MAX_NESTING):
        new = _WIKILINK.sub(replace, text)
        if new == text:
            break
        text = new
    return _STRAY_LINK.sub("", text)


def _tag(m: re.Match) -> str:
    name = m.group(2).lower()
    if name in BREAK_TAGS and (not m.group(1) or name not in ("br", "hr", "li", "dd", "dt")):
        return "\n"
    return " " if name in _CELL_TAGS else ""


def clean_wikitext(wikitext: str, drop_sections: bool = True, drop=DROP_LINK_PREFIXES) -> str:
    """Wikitext to plain text, one paragraph or list item a line (see the module docstring).

    ``drop``: link prefixes (lower case) whose links are removed (files, categories); see
    :func:`site_drop_prefixes`. Any nesting depth is read in linear time, without recursion
    (links beyond :data:`MAX_NESTING` levels keep their text, not their brackets).

    A few passes of regular expressions and brace matching, no parse tree: a page costs a few
    scans of its text (mwparserfromhell's tree took 3/4 of the extraction's CPU).
    """
    text = strip_refs(wikitext)
    if "<" in text:
        text = _DROP_TAG.sub("", text)
    text = strip_tables(strip_templates(text))
    text = _drop_headings(text, drop_sections)
    if "[" in text:
        text = _EXTERNAL.sub(lambda m: m.group(1) or "", text)
    if "//" in text:
        text = _BARE_URL.sub("", text)
    text = _links(text, drop)
    if "<" in text:
        text = _ANY_TAG.sub(_tag, text)
    if "''" in text:
        text = _STYLE.sub("", text)
    if "&" in text:
        text = html.unescape(text)
    return "\n".join(tidy_lines(text))


def _parse(wikitext: str, **options):
    import mwparserfromhell

    try:
        return mwparserfromhell.parse(wikitext, **options)
    except RecursionError:
        raise InputError("wikitext nested too deeply to read") from None


def clean_fragment(wikitext: str) -> str:
    """Clean a one-line fragment (a definition, a quote, an example) to one line of text."""
    return " ".join(tidy_lines(clean_wikitext(wikitext, drop_sections=False)))


def link_targets(wikitext: str) -> list[str]:
    """Texts of the main-namespace links of a fragment, in order (the display text if any)."""
    out = []
    for link in _parse(wikitext).filter_wikilinks():
        title = str(link.title).strip()
        prefix = _link_prefix(title)
        if prefix is not None and (prefix in DROP_LINK_PREFIXES or _INTERWIKI.match(prefix)):
            continue
        shown = clean_fragment(str(link.text)) if link.text is not None else title.split("#")[0]
        if shown.strip():
            out.append(shown.strip())
    return out
