"""The exact probability that each letter is in a masked word, under a character n-gram model.

A board restricts every filling of the word: a revealed position holds its letter, a hidden one
any letter not guessed yet (a guessed letter shows all its occurrences; a wrong one has none). The
posterior that letter c is absent is the mass of the fillings without c over the mass of all:
``P(c absent | board) = Z(c removed from the hidden alphabet) / Z``. Each Z is a forward pass over
the positions whose state is the last ``order - 1`` symbols, restricted to what the board allows
there (a revealed position is one symbol wide), so it is exact; the passes for every open letter
run as one batch of matrix products.
"""

from __future__ import annotations

import math

import numpy as np

from wordgames.config import schema_default
from wordgames.errors import InputError
from wordgames.hangman.game import LETTERS, MASK
from wordgames.hangman.words.charmodel import BOUNDARY, CharModel

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
BUDGET: int = schema_default("hangman.words.budget")
ENUMERATE: int = schema_default("hangman.words.enumerate")


def _positions(
    slot: str, guessed: frozenset[str]
) -> tuple[list[np.ndarray], list[bool], list[int]]:
    if not slot or any(ch != MASK and ch not in LETTERS for ch in slot):
        raise InputError(f"a word slot is letters a-z and '{MASK}', got {slot!r}")
    shown = {ch for ch in slot if ch != MASK}
    open_ = [i for i, ch in enumerate(_ALPHABET) if ch not in guessed and ch not in shown]
    sets, hidden = [], []
    for ch in slot:
        if ch == MASK:
            sets.append(np.array(open_, dtype=np.intp))
            hidden.append(True)
        else:
            sets.append(np.array([ord(ch) - ord("a")], dtype=np.intp))
            hidden.append(False)
    return sets, hidden, open_


def forward_cost(slot: str, guessed: frozenset[str], order: int) -> int:
    """Multiply-adds of one batched forward pass (what ``presence_order`` budgets)."""
    sets, _, open_ = _positions(slot, guessed)
    widths = [1] * (order - 1) + [len(s) for s in sets] + [1]
    k = len(open_) + 1
    return sum(k * math.prod(widths[t - order + 1 : t + 1]) for t in range(order - 1, len(widths)))


def presence_order(model: CharModel, slot: str, guessed: frozenset[str], budget: int) -> int:
    """The highest dense order of ``model`` (at least 2) whose forward pass costs at most
    ``budget``."""
    for order in range(model.dense_order, 2, -1):
        if forward_cost(slot, guessed, order) <= budget:
            return order
    return min(2, model.dense_order)


def fillings(slot: str, guessed: frozenset[str]) -> int:
    """How many words fit the board: the open letters to the power of the hidden positions."""
    _, hidden, open_ = _positions(slot, guessed)
    return len(open_) ** sum(hidden)


