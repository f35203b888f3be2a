"""The evidence linking a clue to an answer, in words, for people: which clues an answer explains by
real evidence, with the phrase and the source of each (``certificato di nascita``, Wiktionary).

Real evidence is a link the answer would be accepted for: a phrase or compound seen in the
collection often enough and more often than chance (:data:`MIN_COUNT`, :data:`MIN_PMI`), a
proverb, saying or song title, a Wikipedia title, a Wiktionary entry, a wordnet or thesaurus
entry, a lexical unit of the knowledge corpora, or a past game where the clue had this answer. A
GloVe cosine and two words merely near each other in a sentence (``near``) are not: they move the
ranking but explain nothing.

The links index keeps, per word pair, the pattern and its count, not the sentence: the text of a
corpus link is its shape (``certificato di/a/da/in… nascita``: some preposition between the two),
of a list link the line of its source that holds both words
(:class:`wordgames.guillotine.phrases.Phrases`: ``tra il dire e il fare c'è di mezzo il mare``), or
the two words in order when that source was not given.
"""

from __future__ import annotations

import math

import numpy as np

from wordgames.guillotine.patterns import CORPUS_PATTERNS, PATTERNS, TABLE_PATTERNS, is_content
from wordgames.guillotine.phrases import Phrases
from wordgames.guillotine.solvers.base import Link
from wordgames.guillotine.surface import surface

#: a corpus pattern seen fewer times than this is an accident of the text, not a collocation
MIN_COUNT = 2
#: and its pointwise mutual information (natural log, the pair's count against its words' unigram
#: counts) must reach this: e**2 = 7 times what chance gives, as a collocation does
MIN_PMI = 2.0
#: evidence items shown per clue (the strongest first)
PER_CLUE = 3
#: a longer line is shown cut to the words around the two linked ones
MAX_TEXT = 100
#: the patterns whose two words belong to one listed expression (a wordnet locution, a thesaurus
#: entry, a multiword expression, named entity or place name): there another form of a word is that
#: word. Not the synset tables: their links mix lemmas with definitions, as ``gloss`` does
PHRASE_PATTERNS = frozenset(
    ("locution", "synonym", "thesaurus", "thes_phrase", "mwe", "entity", "place")
)

SOURCES = {
    "adj": "corpus collocation",
    "prep": "corpus collocation",
    "det": "corpus collocation",
    "conj": "corpus collocation",
    "prepart": "corpus collocation",
    "compound": "corpus compound",
    "proverb": "proverbs",
    "saying": "sayings",
    "song": "song titles",
    "title": "Wikipedia titles",
    "wiktionary": "Wiktionary",
    "quote": "Wikiquote",
    "locution": "MultiWordNet",
    "synonym": "MultiWordNet",
    "gloss": "MultiWordNet",
    "thesaurus": "thesaurus",
    "thes_phrase": "thesaurus",
    "mwe": "multiword expressions",
    "entity": "named entities",
    "dictionary": "dictionary",
    "italwordnet": "ItalWordNet",
    "wikt_synset": "Wiktionary synsets",
    "quiz": "quiz questions",
    "proverb_more": "proverbs",
    "quotation": "quotations",
    "place": "municipalities",
}
PAST_SOURCE = "past games"
# the patterns whose links were made from the lines of a source (phrases.Phrases reads them)
LIST_SOURCES = frozenset(
    ("proverb", "saying", "song", "title", "wiktionary", "quote", "locution", "gloss")
    + ("thes_phrase", "mwe", "entity", "dictionary")
    + TABLE_PATTERNS
)
# what stands between the two words of a corpus pattern (the index does not keep which one)
_BETWEEN = {
    "adj": "",
    "prep": "di/a/da/in…",
    "det": "il/la/un…",
    "conj": "e/o…",
    "prepart": "del/della/nel…",
}
# strongest first: a dictionary or a listed phrase says more than a count
_ORDER = {
    p: k
    for k, p in enumerate(
        (
            "locution",
            "wiktionary",
            "thes_phrase",
            "mwe",
            "entity",
            "place",
            "proverb",
            "proverb_more",
            "saying",
            "song",
            "quote",
            "quotation",
            "quiz",
            "title",
            "dictionary",
            "compound",
            "adj",
            "prep",
            "prepart",
            "det",
            "conj",
            "synonym",
            "thesaurus",
            "gloss",
            "italwordnet",
            "wikt_synset",
            "past",
        )
    )
}


def _pmi(li, pair: float, a: str, b: str) -> float:
    fa, fb = max(li.count(a), 1.0), max(li.count(b), 1.0)
    return math.log(pair * li.total / (fa * fb))


def _excerpt(line: str, words: set[str], context: int = 4) -> str:
    """A long line (a gloss with its examples, a quotation) cut to the words around ``words``."""
    if len(line) <= MAX_TEXT:
        return line
    from wordgames.guillotine.games import normalize

    tokens = line.split(" ")
    at = [normalize(t.strip(".,;:!?'\"()«»")) for t in tokens]
    spans = [
        (i, j) for i, x in enumerate(at) for j, y in enumerate(at) if x != y and {x, y} <= words
    ]
    if not spans:
        return line
    i, j = min(spans, key=lambda s: abs(s[0] - s[1]))
    a, b = max(min(i, j) - context, 0), min(max(i, j) + context + 1, len(tokens))
    return ("… " if a else "") + " ".join(tokens[a:b]) + (" …" if b < len(tokens) else "")


