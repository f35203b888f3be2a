"""Compact, memory-mapped copies of the links index and the unit GloVe vectors, for fast loading.

Building the links index from ``links.parquet`` (string dictionary encoding, sorting 7 M entries) and
reading GloVe through gensim take several seconds; the ``guillotine-links`` and ``guillotine-train``
stages write the finished arrays as ``.npy`` files plus a word list, and loading memory-maps them.
A ``stamp.json`` written last records the size and modification time of the source files: a copy
whose sources changed since (or a half-written copy without stamp) is ignored and the loader falls
back to the sources.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)
STAMP = "stamp.json"


def _signature(sources) -> dict[str, list[int]]:
    out = {}
    for s in sources:
        if s is None:
            continue
        p = Path(s)
        if p.exists():
            st = p.stat()
            out[str(p.resolve())] = [int(st.st_size), int(st.st_mtime_ns)]
    return out


def write_compact(directory: str | os.PathLike, arrays: dict[str, np.ndarray], words: list[str],
                  sources, meta: dict | None = None) -> Path:
    """Write ``arrays`` (one ``.npy`` each), ``words`` (one a line) and the stamp, atomically each."""
    from wordgames.artifacts import atomic_open, save_npy

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    stamp = d / STAMP
    if stamp.exists():
        stamp.unlink()  # the copy is invalid while it is being rewritten
    for name, arr in arrays.items():
        save_npy(np.ascontiguousarray(arr), d / f"{name}.npy")
    if any("\n" in w for w in words):
        raise ValueError("a word contains a newline: cannot write the compact word list")
    with atomic_open(d / "words.txt") as fh:
        fh.write("\n".join(words))
    with atomic_open(stamp) as fh:
        json.dump({"sources": _signature(sources), "arrays": sorted(arrays), "n_words": len(words),
                   "meta": meta or {}}, fh, indent=1)
    return d


def read_compact(directory: str | os.PathLike, sources):
    """``(arrays, words, meta)`` memory-mapped, or None when absent or stale."""
    from wordgames.artifacts import load_npy

    d = Path(directory)
    stamp = d / STAMP
    if not stamp.exists():
        return None
    try:
        info = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if info.get("sources") != _signature(sources):
        log.info("%s is older than its sources: not used", d)
        return None
    arrays = {name: load_npy(d / f"{name}.npy", mmap=True) for name in info["arrays"]}
    text = (d / "words.txt").read_text(encoding="utf-8")
    words = text.split("\n") if text else []
    if len(words) != info.get("n_words"):
        return None
    return arrays, words, info.get("meta", {})
