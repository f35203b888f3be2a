from __future__ import annotations

import pytest

from wordgames.guillotine.metrics import rank_of, summarize


def test_rank_of():
    assert rank_of(["a", "b", "c"], "b") == 2
    assert rank_of(["a", "b", "c"], "z") is None
    assert rank_of(["a"], None) is None


def test_summary_on_hand_computed_ranks():
    # ranks: 1, 3, 7, 50, missing
    s = summarize([1, 3, 7, 50, None], [0.1, 0.2, 0.3, 0.4, 0.5])
    assert s["games"] == 5
    assert s["accuracy"] == pytest.approx(1 / 5)
    assert s["r_at_5"] == pytest.approx(2 / 5)
    assert s["r_at_10"] == pytest.approx(3 / 5)
    assert s["r_at_100"] == pytest.approx(4 / 5)
    assert s["mrr"] == pytest.approx((1 + 1 / 3 + 1 / 7 + 1 / 50) / 5)
    assert s["seconds_per_game"] == pytest.approx(0.3)


def test_empty_summary():
    assert summarize([])["accuracy"] == 0.0
