"""A Wikimedia dump mirror on 127.0.0.1, for the dump tests (tests/corpus/test_dumps*.py).

:func:`build_tree` lays out generated dumps as the dump server does: ``<wiki>/<date>/`` holding the
files, ``dumpstatus.json`` (version 0.8: each job's status and files with size, sha1, md5, url) and
``<wiki>-<date>-sha1sums.txt``; ``<wiki>/latest/`` with the ``<wiki>-latest-...`` names; and the
wiki's folder listing its dates. The wikis:

- itwiktionary, itwikiquote: ``articlesdump`` (``pages-articles.xml.bz2``) of the project's own
  Wikizionario and Wikiquote pages (resources/samples/), in their Italian markup;
- itwiki: ``pagetitlesdump`` (``all-titles-in-ns0.gz``), ``articlesdump``, and
  ``articlesmultistreamdump`` (the multistream file and its index) of generated pages;
- enwiki: ``articlesmultistreamdump`` split into four parts, each with its index, page ranges in
  the names (``enwiki-<date>-pages-articles-multistream1.xml-p1p30.bz2``).

Every wiki has an older dump (:data:`OLD`) and the current one (:data:`DATE`), all jobs done, and
a newer one (:data:`RUNNING`) whose jobs are still in progress, as on the real server at the
start of a month.

:class:`Mirror` serves such a tree (``http.server`` in a thread, Range requests answered with 206)
with faults switched on per path: a 503 with Retry-After, a transfer cut mid-file, a wrong byte,
a file the mirror lacks (404). Its ``requests`` list records every (path, Range) it was asked.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import hashlib
import http.server
import json
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "resources" / "samples"
OLD, DATE, RUNNING = "20261101", "20261120", "20261201"

_HEADER_EN = b"""<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo>
    <sitename>Wikipedia</sitename>
    <dbname>enwiki</dbname>
    <base>https://en.wikipedia.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.44.0</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
    </namespaces>
  </siteinfo>
"""
_FOOTER = b"</mediawiki>\n"
_EN_WORDS = "river mountain house lake wind sun stone forest road sea light snow".split()  # noqa: SIM905


def _page(pid: int, title: str, text: str) -> bytes:
    from xml.sax.saxutils import escape

    return (
        f"  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n    <id>{pid}</id>\n"
        f"    <revision>\n      <id>{pid * 10}</id>\n"
        "      <timestamp>2026-11-01T00:00:00Z</timestamp>\n"
        "      <contributor><username>Test</username><id>1</id></contributor>\n"
        "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
        f'      <text xml:space="preserve">{escape(text)}</text>\n'
        "    </revision>\n  </page>\n"
    ).encode()


def _multistream(pages: list[bytes], ids: list[int], titles: list[str], header: bytes):
    """(multistream bz2 bytes, index bz2 bytes): a header stream, streams of 5 pages, a footer."""
    body = bytearray(bz2.compress(header))
    lines = []
    for i in range(0, len(pages), 5):
        offset = len(body)
        lines += [f"{offset}:{ids[j]}:{titles[j]}\n" for j in range(i, min(i + 5, len(pages)))]
        body += bz2.compress(b"".join(pages[i : i + 5]))
    body += bz2.compress(_FOOTER)
    return bytes(body), bz2.compress("".join(lines).encode())


def _itwiki_pages(n: int = 40):
    import sys

    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    from multistream_dump import HEADER, invented_pages

    pages = invented_pages(n, seed=7, broken=False)
    return HEADER, pages


def _enwiki_pages(n: int):
    pages, ids, titles = [], [], []
    for i in range(n):
        pid = i + 1
        words = " ".join(_EN_WORDS[(i * 7 + k) % len(_EN_WORDS)] for k in range(30))
        text = (
            f"{{{{Infobox|name={i}}}}}'''Article {i}''' is a [[test page]] about {words}. "
            f"It was written for the mirror test.<ref>{{{{cite|{i}}}}}</ref>\n"
            f"== History ==\nThe {words}.\n[[Category:Tests]]"
        )
        pages.append(_page(pid, f"Article {i}", text))
        ids.append(pid)
        titles.append(f"Article {i}")
    return pages, ids, titles


@dataclass
class Tree:
    root: Path
    #: (wiki, date, job) -> {file name: bytes}
    files: dict = field(default_factory=dict)

    def path(self, wiki: str, date: str, name: str) -> Path:
        return self.root / wiki / date / name


def _write_dump(tree: Tree, wiki: str, date: str, jobs: dict[str, dict[str, bytes]], status: str):
    folder = tree.root / wiki / date
    folder.mkdir(parents=True, exist_ok=True)
    status_jobs, sums = {}, []
    for job, files in jobs.items():
        entries = {}
        for name, data in files.items():
            (folder / name).write_bytes(data)
            sha1 = hashlib.sha1(data).hexdigest()
            entries[name] = {
                "size": len(data),
                "url": f"/{wiki}/{date}/{name}",
                "md5": hashlib.md5(data).hexdigest(),
                "sha1": sha1,
            }
            sums.append(f"{sha1}  {name}\n")
            tree.files[(wiki, date, job, name)] = data
        status_jobs[job] = {
            "status": status,
            "updated": f"{date[:4]}-{date[4:6]}-{date[6:]} 08:00:00",
            "files": entries if status == "done" else {},
        }
    # jobs the tests do not ask for, as the real status lists dozens
    status_jobs["metahistory7zdump"] = {"status": "waiting", "updated": "", "files": {}}
    (folder / "dumpstatus.json").write_text(
        json.dumps({"jobs": status_jobs, "version": "0.8"}), encoding="utf-8"
    )
    (folder / f"{wiki}-{date}-sha1sums.txt").write_text("".join(sums), encoding="utf-8")


def _dump_files(wiki: str, date: str) -> dict[str, dict[str, bytes]]:
    pre = f"{wiki}-{date}-"
    if wiki in ("itwiktionary", "itwikiquote"):
        xml = (SAMPLES / f"{wiki}-sample.xml").read_bytes()
        return {"articlesdump": {f"{pre}pages-articles.xml.bz2": bz2.compress(xml)}}
    if wiki == "itwiki":
        header, pages = _itwiki_pages()
        xml = [p.xml() for p in pages]
        ms, index = _multistream(xml, [p.id for p in pages], [p.title for p in pages], header)
        titles = (SAMPLES / "itwiki-all-titles-in-ns0-sample.txt").read_bytes()
        return {
            "pagetitlesdump": {f"{pre}all-titles-in-ns0.gz": gzip.compress(titles, mtime=0)},
            "articlesdump": {
                f"{pre}pages-articles.xml.bz2": bz2.compress(header + b"".join(xml) + _FOOTER)
            },
            "articlesmultistreamdump": {
                f"{pre}pages-articles-multistream.xml.bz2": ms,
                f"{pre}pages-articles-multistream-index.txt.bz2": index,
            },
        }
    if wiki == "enwiki":
        pages, ids, titles = _enwiki_pages(120)
        files = {}
        for part, start in enumerate(range(0, 120, 30), start=1):
            stop = start + 30
            ms, index = _multistream(
                pages[start:stop], ids[start:stop], titles[start:stop], _HEADER_EN
            )
            ranges = f"p{ids[start]}p{ids[stop - 1]}"
            files[f"{pre}pages-articles-multistream{part}.xml-{ranges}.bz2"] = ms
            files[f"{pre}pages-articles-multistream-index{part}.txt-{ranges}.bz2"] = index
        return {"articlesmultistreamdump": files}
    raise ValueError(wiki)


WIKIS = ("itwiktionary", "itwikiquote", "itwiki", "enwiki")


def build_tree(root: Path, wikis=WIKIS) -> Tree:
    """The dump server's tree under ``root`` (see the module docstring)."""
    tree = Tree(root)
    for wiki in wikis:
        for date, status in ((OLD, "done"), (DATE, "done"), (RUNNING, "in-progress")):
            _write_dump(tree, wiki, date, _dump_files(wiki, date), status)
        latest = root / wiki / "latest"
        latest.mkdir(parents=True, exist_ok=True)
        for f in (root / wiki / DATE).iterdir():
            if f.name.startswith(f"{wiki}-{DATE}-"):
                shutil.copyfile(f, latest / f.name.replace(f"-{DATE}-", "-latest-"))
    return tree


