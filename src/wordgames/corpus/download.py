"""Resumable, retried, checksum-verified, atomic downloads (the corpora's ``download`` stage).

The file is fetched into ``<target>.part``; an interrupted download resumes from the bytes already
there with an HTTP ``Range`` request (a server that ignores Range makes it start over). Each attempt
that fails on the network (refused, reset, cut short, or silent for ``timeout`` seconds) is retried
with a doubling pause; a local write error is not retried: a full disk raises
:class:`~wordgames.errors.DiskFullError` and keeps the ``.part`` file for the next run to resume.
When the body is complete its SHA-1 is
checked against the expected one; on a match the ``.part`` file is renamed onto the target (atomic),
on a mismatch it is deleted and :class:`~wordgames.errors.InputError` says both checksums.
Wikimedia publishes the checksums beside each dated dump (``<wiki>-<date>-sha1sums.txt``).

A locked dump file (:mod:`wordgames.corpus.dumps`) comes with its URL on every mirror and its size:
each mirror is tried in order (one that answers 404 or 410 lacks the file, one that keeps failing
or serves the wrong bytes is given up) and the SHA-1 is checked whoever served the file; the size
sets the progress bar and a disk-space check before the first byte (refused in one line, nothing
written). A 503 or 429 with ``Retry-After`` is waited out when the wait is at most
``retry_after_max`` seconds, and counts as an attempt; a longer one moves on to the next mirror.
"""

from __future__ import annotations

import email.utils
import errno
import hashlib
import http.client
import logging
import os
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

from wordgames.errors import DiskFullError, InputError
from wordgames.progress import progress

log = logging.getLogger(__name__)

USER_AGENT = "wordgames-corpus-download/0.1 (https://github.com/; research use)"
BLOCK = 1 << 20


def sha1_of(path: Path, start_hash=None) -> str:
    h = start_hash or hashlib.sha1()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(BLOCK), b""):
            h.update(block)
    return h.hexdigest()