def enumerated_fillings(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    order: int | None = None,
    power: float = 1.0,
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Every filling of the board (F x length letter codes), its log weight ``power`` * log P
    at ``order`` (default the model's full order) up to a constant shared by all fillings (the
    positions whose window holds no hidden letter are left out), and the hidden positions."""
    n = min(order or model.order, model.order)
    sets, hidden, open_ = _positions(slot, guessed)
    where = [i for i, h in enumerate(hidden) if h]
    grid = np.array(open_, dtype=np.intp)[
        np.indices((len(open_),) * len(where)).reshape(len(where), -1).T
    ]
    codes = np.tile(np.concatenate([s[:1] for s in sets]), (len(grid), 1))
    codes[:, where] = grid
    return codes, power * model.logprob_codes(codes, n, _windows(len(slot), where, n)), where


def _windows(length: int, where: list[int], n: int) -> list[int]:
    """The predicted positions (0..length, the last the boundary) whose order-n window holds a
    hidden position: the others score the same in every filling."""
    return [t for t in range(length + 1) if any(t - n < i <= t for i in where)]


def enumerated_presence(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    order: int | None = None,
    power: float = 1.0,
) -> tuple[np.ndarray, float]:
    """What ``presence_and_logz`` gives, by scoring every filling of the board (at any order of
    the model, sparse ones included): exact, and cheap when few letters are hidden."""
    n = min(order or model.order, model.order)
    _, _, open_ = _positions(slot, guessed)
    codes, logp, where = enumerated_fillings(model, slot, guessed, n, power)
    out = np.zeros(26)
    if not where:
        return out, power * float(model.logprob_codes(codes, n)[0])
    shared = sorted(set(range(len(slot) + 1)) - set(_windows(len(slot), where, n)))
    rest = power * model.logprob_codes(codes[:1], n, shared)
    top = logp.max()
    w = np.exp(logp - top)
    z = w.sum()
    has = (codes[:, where][:, :, None] == np.array(open_)).any(axis=1)
    out[open_] = (w @ has) / z
    return out, float(top + np.log(z) + rest[0])


def presence_and_logz(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    order: int | None = None,
    power: float = 1.0,
) -> tuple[np.ndarray, float]:
    """26 probabilities that each letter is at some hidden position (0 for a guessed or shown
    letter), and log Z, the model's probability of the board (a word of this length that fits).

    ``power``: every filling weighs P(word) ** power (above 1 sharpens the posterior towards the
    likeliest words); Z is then the sum of those weights."""
    n = min(order or model.dense_order, model.dense_order)
    if n < 2:
        raise InputError(f"the forward pass needs order 2 or more, got {n}")
    sets, hidden, open_ = _positions(slot, guessed)
    table = model.table(n)
    boundary = np.array([BOUNDARY], dtype=np.intp)
    seq = [boundary] * (n - 1) + sets + [boundary]
    is_hidden = [False] * (n - 1) + hidden + [False]
    k = len(open_) + 1
    # batch 0 allows every open letter, batch j + 1 removes open_[j]
    alpha = np.ones((k,) + (1,) * (n - 1))
    logz = np.zeros(k)
    for t in range(n - 1, len(seq)):
        block = table[np.ix_(*seq[t - n + 1 : t + 1])]
        if power != 1.0:
            block = block**power
        a1, d = alpha.shape[1], len(seq[t])
        rest = alpha.shape[2:]
        r = math.prod(rest)
        new = np.matmul(
            alpha.reshape(k, a1, r).transpose(2, 0, 1), block.reshape(a1, r, d).transpose(1, 0, 2)
        ).transpose(1, 0, 2)
        if is_hidden[t]:
            keep = np.ones((k, d))
            keep[np.arange(1, k), np.arange(k - 1)] = 0.0  # seq[t] is the open letters, in order
            new = new * keep[:, None, :]
        alpha = new.reshape((k,) + rest + (d,))
        scale = alpha.reshape(k, -1).sum(axis=1)
        scale = np.maximum(scale, np.finfo(float).tiny)
        alpha = alpha / scale.reshape((k,) + (1,) * (alpha.ndim - 1))
        logz += np.log(scale)
    out = np.zeros(26)
    if k > 1:
        absent = np.exp(np.minimum(logz[1:] - logz[0], 0.0))
        out[open_] = 1.0 - absent
    return out, float(logz[0])


def length_logprobs(model: CharModel, max_length: int, order: int | None = None) -> np.ndarray:
    """log P(a word has L letters) for L = 0..``max_length`` (entry 0 is -inf) under the model at
    ``order`` (default its highest dense order), in one forward pass: the normaliser that turns a
    board's Z into P(board | the word's length)."""
    n = min(order or model.dense_order, model.dense_order)
    if n < 2 or max_length < 1:
        raise InputError(
            f"length_logprobs needs order >= 2 and a length >= 1, got {n}, {max_length}"
        )
    table = model.table(n)
    letters = np.arange(26, dtype=np.intp)
    boundary = np.array([BOUNDARY], dtype=np.intp)
    seq = [boundary] * (n - 1) + [letters] * max_length
    out = np.full(max_length + 1, -np.inf)
    alpha = np.ones((1,) * (n - 1))
    log_scale = 0.0
    for t in range(n - 1, len(seq)):
        alpha = (alpha[..., None] * table[np.ix_(*seq[t - n + 1 : t + 1])]).sum(axis=0)
        scale = max(float(alpha.sum()), np.finfo(float).tiny)
        alpha = alpha / scale
        log_scale += math.log(scale)
        end = (alpha[..., None] * table[np.ix_(*seq[t - n + 2 : t + 1], boundary)]).sum()
        out[t - n + 2] = log_scale + math.log(max(float(end), np.finfo(float).tiny))
    return out


def posterior(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    budget: int,
    enumerate: int,
    samples: int = 0,
    trust: float = 50.0,
    power: float = 1.0,
) -> tuple[np.ndarray, float, int]:
    """The presence posterior of a board the cheapest exact way there is: every filling scored at
    the model's full order when there are at most ``enumerate``, else the forward pass at the
    highest dense order within ``budget`` multiply-adds (with ``samples`` > 0 blended with the
    full order's importance-sampling estimate, weighted ess / (ess + trust)). Also log Z and the
    order that Z is under."""
    if model.order > model.dense_order and fillings(slot, guessed) <= enumerate:
        p, logz = enumerated_presence(model, slot, guessed, power=power)
        return p, logz, model.order
    order = presence_order(model, slot, guessed, budget)
    p, logz = presence_and_logz(model, slot, guessed, order, power)
    if samples and model.order > order:
        q, ess = sampled_presence(model, slot, guessed, order, samples)
        lam = ess / (ess + trust)
        p = lam * q + (1 - lam) * p
    return p, logz, order


def letter_presence(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    budget: int = BUDGET,
    enumerate: int = ENUMERATE,
) -> np.ndarray:
    """26 probabilities (a..z) that each letter is at some hidden position of ``slot`` (a word
    slot of letters and ``_``), given the letters ``guessed``; 0 for guessed and shown letters.

    For the phrase solver's out-of-vocabulary slots: the posterior the single-word solver starts
    from (:func:`posterior`, with the config's ``hangman.words`` budget and enumeration limit)."""
    return posterior(model, slot, frozenset(guessed), budget, enumerate)[0]


def sample_fillings(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    order: int,
    m: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """``m`` fillings of the board (m x length letter codes) drawn exactly from the order-``order``
    dense model's posterior: a forward pass, then sampling backwards from its last state."""
    sets, _, _ = _positions(slot, guessed)
    n = order
    table = model.table(n)
    boundary = np.array([BOUNDARY], dtype=np.intp)
    seq = [boundary] * (n - 1) + sets + [boundary]
    alpha = np.ones((1,) * (n - 1))
    alphas, blocks = {}, {}
    for t in range(n - 1, len(seq)):
        block = table[np.ix_(*seq[t - n + 1 : t + 1])]
        blocks[t] = block
        alpha = (alpha[..., None] * block).sum(axis=0)
        alpha = alpha / max(alpha.sum(), np.finfo(float).tiny)
        alphas[t] = alpha
    last = len(seq) - 1
    local = {}  # position -> local index into seq[position], per sample
    flat = alphas[last].reshape(-1)
    pick = _categorical(np.broadcast_to(flat, (m, flat.size)), rng)
    for pos, idx in zip(
        range(last - n + 2, last + 1), np.unravel_index(pick, alphas[last].shape), strict=True
    ):
        local[pos] = idx
    for t in range(last - 1, n - 2, -1):
        pos = t - n + 2
        if pos in local:
            continue
        known = [local[p] for p in range(pos + 1, t + 2)]
        # P(symbol at pos | the sampled symbols after it) ~ alpha_t * P(next | its context)
        a = alphas[t][(slice(None), *known[:-1])] if n > 2 else alphas[t][:, None]
        b = blocks[t + 1][(slice(None), *known)]
        local[pos] = _categorical((a * b).T, rng)
    letters = range(n - 1, n - 1 + len(slot))
    return np.stack(
        [seq[p][local[p]] if p in local else np.repeat(seq[p][:1], m) for p in letters], axis=1
    )


def _categorical(weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One index per row of a (rows x k) array of non-negative weights."""
    cum = np.cumsum(weights, axis=1)
    u = rng.random(len(cum)) * cum[:, -1]
    return np.minimum((cum < u[:, None]).sum(axis=1), weights.shape[1] - 1)


def sampled_presence(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    proposal_order: int,
    m: int,
    seed: int = 0,
) -> tuple[np.ndarray, float]:
    """The presence posterior at the model's full order, estimated by importance sampling: ``m``
    fillings drawn exactly from the ``proposal_order`` posterior, weighted by P_full / P_proposal.
    For boards with too many fillings to enumerate. Also the effective sample size of the
    weights (Kish's), which says how far to trust the estimate."""
    _, _, open_ = _positions(slot, guessed)
    rng = np.random.default_rng(seed)
    codes = sample_fillings(model, slot, guessed, proposal_order, m, rng)
    logw = model.logprob_codes(codes) - model.logprob_codes(codes, proposal_order)
    w = np.exp(logw - logw.max())
    has = (codes[:, :, None] == np.array(open_)).any(axis=1)
    out = np.zeros(26)
    out[open_] = (w @ has) / w.sum()
    return out, float(w.sum() ** 2 / (w**2).sum())
