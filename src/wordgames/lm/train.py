"""Train a KenLM model: ``lmplz`` writes ARPA, ``build_binary`` turns it into a memory-mappable binary.

Both programs are built into the virtual environment by ``make setup`` (scripts/build-kenlm.sh). Every
output is written to a temporary file and renamed only when the program succeeded, so a failed or killed
run leaves no empty or truncated model behind. The unigram table (word, count) that the Hangman solvers
use for emissions is counted from the same token stream.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from wordgames.artifacts import atomic_path, require, write_parquet
from wordgames.errors import InputError, ToolMissingError

log = logging.getLogger(__name__)

SYSTEM_PACKAGES = (
    "cmake g++ libboost-program-options-dev libboost-system-dev libboost-thread-dev "
    "libboost-test-dev zlib1g-dev libbz2-dev liblzma-dev"
)
BINARY_TYPES = ("probing", "trie")


def find_tool(name: str) -> Path:
    """The KenLM program ``name``: $WORDGAMES_KENLM_BIN, then beside the Python interpreter, then PATH."""
    candidates = []
    env = os.environ.get("WORDGAMES_KENLM_BIN")
    if env:
        candidates.append(Path(env) / name)
    candidates.append(Path(sys.executable).parent / name)
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    found = shutil.which(name)
    if found:
        return Path(found)
    raise ToolMissingError(
        f"KenLM's {name} is not installed: run `make setup` (it builds lmplz and build_binary into "
        f".venv/bin with scripts/build-kenlm.sh; needs the Debian packages {SYSTEM_PACKAGES})"
    )


def _run(cmd: list[str], stdin=None, stdout=None, what: str = "") -> None:
    log.info("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=False)
    err = proc.stderr.decode("utf-8", "replace")
    if err:
        sys.stderr.write(err)
    if proc.returncode != 0:
        last = [line for line in err.strip().splitlines() if line.strip()]
        hint = last[-1] if last else "no message"
        if "discount" in err.lower() and "--discount_fallback" not in cmd:
            hint += " (a small corpus needs lm.discount_fallback: true)"
        raise InputError(f"{what or cmd[0]} failed with exit status {proc.returncode}: {hint}")


def lmplz_command(
    order: int = 5,
    prune: Sequence[int] = (),
    memory: str = "25%",
    discount_fallback: bool = False,
    temp_dir: str | os.PathLike | None = None,
    extra: Sequence[str] = (),
) -> list[str]:
    cmd = [str(find_tool("lmplz")), "-o", str(order), "-S", str(memory)]
    if temp_dir is not None:
        cmd += ["-T", str(temp_dir)]
    if prune and any(int(p) for p in prune):
        cmd += ["--prune", *[str(int(p)) for p in prune]]
    if discount_fallback:
        cmd.append("--discount_fallback")
    cmd += list(extra)
    return cmd


def train_arpa(
    tokens: str | os.PathLike,
    arpa: str | os.PathLike,
    *,
    order: int = 5,
    prune: Sequence[int] = (),
    memory: str = "25%",
    discount_fallback: bool = False,
) -> Path:
    """Run lmplz (modified Kneser-Ney, interpolated) on a token file, one sentence a line."""
    tokens = require(tokens, "build the collection's tokens first")
    if order < 1:
        raise InputError(f"lm order must be at least 1, got {order}")
    if len(prune) > order:
        raise InputError(f"lm prune has {len(prune)} thresholds for an order-{order} model")
    if tokens.stat().st_size == 0:
        raise InputError(f"{tokens}: the token file is empty")
    arpa = Path(arpa)
    # lmplz's own temporary files go to a folder we remove whatever happens: a failed run can
    # leave them behind otherwise
    with (
        atomic_path(arpa, suffix=".arpa") as tmp,
        tempfile.TemporaryDirectory(prefix=".lmplz-", dir=arpa.parent) as scratch,
    ):
        cmd = lmplz_command(order, prune, memory, discount_fallback, temp_dir=Path(scratch))
        with open(tokens, "rb") as src, open(tmp, "wb") as dst:
            _run(cmd, stdin=src, stdout=dst, what="lmplz")
        if tmp.stat().st_size == 0:
            raise InputError(f"lmplz wrote an empty model from {tokens}")
    return arpa


def build_binary(
    arpa: str | os.PathLike,
    binary: str | os.PathLike,
    binary_type: str = "probing",
    memory: str = "25%",
) -> Path:
    """Convert ARPA to KenLM's binary format (loaded memory-mapped by :mod:`wordgames.lm.model`)."""
    if binary_type not in BINARY_TYPES:
        raise InputError(f"unknown KenLM binary type {binary_type!r}: use one of {BINARY_TYPES}")
    arpa = require(arpa, "train the ARPA model first")
    binary = Path(binary)
    with atomic_path(binary, suffix=".binary") as tmp:
        cmd = [str(find_tool("build_binary")), "-S", str(memory), binary_type, str(arpa), str(tmp)]
        _run(cmd, what="build_binary")
    return binary


def count_unigrams(tokens: str | os.PathLike, target: str | os.PathLike) -> Path:
    """Write the unigram table (word, count; most frequent first) of a token file as Parquet."""
    import pyarrow as pa

    from wordgames.progress import progress

    tokens = require(tokens, "build the collection's tokens first")
    counts: Counter[str] = Counter()
    with open(tokens, encoding="utf-8") as fh:
        for line in progress(fh, desc=f"counting {tokens.name}", unit=" lines"):
            counts.update(line.split())
    items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    table = pa.table(
        {
            "word": pa.array([w for w, _ in items], pa.string()),
            "count": pa.array([c for _, c in items], pa.int64()),
        }
    )
    return write_parquet(table, target)
