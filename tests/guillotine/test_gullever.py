from __future__ import annotations

import numpy as np
import pytest
from gensim.models import KeyedVectors

from wordgames.guillotine.evidence import Resources, Vectors
from wordgames.guillotine.lexicon import Lexicon
from wordgames.guillotine.solvers.gullever import GulleverSolver, gullever_scores


def test_scoring_formula_by_hand():
    cos = np.array([[0.5, 0.3, -0.1], [0.2, 0.2, 0.2]])
    nidf = np.array([1.0, 0.5, 0.5])
    w1, w2, thr = 0.525, 5.5, -0.05
    got = gullever_scores(cos, nidf, w1, w2, thr)
    # first candidate: -0.1 < threshold -> -1
    c = np.array([0.5, 0.3, -1.0])
    mean = (0.5 * 1.0 + 0.3 * 0.5 + -1.0 * 0.5) / 2.0
    expected0 = w1 * mean / (1 + w2 * c.std())
    expected1 = w1 * 0.2 / (1 + w2 * 0.0)
    assert got[0] == pytest.approx(expected0)
    assert got[1] == pytest.approx(expected1)


def _kv():
    words = ["pane", "gioco", "testa", "duro", "morbido", "forte", "sasso", "cielo", "verde"]
    vecs = np.array(
        [
            [1.0, 0.2, 0.0],
            [0.9, 0.3, 0.1],
            [1.0, 0.1, 0.2],  # clues
            [1.0, 0.2, 0.1],  # duro: close to all
            [0.8, 0.0, 0.5],  # morbido
            [0.95, 0.2, 0.12],  # forte (blacklisted below)
            [0.9, 0.25, 0.05],  # sasso (noun)
            [0.0, 0.0, 1.0],  # cielo: far
            [0.0, 1.0, 0.0],
        ],
        dtype=np.float32,
    )
    kv = KeyedVectors(vector_size=3)
    kv.add_vectors(words, vecs)
    return kv


def _solver(clues_adj=False, **params):
    lex = Lexicon(
        nouns={
            "sasso": "sasso",
            "cielo": "cielo",
            "pane": "pane",
            "gioco": "gioco",
            "testa": "testa",
        },
        adjs={"duro": "duro", "morbido": "morbido", "forte": "forte", "verde": "verde"},
        blacklist={"forte"},
    )
    res = Resources(vectors=Vectors(_kv()), lexicon=lex)
    return GulleverSolver(res, {"neighbours": 5, **params})


def test_gullever_ranks_by_formula_and_applies_lists():
    result = _solver().solve(["pane", "gioco", "testa"], top=10)
    words = result.ranked_words()
    assert "forte" not in words  # blacklist
    assert not set(words) & {"pane", "gioco", "testa"}
    assert words[0] == "duro"
    assert result.answers[0].evidence["pane"].startswith("cos ")
    assert any("no IDF" in n for n in result.notes)


def test_adjectives_dropped_when_a_clue_is_an_adjective():
    words = _solver().solve(["pane", "verde", "testa"], top=10).ranked_words()
    assert "duro" not in words and "morbido" not in words
    assert "sasso" in words


def test_unknown_clues_are_left_out_with_a_note():
    result = _solver().solve(["pane", "zzz", "testa"], top=3)
    assert result.answers
    assert any("'zzz' has no vector" in n for n in result.notes)
