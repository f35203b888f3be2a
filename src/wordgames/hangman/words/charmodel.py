"""A smoothed character n-gram model of words: interpolated modified Kneser-Ney.

Symbols are the 26 letters (0-25) and a word boundary (26), which pads the start (``order - 1``
times) and ends every word, so the model knows how words begin and that they end where the board
says. Every k-gram is a base-27 integer key. Orders up to ``dense_order`` are also kept as dense
conditional tables ``P[h1, ..., h_{k-1}, x]`` (27**k floats), which the exact forward pass over a
masked word (``presence``) indexes; higher orders are sparse (sorted keys, looked up with
``searchsorted``) and score whole words (``logprob_codes``), for the enumeration of the fillings
of a board late in a game, when there are few.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wordgames.errors import InputError

BOUNDARY = 26
SYMBOLS = 27
MAX_ORDER = 9  # keys of 9 symbols fit in int64
MAX_DENSE = 5  # 27**5 floats = 115 MB


def encode(word: str) -> np.ndarray:
    return np.frombuffer(word.encode("ascii"), dtype=np.uint8).astype(np.int64) - ord("a")


def _keys(words: list[str], order: int) -> list[np.ndarray]:
    """The key of every k-gram ending at a predicted position (a letter or the final boundary),
    k = 1..order; windows reach into the start padding, never past it."""
    pad = order - 1
    # one string of every padded word, encoded at once: chr(ord("a") + BOUNDARY) encodes as the
    # boundary symbol (an array per word took seconds on 200k words)
    mark = chr(ord("a") + BOUNDARY)
    flat = encode("".join(mark * pad + w + mark for w in words))
    lengths = np.fromiter((len(w) + 1 for w in words), dtype=np.int64, count=len(words))
    spans = lengths + pad
    starts = np.cumsum(spans) - spans
    pos = np.repeat(starts + pad, lengths) + (
        np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    )
    out = []
    idx = np.zeros(len(pos), dtype=np.int64)
    for k in range(1, order + 1):
        # the k-gram ending at pos: the (k-1)-gram before it, one symbol further left
        idx = idx + flat[pos - (k - 1)] * SYMBOLS ** (k - 1)
        out.append(idx.copy())
    return out


def _discounts(counts: np.ndarray) -> tuple[float, float, float]:
    """Modified Kneser-Ney discounts (Chen and Goodman) from the count-of-counts."""
    n = [float(np.count_nonzero(counts == i)) for i in (1, 2, 3, 4)]
    if min(n) == 0:
        return 0.5, 1.0, 1.5
    y = n[0] / (n[0] + 2 * n[1])
    return 1 - 2 * y * n[1] / n[0], 2 - 3 * y * n[2] / n[1], 3 - 4 * y * n[3] / n[2]


@dataclass(frozen=True)
class Order:
    """One order k: seen k-grams (sorted keys) with their discounted part ``a = (c - D) / c(h)``,
    and seen contexts (sorted keys of k - 1 symbols) with their backoff weight ``gamma``."""

    keys: np.ndarray
    a: np.ndarray
    contexts: np.ndarray
    gamma: np.ndarray


@dataclass(frozen=True)
class CharModel:
    order: int
    orders: tuple[Order, ...]  # orders[k - 1] is order k
    tables: tuple[np.ndarray, ...]  # dense conditional tables of orders 1..dense_order

    @property
    def dense_order(self) -> int:
        return len(self.tables)

    def table(self, order: int) -> np.ndarray:
        return self.tables[min(order, self.dense_order) - 1]

    def conditional(self, grams: np.ndarray, order: int) -> np.ndarray:
        """P(x | h) for k-gram keys (h, x) of ``order`` symbols (any shape)."""
        d = min(order, self.dense_order)
        p = self.tables[d - 1].reshape(-1)[grams % SYMBOLS**d]
        for k in range(d + 1, order + 1):
            o = self.orders[k - 1]
            g = grams % SYMBOLS**k
            h = g // SYMBOLS
            i = np.minimum(np.searchsorted(o.contexts, h), len(o.contexts) - 1)
            seen_h = o.contexts[i] == h
            j = np.minimum(np.searchsorted(o.keys, g), len(o.keys) - 1)
            a = np.where(o.keys[j] == g, o.a[j], 0.0)
            p = np.where(seen_h, a + o.gamma[i] * p, p)
        return p

    def logprob_codes(self, codes: np.ndarray, order: int | None = None, at=None) -> np.ndarray:
        """log P(word, then the boundary) of each row of ``codes`` (M x L letter codes, one
        length), summed over the predicted positions ``at`` (all L + 1 unless given)."""
        n = min(order or self.order, self.order)
        return np.log(self.position_probs(codes, n, at)).sum(axis=1)

    def position_probs(self, codes: np.ndarray, order: int, at) -> np.ndarray:
        """P(symbol | its order-``order`` window) at each predicted position ``at`` (all
        L + 1 if None) of each row of ``codes``: M x positions."""
        m, length = codes.shape
        seq = np.concatenate(
            [np.full((m, order - 1), BOUNDARY), codes, np.full((m, 1), BOUNDARY)], axis=1
        )
        positions = list(range(length + 1) if at is None else at)
        out = np.ones((m, len(positions)))
        for col, t in enumerate(positions):
            key = np.zeros(m, dtype=np.int64)
            for j in range(order):
                key = key * SYMBOLS + seq[:, t + j]
            out[:, col] = self.conditional(key, order)
        return out

    def logprob(self, word: str, order: int | None = None) -> float:
        return float(self.logprob_codes(encode(word)[None, :], order)[0])

    def kneser_ney(self) -> CharModel:
        """The Kneser-Ney model alone (a mixture's network left out)."""
        return self

    def save(self, path: str | os.PathLike) -> None:
        arrays = {}
        for k, o in enumerate(self.orders, 1):
            for name in ("keys", "a", "contexts", "gamma"):
                arrays[f"{name}{k}"] = getattr(o, name)
        np.savez(path, order=self.order, dense_order=self.dense_order, **arrays, **self._extra())

    def _extra(self) -> dict[str, np.ndarray]:
        return {}

    @classmethod
    def load(cls, path: str | os.PathLike) -> CharModel:
        def build(data):
            order, dense = int(data["order"]), int(data["dense_order"])
            orders = tuple(
                Order(*(data[f"{name}{k}"] for name in ("keys", "a", "contexts", "gamma")))
                for k in range(1, order + 1)
            )
            return order, orders, dense

        order, orders, dense = read_npz(path, "character model", build)
        return cls(order, orders, _dense_tables(orders, dense))


def read_npz(path: str | os.PathLike, what: str, build):
    """``build(arrays)`` of a saved .npz; a missing or malformed file is one InputError."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{what} not found: {path}")
    try:
        with np.load(path) as data:
            return build(data)
    except (OSError, KeyError, ValueError) as exc:
        raise InputError(f"{path}: not a {what} ({exc})") from None


def dense_tables(model: CharModel, dense: int) -> CharModel:
    """The same model with dense tables up to order ``dense`` (its sparse orders are shared)."""
    if not 1 <= dense <= min(model.order, MAX_DENSE):
        raise InputError(f"dense order must be in [1, {min(model.order, MAX_DENSE)}], got {dense}")
    return dataclasses.replace(model, tables=_dense_tables(model.orders, dense))


def _dense_tables(orders: tuple[Order, ...], dense: int) -> tuple[np.ndarray, ...]:
    tables = []
    lower = np.full(SYMBOLS, 1.0 / SYMBOLS)
    for k in range(1, dense + 1):
        o = orders[k - 1]
        a = np.zeros(SYMBOLS**k)
        a[o.keys] = o.a
        gamma = np.zeros(SYMBOLS ** (k - 1))
        seen = np.zeros(SYMBOLS ** (k - 1), dtype=bool)
        gamma[o.contexts] = o.gamma
        seen[o.contexts] = True
        shape = (SYMBOLS,) * k
        below = np.broadcast_to(lower, shape)
        p = np.where(
            seen.reshape(shape[:-1] + (1,)),
            a.reshape(shape) + gamma.reshape(shape[:-1] + (1,)) * below,
            below,
        )
        tables.append(np.ascontiguousarray(p))
        lower = p
    return tuple(tables)


def fit_char_model(words: list[str], order: int, dense_order: int = 4) -> CharModel:
    """Interpolated modified Kneser-Ney over ``words``; the lowest order interpolates with uniform.

    Lower orders use continuation counts (how many distinct symbols precede the k-gram), except
    k-grams that begin at the start padding: nothing but padding can precede them, so their raw
    counts stand (as KenLM does for ``<s>``)."""
    if not 1 <= order <= MAX_ORDER:
        raise InputError(f"character n-gram order must be in [1, {MAX_ORDER}], got {order}")
    if not 1 <= dense_order <= min(order, MAX_DENSE):
        raise InputError(f"dense order must be in [1, {min(order, MAX_DENSE)}], got {dense_order}")
    if not words:
        raise InputError("no words to train the character model on")
    raw = [np.unique(k, return_counts=True) for k in _keys(words, order)]
    orders = []
    for k in range(1, order + 1):
        keys, counts = raw[k - 1]
        counts = counts.astype(float)
        if k < order:
            # distinct left extensions: the (k+1)-grams' keys without their first symbol
            longer = raw[k][0] % SYMBOLS**k
            ext_keys, ext = np.unique(longer, return_counts=True)
            assert np.array_equal(ext_keys, keys)
            starts_padding = keys // SYMBOLS ** (k - 1) == BOUNDARY
            counts = np.where(starts_padding & (k > 1), counts, ext.astype(float))
        d1, d2, d3 = _discounts(counts)
        disc = np.where(counts >= 3, d3, np.where(counts == 2, d2, d1))
        ctx = keys // SYMBOLS
        contexts, inverse = np.unique(ctx, return_inverse=True)
        total = np.bincount(inverse, weights=counts)
        mass = np.bincount(inverse, weights=disc)
        orders.append(Order(keys, (counts - disc) / total[inverse], contexts, mass / total))
    orders = tuple(orders)
    return CharModel(order, orders, _dense_tables(orders, dense_order))
