"""The corpus patterns of the guillotine links: ``adj``, ``prep``, ``det``, ``conj``, ``prepart``,
``compound`` and ``near`` counted over a collection's sentences (see :mod:`wordgames.guillotine.links`
for the shapes), as arrays of word ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from wordgames.guillotine.games import normalize
from wordgames.guillotine.patterns import ARTICLES, CONJS, PREP_ARTICLES, PREPS, is_content

_CONTENT, _PREP, _ART, _CONJ, _PREPART, _FUNC, _SEP = range(7)


def _word_class(word: str) -> int:
    if word in PREPS:
        return _PREP
    if word in ARTICLES:
        return _ART
    if word in CONJS:
        return _CONJ
    if word in PREP_ARTICLES:
        return _PREPART
    if is_content(word):
        return _CONTENT
    return _FUNC


def encode(lines: Iterable[str]) -> tuple[np.ndarray, list[str], np.ndarray]:
    """Token ids of all lines with -1 between sentences; the words; their counts."""
    ids: dict[str, int] = {}
    raw: dict[str, int] = {}  # surface token -> id of its normalised form
    out: list[int] = []
    for line in lines:
        toks = line.split()
        if not toks:
            continue
        for t in toks:
            i = raw.get(t)
            if i is None:
                norm = normalize(t)
                i = ids.get(norm)
                if i is None:
                    i = ids[norm] = len(ids)
                raw[t] = i
            out.append(i)
        out.append(-1)
    arr = np.asarray(out, dtype=np.int64)
    words = list(ids)
    counts = np.bincount(arr[arr >= 0], minlength=len(words)).astype(np.int64)
    return arr, words, counts


def _count_keys(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if keys.size == 0:
        return keys, keys
    uniq, counts = np.unique(keys, return_counts=True)
    return uniq, counts.astype(np.int64)


def corpus_links(
    arr: np.ndarray,
    words: Sequence[str],
    counts: np.ndarray,
    *,
    lexicon_words: set[str] | None = None,
    min_count: int = 1,
    compound_min_part: int = 3,
    window: int = 0,
    window_min_count: int = 2,
) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Pattern -> (left ids, right ids, counts) over an encoded token array (see :func:`encode`)."""
    n_words = len(words)
    cls = np.fromiter((_word_class(w) for w in words), dtype=np.int8, count=n_words)
    tok_cls = np.full(arr.shape, _SEP, dtype=np.int8)
    valid = arr >= 0
    tok_cls[valid] = cls[arr[valid]]
    V = np.int64(max(n_words, 1))
    result: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def emit(name: str, left_pos: np.ndarray, right_pos: np.ndarray) -> None:
        keys = arr[left_pos] * V + arr[right_pos]
        keys = keys[arr[left_pos] != arr[right_pos]]
        uniq, cnt = _count_keys(keys)
        keep = cnt >= min_count
        uniq, cnt = uniq[keep], cnt[keep]
        result[name] = (uniq // V, uniq % V, cnt)

    n = arr.size
    c = tok_cls
    content = c == _CONTENT
    if n >= 2:
        pos = np.flatnonzero(content[:-1] & content[1:])
        emit("adj", pos, pos + 1)
    if n >= 3:
        both = content[:-2] & content[2:]
        for name, middle in (
            ("prep", _PREP),
            ("det", _ART),
            ("conj", _CONJ),
            ("prepart", _PREPART),
        ):
            pos = np.flatnonzero(both & (c[1:-1] == middle))
            if name == "prepart" and n >= 4:
                four = np.flatnonzero(
                    content[:-3] & (c[1:-2] == _PREP) & (c[2:-1] == _ART) & content[3:]
                )
                left = np.concatenate([pos, four])
                right = np.concatenate([pos + 2, four + 3])
                emit(name, left, right)
            else:
                emit(name, pos, pos + 2)
    if window > 0:
        # near: two content words at most `window` tokens apart in one sentence (either order)
        sent = np.cumsum(arr < 0)
        keys = []
        for d in range(1, window + 1):
            if n <= d:
                break
            ok = content[:-d] & content[d:] & (sent[:-d] == sent[d:])
            pos = np.flatnonzero(ok)
            a, b = arr[pos], arr[pos + d]
            lo, hi = np.minimum(a, b), np.maximum(a, b)
            k = lo * V + hi
            keys.append(k[lo != hi])
        uniq, cnt = _count_keys(np.concatenate(keys) if keys else np.array([], np.int64))
        keep = cnt >= max(min_count, window_min_count)
        uniq, cnt = uniq[keep], cnt[keep]
        result["near"] = (uniq // V, uniq % V, cnt)
    # compounds: one token made of two known content words
    known = (
        lexicon_words
        if lexicon_words is not None
        else {w for w, k in zip(words, counts, strict=True) if k >= 5}
    )
    index = {w: i for i, w in enumerate(words)}
    cl, cr, cc = [], [], []
    m = compound_min_part
    for i, w in enumerate(words):
        if cls[i] != _CONTENT or len(w) < 2 * m or counts[i] < min_count:
            continue
        for k in range(m, len(w) - m + 1):
            a, b = w[:k], w[k:]
            if a in known and b in known and is_content(a) and is_content(b):
                ia, ib = index.get(a), index.get(b)
                if ia is None:
                    ia = index[a] = len(index)
                if ib is None:
                    ib = index[b] = len(index)
                cl.append(ia)
                cr.append(ib)
                cc.append(int(counts[i]))
    result["compound"] = (
        np.asarray(cl, np.int64),
        np.asarray(cr, np.int64),
        np.asarray(cc, np.int64),
    )
    # words added by compounds get an index beyond the corpus vocabulary
    extra = [w for w, i in sorted(index.items(), key=lambda kv: kv[1]) if i >= n_words]
    result["_extra_words"] = extra  # type: ignore[assignment]
    return result
