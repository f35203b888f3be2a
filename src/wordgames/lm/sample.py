"""Random samples of a token file by size: whole lines totalling about N tokens, for the LM-size curve.

A token file (``paths.collection_tokens``) holds one sentence a line, tokens separated by spaces. A
sample of N tokens is the shortest prefix of one seeded random order of the file's non-empty lines
that holds N tokens, or one line less when that comes closer to N (one line at least); its lines
are written in the file's own order, byte for byte. So a sample is within half a line of N tokens,
the same seed gives the same sample, and the samples of one seed are nested (the 1M-token sample
is part of the 5M one): the points of a curve differ by their size, not by which text they drew.

Two passes, bounded memory: the first counts the tokens of every line (the text is never held),
the second writes every sample at once. Memory is about 30 bytes a line (a 10^8-token file of about
7 million lines needs ~200 MB), whatever the length of the lines.

A size at or above the file's token count has no sample (``skipped``): the LM of the whole file is
that point of the curve, and the pipeline takes it from the main evaluation.
"""

from __future__ import annotations

import contextlib
import json
import os
from array import array
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wordgames.artifacts import atomic_dir, require
from wordgames.errors import InputError

if TYPE_CHECKING:
    import numpy as np

#: What :func:`write_samples` writes beside the samples: what each holds.
INFO_NAME = "samples.json"
#: Sizes one sampling writes at most (a line's smallest sample is kept in one byte).
MAX_SIZES = 254


@dataclass(frozen=True)
class Sample:
    """One size of a sampling: ``target`` tokens asked for, ``tokens`` and ``lines`` written
    (0 and 0 when ``skipped``: the source holds no more than ``target`` tokens)."""

    target: int
    tokens: int
    lines: int
    skipped: bool


def sample_name(target: int) -> str:
    """File name of the sample of ``target`` tokens in the folder :func:`write_samples` writes."""
    return f"{int(target)}.txt"


def line_lengths(source: str | os.PathLike) -> array:
    """Tokens of every line of a token file (first pass), as a compact unsigned array."""
    lengths = array("I")
    with open(require(source, "build the collection's tokens first"), "rb") as fh:
        for line in fh:
            lengths.append(len(line.split()))
    return lengths


def choose(
    lengths: Sequence[int], targets: Sequence[int], seed: int
) -> tuple[list[Sample], np.ndarray]:
    """Which lines each sample takes: the samples and, per line, the index (in ``targets``) of the
    smallest sample holding it (``len(targets)``: none). Lines are drawn in one random order of the
    non-empty lines (``numpy.random.default_rng(seed)``); the sample of N is the prefix of that
    order whose tokens come closest to N from the first prefix reaching it."""
    import numpy as np

    if seed < 0:
        raise InputError(f"the sampling seed must be 0 or more, got {seed}")
    bad = [t for t in targets if int(t) < 1]
    if bad:
        raise InputError(f"sample sizes must be at least 1 token, got {bad[0]}")
    if len(targets) > MAX_SIZES:
        raise InputError(f"at most {MAX_SIZES} sample sizes at once, got {len(targets)}")
    counts = np.asarray(lengths, dtype=np.uint32)
    order = np.flatnonzero(counts)
    if len(order) < 2**31:
        order = order.astype(np.int32)  # half the memory of a line's place
    np.random.default_rng(seed).shuffle(order)
    reached = np.cumsum(counts[order], dtype=np.int64)
    total = int(reached[-1]) if len(reached) else 0
    level = np.full(len(counts), len(targets), dtype=np.uint8)
    samples: list[Sample | None] = [None] * len(targets)
    # the largest first, so a line's level ends as the smallest sample that holds it
    for i in sorted(range(len(targets)), key=lambda i: -int(targets[i])):
        target = int(targets[i])
        if target >= total:
            samples[i] = Sample(target, 0, 0, skipped=True)
            continue
        k = int(np.searchsorted(reached, target)) + 1  # lines of the first prefix reaching it
        if k > 1 and target - int(reached[k - 2]) < int(reached[k - 1]) - target:
            k -= 1
        level[order[:k]] = i
        samples[i] = Sample(target, int(reached[k - 1]), k, skipped=False)
    return [s for s in samples if s is not None], level


def write_samples(
    source: str | os.PathLike, out_dir: str | os.PathLike, targets: Sequence[int], seed: int = 0
) -> list[Sample]:
    """Write a sample of each size in ``targets`` (``<N>.txt``, :func:`sample_name`) and
    ``samples.json`` (the source's tokens and lines, the seed, every sample's ``Sample`` fields) into
    ``out_dir``, which is replaced as a whole (atomically). Skipped sizes have no file."""
    source = Path(source)
    targets = [int(t) for t in targets]
    if len(set(targets)) != len(targets):
        raise InputError(f"sample sizes repeat: {targets}")
    lengths = line_lengths(source)
    if not any(lengths):
        raise InputError(f"{source}: the token file has no tokens")
    samples, level = choose(lengths, targets, seed)
    kept = [(i, s) for i, s in enumerate(samples) if not s.skipped]
    with atomic_dir(out_dir) as tmp, contextlib.ExitStack() as files:
        handles = {i: files.enter_context(open(tmp / sample_name(s.target), "wb")) for i, s in kept}
        # samples nest: a line whose smallest sample is j is in every sample at least as large
        into = [
            [out for i, out in handles.items() if targets[i] >= targets[j]]
            for j in range(len(targets))
        ]
        levels = memoryview(level)  # Python ints, fast to index line by line
        with open(source, "rb") as fh:
            for lineno, line in enumerate(fh):
                j = levels[lineno]
                if j == len(targets):
                    continue
                if not line.endswith(b"\n"):  # the last line of a file without a final newline
                    line += b"\n"
                for out in into[j]:
                    out.write(line)
        files.close()  # every sample complete before the folder moves in
        info = {
            "source": str(source),
            "source_tokens": int(sum(lengths)),
            "source_lines": len(lengths),
            "seed": seed,
            "samples": [asdict(s) for s in samples],
        }
        (tmp / INFO_NAME).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return samples


def read_info(path: str | os.PathLike) -> dict:
    """The ``samples.json`` of a sampling (one-line error when it is not one)."""
    path = require(path, "run the lm-sample stage first")
    try:
        info = json.loads(Path(path).read_text(encoding="utf-8"))
        info["samples"] = [Sample(**s) for s in info["samples"]]
        int(info["source_tokens"])
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InputError(
            f"{path}: not a samples.json of wordgames build lm-sample ({exc})"
        ) from None
    return info
