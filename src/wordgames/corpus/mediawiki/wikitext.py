"""Wikitext to plain text, and the pieces of wikitext syntax the page parsers share.

:func:`clean_wikitext` walks the mwparserfromhell tree: templates, references, tables, comments,
files/images, categories, interlanguage links, headings and maths are removed, link text is kept,
bold/italic markup dropped, HTML entities decoded; sections such as "References" or "Note" are
dropped. Each paragraph or list item becomes one line.
"""

from __future__ import annotations

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
#: A heading line: ``== title ==`` (group 1: the ``=`` run, group 2: the title).
HEADING = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$")
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
    # every line break the tokenizer knows (\r, \x1e, \u2028...), so that a line is one paragraph
    for line in _LEFTOVER_TAG.sub("", _MAGIC.sub("", text)).splitlines():
        line = _SPACES.sub(" ", LIST_MARK.sub("", line.strip())).strip()
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
    :func:`site_drop_prefixes`. Markup nested beyond what the parser can walk (MediaWiki itself
    stops expanding templates 40 levels down) raises :class:`~wordgames.errors.InputError`.
    """
    code = _parse(strip_tables(strip_refs(wikitext)), skip_style_tags=False)
    try:
        if drop_sections:
            _drop_sections(code)
        out: list[str] = []
        _strip(code.nodes, out, drop)
    except RecursionError:
        raise InputError("wikitext nested too deeply to read") from None
    return "\n".join(tidy_lines("".join(out)))


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
