"""A feed-forward neural character model of words, and its mixture with the Kneser-Ney model.

The network reads the ``context`` symbols before a position (letters and the word boundary, the
start padded with boundaries as in :mod:`.charmodel`), embeds each, and predicts the next symbol
through two ReLU layers (the second with a skip connection) and a softmax: Bengio et al.'s
neural probabilistic language model at the character level, in numpy (float32, Adam, a cosine
learning-rate schedule). Kneser-Ney backs off to shorter contexts when a 7-gram is rare; the
network shares strength between similar contexts instead, and the per-position mixture of the
two predicts validation words better than either.

:class:`MixedCharModel` is a :class:`~.charmodel.CharModel` whose full order scores
``w * P_kn + (1 - w) * P_net`` at every position; its lower (dense) orders, which the forward
pass over a board uses, stay Kneser-Ney. The network's context is at most ``order - 1`` symbols,
so a position's score depends only on the symbols an order-``order`` window sees, which is what
the enumeration of a board's fillings relies on to leave out the positions shared by all.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from wordgames.errors import InputError
from wordgames.hangman.words.charmodel import BOUNDARY, SYMBOLS, CharModel, encode, read_npz

CACHE = 2_000_000  # network rows kept by a mixture: 216 MB at most
PARAMS = ("emb", "W1", "b1", "W2", "b2", "W3", "b3")


@dataclass(frozen=True)
class NeuralCharModel:
    context: int
    params: dict[str, np.ndarray]

    def probs(self, windows: np.ndarray) -> np.ndarray:
        """P(next symbol | window) for each row of ``windows`` (N x context symbols): N x 27."""
        logp = _forward(self.params, windows)[-1]
        return np.exp(logp)

    def save(self, path: str | os.PathLike) -> None:
        np.savez(path, context=self.context, **self.params)

    @classmethod
    def load(cls, path: str | os.PathLike) -> NeuralCharModel:
        return read_npz(
            path,
            "neural character model",
            lambda data: cls(int(data["context"]), {k: data[k] for k in PARAMS}),
        )


def windows_and_targets(words: list[str], context: int) -> tuple[np.ndarray, np.ndarray]:
    """Every predicted position of every word (its letters and the final boundary): the
    ``context`` symbols before it and the symbol."""
    xs, ys = [], []
    for w in words:
        s = np.concatenate([np.full(context, BOUNDARY), encode(w), [BOUNDARY]])
        xs.append(s[np.arange(len(w) + 1)[:, None] + np.arange(context)])
        ys.append(s[context:])
    return np.concatenate(xs).astype(np.int32), np.concatenate(ys).astype(np.int32)


def _forward(p: dict[str, np.ndarray], windows: np.ndarray):
    x = p["emb"][windows].reshape(len(windows), -1)
    h1 = np.maximum(x @ p["W1"] + p["b1"], 0)
    a2 = h1 @ p["W2"] + p["b2"]
    h2 = np.maximum(a2, 0) + h1
    z = h2 @ p["W3"] + p["b3"]
    z -= z.max(axis=1, keepdims=True)
    return x, h1, a2, h2, z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def _loss_and_grad(p, windows, targets):
    x, h1, a2, h2, logp = _forward(p, windows)
    n, rows = len(windows), np.arange(len(windows))
    dz = np.exp(logp)
    dz[rows, targets] -= 1
    dz /= n
    g = {"W3": h2.T @ dz, "b3": dz.sum(0)}
    dh2 = dz @ p["W3"].T
    da2 = dh2 * (a2 > 0)
    g["W2"], g["b2"] = h1.T @ da2, da2.sum(0)
    da1 = (da2 @ p["W2"].T + dh2) * (h1 > 0)
    g["W1"], g["b1"] = x.T @ da1, da1.sum(0)
    dx = da1 @ p["W1"].T
    g["emb"] = np.zeros_like(p["emb"])
    np.add.at(g["emb"], windows.reshape(-1), dx.reshape(-1, p["emb"].shape[1]))
    return float(-logp[rows, targets].mean()), g


def log_loss(model: NeuralCharModel, words: list[str]) -> float:
    """Mean negative log-likelihood per predicted symbol (nats) of ``words``."""
    x, y = windows_and_targets(words, model.context)
    return float(-np.log(model.probs(x)[np.arange(len(y)), y]).mean())


def fit_neural(
    words: list[str],
    context: int,
    hidden: int,
    epochs: int,
    *,
    embedding: int = 24,
    batch: int = 512,
    rate: float = 2e-3,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> NeuralCharModel:
    """Train the network on every position of ``words`` by Adam on the cross-entropy, the
    learning rate falling from ``rate`` to 0 on a cosine over all steps."""
    if context < 1 or hidden < 1 or epochs < 1 or embedding < 1 or batch < 1:
        raise InputError(
            "neural character model: context, hidden, epochs, embedding and batch must be "
            f"at least 1 (got {context}, {hidden}, {epochs}, {embedding}, {batch})"
        )
    if not words:
        raise InputError("no words to train the neural character model on")
    x, y = windows_and_targets(words, context)
    rng = np.random.default_rng(seed)
    f32 = np.float32

    def init(shape, scale):
        return (rng.standard_normal(shape) * scale).astype(f32)

    p = {
        "emb": init((SYMBOLS, embedding), 0.1),
        "W1": init((context * embedding, hidden), np.sqrt(2 / (context * embedding))),
        "b1": np.zeros(hidden, f32),
        "W2": init((hidden, hidden), np.sqrt(2 / hidden)),
        "b2": np.zeros(hidden, f32),
        "W3": init((hidden, SYMBOLS), np.sqrt(1 / hidden)),
        "b3": np.zeros(SYMBOLS, f32),
    }
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}
    per_epoch = max(len(y) // batch, 1)
    steps, t, start = epochs * per_epoch, 0, time.perf_counter()
    for epoch in range(epochs):
        order, losses = rng.permutation(len(y)), []
        for i in range(per_epoch):
            b = order[i * batch : (i + 1) * batch]
            loss, g = _loss_and_grad(p, x[b], y[b])
            losses.append(loss)
            t += 1
            lr = rate * 0.5 * (1 + np.cos(np.pi * t / steps))
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                step = lr * (m[k] / (1 - 0.9**t)) / (np.sqrt(v[k] / (1 - 0.999**t)) + 1e-8)
                p[k] -= step.astype(f32)
        if progress:
            progress(
                f"epoch {epoch + 1}/{epochs}: training loss {np.mean(losses):.4f} nats/symbol, "
                f"{time.perf_counter() - start:.0f} s"
            )
    return NeuralCharModel(context, p)


@dataclass(frozen=True)
class MixedCharModel(CharModel):
    """The Kneser-Ney model with its full order mixed with the network, per position."""

    neural: NeuralCharModel
    weight: float  # of Kneser-Ney
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.neural.context > self.order - 1:
            raise InputError(
                f"the neural model reads {self.neural.context} symbols, more than the "
                f"order-{self.order} model's {self.order - 1}: the enumeration of a board relies "
                "on windows of at most order - 1"
            )
        if not 0.0 <= self.weight <= 1.0:
            raise InputError(f"the Kneser-Ney weight must be in [0, 1], got {self.weight}")

    def position_probs(self, codes: np.ndarray, order: int, at) -> np.ndarray:
        p = super().position_probs(codes, order, at)
        if order < self.order:
            return p
        m, length = codes.shape
        c = self.neural.context
        seq = np.concatenate([np.full((m, c), BOUNDARY), codes, np.full((m, 1), BOUNDARY)], axis=1)
        positions = list(range(length + 1) if at is None else at)
        if not positions:
            return p
        wins = np.stack([seq[:, t : t + c] for t in positions], axis=1)  # m x P x c
        nxt = np.stack([seq[:, t + c] for t in positions], axis=1)
        # fillings of a board share most windows: run the network once per distinct one
        keys = wins.reshape(-1, c) @ (SYMBOLS ** np.arange(c, dtype=np.int64))
        uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        q = self._cached_probs(uniq, wins.reshape(-1, c)[first])
        net = q[inverse.reshape(-1), nxt.reshape(-1)].reshape(m, len(positions))
        return self.weight * p + (1 - self.weight) * net

    def _cached_probs(self, keys: np.ndarray, windows: np.ndarray) -> np.ndarray:
        """The network's rows for sorted distinct window ``keys``: the decisions of a game see
        the same windows again and again, so rows are kept (up to ``CACHE`` of them). Rows are
        appended to one buffer and only the sorted keys and their slots are re-laid per call, so
        a call costs what its own keys cost, not a copy of every row held."""
        if len(keys) > CACHE:
            return self.neural.probs(windows)
        c = self._cache
        if "keys" not in c or c["used"] + len(keys) > CACHE:
            c.update(
                keys=np.zeros(0, dtype=np.int64),
                slots=np.zeros(0, dtype=np.int64),
                rows=np.empty((CACHE, SYMBOLS), dtype=np.float32),
                used=0,
            )
        held = c["keys"]
        i = np.searchsorted(held, keys)
        hit = i < len(held)
        hit[hit] = held[i[hit]] == keys[hit]
        out = np.empty((len(keys), SYMBOLS), dtype=np.float32)
        out[hit] = c["rows"][c["slots"][i[hit]]]
        if not hit.all():
            new = self.neural.probs(windows[~hit])
            out[~hit] = new
            used = c["used"]
            c["rows"][used : used + len(new)] = new
            c["keys"] = np.insert(held, i[~hit], keys[~hit])
            c["slots"] = np.insert(c["slots"], i[~hit], np.arange(used, used + len(new)))
            c["used"] = used + len(new)
        return out

    def kneser_ney(self) -> CharModel:
        return CharModel(self.order, self.orders, self.tables)

    def _extra(self) -> dict[str, np.ndarray]:
        net = {f"net_{k}": v for k, v in self.neural.params.items()}
        return {"net_context": self.neural.context, "net_weight": self.weight, **net}


def mixed(model: CharModel, neural: NeuralCharModel, weight: float) -> MixedCharModel:
    return MixedCharModel(model.order, model.orders, model.tables, neural, weight)


def load_model(path: str | os.PathLike) -> CharModel:
    """A saved character model: the mixture when the file also holds a network (``net_*``
    arrays beside the n-gram ones, as :meth:`MixedCharModel.save` writes), else Kneser-Ney."""
    model = CharModel.load(path)
    with np.load(path) as data:
        if "net_context" not in data:
            return model
        try:
            net = NeuralCharModel(int(data["net_context"]), {k: data[f"net_{k}"] for k in PARAMS})
            return mixed(model, net, float(data["net_weight"]))
        except KeyError as exc:
            raise InputError(f"{path}: its neural part lacks {exc}") from None
