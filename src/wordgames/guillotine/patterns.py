"""The word classes and the link patterns of the guillotine links: which words are function words
(prepositions, articles, conjunctions, articulated prepositions and the rest), which are content
words (:func:`is_content`), and the pattern names in the order their ids are stored.

The channels that make links (:mod:`.corpus_links`, :mod:`.list_links`, :mod:`.wordnet`,
:mod:`.thesaurus`) and the solvers that read them all ask here.
"""

from __future__ import annotations

PREPS = frozenset(["di", "a", "da", "in", "con", "su", "per", "tra", "fra", "ad", "d'"])
ARTICLES = frozenset(["il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una", "un'"])
CONJS = frozenset(["e", "ed", "o", "od", "ne", "ma"])
PREP_ARTICLES = frozenset(
    [
        "del",
        "dello",
        "della",
        "dei",
        "degli",
        "delle",
        "dell'",
        "al",
        "allo",
        "alla",
        "ai",
        "agli",
        "alle",
        "all'",
        "dal",
        "dallo",
        "dalla",
        "dai",
        "dagli",
        "dalle",
        "dall'",
        "nel",
        "nello",
        "nella",
        "nei",
        "negli",
        "nelle",
        "nell'",
        "col",
        "coi",
        "collo",
        "colla",
        "cogli",
        "colle",
        "sul",
        "sullo",
        "sulla",
        "sui",
        "sugli",
        "sulle",
        "sull'",
        "pel",
        "pei",
        "de",
        "co",
    ]
)
OTHER_FUNCTION = frozenset(
    [
        "ch'",
        "che",
        "chi",
        "cui",
        "non",
        "si",
        "se",
        "mi",
        "ti",
        "ci",
        "vi",
        "ne",
        "gli",
        "lo",
        "la",
        "li",
        "le",
        "m'",
        "t'",
        "s'",
        "c'",
        "v'",
        "n'",
        "me",
        "te",
        "se",
        "ce",
        "ve",
        "io",
        "tu",
        "egli",
        "ella",
        "lui",
        "lei",
        "noi",
        "voi",
        "essi",
        "esse",
        "loro",
        "mio",
        "mia",
        "miei",
        "mie",
        "tuo",
        "tua",
        "tuoi",
        "tue",
        "suo",
        "sua",
        "suoi",
        "sue",
        "nostro",
        "nostra",
        "nostri",
        "nostre",
        "vostro",
        "vostra",
        "vostri",
        "vostre",
        "questo",
        "questa",
        "questi",
        "queste",
        "quello",
        "quella",
        "quelli",
        "quelle",
        "quel",
        "quei",
        "quegli",
        "quest'",
        "quell'",
        "come",
        "dove",
        "quando",
        "quanto",
        "piu",
        "meno",
        "anche",
        "gia",
        "poi",
    ]
)
FUNCTION_WORDS = PREPS | ARTICLES | CONJS | PREP_ARTICLES | OTHER_FUNCTION

CORPUS_PATTERNS = ("adj", "prep", "det", "conj", "prepart", "compound")
# appended, never reordered: pattern ids are stored in the compact links index
LIST_PATTERNS = ("proverb", "saying", "song", "title", "wiktionary", "quote")
WORDNET_PATTERNS = ("locution", "synonym", "gloss")
WINDOW_PATTERNS = ("near",)
THESAURUS_PATTERNS = ("thesaurus", "thes_phrase")  # see wordgames.guillotine.thesaurus
# two content words of one lexical unit of a corpus (links.unit_corpora): a multiword expression or
# idiom, a named entity or title of a work, a dictionary headword with its gloss
UNIT_PATTERNS = ("mwe", "entity", "dictionary")
# one pattern a configured knowledge table (guillotine.links.tables; wordgames.guillotine.table_links)
TABLE_PATTERNS = ("italwordnet", "wikt_synset", "quiz", "proverb_more", "quotation", "place")
PATTERNS = (
    CORPUS_PATTERNS
    + WINDOW_PATTERNS
    + LIST_PATTERNS
    + WORDNET_PATTERNS
    + THESAURUS_PATTERNS
    + UNIT_PATTERNS
    + TABLE_PATTERNS
)


def is_content(word: str) -> bool:
    return len(word) >= 2 and word not in FUNCTION_WORDS and word.isalpha()
