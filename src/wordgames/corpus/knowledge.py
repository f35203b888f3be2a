"""The kinds of a lexical-knowledge collection: lexicons read as a corpus, one lexical unit a line.

GUL.LE.VER trained its vectors on Wikipedia titles, Wiktionary, Wikiquote, a collocation dictionary
and proverbs, one unit a line; these kinds make the open counterparts readable the same way, so the
ordinary tokenize, co-occurrence, GloVe, IDF and PMI stages run on them:

- ``thesaurus``: a MyThes ``.dat`` file; one unit per meaning: the headword and its synonyms
  (parenthesised remarks such as ``(generico)`` dropped);
- ``dictd``: dictd dictionaries (``NAME.index`` beside ``NAME.dict.dz``); one unit per headword over
  all the files given: the headword as written and its Italian sense glosses (the translations, in
  the other language, are left out);
- ``collocations``: a collection's guillotine links and link-word counts; one unit ``left right`` per
  pair whose count over the chosen patterns is at least ``min_count`` and whose
  PMI = ln(n_ab N / (f_a f_b)) (N the sum of the link-word counts) is at least ``min_pmi``;
- ``wordnet``: wordnet lemma and synset tables; one unit per synset: its lemmas, example phrases and
  gloss.

Each reader yields ``(document name, unit)`` pairs; :func:`wordgames.corpus.extract.unit_reader`
deals them to shards and groups them into documents.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

from wordgames.corpus.model import Corpus, Tally
from wordgames.errors import InputError

Units = Iterator[tuple[str, str]]


def _join(words) -> str:
    """The distinct non-empty items in order, joined by spaces."""
    seen: dict[str, None] = {}
    for w in words:
        w = " ".join(w.split())
        if w:
            seen.setdefault(w, None)
    return " ".join(seen)


# thesaurus -------------------------------------------------------------------------------------
def thesaurus_units(c: Corpus, files: list[Path], tally: Tally) -> Units:
    from wordgames.lexicons.mythes import plain_synonym, read_thesaurus

    for path in files:
        name = f"{c.name}:{path.name}"
        for entry in read_thesaurus(path):
            for meaning in entry.meanings:
                synonyms = [plain_synonym(s) for s in meaning]
                if not any(synonyms):
                    tally.skip("meaning without synonyms", f"{path}", entry.headword)
                    continue
                yield name, _join([entry.headword, *synonyms])


# dictd -----------------------------------------------------------------------------------------
def dictd_units(c: Corpus, files: list[Path], tally: Tally) -> Units:
    from wordgames.lexicons.dictd import read_dictd

    indexes = [p for p in files if p.name.endswith(".index")]
    if not indexes:
        raise InputError(f"corpus {c.name}: no dictd index (NAME.index) among its sources")
    # the same headword is in many dictionaries (one per target language) with the same Italian
    # glosses: one unit per headword, glosses of every dictionary merged in order
    merged: dict[str, tuple[str, dict[str, None]]] = {}
    for path in indexes:
        for entry in read_dictd(path):
            if not any(ch.isalnum() for ch in entry.headword):
                tally.skip("headword without letters", str(path), entry.headword)
                continue
            key = entry.key or entry.headword.lower()
            _, glosses = merged.setdefault(key, (entry.headword, {}))
            glosses.update(dict.fromkeys(entry.glosses))
    name = f"{c.name}:dictd"
    for headword, glosses in merged.values():
        tally.counts["glosses"] += len(glosses)
        yield name, _join([headword, *glosses])


# collocations ----------------------------------------------------------------------------------
def _links_tables(c: Corpus, files: list[Path]):
    import pyarrow.parquet as pq

    links = words = None
    for path in files:
        try:
            names = pq.read_schema(path).names
        except (OSError, ValueError) as exc:
            raise InputError(f"corpus {c.name}: {path}: not a Parquet table ({exc})") from None
        if {"left", "right", "pattern", "count"} <= set(names):
            links = path
        elif {"word", "count"} <= set(names):
            words = path
    if links is None or words is None:
        raise InputError(
            f"corpus {c.name}: a collocations corpus reads a links table (left, right, pattern, "
            f"count) and a link-words table (word, count); found {[str(f) for f in files]}"
        )
    return links, words


def pair_pmi(links_path: Path, words_path: Path, patterns, min_count: int):
    """The link pairs of ``patterns`` seen ``min_count`` times or more, in no fixed order, as a
    table (left, right, count, f_a, f_b, pmi), and how many pairs there were before ``min_count``.
    PMI = ln(n_ab N / (f_a f_b)), N the sum of the link-word counts; a pair with a word the
    link-words table lacks is dropped."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    words = pq.read_table(words_path, columns=["word", "count"])
    total = int(pc.sum(words.column("count")).as_py() or 0)
    links = pq.read_table(links_path, columns=["left", "right", "pattern", "count"])
    links = links.filter(pc.is_in(links.column("pattern"), value_set=pa.array(list(patterns))))
    pairs = links.group_by(["left", "right"]).aggregate([("count", "sum")])
    seen = pairs.num_rows
    pairs = pairs.filter(pc.greater_equal(pairs.column("count_sum"), min_count))
    pairs = pairs.rename_columns(["left", "right", "count"])
    fa = words.rename_columns(["left", "f_a"])
    fb = words.rename_columns(["right", "f_b"])
    pairs = pairs.join(fa, "left", join_type="inner").join(fb, "right", join_type="inner")
    n_ab, f_a, f_b = (
        pairs.column(k).to_numpy(zero_copy_only=False).astype(np.float64)
        for k in ("count", "f_a", "f_b")
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi = np.nan_to_num(np.log(n_ab * total / (f_a * f_b)), nan=-math.inf)
    return pairs.append_column("pmi", pa.array(pmi)), seen


def collocations_units(c: Corpus, files: list[Path], tally: Tally) -> Units:
    import pyarrow.compute as pc

    links_path, words_path = _links_tables(c, files)
    opts = c.options
    pairs, seen = pair_pmi(links_path, words_path, opts.patterns, opts.min_count)
    tally.counts["pairs"] += seen
    if pairs.num_rows == 0:
        return
    kept = pairs.filter(pc.greater_equal(pairs.column("pmi"), opts.min_pmi))
    # a stable order (the join's is not): most frequent first, then alphabetical
    kept = kept.sort_by([("count", "descending"), ("left", "ascending"), ("right", "ascending")])
    tally.counts["pairs_kept"] += kept.num_rows
    name = f"{c.name}:{links_path.parent.parent.name}"
    for left, right in zip(
        kept.column("left").to_pylist(), kept.column("right").to_pylist(), strict=True
    ):
        yield name, f"{left} {right}"


# wordnet ---------------------------------------------------------------------------------------
def wordnet_units(c: Corpus, files: list[Path], tally: Tally) -> Units:
    from wordgames.lexicons.wordnet import read_wordnet

    synsets: dict[str, tuple[dict[str, None], dict[str, None], dict[str, None]]] = {}
    for path in files:
        for e in read_wordnet(path):
            lemmas, phrases, glosses = synsets.setdefault(e.synset, ({}, {}, {}))
            lemmas.update(dict.fromkeys(x.replace("_", " ").strip() for x in e.lemmas))
            phrases.update(dict.fromkeys(x.replace("_", " ").strip() for x in e.phrases))
            if e.gloss.strip():
                glosses.setdefault(e.gloss.strip(), None)
    name = f"{c.name}:wordnet"
    for synset, (lemmas, phrases, glosses) in synsets.items():
        if not any(lemmas):
            tally.skip("synset without lemmas", synset)
            continue
        yield name, _join([*lemmas, *phrases, *glosses])


UNIT_READERS = {
    "thesaurus": thesaurus_units,
    "dictd": dictd_units,
    "collocations": collocations_units,
    "wordnet": wordnet_units,
}
