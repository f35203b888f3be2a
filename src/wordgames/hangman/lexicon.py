"""The vocabulary the solvers draw candidate words from: unigram counts indexed by word length.

Built from the unigram table the ``lm`` stage writes (word, count) or from any list of (word, count).
Words are normalised like phrases (lower case, accents stripped), so only ASCII letters, digits and
inner apostrophes remain. :meth:`Lexicon.candidates` returns the words that fit a masked slot: the
revealed characters match, and hidden positions hold letters not yet guessed (a guessed letter would
have been revealed everywhere; a wrong one is nowhere).

The character model is the fallback for words outside the vocabulary (names, rare words): letter
frequencies and a letter bigram model over word types, used to score the letters of an unknown slot.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from wordgames.config import schema_default
from wordgames.errors import InputError
from wordgames.hangman.game import LETTERS, MASK, normalise

if TYPE_CHECKING:
    from wordgames.hangman.words.charmodel import CharModel

A = ord("a")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: words with fewer occurrences are not candidates, unless told otherwise: the config's default
MIN_COUNT: int = schema_default("hangman.min_count")
BOUNDARY = 26  # index of the word boundary in the bigram model
# a candidate word: ASCII letters, digits, inner apostrophes, and at least one letter
_VALID = re.compile(r"(?=[a-z0-9']*[a-z])[a-z0-9]+(?:'[a-z0-9]+)*")


@dataclass
class Candidates:
    """Words that fit one slot (most frequent first, possibly cut to a limit) and their statistics."""

    words: list[str]
    counts: np.ndarray  # float64
    letters: np.ndarray  # (n, 26) float32: 1 if the letter is at a hidden position
    total: float  # sum of counts of every word of this length
    mass: float = 0.0  # sum of counts of every fitting word (before the limit)
    n: int = 0  # number of fitting words (before the limit)
    uni_letters: np.ndarray | None = (
        None  # P(letter at a hidden position), unigram-weighted, all fits
    )

    def __len__(self) -> int:
        return len(self.words)


class _Bucket:
    __slots__ = ("words", "counts", "codes", "total", "letters")

    def __init__(self, words: list[str], counts: np.ndarray):
        order = np.argsort(-counts, kind="stable")
        self.words = [words[i] for i in order]
        self.counts = counts[order].astype(np.float64)
        self.codes = np.frombuffer("".join(self.words).encode("ascii"), dtype=np.uint8).reshape(
            len(self.words), -1
        )
        self.total = float(self.counts.sum())
        # letters[i, c] = 1 if letter c occurs in word i
        self.letters = np.zeros((len(self.words), 26), dtype=np.float32)
        idx = self.codes.astype(np.int64) - A
        rows, cols = np.nonzero((idx >= 0) & (idx < 26))
        self.letters[rows, idx[rows, cols]] = 1.0


class Lexicon:
    """Word counts by length, candidate matching and a character-level fallback model."""

    def __init__(self, counts: Iterable[tuple[str, int]], min_count: int = MIN_COUNT):
        merged: dict[str, int] = {}
        valid = _VALID.fullmatch
        for word, count in counts:
            if count < min_count:
                continue
            if not valid(word):
                word = normalise(word)
                if not word.isascii() or not valid(word):
                    continue
            merged[word] = merged.get(word, 0) + int(count)
        if not merged:
            raise InputError("the vocabulary is empty: no word with letters a-z")
        by_len: dict[int, list[str]] = {}
        for word in merged:
            by_len.setdefault(len(word), []).append(word)
        self.buckets = {
            n: _Bucket(ws, np.array([merged[w] for w in ws], dtype=np.float64))
            for n, ws in by_len.items()
        }
        self.counts = merged
        self.total = float(sum(merged.values()))
        self._char_model()
        # (order, dense order) -> Kneser-Ney character model; reweighted copies share this dict
        self._kneser_ney: dict[tuple[int, int], CharModel] = {}
        self._match = lru_cache(maxsize=4096)(self._match_uncached)

    @classmethod
    def from_parquet(cls, path: str | os.PathLike, min_count: int = MIN_COUNT) -> Lexicon:
        import pyarrow.compute as pc

        from wordgames.artifacts import read_parquet

        table = read_parquet(path, columns=["word", "count"])
        # the rare words go before the Python loop, which skips them anyway: a row's own count
        # decides, before forms merge
        table = table.filter(pc.greater_equal(table.column("count"), min_count))
        return cls(
            zip(table.column("word").to_pylist(), table.column("count").to_pylist(), strict=True),
            min_count=min_count,
        )

    def reweighted(self, factor) -> Lexicon:
        """The same words with each count times ``factor(word)`` (floats), candidates reordered
        by the new counts; the character model is this lexicon's."""
        out = object.__new__(Lexicon)
        out.__dict__.update(self.__dict__)
        out.counts = {w: c * factor(w) for w, c in self.counts.items()}
        out.buckets = {
            n: _Bucket(b.words, np.array([out.counts[w] for w in b.words], dtype=np.float64))
            for n, b in self.buckets.items()
        }
        out.total = float(sum(out.counts.values()))
        out._match = lru_cache(maxsize=4096)(out._match_uncached)
        return out

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def __len__(self) -> int:
        return len(self.counts)

    # character model -------------------------------------------------------------------------------
    def _char_model(self) -> None:
        freq = {}  # token-weighted character frequency (letters, digits, apostrophe)
        bigram = np.ones((27, 27))  # add-one smoothed letter bigrams over word types
        for n, b in self.buckets.items():
            chars, inv = np.unique(b.codes, return_inverse=True)
            weights = np.bincount(inv.ravel(), weights=np.repeat(b.counts, n), minlength=len(chars))
            for c, w in zip(chars, weights, strict=True):
                freq[chr(c)] = freq.get(chr(c), 0.0) + float(w)
            idx = b.codes.astype(np.int64) - A
            idx[(idx < 0) | (idx > 25)] = BOUNDARY
            padded = np.full((len(b.words), n + 2), BOUNDARY, dtype=np.int64)
            padded[:, 1:-1] = idx
            pairs = padded[:, :-1].ravel() * 27 + padded[:, 1:].ravel()
            bigram += np.bincount(pairs, minlength=27 * 27).reshape(27, 27)
        total = sum(freq.values())
        self.char_freq = {c: f / total for c, f in freq.items()}
        self.letter_freq = np.array([self.char_freq.get(ch, 1e-6) for ch in ALPHABET])
        self.letter_freq /= self.letter_freq.sum()
        self.bigram = bigram / bigram.sum(axis=1, keepdims=True)  # p(next | prev)

    def kneser_ney(self, order: int, dense_order: int) -> CharModel:
        """The Kneser-Ney character model of the vocabulary's word types of letters a-z (the
        posterior solver's unknown words, :mod:`wordgames.hangman.oov`), fitted on first use and
        shared by every solver of this lexicon and its reweighted copies (same words)."""
        key = (order, dense_order)
        if key not in self._kneser_ney:
            from wordgames.hangman.words.charmodel import fit_char_model

            words = [w for w in self.counts if set(w) <= LETTERS]
            self._kneser_ney[key] = fit_char_model(words, order, dense_order)
        return self._kneser_ney[key]

    def letters_by_frequency(self) -> str:
        """The 26 letters, most frequent in running text first."""
        return "".join(ALPHABET[i] for i in np.argsort(-self.letter_freq, kind="stable"))

    def char_letter_probs(self, slot: str, guessed: frozenset[str]) -> np.ndarray:
        """P(letter is at some hidden position) for a slot under the character bigram model."""
        allowed = np.array([ch not in guessed for ch in ALPHABET])
        absent = np.ones(26)
        for j, ch in enumerate(slot):
            if ch != MASK:
                continue
            p = self.letter_freq.copy()
            left = slot[j - 1] if j > 0 else None
            right = slot[j + 1] if j + 1 < len(slot) else None
            if left is None or left in LETTERS:
                p = p * 0 + self.bigram[BOUNDARY if left is None else ord(left) - A, :26]
            if right is None or right in LETTERS:
                p = p * self.bigram[:26, BOUNDARY if right is None else ord(right) - A]
            p = p * allowed
            s = p.sum()
            if s <= 0:
                continue
            absent *= 1.0 - p / s
        return 1.0 - absent

    def oov_likelihood(self, slot: str, guessed: frozenset[str]) -> float:
        """P(a random string of this length shows this slot), characters independent."""
        blocked = sum(self.char_freq.get(g, 0.0) for g in guessed)
        p = 1.0
        for ch in slot:
            p *= max(1e-9, 1.0 - blocked) if ch == MASK else self.char_freq.get(ch, 1e-6)
        return p

    # matching --------------------------------------------------------------------------------------
    def candidates(
        self, slot: str, guessed: frozenset[str], limit: int | None = None
    ) -> Candidates:
        """Words fitting ``slot`` none of whose hidden positions holds a guessed letter."""
        b = self.buckets.get(len(slot))
        if b is None:
            empty = np.zeros((0, 26), np.float32)
            return Candidates([], np.zeros(0), empty, 0.0, 0.0, 0, np.zeros(26))
        idx, mass, uni = self._match(slot, guessed)
        top = idx if limit is None else idx[:limit]
        letters = b.letters[top]
        shown = [ord(ch) - A for ch in set(slot) if ch in LETTERS]
        if shown:  # a letter shown in the slot is at no hidden position of a fitting word
            letters[:, shown] = 0.0
        return Candidates(
            [b.words[i] for i in top], b.counts[top], letters, b.total, mass, len(idx), uni
        )

    def _match_uncached(self, slot: str, guessed: frozenset[str]):
        """(indices of fitting words, their count mass, unigram P(letter at a hidden position))."""
        b = self.buckets[len(slot)]
        ok = np.ones(len(b.words), dtype=bool)
        hidden = []
        for j, ch in enumerate(slot):
            if ch == MASK:
                hidden.append(j)
            else:
                ok &= b.codes[:, j] == ord(ch)
        if hidden:
            blocked = np.zeros(256, dtype=bool)
            blocked[:A] = True
            blocked[A + 26 :] = True
            for g in guessed:
                blocked[ord(g)] = True
            ok &= ~blocked[b.codes[:, hidden]].any(axis=1)
        idx = np.flatnonzero(ok)
        mass = float(b.counts[idx].sum())
        uni = np.zeros(26)
        if mass > 0:
            weights = np.zeros(len(b.words), dtype=np.float32)
            weights[idx] = b.counts[idx] / mass
            uni = (weights @ b.letters).astype(np.float64)
            for ch in set(slot):
                if ch in LETTERS:
                    uni[ord(ch) - A] = 0.0
        return idx, mass, uni
