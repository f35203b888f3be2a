"""Resumable, retried, checksum-verified, atomic downloads (the corpora's ``download`` stage).

The file is fetched into ``<target>.part``; an interrupted download resumes from the bytes already
there with an HTTP ``Range`` request (a server that ignores Range makes it start over). Each attempt
that fails on the network is retried with a growing pause. When the body is complete its SHA-1 is
checked against the expected one; on a match the ``.part`` file is renamed onto the target (atomic),
on a mismatch it is deleted and :class:`~wordgames.errors.InputError` says both checksums.
Wikimedia publishes the checksums beside each dated dump (``<wiki>-<date>-sha1sums.txt``).
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

from wordgames.errors import InputError
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


def _attempt(url: str, part: Path, timeout: float) -> None:
    """One HTTP request that appends to ``part`` (resuming when it already has bytes)."""
    have = part.stat().st_size if part.exists() else 0
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
        length = response.headers.get("Content-Length")
        total = (int(length) + have) if length is not None else None
        mode = "ab" if have else "wb"
        with (
            open(part, mode) as fh,
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
                block = response.read(BLOCK)
                if not block:
                    break
                fh.write(block)
                bar.update(len(block))
        if total is not None and part.stat().st_size < total:
            raise ConnectionError(f"connection closed after {part.stat().st_size} of {total} bytes")


def download(
    url: str,
    target: str | os.PathLike,
    sha1: str | None = None,
    *,
    retries: int = 5,
    backoff: float = 2.0,
    timeout: float = 60.0,
) -> Path:
    """Fetch ``url`` to ``target`` (see the module docstring); returns the target path."""
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
    last_error: Exception | None = None
    for attempt in range(1, retries + 1):
        try:
            _attempt(url, part, timeout)
            last_error = None
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
            if isinstance(exc, urllib.error.HTTPError) and exc.code in (401, 403, 404, 410):
                raise InputError(f"{url}: HTTP {exc.code} {exc.reason}") from None
            last_error = exc
            pause = backoff * 2 ** (attempt - 1)
            log.warning(
                "attempt %d/%d for %s failed (%s); retrying in %.1f s",
                attempt,
                retries,
                url,
                exc,
                pause,
            )
            if attempt < retries:
                time.sleep(pause)
    if last_error is not None:
        raise InputError(
            f"{url}: download failed after {retries} attempts ({last_error}); "
            f"the partial file {part} is kept and the next run resumes it"
        )
    got = sha1_of(part)
    if expected is not None and got != expected:
        part.unlink()
        raise InputError(
            f"{url}: SHA-1 mismatch (expected {expected}, got {got}); the file was removed"
        )
    if expected is None:
        log.warning("%s: no sha1 in the config, not verified (SHA-1 %s)", url, got)
    os.replace(part, target)
    log.info("downloaded %s (%d bytes, SHA-1 %s)", target, target.stat().st_size, got)
    return target
