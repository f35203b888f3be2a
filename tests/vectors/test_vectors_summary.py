from __future__ import annotations

from wordgames.vectors.evaluate import summary_markdown


def test_summary_has_one_row_per_collection_with_scores():
    result = {
        "vocab_size": 10,
        "dim": 4,
        "wordsim353": {"spearman": 0.5, "oov_percent": 10.0},
        "simlex999": {"spearman": 0.25, "oov_percent": 20.0},
        "analogy": {"accuracy": 0.125, "answered": 8},
        "neighbours": {"king": [["queen", 0.9], ["prince", 0.8]]},
    }
    text = summary_markdown({"en": result, "it": result})
    rows = [
        line for line in text.splitlines() if line.startswith("| en") or line.startswith("| it")
    ]
    assert len(rows) == 2
    assert "0.500 (10% OOV)" in rows[0] and "0.125 of 8" in rows[0]
    assert "king: queen, prince" in rows[0]


def test_summary_shows_undefined_scores_as_na():
    result = {
        "vocab_size": 3,
        "dim": 2,
        "wordsim353": {"spearman": None, "oov_percent": 100.0},
        "simlex999": {"spearman": None, "oov_percent": 100.0},
        "analogy": {"accuracy": 0.0, "answered": 0},
    }
    assert "| n/a (100% OOV) | n/a (100% OOV) | 0.000 of 0 |" in summary_markdown({"en": result})
