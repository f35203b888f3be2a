"""The optional features of the links solver, in groups that are kept or dropped together.

Many features were added after looking at the errors on the Evalita development set, so
``solver.select: groups`` re-decides each of these groups by an inner cross-validation of the
training games (:func:`wordgames.guillotine.nested.select_features`). Every feature not listed here
is core and always kept. The order is the order in which the greedy backward elimination tries
the groups. A name that is not (yet) one of ``links_features.FEATURES`` is skipped by
:func:`groups_present`, and a group left empty goes.
"""

from __future__ import annotations

from collections.abc import Iterable

FEATURE_GROUPS: list[tuple[str, list[str]]] = [
    ("form", ["ends_consonant", "verb_form", "base_form"]),
    ("roman", ["roman"]),
    ("past_lemma", ["past_lemma_prior"]),
    ("degree", ["log_degree"]),
    ("adj_only", ["adj_only"]),
    ("direction", ["cov_dir_left"]),
    ("lemma", ["cov_lemma", "sum_lemma"]),
    ("near", ["cov_near", "sum_near_pmi"]),
    ("strengths", ["link_1", "link_2", "link_3", "link_4", "link_5"]),
    ("pool", ["cov_pool", "cov_pool_sq", "sum_pool", "sum_pool_pmi"]),
    ("assoc", ["sum_assoc"]),
    ("wordnet", ["cov_locution", "cov_synonym", "cov_gloss"]),
    ("thesaurus", ["cov_thesaurus", "cov_thes_phrase"]),
    ("units", ["cov_mwe", "cov_entity", "cov_dictionary"]),
    ("title_wiktionary", ["cov_title", "cov_wiktionary"]),
    ("kglove", ["kglove_mean", "kglove_cov"]),
    ("italwordnet", ["cov_italwordnet"]),
    ("wikt_synset", ["cov_wikt_synset"]),
    ("quiz", ["cov_quiz"]),
    ("proverb_more", ["cov_proverb_more"]),
    ("quotation", ["cov_quotation"]),
    ("place", ["cov_place"]),
]


def groups_present(
    features: Iterable[str], groups: list[tuple[str, list[str]]] | None = None
) -> list[tuple[str, list[str]]]:
    """``groups`` (default :data:`FEATURE_GROUPS`) restricted to the names in ``features``, in
    order; a group with none of its names present is left out."""
    have = set(features)
    out = []
    for name, members in FEATURE_GROUPS if groups is None else groups:
        present = [f for f in members if f in have]
        if present:
            out.append((name, present))
    return out
