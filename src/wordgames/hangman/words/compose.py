"""A dictionary model of derived words: a training word plus an affix seen in training.

Held-out words of a random split are often inflections and compounds of training words
(``aguish`` -> ``aguishness``), which a character model ranks no higher than any string of the
same letters. This model puts mass only on such words: ``P(w) = 1/2 sum_i [w[:i] in T] q_suf(w[i:])
/ |T| + 1/2 sum_i [w[i:] in T] q_pre(w[:i]) / |T|``, where ``q_suf`` is the distribution of the
endings that turn a training word into another training word (``s``, ``ness``, ``ly``, ...) and
``q_pre`` that of the beginnings (``un``, ``re``, ``over``, ...). For a board the mass of the
fitting derivations without letter c factorises over the split point: the stem and the affix each
fit their part of the board, and c must be absent from both, so ``Z_c = sum_i A_i(c) S_i(c)``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from wordgames.hangman.game import MASK
from wordgames.hangman.words.charmodel import encode

MIN_STEM = 3


class _Bucketed:
    """Strings by length: letter codes, weights, and a string x letter presence matrix."""

    def __init__(self, weights: dict[str, float]):
        by_len: dict[int, list[str]] = {}
        for s in weights:
            by_len.setdefault(len(s), []).append(s)
        self.codes = {n: np.stack([encode(s) for s in ss]) for n, ss in by_len.items()}
        self.weights = {n: np.array([weights[s] for s in ss]) for n, ss in by_len.items()}
        self.has = {n: (c[:, :, None] == np.arange(26)).any(axis=1) for n, c in self.codes.items()}

    def absent_mass(self, part: str, banned: np.ndarray) -> np.ndarray | None:
        """27 numbers: the weight of the strings fitting ``part``, without each letter (0-25),
        and in all (26); None when none fits."""
        codes = self.codes.get(len(part))
        if codes is None:
            return None
        ok = np.ones(len(codes), dtype=bool)
        for i, ch in enumerate(part):
            ok &= ~banned[codes[:, i]] if ch == MASK else codes[:, i] == ord(ch) - ord("a")
        if not ok.any():
            return None
        w = self.weights[len(part)][ok]
        return np.append(w @ ~self.has[len(part)][ok], w.sum())


class Derivations:
    def __init__(self, words: list[str]):
        vocab = set(words)
        suffixes, prefixes = Counter(), Counter()
        for w in words:
            for i in range(MIN_STEM, len(w)):
                if w[:i] in vocab:
                    suffixes[w[i:]] += 1
                if len(w) - i >= MIN_STEM and w[len(w) - i :] in vocab:
                    prefixes[w[: len(w) - i]] += 1
        n = len(vocab)
        stem = {w: 1.0 / n for w in vocab}
        total_s, total_p = sum(suffixes.values()) or 1, sum(prefixes.values()) or 1
        self.stems = _Bucketed(stem)
        self.suffixes = _Bucketed({s: c / total_s for s, c in suffixes.items()})
        self.prefixes = _Bucketed({p: c / total_p for p, c in prefixes.items()})

    def absent_mass(self, masked: str, guessed: frozenset[str]) -> np.ndarray:
        """27 numbers: the model's mass of the words fitting the board without each letter
        (0-25), and in all (26)."""
        banned = np.zeros(27, dtype=bool)
        banned[[ord(c) - ord("a") for c in guessed]] = True
        out = np.zeros(27)
        for i in range(1, len(masked)):
            head, tail = masked[:i], masked[i:]
            for first, second in ((self.stems, self.suffixes), (self.prefixes, self.stems)):
                a = first.absent_mass(head, banned)
                if a is None:
                    continue
                b = second.absent_mass(tail, banned)
                if b is not None:
                    out += 0.5 * a * b
        return out
