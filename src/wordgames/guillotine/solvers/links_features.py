"""The links solver's features (the columns of the matrix :meth:`LinksSolver.features` builds and
the weighting model weighs), the pairs whose products the model also learns from, and the hand-set
weights used when no trained model is available (see docs/guillotine.md)."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from wordgames.guillotine.model import Model
from wordgames.guillotine.patterns import CORPUS_PATTERNS, TABLE_PATTERNS

VOWELS = frozenset("aeiouàèéìíòóùú")
_ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def is_roman_numeral(word: str) -> bool:
    """A well-formed Roman numeral of two or more letters (``iii``, ``xiv``; not ``i``, ``iiii``)."""
    return len(word) >= 2 and _ROMAN.fullmatch(word) is not None


def lemma_solutions(solutions, lex, words: list[str]) -> list[int]:
    """How often a form of each word's lemma was a past solution (``anni`` counts ``anno``):
    the past-game prior pooled over inflections."""
    lemma = lex.lemma if lex is not None else str
    by_lemma: Counter = Counter()
    for s, c in solutions.items():
        by_lemma[lemma(s)] += c
    return [by_lemma[lemma(w)] for w in words]


FEATURES = [
    "cov_any",
    "cov_any_sq",
    "cov_corpus",
    "sum_logn",
    "sum_pmi",
    *[f"cov_{p}" for p in CORPUS_PATTERNS],
    "cov_lists",
    "sum_lists",
    "cov_title",
    "cov_wiktionary",
    "cov_past",
    "past_prior",
    "past_lemma_prior",
    "glove_mean",
    "glove_cov",
    "zipf",
    "log_count",
    "log_degree",
    "adj_only",
    "cov_dir_left",
    "cov_lemma",
    "sum_lemma",
    "cov_near",
    "sum_near_pmi",
    "link_1",
    "link_2",
    "link_3",
    "link_4",
    "link_5",
    "cov_pool",
    "cov_pool_sq",
    "sum_pool",
    "sum_pool_pmi",
    "sum_assoc",
    "cov_locution",
    "cov_synonym",
    "cov_gloss",
    "cov_thesaurus",
    "cov_thes_phrase",
    "ends_consonant",
    "verb_form",
    "base_form",
    "roman",
    "cov_mwe",
    "cov_entity",
    "cov_dictionary",
    "kglove_mean",
    "kglove_cov",
    # one a configured knowledge table (guillotine.links.tables)
    *[f"cov_{p}" for p in TABLE_PATTERNS],
]

# Pairs of features whose products the weighting model also learns from (all pairs of these).
INTERACT = [
    "cov_any",
    "zipf",
    "sum_pmi",
    "link_1",
    "link_3",
    "link_5",
    "glove_mean",
    "cov_past",
    "sum_near_pmi",
    "adj_only",
    "log_degree",
]


def interaction_pairs() -> list[tuple[int, int]]:
    idx = [FEATURES.index(f) for f in INTERACT]
    return [(a, b) for k, a in enumerate(idx) for b in idx[k:]]


# Used when no trained model is available (documented in docs/guillotine.md): coverage first.
HAND_WEIGHTS = {
    "cov_any": 1.5,
    "cov_any_sq": 1.5,
    "sum_logn": 0.5,
    "sum_pmi": 0.3,
    "sum_lists": 0.3,
    "cov_past": 0.5,
    "past_prior": 0.3,
    "glove_mean": 0.5,
    "zipf": 0.2,
}


def hand_model() -> Model:
    w = np.array([HAND_WEIGHTS.get(f, 0.0) for f in FEATURES])
    return Model(
        list(FEATURES),
        w,
        np.zeros(len(w)),
        np.ones(len(w)),
        1.0,
        {"trained": False, "note": "hand-set weights (no trained model found)"},
    )
