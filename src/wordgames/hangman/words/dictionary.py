"""The word list: read and validate it, split it once into training, validation and test words.

The split is by a keyed hash of each word (BLAKE2b of ``"<seed>:<word>"``), not by a random number
generator: the same words land in the same part on any machine and Python or numpy version, and
the order of the lines in the file does not matter.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from wordgames.errors import InputError
from wordgames.textfiles import read_text

_WORD = re.compile(r"[a-z]+")


def read_words(path: str | os.PathLike) -> list[str]:
    """The words of a dictionary file: one lower-case a-z word a line, no duplicates."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"word list not found: {path}")
    words: list[str] = []
    seen: set[str] = set()
    for lineno, line in enumerate(read_text(path).splitlines(), 1):
        if not _WORD.fullmatch(line):
            raise InputError(f"{path} line {lineno}: {line!r} is not one lower-case word a-z")
        if line in seen:
            raise InputError(f"{path} line {lineno}: {line!r} is a duplicate")
        seen.add(line)
        words.append(line)
    if not words:
        raise InputError(f"{path}: no words")
    return words


def words_md5(words: list[str]) -> str:
    """md5 of the words as a file writes them: sorted, one a line, LF, final newline."""
    return hashlib.md5("".join(w + "\n" for w in sorted(words)).encode()).hexdigest()


def _hash_order(words: list[str], seed: int) -> list[str]:
    def key(w: str) -> bytes:
        return hashlib.blake2b(f"{seed}:{w}".encode(), digest_size=16).digest()

    return sorted(words, key=key)


@dataclass(frozen=True)
class Split:
    """The parts of a word list: ``train`` (every training word, validation ones included),
    ``test`` (held out), ``validation`` (carved from ``train``, for every choice of the solvers),
    ``inner`` (``train`` without ``validation``: what a solver scored on validation trains on)."""

    train: list[str]
    test: list[str]
    validation: list[str]
    inner: list[str]
    seed: int

    def sizes(self) -> dict[str, int]:
        return {k: len(getattr(self, k)) for k in ("train", "test", "validation", "inner")}

    def md5s(self) -> dict[str, str]:
        return {k: words_md5(getattr(self, k)) for k in ("train", "test", "validation", "inner")}


def split_words(words: list[str], seed: int, test_fraction: float, validation: int) -> Split:
    """Test words: the first ``round(test_fraction * n)`` in the seed's hash order; validation: the
    first ``validation`` training words in the order of ``seed + 1`` (its own seed). Both lists
    keep that order (a prefix is a random sample); training words are sorted."""
    if len(set(words)) != len(words):
        raise InputError("the word list has duplicates")
    if not 0 < test_fraction < 1:
        raise InputError(f"test_fraction must be in (0, 1), got {test_fraction}")
    n_test = round(test_fraction * len(words))
    order = _hash_order(words, seed)
    # test and validation words stay in hash order: any prefix of them is a random sample
    test, train = order[:n_test], sorted(order[n_test:])
    if not test or not train:
        raise InputError(
            f"{len(words)} words are too few to split with test_fraction {test_fraction}"
        )
    if not 0 <= validation < len(train):
        raise InputError(f"validation must be in [0, {len(train)}), got {validation}")
    validation_words = _hash_order(train, seed + 1)[:validation]
    carved = set(validation_words)
    return Split(
        train=train,
        test=test,
        validation=validation_words,
        inner=[w for w in train if w not in carved],
        seed=seed,
    )


def check_word(text: str) -> str:
    """A word to play: lower-cased; anything but letters a-z is refused in one line."""
    word = text.strip().lower()
    if not _WORD.fullmatch(word):
        raise InputError(f"{text!r} is not one word of letters a-z")
    return word