def _text(pattern: str, left: str, right: str, phrases: Phrases | None) -> str | None:
    """The link in words; None when its source's lines are at hand and none holds both words (a
    gloss pair found only in the gloss's quoted examples)."""
    if phrases is not None and pattern in LIST_SOURCES and phrases.read(pattern):
        line = phrases.find(pattern, left, right)
        return _excerpt(line, {left, right}) if line else None
    if pattern == "compound":
        return surface(left + right)
    left, right = surface(left), surface(right)
    if pattern in _BETWEEN:
        return " ".join(w for w in (left, _BETWEEN[pattern], right) if w)
    if pattern in ("synonym", "thesaurus"):
        return f"{left} = {right}"
    if pattern in ("wiktionary", "gloss", "dictionary"):
        return f"{left}: … {right} …"
    return f"{left} … {right}"


def clue_links(
    res,
    clue: str,
    answer: str,
    *,
    shown: str | None = None,
    past=None,
    phrases: Phrases | None = None,
    limit: int = PER_CLUE,
) -> list[Link]:
    """The real evidence linking the folded ``clue`` to the folded ``answer``, strongest first
    (at most ``limit``), each naming the clue as ``shown``. A clue's words and the forms of both
    lemmas count (``testa`` - ``dura`` explains ``duro``), a form that is also a verb form
    only in :data:`PHRASE_PATTERNS`. ``past``: the past games to read
    (default: the resources'; the service gives them without the games overlapping the clues)."""
    return clue_links_of(res, clue, [answer], shown=shown, past=past, phrases=phrases, limit=limit)[
        answer
    ]


def clue_links_of(
    res,
    clue: str,
    answers: list[str],
    *,
    shown: str | None = None,
    past=None,
    phrases: Phrases | None = None,
    limit: int = PER_CLUE,
) -> dict[str, list[Link]]:
    """:func:`clue_links` of one clue for several answers: the clue's neighbours are read and
    matched once for all of them (a solve explains ten answers of five clues)."""
    shown = shown if shown is not None else surface(clue)
    past = past if past is not None else res.past
    answers = list(dict.fromkeys(answers))
    found: dict[str, list[Link]] = {a: [] for a in answers}
    li, lex = res.links, res.lexicon
    if li is not None:
        tokens = [clue] if clue in li.index else [t for t in clue.split() if is_content(t)]
        given = set(tokens)  # the clue's own words, before their other forms join
        forms = {a: {a} for a in answers}
        if lex is not None and hasattr(lex, "forms"):
            for a in answers:
                forms[a] |= lex.forms(a)
            tokens = list(dict.fromkeys(f for t in tokens for f in sorted(lex.forms(t)) or [t]))
        verbs = getattr(lex, "verbs", None) or {}
        owners: dict[int, list[str]] = {}  # a word's id -> the answers it is a form of
        for a in answers:
            for w in forms[a]:
                if w in li.index:
                    owners.setdefault(li.index[w], []).append(a)
        # a mask over the vocabulary: one lookup per neighbour, where isin sorted each list
        wanted = np.zeros(len(li.words), dtype=bool)
        wanted[np.fromiter(owners, dtype=np.int64, count=len(owners))] = True
        # (answer, token, word, pattern, direction) -> the rows of that shape, summed
        pairs: dict[tuple[str, str, str, str, int], float] = {}
        for tok in tokens:
            dst, pat, cnt, dr = li.neighbours(tok)
            for k in np.flatnonzero(wanted[dst]):
                word, name = li.words[int(dst[k])], PATTERNS[int(pat[k])]
                for a in owners[int(dst[k])]:
                    key = (a, tok, word, name, int(dr[k]))
                    pairs[key] = pairs.get(key, 0.0) + float(cnt[k])
        for (a, tok, word, name, direction), n in pairs.items():
            if name not in SOURCES:  # near: co-occurrence, not a link
                continue
            # another form that is also a verb form means the verb outside a listed phrase
            # ("Pane finché dura" is no evidence for duro; "testa dura" in a wordnet is)
            verbal = any(w not in given and w != a and w in verbs for w in (tok, word))
            if verbal and name not in PHRASE_PATTERNS:
                continue
            collocation = name in CORPUS_PATTERNS and name != "compound"
            if collocation and (n < MIN_COUNT or _pmi(li, n, tok, word) < MIN_PMI):
                continue
            left, right = (tok, word) if direction == 0 else (word, tok)
            text = _text(name, left, right, phrases)
            if text is None:
                continue
            found[a].append(Link(shown, text, SOURCES[name], name, int(n)))
    if past is not None:
        seen = past.links.get(clue, {})
        for a in answers:
            n = seen.get(a, 0)
            if n:
                games = "a past game" if n == 1 else f"{n} past games"
                text = f"{surface(a)} was the answer to {games} with the clue {shown}"
                found[a].append(Link(shown, text, PAST_SOURCE, "past", int(n)))
    out: dict[str, list[Link]] = {}
    for a, links in found.items():
        links.sort(key=lambda x: (_ORDER.get(x.pattern, 99), -x.count, x.text))
        kept: list[Link] = []
        for link in links:
            if all(link.text != o.text for o in kept):
                kept.append(link)
        out[a] = kept[:limit]
    return out


def answers_links(
    res,
    clues: list[str],
    shown: list[str],
    answers: list[str],
    *,
    past=None,
    phrases: Phrases | None = None,
) -> list[list[Link]]:
    """:func:`clue_links` of every clue for each of ``answers``, in the clues' order."""
    per_clue = [
        clue_links_of(res, clue, answers, shown=name, past=past, phrases=phrases)
        for clue, name in zip(clues, shown, strict=True)
    ]
    return [[link for links in per_clue for link in links[a]] for a in answers]
