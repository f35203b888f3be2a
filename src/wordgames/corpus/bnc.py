"""The British National Corpus, XML edition: sentences from the ``<s>`` elements.

The BNC's licence forbids redistribution, so the project never fetches it: put the zip (``2554.zip``
from the Oxford Text Archive) or its unpacked folder where the config's ``source`` says. When it is not
there, extraction stops with a message saying where to get it and where to put it.

Each text (``Texts/A/A0/A00.xml``) is one document; each ``<s>`` is one sentence, its word forms
being the text of its ``<w>`` and ``<c>`` elements (``<w>`` carries the trailing space). Texts are
streamed with iterparse and cleared as they go. A text that is not well-formed XML is skipped and
counted; a corrupt zip fails with its name. Nothing is unpacked: texts are read from the zip or the
folder where they are. Zip members that are symbolic links or whose names would leave the folder if
unpacked (absolute, or with ``..``), and files of the folder that are links to files outside it, are
skipped and counted, so a hostile archive cannot make the reader take in another file.
"""

from __future__ import annotations

import stat
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.model import Corpus, Doc
from wordgames.errors import InputError

OBTAIN = (
    "the British National Corpus (XML edition) cannot be redistributed: obtain it, free after "
    "accepting its licence, from the Oxford Text Archive (http://hdl.handle.net/20.500.12024/2554, "
    "file 2554.zip) and put the zip, or the folder it unpacks to, at {where}"
)


def _source(c: Corpus, files: list[Path]) -> Path:
    if not files:
        where = f"the path of corpora.{c.name}.source"
        raise InputError(f"corpus {c.name}: the BNC is not there; " + OBTAIN.format(where=where))
    if len(files) != 1:
        raise InputError(f"corpus {c.name}: a bnc source is one local zip or folder")
    path = Path(files[0])
    if not path.exists():
        raise InputError(f"corpus {c.name}: {path} not found; " + OBTAIN.format(where=path))
    return path


def _inside(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root)


def _safe_member(info: zipfile.ZipInfo) -> str | None:
    """Why a zip member is not read (None when it is a plain file with a plain name)."""
    if stat.S_ISLNK(info.external_attr >> 16):
        return "symbolic link in the archive"
    name = info.filename.replace("\\", "/")
    if name.startswith("/") or ".." in name.split("/") or (len(name) > 1 and name[1] == ":"):
        return "archive member named outside the archive's folder"
    return None


def _members(path: Path, tally):
    """(name, opener) of every text of the corpus, sorted by name."""
    if path.is_dir():
        root = path.resolve()
        files = []
        for p in sorted(path.rglob("*.xml")):  # rglob does not descend into linked folders
            if not p.is_file():
                continue
            if not _inside(p, root):
                tally.skip("link to a file outside the corpus folder", str(p))
                continue
            files.append(p)
        return [(str(p.relative_to(path)), (lambda p=p: open(p, "rb"))) for p in files], None
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable zip file ({exc})") from None
    members = []
    for info in archive.infolist():
        # not info.is_dir(): zipfile cuts a name at a NUL byte, and fails on the empty name left
        if info.filename.endswith("/") or not info.filename.lower().endswith(".xml"):
            continue
        problem = _safe_member(info)
        if problem is not None:
            tally.skip(problem, f"{path}:{info.filename}")
            continue
        members.append(info.filename)
    names = sorted(n for n in members if "/Texts/" in f"/{n}") or sorted(members)
    return [(n, (lambda n=n: archive.open(n))) for n in names], archive


def sentences_of(stream) -> Iterator[str]:
    """Text of every ``<s>`` of one BNC XML text, in order (whitespace normalised)."""
    for _, elem in ET.iterparse(stream, events=("end",)):
        if elem.tag == "s":
            text = " ".join("".join(elem.itertext()).split())
            if text:
                yield text
            elem.clear()
        elif elem.tag in ("teiHeader",):
            elem.clear()


def bnc_docs(c: Corpus, files: list[Path], shard: int, tally, tables) -> Iterator:
    from wordgames.progress import progress

    path = _source(c, files)
    members, archive = _members(path, tally)
    exclude = c.options.exclude
    try:
        for ordinal, (name, opener) in enumerate(progress(members, desc=c.name, unit="text")):
            if ordinal % c.shards != shard:
                continue
            if exclude:
                import fnmatch

                if any(fnmatch.fnmatch(Path(name).name, pat) for pat in exclude):
                    continue
            tally.seen += 1
            doc = f"{c.name}:{Path(name).stem}"
            try:
                with opener() as stream:
                    sentences = list(sentences_of(stream))
            except ET.ParseError as exc:
                tally.skip("broken XML text", f"{path}:{name}", str(exc))
                continue
            except (zipfile.BadZipFile, OSError, EOFError) as exc:
                raise InputError(f"{path}: corrupt member {name} ({exc})") from None
            if c.options.documents == "unit":
                for i, sentence in enumerate(sentences):
                    yield Doc(f"{doc}:{i}", sentence)
            else:
                yield Doc(doc, "\n".join(sentences))
    finally:
        if archive is not None:
            archive.close()