class _Handler(http.server.BaseHTTPRequestHandler):
    mirror: Mirror

    def log_message(self, *args):
        pass

    def do_GET(self):
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._serve()

    def _serve(self):
        m = self.mirror
        path = self.path.split("?", 1)[0]
        rng = self.headers.get("Range")
        with m.lock:
            m.requests.append((path, rng))
            busy = m.busy.get(path)
            if busy and busy[0] > 0:
                m.busy[path] = (busy[0] - 1, busy[1])
        if busy and busy[0] > 0:
            self.send_response(503)
            self.send_header("Retry-After", str(busy[1]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        local = m.root / path.lstrip("/")
        if path in m.missing or ".." in path:
            self.send_error(404)
            return
        if path.endswith("/") and local.is_dir():
            names = sorted(p.name + ("/" if p.is_dir() else "") for p in local.iterdir())
            body = "".join(f'<a href="{n}">{n}</a>\n' for n in names).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if not local.is_file():
            self.send_error(404)
            return
        data = local.read_bytes()
        if path in m.corrupt:
            at = len(data) // 2
            data = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]
        start = int(rng.removeprefix("bytes=").split("-")[0]) if rng else 0
        if start:
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        body = data[start:]
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with m.lock:
            cut = m.cut.get(path, 0)
            if cut:
                m.cut[path] = cut - 1
        if cut:
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.close()
            return
        self.wfile.write(body)


@dataclass
class Mirror:
    """One mirror serving ``root``; the fault switches are by URL path (``/itwiki/<date>/<name>``)."""

    root: Path
    busy: dict = field(default_factory=dict)  # path -> (503 answers left, Retry-After seconds)
    cut: dict = field(default_factory=dict)  # path -> transfers left to cut half way
    corrupt: set = field(default_factory=set)  # paths served with one byte flipped
    missing: set = field(default_factory=set)  # paths this mirror lacks (404)
    requests: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    url: str = ""

    def __enter__(self) -> Mirror:
        handler = type("Handler", (_Handler,), {"mirror": self})
        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        return self

    def __exit__(self, *exc):
        self._httpd.shutdown()
        self._httpd.server_close()

    def fetched(self, path: str) -> list:
        """The Range headers of the requests for ``path``."""
        return [r for p, r in self.requests if p == path]