def _local_error(exc: OSError, part: Path) -> InputError:
    """An error writing ``part`` is the user's machine, not the network: it is not retried."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return DiskFullError(
            f"no space left on device writing {part}: free some space and run again "
            "(the download resumes from the bytes already there)"
        )
    return InputError(f"cannot write {part}: {exc.strerror or exc}")


def _write_all(fh, block: bytes, part: Path) -> None:
    view = memoryview(block)
    while view:
        try:
            written = fh.write(view)
        except OSError as exc:
            raise _local_error(exc, part) from None
        view = view[written:]


def retry_after_seconds(exc: urllib.error.HTTPError) -> float | None:
    """The wait a ``Retry-After`` header asks for (seconds, or an HTTP date), or None."""
    value = (exc.headers.get("Retry-After") or "").strip() if exc.headers else ""
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _check_room(part: Path, size: int | None, have: int) -> None:
    """Refuse before the first byte when the rest of the file cannot fit on the disk."""
    if size is None:
        return
    need = size - have
    free = shutil.disk_usage(part.parent).free
    if need > free:
        raise DiskFullError(
            f"{part.name.removesuffix('.part')} needs {_mb(need)} and {part.parent} has "
            f"{_mb(free)} free: free some space (or set download_dir elsewhere) and run again"
        )


def _mb(n: int) -> str:
    return f"{n / 1e6:,.1f} MB"


def _attempt(url: str, part: Path, timeout: float, size: int | None = None) -> None:
    """One HTTP request that appends to ``part`` (resuming when it already has bytes)."""
    have = part.stat().st_size if part.exists() else 0
    _check_room(part, size, have)
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    if have:
        request.add_header("Range", f"bytes={have}-")
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # nothing left to fetch: the part is complete
            return
        raise
    with response:
        status = getattr(response, "status", 200)
        if have and status != 206:
            log.info("server ignored the Range request: starting %s again", url)
            have = 0
        length = response.headers.get("Content-Length", "")
        total = int(length) + have if length.isdigit() else size
        try:  # unbuffered: a full disk fails in _write_all, not later in close()
            fh = open(part, "ab" if have else "wb", buffering=0)  # noqa: SIM115
        except OSError as exc:
            raise _local_error(exc, part) from None
        # read1 returns what has arrived, so the bytes before a stall are kept for the resume
        read = getattr(response, "read1", response.read)
        with (
            fh,
            progress(
                desc=part.name.removesuffix(".part"),
                total=total,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                initial=have,
            ) as bar,
        ):
            while True:
                block = read(BLOCK)
                if not block:
                    break
                _write_all(fh, block, part)
                bar.update(len(block))
        if total is not None and part.stat().st_size < total:
            raise ConnectionError(f"connection closed after {part.stat().st_size} of {total} bytes")


class _MirrorFailed(Exception):
    """This URL will not give the file (missing, failing, or wrong bytes): try the next one."""


def download(
    url: str | list[str] | tuple[str, ...],
    target: str | os.PathLike,
    sha1: str | None = None,
    *,
    size: int | None = None,
    retries: int = 5,
    backoff: float = 2.0,
    timeout: float = 60.0,
    retry_after_max: float = 300.0,
) -> Path:
    """Fetch ``url`` (or the first of several mirrors' URLs that gives the right file) to
    ``target`` (see the module docstring); returns the target path."""
    urls = [url] if isinstance(url, str) else list(url)
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    expected = sha1.lower() if sha1 else None
    if target.exists():
        if expected is None or sha1_of(target) == expected:
            log.info("%s already present", target)
            return target
        log.warning("%s exists with another checksum: fetching it again", target)
        target.unlink()
    failures = []
    for i, one in enumerate(urls):
        try:
            got = _fetch(one, part, expected, size, retries, backoff, timeout, retry_after_max)
        except _MirrorFailed as exc:
            failures.append(str(exc))
            if i + 1 < len(urls):
                log.warning("%s; trying the next mirror", exc)
            continue
        if expected is None:
            log.warning("%s: no sha1 in the config, not verified (SHA-1 %s)", one, got)
        os.replace(part, target)
        log.info(
            "downloaded %s from %s (%d bytes, SHA-1 %s)", target, one, target.stat().st_size, got
        )
        return target
    kept = f"; the partial file {part} is kept and the next run resumes it" if part.exists() else ""
    if len(urls) == 1:
        raise InputError(failures[0] + kept)
    raise InputError(f"{target.name}: no mirror gave the file ({'; '.join(failures)}){kept}")


def _fetch(url, part, expected, size, retries, backoff, timeout, retry_after_max) -> str:
    """Download ``url`` into ``part`` and check it; returns its SHA-1. A mismatch deletes the part."""
    last_error: Exception | None = None
    for attempt in range(1, retries + 1):
        try:
            _attempt(url, part, timeout, size)
            last_error = None
            break
        except (urllib.error.URLError, http.client.HTTPException, OSError) as exc:
            if isinstance(exc, urllib.error.HTTPError) and exc.code in (401, 403, 404, 410):
                raise _MirrorFailed(f"{url}: HTTP {exc.code} {exc.reason}") from None
            last_error = exc
            pause = backoff * 2 ** (attempt - 1)
            if isinstance(exc, urllib.error.HTTPError) and exc.code in (429, 503):
                wait = retry_after_seconds(exc)
                if wait is not None and wait > retry_after_max:
                    raise _MirrorFailed(
                        f"{url}: HTTP {exc.code}, Retry-After {wait:.0f} s is longer than "
                        f"dumps.retry_after_max ({retry_after_max:g} s)"
                    ) from None
                pause = pause if wait is None else wait
            said = (
                " (its Retry-After)"
                if isinstance(exc, urllib.error.HTTPError)
                and exc.code in (429, 503)
                and retry_after_seconds(exc) is not None
                else ""
            )
            log.warning(
                "attempt %d/%d for %s failed (%s); retrying in %.1f s%s",
                attempt,
                retries,
                url,
                exc,
                pause,
                said,
            )
            if attempt < retries:
                time.sleep(pause)
    if last_error is not None:
        raise _MirrorFailed(f"{url}: download failed after {retries} attempts ({last_error})")
    got = sha1_of(part)
    if expected is not None and got != expected:
        have = part.stat().st_size
        part.unlink()
        sized = f", {have} of {size} bytes" if size is not None and have != size else ""
        raise _MirrorFailed(
            f"{url}: SHA-1 mismatch (expected {expected}, got {got}{sized}); the file was removed"
        )
    return got
