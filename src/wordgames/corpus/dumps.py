"""Wikimedia dumps named by wiki, date and job, resolved once into a lock file.

A corpus may say ``dump: {wiki: itwiktionary, date: latest, job: articlesdump}`` instead of a
``source``. ``wordgames dumps lock`` (:func:`lock`) reads that dump's ``dumpstatus.json`` from the
first mirror that answers (``dumps.mirrors``), checks that the job is ``done``, and writes the lock
(``dumps.lock``, JSON): per corpus the resolved date and every file's size, SHA-1 and URL on each
mirror, in mirror order. The pipeline reads only the lock (:func:`locked_sources`), so a build is
reproducible and Snakemake reruns a corpus exactly when its entry in the lock changes.

Mirror layouts (``dumps.mirrors[].layout``):

- ``tree``: the dump server's own tree, ``<url>/<wiki>/<date>/<file>``, ``dumpstatus.json`` beside
  the files, the dated folders listed at ``<url>/<wiki>/`` (dumps.wikimedia.org, and mirrors that
  copy it, such as mirror.accum.se/mirror/wikimedia.org/dumps);
- ``archive.org``: one Internet Archive item per dump, ``<url>/<wiki>-<date>/<file>`` (no listing,
  so only a date resolves there, not ``latest``).

``dumpstatus.json`` (version 0.8 of the dump server's status API) is ``{"jobs": {JOB: {"status":
"done", "updated": ..., "files": {NAME: {"size", "sha1", "md5", "url"}}}}, "version": ...}``.

Light at import (the Snakemake rules import it through the registry): no network until
:func:`lock` is called.
"""

from __future__ import annotations

import copy
import fnmatch
import functools
import json
import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from wordgames.config import Config
from wordgames.corpus.model import Source
from wordgames.errors import ConfigError, InputError

log = logging.getLogger(__name__)

LOCK_VERSION = 1
#: how many dated folders ``latest`` looks back through for one whose job is done
LATEST_LOOKBACK = 6
_DATE = re.compile(r"^[0-9]{8}$")
_LISTED_DATE = re.compile(r'href="(?:\./)?([0-9]{8})/?"')
# a data file of a split or single multistream job and its index:
# X-pages-articles-multistream3.xml-p151574p311329.bz2 <-> X-pages-articles-multistream-index3.txt-p151574p311329.bz2
_MULTISTREAM_DATA = re.compile(r"multistream([0-9]*)\.xml")
_MULTISTREAM_INDEX = re.compile(r"multistream-index([0-9]*)\.txt")
_PART = re.compile(r"(?:articles|multistream|history|current|titles)([0-9]+)\.(?:xml|txt)")


@dataclass(frozen=True)
class Mirror:
    url: str
    layout: str = "tree"

    @property
    def base(self) -> str:
        return self.url.rstrip("/")

    def file_url(self, wiki: str, date: str, name: str) -> str:
        if self.layout == "archive.org":
            return f"{self.base}/{wiki}-{date}/{name}"
        return f"{self.base}/{wiki}/{date}/{name}"

    def status_url(self, wiki: str, date: str) -> str:
        return self.file_url(wiki, date, "dumpstatus.json")

    def listing_url(self, wiki: str) -> str | None:
        return None if self.layout == "archive.org" else f"{self.base}/{wiki}/"


def mirrors(cfg: Config) -> list[Mirror]:
    return [Mirror(m["url"], m.get("layout", "tree")) for m in cfg.settings.dumps.mirrors]


@dataclass(frozen=True)
class DumpSpec:
    """A corpus's ``dump`` entry."""

    corpus: str
    wiki: str
    date: str  # "latest" or YYYYMMDD
    job: str
    files: str = "*"
    parts: int | None = None

    @classmethod
    def of(cls, corpus: str, dump: dict) -> DumpSpec:
        date = str(dump.get("date", "latest"))
        if date != "latest" and not _DATE.match(date):
            raise ConfigError(f"corpora.{corpus}.dump.date: {date!r} is not latest or YYYYMMDD")
        return cls(
            corpus, dump["wiki"], date, dump["job"], dump.get("files") or "*", dump.get("parts")
        )

    def requested(self) -> dict:
        """What the config asked for, as the lock records it (a change makes the lock stale)."""
        return {
            "wiki": self.wiki,
            "date": self.date,
            "job": self.job,
            "files": self.files,
            "parts": self.parts,
        }

    def describe(self) -> str:
        return f"{self.wiki} {self.date} {self.job}"


