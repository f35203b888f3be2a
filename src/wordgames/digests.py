"""Content digests of the pipeline's external inputs (corpora, word lists, game and phrase sets).

Inputs from outside ``results_dir`` are declared ``ancient()`` in the rules, so their modification
time never reruns anything; their content reaches each job as a ``digest`` param instead, so a
changed byte reruns the jobs that read the file and a copy of the data folder elsewhere (same bytes,
new paths and times) reruns nothing.

A digest is SHA-256 over the files' names (relative to the folder given, or the file name) and
contents, in sorted order. Hashing a dump of several gigabytes takes a while, so each file's hash is
cached under its (absolute path, size, modification time): the cache is a JSON file in Snakemake's
own state folder (``.snakemake/wordgames-digests.json``), written atomically and only when a run
(not a dry run) computed a new entry.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

BLOCK = 1 << 20
CACHE_FILE = Path(".snakemake") / "wordgames-digests.json"


def sha256_file(path: str | os.PathLike) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(BLOCK), b""):
            h.update(block)
    return h.hexdigest()


class DigestCache:
    """File hashes keyed by (path, size, mtime); ``save`` writes new entries unless disabled."""

    def __init__(
        self, path: str | os.PathLike = CACHE_FILE, writable: Callable[[], bool] = lambda: True
    ):
        self.path = Path(path)
        self.writable = writable
        self._entries: dict[str, str] | None = None
        self._dirty = False

    def _load(self) -> dict[str, str]:
        if self._entries is None:
            try:
                self._entries = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._entries = {}
        return self._entries

    def file(self, path: str | os.PathLike) -> str:
        p = Path(path).resolve()
        st = p.stat()
        key = f"{p}\0{st.st_size}\0{st.st_mtime_ns}"
        entries = self._load()
        digest = entries.get(key)
        if digest is None:
            digest = entries[key] = sha256_file(p)
            self._dirty = True
        return digest

    def save(self) -> None:
        if not self._dirty or not self.writable():
            return
        from wordgames.artifacts import atomic_open

        try:
            with atomic_open(self.path) as fh:
                json.dump(self._entries, fh)
            self._dirty = False
        except OSError:  # a read-only working folder: hash again next time
            pass

    def files(self, paths: Iterable[str | os.PathLike], strings: Iterable[str] = ()) -> str:
        """One digest over files (folders: every file under them) and extra string values."""
        h = hashlib.sha256()
        for path in paths:
            p = Path(path)
            members = (
                sorted((q.relative_to(p).as_posix(), q) for q in p.rglob("*") if q.is_file())
                if p.is_dir()
                else [(p.name, p)]
            )
            for name, member in members:
                h.update(f"{name}\0{self.file(member)}\n".encode())
        for text in strings:
            h.update(f"{text}\n".encode())
        self.save()
        return h.hexdigest()[:16]
