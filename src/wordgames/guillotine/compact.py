"""Compact, memory-mapped copies of the links index and the unit GloVe vectors, for fast loading.

Building the links index from ``links.parquet`` (string dictionary encoding, sorting 7 M entries) and
reading GloVe through gensim take several seconds; the ``guillotine-links-index`` and
``guillotine-vectors-unit`` stages write the finished arrays as ``.npy`` files plus a word list into
a folder that is their declared output, and loading memory-maps them. Snakemake rebuilds the folder
whenever its source changes; ``meta.json`` is written last, so a folder without it is incomplete.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import numpy as np

from wordgames.errors import ArtifactMissingError

log = logging.getLogger(__name__)
META = "meta.json"


def write_compact(
    directory: str | os.PathLike,
    arrays: dict[str, np.ndarray],
    words: list[str],
    meta: dict | None = None,
) -> Path:
    """Write ``arrays`` (one ``.npy`` each), ``words`` (one a line) and meta.json, each atomically."""
    from wordgames.artifacts import atomic_open, save_npy

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    (d / META).unlink(missing_ok=True)  # the copy is incomplete while it is being rewritten
    for name, arr in arrays.items():
        save_npy(np.ascontiguousarray(arr), d / f"{name}.npy")
    if any("\n" in w for w in words):
        raise ValueError("a word contains a newline: cannot write the compact word list")
    with atomic_open(d / "words.txt") as fh:
        fh.write("\n".join(words))
    with atomic_open(d / META) as fh:
        json.dump(
            {"arrays": sorted(arrays), "n_words": len(words), "meta": meta or {}}, fh, indent=1
        )
    return d


def read_compact(directory: str | os.PathLike):
    """``(arrays, words, meta)``, the arrays memory-mapped; a one-line error when incomplete."""
    from wordgames.artifacts import load_npy

    d = Path(directory)
    try:
        info = json.loads((d / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise ArtifactMissingError(
            f"{d}: not a complete compact copy (no {META}): rebuild it"
        ) from None
    arrays = {name: load_npy(d / f"{name}.npy", mmap=True) for name in info["arrays"]}
    text = (d / "words.txt").read_text(encoding="utf-8")
    words = text.split("\n") if text else []
    if len(words) != info.get("n_words"):
        raise ArtifactMissingError(f"{d}: words.txt does not match {META}: rebuild it")
    return arrays, words, info.get("meta", {})
