"""Word classes, and how much more (or less) often a category's answers use each than prose does.

A puzzle's category says what kind of words it holds: a "Thing" is nouns, a "Phrase" reads like
running text. The prose LM and its unigram counts know only running text, where function words and
verbs are common, so on a "Thing" board they favour ``right``, ``first`` or ``think`` over
``piano``. A word's class is the set of parts of speech the lemminflect lemma table gives its form
(``NOUN``, ``NOUN+VERB``, ``ADJ+NOUN``...; ``-`` for a form it lacks: function words and most
names), and whether it has at most three letters. For each category of the training answers, the
class's share of the answers' words over its share of the prose tokens is a factor on the prose
probability of every word of that class: its expectation under the prose unigram is 1, so the
prose model stays (on average) normalised. Shares are smoothed towards prose with ``prior``
pseudo-words, so a rare category stays close to 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

from wordgames.config import schema_default
from wordgames.hangman.game import phrase_tokens

#: pseudo-words of the prose distribution added to each category's class counts (the schema's)
CLASS_PRIOR: float = schema_default("hangman.domain.class_prior")
SHORT = 3  # words of at most this many letters are a class of their own (articles, prepositions)


@lru_cache(maxsize=1)
def _parts_of_speech():
    """word -> its parts of speech: the keys lemminflect's ``getAllLemmas`` returns, read from
    its lemma and override tables directly, since ``getAllLemmas`` deep-copies every entry (about
    2 s over a 230,000-word vocabulary, paid by the first decision with a category shown); the
    public call if a lemminflect version lacks those tables."""
    import lemminflect

    lemmatizer = lemminflect.Lemmatizer()
    try:
        table, overrides = lemmatizer._getLemmaDict(), lemmatizer._getOverridesDict()
    except AttributeError:
        return lambda word: lemminflect.getAllLemmas(word).keys()
    return lambda word: table.get(word, {}).keys() | overrides.get(word, {}).keys()


# every category's factors look up the same vocabulary: a class is computed once per word
@cache
def word_class(word: str) -> str:
    """The class of a (normalised, lower-case) word: its parts of speech and its length band."""
    pos = "+".join(sorted(_parts_of_speech()(word))) or "-"
    return f"{pos}/{'short' if len(word) <= SHORT else 'long'}"


def class_ratios(
    prose: Mapping[str, float],
    answers: Iterable[tuple[str, str | None]],
    prior: float = CLASS_PRIOR,
) -> dict[str, dict[str, float]]:
    """Per category key of ``answers`` (pairs of answer and category key, None for none): class ->
    (smoothed share in its answers) / (share in the prose tokens). Classes the prose never uses
    are left out (their factor is 1)."""
    by_class: Counter = Counter()
    for word, count in prose.items():
        by_class[word_class(word)] += count
    total = float(sum(by_class.values()))
    if total <= 0:
        return {}
    share = {c: n / total for c, n in by_class.items()}
    counts: dict[str, Counter] = {}
    for phrase, key in answers:
        if key is None:
            continue
        counts.setdefault(key, Counter()).update(word_class(w) for w in phrase_tokens(phrase))
    out = {}
    for key, own in counts.items():
        n = float(sum(own.values()))
        out[key] = {c: (own.get(c, 0) + prior * s) / (n + prior) / s for c, s in share.items()}
    return out


class ClassFactors:
    """word -> the factor of its class for one category (1 for a class it has no ratio of)."""

    def __init__(self, ratios: Mapping[str, float]):
        self.ratios = dict(ratios)

    def __call__(self, word: str) -> float:
        return self.ratios.get(word_class(word), 1.0)  # word_class is memoised per word