def dump_specs(cfg: Config) -> list[DumpSpec]:
    """Every corpus of the config that names a dump, in config order."""
    return [
        DumpSpec.of(name, entry["dump"])
        for name, entry in cfg.section("corpora").items()
        if entry.get("dump")
    ]


# reading the lock (the pipeline) ----------------------------------------------------------------
def lock_file(cfg: Config) -> Path | None:
    value = cfg.settings.dumps.lock
    return Path(value) if value else None


_LOCK_HINT = (
    "run `wordgames dumps lock --configfile CONFIG` (CONFIG: the config given to snakemake; "
    "it needs the network) to make it"
)


def read_lock(path: Path) -> dict:
    """The lock at ``path``, read once per version of the file (the rules ask for a corpus's
    sources many times while Snakemake plans)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise ConfigError(f"no dump lock {path}: {_LOCK_HINT}") from None
    except OSError as exc:
        raise ConfigError(f"dump lock {path} is unreadable ({exc}): {_LOCK_HINT} again") from None
    return copy.deepcopy(_read_lock(str(path), st.st_mtime_ns, st.st_size))


@functools.lru_cache(maxsize=8)
def _read_lock(path: str, mtime_ns: int, size: int) -> dict:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no dump lock {path}: {_LOCK_HINT}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"dump lock {path} is unreadable ({exc}): {_LOCK_HINT} again") from None
    if not isinstance(data, dict) or data.get("version") != LOCK_VERSION:
        raise ConfigError(f"dump lock {path} is not a version {LOCK_VERSION} lock: {_LOCK_HINT}")
    return data


def _source(f: dict, index: Source | None = None) -> Source:
    urls = tuple(f["urls"])
    return Source(
        value=urls[0], url=urls[0], sha1=f["sha1"], size=int(f["size"]), urls=urls, index=index
    )


def locked_sources(cfg: Config, name: str, dump: dict) -> tuple[Source, ...]:
    """The sources of corpus ``name``, whose entry names ``dump``, from the lock: one per dump file,
    with its index when the job has one."""
    spec = DumpSpec.of(name, dump)
    path = lock_file(cfg)
    if path is None:
        raise ConfigError(
            f"corpora.{name}.dump: a dump is resolved through a lock file: set dumps.lock (e.g. "
            "config/<name>.lock.json beside the config) and run `wordgames dumps lock`"
        )
    entry = read_lock(path).get("dumps", {}).get(name)
    if entry is None:
        raise ConfigError(
            f"dump lock {path} has no corpus {name} ({spec.describe()}): {_LOCK_HINT}"
        )
    if entry.get("requested") != spec.requested():
        raise ConfigError(
            f"dump lock {path} is stale for corpus {name}: the config asks for "
            f"{spec.requested()}, the lock has {entry.get('requested')}; {_LOCK_HINT} again"
        )
    return tuple(
        _source(f, _source(f["index"]) if f.get("index") else None) for f in entry["files"]
    )


# making the lock (network) ----------------------------------------------------------------------
class _Unreachable(Exception):
    """A mirror that did not answer usefully (network error, 5xx, a Retry-After too long)."""


def _get(url: str, timeout: float, retry_after_max: float, attempts: int = 3) -> bytes | None:
    """The body at ``url``; None when the server says it has no such thing (404, 410)."""
    import urllib.error
    import urllib.request

    from wordgames.corpus.download import USER_AGENT, retry_after_seconds

    for attempt in range(1, attempts + 1):
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.read()
        except urllib.error.HTTPError as exc:
            if exc.code in (404, 410):
                return None
            wait = retry_after_seconds(exc) if exc.code in (429, 503) else None
            if wait is None or wait > retry_after_max or attempt == attempts:
                raise _Unreachable(f"HTTP {exc.code} {exc.reason}") from None
            log.warning("%s: HTTP %d, retrying after %.0f s", url, exc.code, wait)
            time.sleep(wait)
        except (urllib.error.URLError, OSError) as exc:
            raise _Unreachable(str(getattr(exc, "reason", exc))) from None
    raise _Unreachable("no answer")  # pragma: no cover - the loop returns or raises


def _status(mirror: Mirror, wiki: str, date: str, timeout, retry_after_max) -> dict | None:
    body = _get(mirror.status_url(wiki, date), timeout, retry_after_max)
    if body is None:
        return None
    try:
        data = json.loads(body)
        if not isinstance(data.get("jobs"), dict):
            raise ValueError("no jobs")
    except (ValueError, AttributeError) as exc:
        raise _Unreachable(
            f"{mirror.status_url(wiki, date)} is not a dump status ({exc})"
        ) from None
    return data


def _dates(mirror: Mirror, wiki: str, timeout, retry_after_max) -> list[str]:
    """The dated folders a mirror lists for ``wiki``, newest first."""
    url = mirror.listing_url(wiki)
    if url is None:
        return []
    body = _get(url, timeout, retry_after_max)
    if body is None:
        return []
    return sorted(set(_LISTED_DATE.findall(body.decode("utf-8", "replace"))), reverse=True)


def _job(status: dict, spec: DumpSpec, date: str) -> dict:
    job = status["jobs"].get(spec.job)
    if job is None:
        jobs = ", ".join(sorted(status["jobs"]))
        raise InputError(
            f"corpus {spec.corpus}: the {spec.wiki} dump of {date} has no job {spec.job} "
            f"(its jobs: {jobs}); fix corpora.{spec.corpus}.dump.job"
        )
    return job


def _part_number(name: str) -> int:
    m = _PART.search(name)
    return int(m.group(1)) if m else 0


def _files(
    spec: DumpSpec, date: str, job: dict, mirror_list: list[Mirror], status: dict
) -> list[dict]:
    """The job's files the spec takes, each data file with its index, with every mirror's URL."""
    files = job.get("files") or {}

    def entry(name: str) -> dict:
        meta = files[name]
        if not meta.get("sha1") or meta.get("size") is None:
            raise InputError(
                f"corpus {spec.corpus}: {name} has no SHA-1 or size in the {spec.wiki} {date} "
                "dump status, so it cannot be verified"
            )
        return {
            "name": name,
            "size": int(meta["size"]),
            "sha1": str(meta["sha1"]).lower(),
            "urls": [m.file_url(spec.wiki, date, name) for m in mirror_list],
        }

    data = sorted(
        (
            n
            for n in files
            if fnmatch.fnmatchcase(n, spec.files) and not _MULTISTREAM_INDEX.search(n)
        ),
        key=lambda n: (_part_number(n), n),
    )
    if spec.parts is not None:
        data = data[: spec.parts]
    if not data:
        listed = ", ".join(sorted(files)) or "none"
        elsewhere = sorted(
            name
            for name, other in status["jobs"].items()
            if any(fnmatch.fnmatchcase(n, spec.files) for n in (other.get("files") or {}))
        )
        hint = f"; job {', '.join(elsewhere)} has such files" if elsewhere else ""
        raise InputError(
            f"corpus {spec.corpus}: no file of job {spec.job} of the {spec.wiki} dump of {date} "
            f"matches {spec.files!r} (its files: {listed}){hint}"
        )
    out = []
    for name in data:
        item = entry(name)
        index = _MULTISTREAM_DATA.sub(r"multistream-index\1.txt", name, count=1)
        item["index"] = entry(index) if index != name and index in files else None
        out.append(item)
    return out


def _gone(spec: DumpSpec, date: str, mirror_list: list[Mirror], notes: list[str]) -> InputError:
    where = mirror_list[0].listing_url(spec.wiki) or mirror_list[0].base
    tried = "; ".join(notes)
    return InputError(
        f"corpus {spec.corpus}: no mirror has the {spec.wiki} dump of {date} ({tried}); the dump "
        f"servers keep only recent dates: set corpora.{spec.corpus}.dump.date to latest or to a "
        f"date listed at {where}, then run `wordgames dumps lock` again"
    )


def resolve(
    spec: DumpSpec,
    mirror_list: list[Mirror],
    *,
    timeout: float = 60.0,
    retry_after_max: float = 300.0,
) -> dict:
    """The lock entry of one dump: the first mirror that answers decides (see the module
    docstring); raises :class:`InputError` saying what to change."""
    notes: list[str] = []
    answered = False
    for mirror in mirror_list:
        try:
            if spec.date == "latest":
                dates = _dates(mirror, spec.wiki, timeout, retry_after_max)
                if not dates:
                    notes.append(f"{mirror.base}: no dated dumps listed")
                    continue
                answered = True
                candidates = dates[:LATEST_LOOKBACK]
            else:
                candidates = [spec.date]
            for date in candidates:
                status = _status(mirror, spec.wiki, date, timeout, retry_after_max)
                if status is None:
                    notes.append(f"{mirror.status_url(spec.wiki, date)}: 404")
                    continue
                answered = True
                job = _job(status, spec, date)
                state = job.get("status")
                if state != "done":
                    if spec.date == "latest":
                        notes.append(f"{date}: job {spec.job} {state}")
                        continue
                    raise InputError(
                        f"corpus {spec.corpus}: job {spec.job} of the {spec.wiki} dump of {date} "
                        f"is {state!r}, not done: set corpora.{spec.corpus}.dump.date to an "
                        "earlier date (or latest), or wait, then run `wordgames dumps lock` again"
                    )
                return {
                    "requested": spec.requested(),
                    "wiki": spec.wiki,
                    "date": date,
                    "job": spec.job,
                    "updated": job.get("updated"),
                    "status_url": mirror.status_url(spec.wiki, date),
                    "files": _files(spec, date, job, mirror_list, status),
                }
            if answered and spec.date == "latest":
                break  # the listing answered: its dates are the truth, not another mirror's
        except _Unreachable as exc:
            notes.append(f"{mirror.base}: {exc}")
    if spec.date == "latest":
        raise InputError(
            f"corpus {spec.corpus}: no {spec.wiki} dump with job {spec.job} done on any mirror "
            f"({'; '.join(notes)})"
        )
    raise _gone(spec, spec.date, mirror_list, notes)


def lock(cfg: Config, *, timeout: float = 60.0) -> tuple[Path, dict]:
    """Resolve every dump of the config and write the lock (atomically); returns its path and
    content."""
    path = lock_file(cfg)
    specs = dump_specs(cfg)
    others = cfg.settings.dumps.files
    if not specs and not others:
        raise ConfigError(
            "nothing to lock: no corpus of this config names a dump (corpora.<name>.dump) and "
            "dumps.files is empty"
        )
    if path is None:
        raise ConfigError(
            "dumps.lock is not set: name the lock file (e.g. config/<name>.lock.json beside the "
            "config)"
        )
    mirror_list = mirrors(cfg)
    wait = cfg.settings.dumps.retry_after_max
    data = {
        "version": LOCK_VERSION,
        "locked": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "mirrors": [{"url": m.url, "layout": m.layout} for m in mirror_list],
        "dumps": {
            s.corpus: resolve(s, mirror_list, timeout=timeout, retry_after_max=wait) for s in specs
        },
        "files": {
            name: fetch_file(cfg, name, entry, timeout=timeout) for name, entry in others.items()
        },
    }
    write_lock(path, data)
    return path, data


def fetch_file(cfg: Config, name: str, entry: dict, *, timeout: float = 60.0) -> dict:
    """A ``dumps.files`` entry downloaded to its path and checked (its SHA-1 from the config, else
    from the previous lock, else recorded now); its lock entry."""
    from wordgames.corpus.download import download, sha1_of

    path = Path(entry["path"])
    sha1 = entry.get("sha1")
    previous = lock_file(cfg)
    if sha1 is None and previous is not None and previous.exists():
        try:
            old = read_lock(previous).get("files", {}).get(name)
        except ConfigError:
            old = None
        if old and old.get("url") == entry["url"]:
            sha1 = old["sha1"]  # the file must stay what it was when first locked
    d = cfg.settings.dumps
    try:
        download(
            entry["url"],
            path,
            sha1,
            retries=d.attempts,
            timeout=timeout,
            retry_after_max=d.retry_after_max,
        )
    except InputError as exc:
        raise InputError(f"dumps.files.{name}: {exc}") from None
    return {
        "url": entry["url"],
        "path": str(path),
        "size": path.stat().st_size,
        "sha1": sha1_of(path),
    }


def write_lock(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def lock_files(data: dict) -> list[tuple[str, dict]]:
    """(corpus, file entry) of every file in a lock, indexes included."""
    out = []
    for corpus, entry in data.get("dumps", {}).items():
        for f in entry["files"]:
            out.append((corpus, f))
            if f.get("index"):
                out.append((corpus, f["index"]))
    return out


def check_files(cfg: Config) -> list[str]:
    """One line per ``dumps.files`` entry whose file is missing or differs from the lock (empty:
    all there and verified)."""
    from wordgames.corpus.download import sha1_of

    path = lock_file(cfg)
    locked = read_lock(path).get("files", {}) if path is not None and path.exists() else {}
    out = []
    for name, entry in cfg.settings.dumps.files.items():
        f = Path(entry["path"])
        want = (locked.get(name) or {}).get("sha1") or entry.get("sha1")
        if not f.exists():
            out.append(f"dumps.files.{name}: {f} is not there: run `wordgames dumps lock`")
        elif want and sha1_of(f) != want:
            out.append(f"dumps.files.{name}: {f} has another SHA-1 than the lock's {want}")
    return out
