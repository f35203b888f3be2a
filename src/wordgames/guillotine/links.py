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
``gloss`` (a lemma and a content word of its synset's definition).

The output Parquet has columns ``left``, ``right`` (normalised words, in text order), ``pattern``
(string) and ``count`` (int64); a second Parquet ``words`` has the unigram ``word``, ``count`` of the
sentences, which the solvers use to turn counts into association scores.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordgames.errors import InputError
from wordgames.guillotine.games import normalize, tokenize

log = logging.getLogger(__name__)

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
PATTERNS = CORPUS_PATTERNS + WINDOW_PATTERNS + LIST_PATTERNS + WORDNET_PATTERNS

_CONTENT, _PREP, _ART, _CONJ, _PREPART, _FUNC, _SEP = range(7)


def is_content(word: str) -> bool:
    return len(word) >= 2 and word not in FUNCTION_WORDS and word.isalpha()


def _word_class(word: str) -> int:
    if word in PREPS:
        return _PREP
    if word in ARTICLES:
        return _ART
    if word in CONJS:
        return _CONJ
    if word in PREP_ARTICLES:
        return _PREPART
    if is_content(word):
        return _CONTENT
    return _FUNC


def encode(lines: Iterable[str]) -> tuple[np.ndarray, list[str], np.ndarray]:
    """Token ids of all lines with -1 between sentences; the words; their counts."""
    ids: dict[str, int] = {}
    raw: dict[str, int] = {}  # surface token -> id of its normalised form
    out: list[int] = []
    for line in lines:
        toks = line.split()
        if not toks:
            continue
        for t in toks:
            i = raw.get(t)
            if i is None:
                norm = normalize(t)
                i = ids.get(norm)
                if i is None:
                    i = ids[norm] = len(ids)
                raw[t] = i
            out.append(i)
        out.append(-1)
    arr = np.asarray(out, dtype=np.int64)
    words = list(ids)
    counts = np.bincount(arr[arr >= 0], minlength=len(words)).astype(np.int64)
    return arr, words, counts


def _count_keys(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if keys.size == 0:
        return keys, keys
    uniq, counts = np.unique(keys, return_counts=True)
    return uniq, counts.astype(np.int64)


def corpus_links(
    arr: np.ndarray,
    words: Sequence[str],
    counts: np.ndarray,
    *,
    lexicon_words: set[str] | None = None,
    min_count: int = 1,
    compound_min_part: int = 3,
    window: int = 0,
    window_min_count: int = 2,
) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Pattern -> (left ids, right ids, counts) over an encoded token array (see :func:`encode`)."""
    n_words = len(words)
    cls = np.fromiter((_word_class(w) for w in words), dtype=np.int8, count=n_words)
    tok_cls = np.full(arr.shape, _SEP, dtype=np.int8)
    valid = arr >= 0
    tok_cls[valid] = cls[arr[valid]]
    V = np.int64(max(n_words, 1))
    result: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def emit(name: str, left_pos: np.ndarray, right_pos: np.ndarray) -> None:
        keys = arr[left_pos] * V + arr[right_pos]
        keys = keys[arr[left_pos] != arr[right_pos]]
        uniq, cnt = _count_keys(keys)
        keep = cnt >= min_count
        uniq, cnt = uniq[keep], cnt[keep]
        result[name] = (uniq // V, uniq % V, cnt)

    n = arr.size
    c = tok_cls
    content = c == _CONTENT
    if n >= 2:
        pos = np.flatnonzero(content[:-1] & content[1:])
        emit("adj", pos, pos + 1)
    if n >= 3:
        both = content[:-2] & content[2:]
        for name, middle in (
            ("prep", _PREP),
            ("det", _ART),
            ("conj", _CONJ),
            ("prepart", _PREPART),
        ):
            pos = np.flatnonzero(both & (c[1:-1] == middle))
            if name == "prepart" and n >= 4:
                four = np.flatnonzero(
                    content[:-3] & (c[1:-2] == _PREP) & (c[2:-1] == _ART) & content[3:]
                )
                left = np.concatenate([pos, four])
                right = np.concatenate([pos + 2, four + 3])
                emit(name, left, right)
            else:
                emit(name, pos, pos + 2)
    if window > 0:
        # near: two content words at most `window` tokens apart in one sentence (either order)
        sent = np.cumsum(arr < 0)
        keys = []
        for d in range(1, window + 1):
            if n <= d:
                break
            ok = content[:-d] & content[d:] & (sent[:-d] == sent[d:])
            pos = np.flatnonzero(ok)
            a, b = arr[pos], arr[pos + d]
            lo, hi = np.minimum(a, b), np.maximum(a, b)
            k = lo * V + hi
            keys.append(k[lo != hi])
        uniq, cnt = _count_keys(np.concatenate(keys) if keys else np.array([], np.int64))
        keep = cnt >= max(min_count, window_min_count)
        uniq, cnt = uniq[keep], cnt[keep]
        result["near"] = (uniq // V, uniq % V, cnt)
    # compounds: one token made of two known content words
    known = (
        lexicon_words
        if lexicon_words is not None
        else {w for w, k in zip(words, counts, strict=True) if k >= 5}
    )
    index = {w: i for i, w in enumerate(words)}
    cl, cr, cc = [], [], []
    m = compound_min_part
    for i, w in enumerate(words):
        if cls[i] != _CONTENT or len(w) < 2 * m or counts[i] < min_count:
            continue
        for k in range(m, len(w) - m + 1):
            a, b = w[:k], w[k:]
            if a in known and b in known and is_content(a) and is_content(b):
                ia, ib = index.get(a), index.get(b)
                if ia is None:
                    ia = index[a] = len(index)
                if ib is None:
                    ib = index[b] = len(index)
                cl.append(ia)
                cr.append(ib)
                cc.append(int(counts[i]))
    result["compound"] = (
        np.asarray(cl, np.int64),
        np.asarray(cr, np.int64),
        np.asarray(cc, np.int64),
    )
    # words added by compounds get an index beyond the corpus vocabulary
    extra = [w for w, i in sorted(index.items(), key=lambda kv: kv[1]) if i >= n_words]
    result["_extra_words"] = extra  # type: ignore[assignment]
    return result


def list_links(lines: Iterable[str], pattern: str, window: int = 0) -> Counter:
    """Counter of (left, right) content-word pairs co-occurring in a line of a list.

    ``window`` limits the distance between the two words (0 = the whole line).
    """
    pairs: Counter = Counter()
    for line in lines:
        toks = [t for t in tokenize(line) if is_content(t)]
        for i, a in enumerate(toks):
            stop = len(toks) if window <= 0 else min(len(toks), i + window + 1)
            for b in toks[i + 1 : stop]:
                if a != b:
                    pairs[(a, b)] += 1
    return pairs


def read_lines(path: str | os.PathLike) -> list[str]:
    with open(path, encoding="utf-8", errors="replace") as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


def song_titles(lines: Iterable[str]) -> list[str]:
    """``Artist - Title`` lines -> the titles."""
    return [line.split(" - ", 1)[1] if " - " in line else line for line in lines]


def wiktionary_links(table) -> Counter:
    """(lemma, word) pairs from a Wiktionary entries table (pyarrow), from every list column found.

    A list entry that is a phrase (a locution or proverb) links the lemma to each of its content words.
    """
    pairs: Counter = Counter()
    columns = [
        c
        for c in (
            "synonyms",
            "derived",
            "related",
            "proverbs",
            "locutions",
            "proverbs_locutions",
            "examples",
        )
        if c in table.column_names
    ]
    lemmas = table.column("lemma").to_pylist()
    for col in columns:
        values = table.column(col).to_pylist()
        for lemma, items in zip(lemmas, values, strict=True):
            if not items:
                continue
            if isinstance(items, str):
                items = [items]
            a = normalize(lemma)
            for item in items:
                for b in tokenize(item or ""):
                    if is_content(b) and b != a:
                        pairs[(a, b)] += 1
    return pairs


def title_links(titles: Iterable[str]) -> Counter:
    """Pairs of content words of the same title, in order, at most 3 words apart."""
    return list_links(titles, "title", window=3)


# a synset with more one-word lemmas than this is a loose grouping, not synonyms
MAX_SYNSET = 12


@dataclass
class WordnetEntry:
    """One row of a wordnet table: its synset, lemmas (multiword ones with ``_`` or spaces),
    example phrases and gloss (either may be empty)."""

    synset: str
    lemmas: list[str]
    phrases: list[str] = field(default_factory=list)
    gloss: str = ""


def read_wordnet(path: str | os.PathLike) -> list[WordnetEntry]:
    """Rows of a tab-separated wordnet table, recognised by its header: a lemma table (``synset``,
    ``lemma``: one lemma a row, MultiWordNet's ``italian_lemma_pos_synset.tsv``) or a synset table
    (``synset``, ``words``: lemmas separated by spaces, optional ``phrase`` and ``gloss``,
    MultiWordNet's ``italian_synsets.tsv``)."""
    entries = []
    with open(path, encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        lemma_col = "lemma" if "lemma" in header else "words" if "words" in header else None
        if "synset" not in header or lemma_col is None:
            raise InputError(
                f"{path}: line 1: a wordnet table needs the columns synset and lemma "
                f"(or words), found {header}"
            )
        col = {name: header.index(name) for name in header}
        need = max(col["synset"], col[lemma_col]) + 1
        for k, line in enumerate(fh, start=2):
            if not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < need:
                raise InputError(
                    f"{path}: line {k}: expected {len(header)} tab-separated columns, "
                    f"found {len(cols)}"
                )
            cols += [""] * (len(header) - len(cols))
            value = cols[col[lemma_col]]
            lemmas = [value] if lemma_col == "lemma" else value.split()
            phrases = cols[col["phrase"]].split() if "phrase" in col else []
            gloss = cols[col["gloss"]] if "gloss" in col else ""
            entries.append(WordnetEntry(cols[col["synset"]], lemmas, phrases, gloss))
    return entries


def wordnet_links(entries: Iterable[WordnetEntry]) -> dict[str, Counter]:
    """``locution`` pairs (content words of one multiword lemma or example phrase, at most 3 apart),
    ``synonym`` pairs (one-word lemmas sharing a synset of at most :data:`MAX_SYNSET` of them) and
    ``gloss`` pairs (a one-word lemma and a content word of its synset's gloss)."""
    phrases: set[str] = set()
    synsets: dict[str, set[str]] = {}
    glosses: dict[str, set[str]] = {}
    for e in entries:
        for lemma in e.lemmas:
            text = lemma.replace("_", " ").strip()
            if " " in text:
                phrases.add(text)
            elif is_content(word := normalize(text)):
                synsets.setdefault(e.synset, set()).add(word)
        for phrase in e.phrases:
            text = phrase.replace("_", " ").strip()
            if " " in text:
                phrases.add(text)
        if e.gloss:
            glosses.setdefault(e.synset, set()).add(e.gloss)
    locutions = list_links(sorted(phrases), "locution", window=3)
    synonyms: Counter = Counter()
    gloss: Counter = Counter()
    for synset, words in synsets.items():
        ordered = sorted(words)
        if 2 <= len(ordered) <= MAX_SYNSET:
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    synonyms[(a, b)] += 1
        defined = {
            t for text in sorted(glosses.get(synset, ())) for t in tokenize(text) if is_content(t)
        }
        for a in ordered:
            for b in sorted(defined - {a}):
                gloss[(a, b)] += 1
    return {"locution": locutions, "synonym": synonyms, "gloss": gloss}


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
    titles: Sequence[str | os.PathLike] = (),
    wiktionary: Sequence[str | os.PathLike] = (),
    quotes: Sequence[str | os.PathLike] = (),
    wordnet: Sequence[str | os.PathLike] = (),
    min_count: int = 1,
    lexicon_words: set[str] | None = None,
    window: int = 0,
    window_min_count: int = 2,
) -> dict:
    """Run the whole stage; returns a summary (rows per pattern)."""
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
