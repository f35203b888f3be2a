"""Metrics of a ranked answer list: accuracy (the single answer), R@5, R@10, R@100, MRR, seconds."""

from __future__ import annotations

from collections.abc import Sequence


def rank_of(ranked: Sequence[str], solution: str | None) -> int | None:
    """1-based rank of the solution in the list, None when absent."""
    if solution is None:
        return None
    for i, w in enumerate(ranked, 1):
        if w == solution:
            return i
    return None


def summarize(ranks: Sequence[int | None], seconds: Sequence[float] = ()) -> dict:
    """games, accuracy, r_at_5, r_at_10, r_at_100, mrr, seconds_per_game."""
    n = len(ranks)

    def recall(k: int) -> float:
        return sum(1 for r in ranks if r is not None and r <= k) / n if n else 0.0

    return {
        "games": n,
        "accuracy": recall(1),
        "r_at_5": recall(5),
        "r_at_10": recall(10),
        "r_at_100": recall(100),
        "mrr": sum(1.0 / r for r in ranks if r is not None) / n if n else 0.0,
        "seconds_per_game": sum(seconds) / len(seconds) if seconds else 0.0,
    }


def ece(conf: Sequence[float], hit: Sequence[float], bins: int = 5) -> float:
    """Expected calibration error of confidences against 0/1 outcomes: equal-width bins on [0, 1]
    (the last one closed), each weighted by its share of the predictions."""
    import numpy as np

    c = np.asarray(conf, dtype=float)
    h = np.asarray(hit, dtype=float)
    if not c.size:
        return 0.0
    k = np.minimum((c * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        m = k == b
        if m.any():
            total += m.sum() / c.size * abs(c[m].mean() - h[m].mean())
    return float(total)
