"""The Results page: the config's Markdown report (``results/report/report.md``) as HTML, with
its figures served from the results folder.

The report links each figure by a path relative to its own folder (``../eval/wordle/summary.png``).
Served as is at ``/results``, a browser would ask for ``/eval/wordle/summary.png``, which no route
answers: so each figure's link is resolved here, on disk, and rewritten to ``/results/files/<path
under results_dir>``. That route serves image files under the results folder and nothing else: no
``..``, no hidden file, no symlink out of the folder, no other kind of file.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as etree
from html import escape
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote, urlsplit

from wordgames import paths, plan

FILES_URL = "/results/files/"
#: What /results/files/ serves, by suffix: figures only.
FIGURES = {
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
}
#: Sent with every figure: an SVG opened on its own runs no script and loads nothing.
FIGURE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    "X-Content-Type-Options": "nosniff",
}


def figure_file(results_dir: Path, rel: str) -> Path | None:
    """The figure ``rel`` (a path under ``results_dir``, as in a /results/files/ URL) names, or
    None when it names anything else: a file outside the folder, a hidden one, one that is not a
    figure, or none."""
    if not rel or rel.startswith("/") or rel.endswith("/") or "\\" in rel or "\x00" in rel:
        return None
    parts = PurePosixPath(rel).parts
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        return None
    root = results_dir.resolve()
    path = (root / rel).resolve()  # follows symlinks: one pointing out of the folder is refused
    if not path.is_relative_to(root) or path.suffix.lower() not in FIGURES or not path.is_file():
        return None
    return path


def figure_url(results_dir: Path, report_dir: Path, src: str) -> str | None:
    """The /results/files/ URL of a figure the report links as ``src`` (relative to the report's
    folder), or None when that is not a figure of the results folder."""
    link = urlsplit(src)
    if link.scheme or link.netloc or not link.path:
        return None  # nothing is fetched from elsewhere
    root = results_dir.resolve()
    path = (report_dir / unquote(link.path)).resolve()
    if not path.is_relative_to(root):
        return None
    rel = path.relative_to(root).as_posix()
    return FILES_URL + quote(rel) if figure_file(results_dir, rel) else None


def _text(node: etree.Element) -> str:
    return "".join(node.itertext()).strip()


class _Report:
    """What a Markdown report holds once parsed: its title, the part before the first section,
    and its sections, each (id, title, HTML)."""

    def __init__(self, markdown_text: str, results_dir: Path, report_dir: Path):
        import markdown
        from markdown.treeprocessors import Treeprocessor

        self.title, self.intro, self.sections = "Results", "", []
        report = self

        class Shape(Treeprocessor):
            # runs after the inline patterns and the toc extension (priorities 20 and 5): the
            # headings hold their text and ids by then
            def run(self, root):
                report._shape(root, results_dir, report_dir)

        md = markdown.Markdown(extensions=["tables", "toc"])
        # the report quotes data (words, phrases, file names): raw HTML in it is shown as text,
        # never run as markup
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(Shape(md), "wordgames-report", 4)
        md.convert(markdown_text)
        self.intro = self._restore(md, self.intro)
        self.sections = [(sid, name, self._restore(md, body)) for sid, name, body in self.sections]

    @staticmethod
    def _restore(md, nodes) -> str:
        """HTML of ``nodes`` with the raw HTML the Markdown parser set aside put back."""
        html = "".join(md.serializer(node) for node in nodes)
        for processor in md.postprocessors:
            html = processor.run(html)
        return html

    def _shape(self, root, results_dir: Path, report_dir: Path) -> None:
        for parent in list(root.iter()):
            for i, child in enumerate(list(parent)):
                if child.tag == "img":
                    _figure(parent, i, child, results_dir, report_dir)
        intro, sections = [], []
        for node in list(root):
            if node.tag == "h1":
                self.title = _text(node)
                continue
            if node.tag == "h2":
                sections.append((node.get("id") or f"section-{len(sections) + 1}", _text(node), []))
                continue
            if node.tag == "table":
                heading = sections[-1][1] if sections else self.title
                box = etree.Element(
                    "div",
                    {
                        "class": "table-scroll",
                        "tabindex": "0",
                        "role": "region",
                        "aria-label": f"{heading}: table",
                    },
                )
                box.append(node)
                box.tail, node.tail = node.tail, None
                node = box
            (sections[-1][2] if sections else intro).append(node)
        self.intro, self.sections = intro, sections
        for node in list(root):
            root.remove(node)


def _figure(parent, index, img, results_dir: Path, report_dir: Path) -> None:
    """Point ``img`` at its /results/files/ URL, or put a line saying why it is not shown."""
    src = img.get("src", "")
    url = figure_url(results_dir, report_dir, src)
    if url is not None:
        img.set("src", url)
        img.set("loading", "lazy")
        if not img.get("alt"):
            img.set("alt", PurePosixPath(src).stem.replace("-", " "))
        # a plot is small on a phone: a tap opens it alone, to zoom
        link = etree.Element("a", {"href": url, "class": "figure"})
        link.tail, img.tail = img.tail, None
        parent.remove(img)
        link.append(img)
        parent.insert(index, link)
        return
    why = etree.Element("span", {"class": "notice"})
    why.text = (
        f"Figure {img.get('alt') or src} is not shown: {src} is not a figure in the results "
        "folder (run make run to draw it)."
    )
    why.tail = img.tail
    parent.remove(img)
    parent.insert(index, why)


def report_page_body(cfg) -> str:
    """The body of /results: the report's sections with a table of contents, the sections the
    config plans but the report lacks with why, or why there is no report at all."""
    report = paths.report(cfg)
    planned = [title for title, _ in plan.report_sections(cfg)]
    html_report = paths.html_report(cfg)
    full = (
        "<p>The full Snakemake report (every figure with its caption, run statistics, the "
        'pipeline\'s graph) is <a href="/report">on its own page</a>.</p>'
        if html_report.is_file()
        else ""
    )
    if not report.is_file():
        return (
            "<h1>Results</h1>\n"
            f'<p class="notice">No report for this config yet: <code>make run</code> writes it '
            f"(<code>{escape(str(report))}</code>).</p>\n"
            + (
                f"<p>When it is written it will have {len(planned)} sections: "
                f"{escape(', '.join(planned))}.</p>"
                if planned
                else "<p>This config runs no evaluation, so its report has no sections.</p>"
            )
            + full
        )
    written = dt.datetime.fromtimestamp(report.stat().st_mtime, dt.UTC)
    parsed = _Report(report.read_text(encoding="utf-8"), Path(cfg.results_dir), report.parent)
    title, sections = parsed.title, parsed.sections
    shown = {name for _, name, _ in sections}
    missing = [name for name in planned if name not in shown]
    toc = "".join(
        f'<li><a href="#{escape(sid)}">{escape(name)}</a></li>' for sid, name, _ in sections
    )
    parts = [
        f"<h1>{escape(title)}</h1>",
        parsed.intro,
        f'<p class="muted small">Read from <code>{escape(str(report))}</code> '
        f"(last changed {written:%Y-%m-%d %H:%M} UTC).</p>",
        full,
    ]
    if toc:
        parts.append(f'<nav class="toc" aria-label="Sections"><ol>{toc}</ol></nav>')
    else:
        parts.append(
            '<p class="notice">The report has no sections: this config runs no evaluation.</p>'
        )
    for name in missing:
        parts.append(
            f'<p class="notice"><strong>{escape(name)}</strong> is not in this report: it was '
            "written before that evaluation ran. Run <code>make run</code> to write it again.</p>"
        )
    for sid, name, body in sections:
        parts.append(
            f'<section aria-labelledby="{escape(sid)}"><h2 id="{escape(sid)}">{escape(name)}</h2>'
            f"{body}</section>"
        )
    return "\n".join(p for p in parts if p)
