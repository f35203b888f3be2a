"""Word-by-word phrase scores for the LM solvers: the prose LM alone, or interpolated with the
in-domain LM (:mod:`wordgames.hangman.domain`).

Linear interpolation per word, each model carrying its own full state:
``p(w | h) = (1 - weight) p_prose(w | h) + weight p_domain(w | h, category)``, where the domain
model is conditioned on the category token when the board shows a category it knows, and a word
outside the domain vocabulary gets no domain mass (its ``<unk>`` probability is the mass of every
unknown word, not of this one). Scores are log10, as KenLM's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from wordgames.hangman.domain import (
    DomainInfo,
    category_smoothed,
    category_token,
    length_totals,
    resolve_category,
)
from wordgames.hangman.wordclass import ClassFactors
from wordgames.lm.model import LanguageModel


class ProseScorer:
    """The prose LM alone (what the solvers did before the in-domain model)."""

    interpolated = False

    def __init__(self, lm: LanguageModel):
        self.lm = lm
        self._model = lm.model
        self._new = lm.new_state
        self.start = lm.begin()
        self.null = lm.null()  # the empty context (the seed method's bigram transitions)

    def advance(self, state, word: str):
        out = self._new()
        return self._model.BaseScore(state, word, out), out

    def end(self, state) -> float:
        return self._model.BaseScore(state, "</s>", self._new())


class InterpolatedScorer:
    """Prose and in-domain LM, interpolated per word; a state is the pair of the two states."""

    interpolated = True

    def __init__(
        self,
        lm: LanguageModel,
        domain: LanguageModel,
        weight: float,
        category: str | None,
        known: dict[str, bool] | None = None,
        factor=None,
    ):
        self.lm, self.domain, self.weight = lm, domain, weight
        # word -> factor on its prose probability (the category's word classes), or None
        self._factor = factor
        self._main, self._dom = lm.model, domain.model
        self._new_main, self._new_dom = lm.new_state, domain.new_state
        # which words the domain LM knows: shared by the scorers of one Domain (one per decision)
        self._known = {} if known is None else known
        start_dom = domain.begin()
        if category is not None:
            start_dom = domain.advance(start_dom, category_token(category))[1]
        self.start = (lm.begin(), start_dom)
        self._null_dom = domain.null()
        self.null = (lm.null(), self._null_dom)

    def _in_domain(self, word: str) -> bool:
        known = self._known.get(word)
        if known is None:
            known = self._known[word] = word in self._dom
        return known

    def advance(self, state, word: str):
        s_main, s_dom = state
        o_main = self._new_main()
        p = (1.0 - self.weight) * 10.0 ** self._main.BaseScore(s_main, word, o_main)
        if self._factor is not None and word != "</s>":
            p *= self._factor(word)
        if word == "</s>" or self._in_domain(word):
            o_dom = self._new_dom()
            p += self.weight * 10.0 ** self._dom.BaseScore(s_dom, word, o_dom)
        else:
            # KenLM's state after an unknown word is the empty context: no query needed
            o_dom = self._null_dom
        return math.log10(p), (o_main, o_dom)

    def end(self, state) -> float:
        return self.advance(state, "</s>")[0]


@dataclass
class DomainWords:
    """The in-domain words that fit a slot: the most probable ones (for the beam) and, over all of
    them, their probability mass and letter odds under the in-domain word prior."""

    words: list[str]  # most probable first, at most the limit asked
    letters: np.ndarray  # (len(words), 26): 1 if the letter is at a hidden position
    mass: float  # P_domain(a word of this length fits the slot)
    uni_letters: np.ndarray  # P(letter at a hidden position | fits), in-domain prior


class Domain:
    """The in-domain LM and what its stage chose; :meth:`scorer` for a board's category,
    :meth:`fitting` for the in-domain words of a slot."""

    def __init__(self, lm: LanguageModel, info: DomainInfo):
        from wordgames.hangman.lexicon import Lexicon

        self.lm, self.info = lm, info
        self.lexicon = Lexicon(info.unigrams.items(), min_count=1) if info.unigrams else None
        self._length_totals: dict[str | None, dict[int, float]] = {}
        self._known: dict[str, bool] = {}
        self._factors: dict[str, ClassFactors] = {}
        self._class_lexicons: dict[str, tuple] = {}  # key -> (base lexicon, reweighted copy)

    def category(self, category: str | None) -> str | None:
        """The training category a shown category plays as (None: unknown or not shown)."""
        return resolve_category(category, self.info.categories)

    def weight(self, key: str | None) -> float:
        """The LM interpolation weight (with the category ``key`` or without)."""
        return self.info.weight if key is not None else self.info.weight_plain

    def prior_weight(self, key: str | None) -> float:
        """The weight of the in-domain word prior in a slot's word prior."""
        return self.info.prior_weight if key is not None else self.info.prior_weight_plain

    def class_factors(self, key: str | None) -> ClassFactors | None:
        """The category's factors on prose word probabilities (None: no category, or a domain
        built without word classes)."""
        if key is None or key not in self.info.class_ratios:
            return None
        if key not in self._factors:
            self._factors[key] = ClassFactors(self.info.class_ratios[key])
        return self._factors[key]

    def class_lexicon(self, lexicon, key: str | None):
        """``lexicon`` with its counts times the category's class factors (``lexicon`` itself
        without them); one per category, built on first use."""
        factors = self.class_factors(key)
        if factors is None:
            return lexicon
        base, reweighted = self._class_lexicons.get(key, (None, None))
        if base is not lexicon:  # built for another lexicon (or not yet): not this one's copy
            reweighted = lexicon.reweighted(factors)
            self._class_lexicons[key] = (lexicon, reweighted)
        return reweighted

    def scorer(
        self, main: LanguageModel, category: str | None, classes: bool = False
    ) -> InterpolatedScorer:
        key = self.category(category)
        factor = self.class_factors(key) if classes else None
        return InterpolatedScorer(main, self.lm, self.weight(key), key, self._known, factor)

    def _totals(self, key: str | None) -> dict[int, float]:
        if key not in self._length_totals:
            counts = self.info.unigrams if key is None else self.info.category_unigrams[key]
            self._length_totals[key] = length_totals(counts)
        return self._length_totals[key]

    def fitting(
        self, slot: str, guessed: frozenset[str], key: str | None, limit: int
    ) -> DomainWords | None:
        """The in-domain words fitting ``slot`` under P(word | length, category): the category's
        counts smoothed towards all answers' (:func:`~wordgames.hangman.domain.category_smoothed`);
        None if none fits."""
        if self.lexicon is None:
            return None
        fit = self.lexicon.candidates(slot, guessed)
        if not fit.n:
            return None
        n = len(slot)
        p = fit.counts / self._totals(None)[n]
        if key is not None:
            own = self.info.category_unigrams[key]
            cat = np.array([own.get(w, 0) for w in fit.words], dtype=np.float64)
            p = category_smoothed(cat, p, self._totals(key).get(n, 0.0))
        mass = float(p.sum())
        letters = fit.letters.astype(np.float64)
        order = np.argsort(-p, kind="stable")[:limit]
        return DomainWords(
            [fit.words[i] for i in order], letters[order], mass, (p @ letters) / mass
        )


def phrase_scorer(
    main: LanguageModel, domain: Domain | None, category: str | None = None, classes: bool = False
):
    """The scorer the solvers use for one board; ``classes``: the category's word-class factors
    on the prose probabilities (:mod:`wordgames.hangman.wordclass`)."""
    if domain is None:
        return ProseScorer(main)
    return domain.scorer(main, category, classes)
