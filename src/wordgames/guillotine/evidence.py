"""Evidence channels, each optional: a channel whose artifact is absent contributes nothing, and
:class:`Resources.notes` says so.

- :class:`LinkIndex`: the pattern counts and weighted-list links of the ``guillotine-links`` stage,
  indexed by word in both directions (CSR arrays), with unigram counts.
- :class:`PastGames`: clue -> solution links of known games, minus every game sharing 4 or more clues
  with the games being evaluated (:meth:`PastGames.exclude_overlapping`).
- :class:`Vectors`: GloVe (or any gensim KeyedVectors) cosine similarity.
- IDF and PMI tables for GUL.LE.VER, and the wordfreq frequency prior.
"""

from __future__ import annotations

import logging
import math
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordgames.guillotine.games import Game, normalize, read_games
from wordgames.guillotine.patterns import CORPUS_PATTERNS, PATTERNS, is_content

log = logging.getLogger(__name__)


class LinkIndex:
    """Word -> (neighbour ids, pattern ids, counts, direction) for every link of the stage's table."""

    def __init__(
        self,
        left: Sequence[str] | np.ndarray,
        right,
        pattern,
        count,
        words=None,
        word_counts=None,
        source: str = "",
    ):
        import pyarrow as pa

        left_a = (
            pa.chunked_array([pa.array(left, pa.string())])
            if not isinstance(left, pa.ChunkedArray)
            else left
        )
        right_a = (
            pa.chunked_array([pa.array(right, pa.string())])
            if not isinstance(right, pa.ChunkedArray)
            else right
        )
        both = pa.chunked_array(left_a.chunks + right_a.chunks).combine_chunks().dictionary_encode()
        self.words: list[str] = both.dictionary.to_pylist()
        extra = [w for w in (words or []) if w is not None]
        self.index: dict[str, int] = {w: i for i, w in enumerate(self.words)}
        for w in extra:
            if w not in self.index:
                self.index[w] = len(self.words)
                self.words.append(w)
        ids = both.indices.to_numpy(zero_copy_only=False).astype(np.int32)
        n = len(left_a)
        li, ri = ids[:n], ids[n:]
        pat_arr = (
            pattern
            if isinstance(pattern, pa.ChunkedArray)
            else pa.chunked_array([pa.array(list(pattern), pa.string())])
        )
        pat_enc = pat_arr.combine_chunks().dictionary_encode() if n else None
        pat_index = {p: k for k, p in enumerate(PATTERNS)}
        if n:
            uniq = pat_enc.dictionary.to_pylist()
            inv = pat_enc.indices.to_numpy(zero_copy_only=False)
        else:
            uniq, inv = [], np.array([], dtype=np.int64)
        unknown = [p for p in uniq if p not in pat_index]
        if unknown:
            log.warning("ignoring unknown link patterns %s", unknown)
        lut = np.array([pat_index.get(p, -1) for p in uniq], dtype=np.int16)
        pat = lut[inv] if n else np.array([], dtype=np.int16)
        cnt = (
            count.to_numpy(zero_copy_only=False)
            if hasattr(count, "to_numpy")
            else np.asarray(count)
        )
        keep = pat >= 0
        li, ri, pat, cnt = li[keep], ri[keep], pat[keep], cnt[keep].astype(np.float32)
        src = np.concatenate([li, ri])
        dst = np.concatenate([ri, li])
        order = np.argsort(src, kind="stable").astype(np.int64)
        self.dst = dst[order]
        self.pat = np.concatenate([pat, pat])[order]
        self.cnt = np.concatenate([cnt, cnt])[order]
        # direction: 0 = the indexed word is on the left (word X), 1 = on the right (X word)
        self.dir = np.concatenate([np.zeros(len(li), np.int8), np.ones(len(li), np.int8)])[order]
        self.offsets = np.zeros(len(self.words) + 1, dtype=np.int64)
        self.offsets[1:] = np.cumsum(np.bincount(src, minlength=len(self.words)))
        self.word_count = np.zeros(len(self.words), dtype=np.float64)
        if words is not None and word_counts is not None:
            get = self.index.get
            pos = np.fromiter((get(w, -1) for w in words), dtype=np.int64, count=len(words))
            m = pos >= 0
            self.word_count[pos[m]] = np.asarray(word_counts, dtype=np.float64)[m]
        self.total = float(self.word_count.sum()) or 1.0
        self.patterns_present = sorted({PATTERNS[p] for p in np.unique(pat)})
        self.source = source

    ARRAYS = ("dst", "pat", "cnt", "dir", "offsets", "word_count")

    def save_compact(self, directory: str | os.PathLike) -> Path:
        from wordgames.guillotine.compact import write_compact

        return write_compact(
            directory,
            {a: getattr(self, a) for a in self.ARRAYS},
            self.words,
            {"patterns_present": self.patterns_present},
        )

    @classmethod
    def from_compact(cls, directory: str | os.PathLike, source: str = ""):
        """The index memory-mapped from :meth:`save_compact`'s files."""
        from wordgames.guillotine.compact import read_compact

        arrays, words, meta = read_compact(directory)
        obj = cls.__new__(cls)
        for a in cls.ARRAYS:
            setattr(obj, a, arrays[a])
        obj.words = words
        obj.index = {w: i for i, w in enumerate(words)}
        obj.total = float(np.asarray(obj.word_count).sum()) or 1.0
        obj.patterns_present = list(meta.get("patterns_present", []))
        obj.source = source or str(directory)
        return obj

    @classmethod
    def load(cls, links_path: str | os.PathLike, words_path: str | os.PathLike | None = None):
        """From the stage's tables (the links and their unigram counts)."""
        from wordgames.artifacts import read_parquet

        table = read_parquet(links_path)
        words = counts = None
        if words_path is not None and Path(words_path).exists():
            wt = read_parquet(words_path)
            words = wt.column("word").to_pylist()
            counts = wt.column("count").to_numpy()
        return cls(
            table.column("left"),
            table.column("right"),
            table.column("pattern"),
            table.column("count"),
            words=words,
            word_counts=counts,
            source=str(links_path),
        )

    def without(self, patterns) -> LinkIndex:
        """A copy without the links of ``patterns`` (names): the same index as one built from a
        table without those rows, so a links-only source can be ablated without rebuilding."""
        drop = np.array([PATTERNS.index(p) for p in patterns], dtype=self.pat.dtype)
        keep = ~np.isin(self.pat, drop)
        src = np.repeat(np.arange(len(self.words)), np.diff(self.offsets))
        obj = LinkIndex.__new__(LinkIndex)
        obj.words, obj.index, obj.source = self.words, self.index, self.source
        obj.dst, obj.pat = np.asarray(self.dst)[keep], np.asarray(self.pat)[keep]
        obj.cnt, obj.dir = np.asarray(self.cnt)[keep], np.asarray(self.dir)[keep]
        obj.offsets = np.zeros(len(self.words) + 1, dtype=np.int64)
        obj.offsets[1:] = np.cumsum(np.bincount(src[keep], minlength=len(self.words)))
        obj.word_count = self.word_count
        obj.total = self.total
        obj.patterns_present = [p for p in self.patterns_present if p not in set(patterns)]
        return obj

    def neighbours(self, word: str):
        i = self.index.get(word)
        if i is None:
            empty = np.array([], dtype=np.int32)
            return empty, empty.astype(np.int16), empty.astype(np.float32), empty.astype(np.int8)
        a, b = self.offsets[i], self.offsets[i + 1]
        return self.dst[a:b], self.pat[a:b], self.cnt[a:b], self.dir[a:b]

    def count(self, word: str) -> float:
        i = self.index.get(word)
        return float(self.word_count[i]) if i is not None else 0.0

    def counts(self, words: Sequence[str], degree: bool = False) -> np.ndarray:
        """:meth:`count` of every word, as one array (one gather instead of a lookup a word); with
        ``degree``, how many links each word has in the table instead (any pattern or neighbour).
        An unknown word gets 0."""
        get = self.index.get
        ids = np.fromiter((get(w, -1) for w in words), dtype=np.int64, count=len(words))
        out = np.zeros(len(words), dtype=np.float64)
        m = ids >= 0
        i = ids[m]
        out[m] = self.offsets[i + 1] - self.offsets[i] if degree else self.word_count[i]
        return out


class _GameIndex:
    """Which games each clue belongs to (built once per game list, shared by the restricted copies
    of a :class:`PastGames`)."""

    def __init__(self, games: Sequence[Game]):
        # every occurrence, in game order (a clue twice in a game counts twice, as a link)
        self.occurrences: dict[str, list[int]] = {}
        # each game once per distinct clue (for the >= 4 shared clues test)
        self.members: dict[str, list[int]] = {}
        for k, g in enumerate(games):
            for c in g.clues:
                self.occurrences.setdefault(c, []).append(k)
            for c in set(g.clues):
                self.members.setdefault(c, []).append(k)

    def overlapping(self, evaluated: Iterable[Game], min_shared: int) -> set[int]:
        """The same set as :func:`wordgames.guillotine.games.overlapping` over the indexed games."""
        out: set[int] = set()
        for g in evaluated:
            shared: Counter = Counter()
            for c in set(g.clues):
                shared.update(self.members.get(c, ()))
            out.update(k for k, n in shared.items() if n >= min_shared)
        return out


class _ActiveLinks(Mapping):
    """clue -> Counter of the solutions of the active games holding it, built when asked for: the
    same mapping (and the same order of solutions) as one built over every active game, without
    rebuilding it for each restricted copy."""

    def __init__(self, games: Sequence[Game], index: _GameIndex, excluded: set[int]):
        self._games, self._index, self._excluded = games, index, excluded

    def __getitem__(self, clue: str) -> Counter:
        out: Counter = Counter()
        for k in self._index.occurrences.get(clue, ()):
            s = self._games[k].solution
            if s and k not in self._excluded:
                out[s] += 1
        if not out:
            raise KeyError(clue)
        return out

    def __contains__(self, clue) -> bool:
        return any(
            self._games[k].solution and k not in self._excluded
            for k in self._index.occurrences.get(clue, ())
        )

    def __iter__(self):
        return (c for c in self._index.occurrences if c in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass
class PastGames:
    """Known games used as evidence: clue -> solution links, with overlap exclusion.

    ``links`` (clue -> Counter of solutions) and ``solutions`` cover the games not ``excluded``."""

    games: list[Game] = field(default_factory=list)
    excluded: set[int] = field(default_factory=set)
    sources: list[str] = field(default_factory=list)
    _index: _GameIndex | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self._index is None:
            self._index = _GameIndex(self.games)
        self._reindex()

    def _reindex(self) -> None:
        self.links: Mapping[str, Counter] = _ActiveLinks(self.games, self._index, self.excluded)
        self.solutions: Counter = Counter(
            g.solution for k, g in enumerate(self.games) if g.solution and k not in self.excluded
        )

    @classmethod
    def load(cls, files: Iterable[str | os.PathLike]) -> PastGames:
        games: list[Game] = []
        sources = []
        seen = set()
        for f in files:
            for g in read_games(f):
                key = (frozenset(g.clues), g.solution)
                if key in seen:
                    continue
                seen.add(key)
                games.append(g)
            sources.append(str(f))
        return cls(games=games, sources=sources)

    def exclude_overlapping(self, evaluated: Iterable[Game], min_shared: int = 4) -> int:
        """Drop every game sharing ``min_shared`` or more clues with an evaluated game."""
        self.excluded = self._index.overlapping(evaluated, min_shared)
        self._reindex()
        return len(self.excluded)

    def restricted(self, evaluated: Iterable[Game], min_shared: int = 4) -> PastGames:
        """A copy without the games overlapping ``evaluated`` (on top of the current exclusion)."""
        extra = self._index.overlapping(evaluated, min_shared)
        return PastGames(
            games=self.games,
            excluded=self.excluded | extra,
            sources=self.sources,
            _index=self._index,
        )

    @property
    def active(self) -> int:
        return len(self.games) - len(self.excluded)

    def note(self) -> str:
        return (
            f"past games: {self.active} of {len(self.games)} used; {len(self.excluded)} excluded "
            f"for sharing >= 4 clues with the evaluated games"
        )


class Vectors:
    """Unit-normalised word vectors (gensim KeyedVectors) for cosine similarity."""

    def __init__(self, kv, source: str = ""):
        self.kv = kv
        vecs = np.asarray(kv.vectors, dtype=np.float32)
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        self.unit = vecs / norms
        self.index: dict[str, int] = {normalize(w): i for i, w in enumerate(kv.index_to_key)}
        self.words: list[str] = [normalize(w) for w in kv.index_to_key]
        self.source = source

    def save_compact(self, directory: str | os.PathLike) -> Path:
        from wordgames.guillotine.compact import write_compact

        return write_compact(directory, {"unit": self.unit}, self.words, {"source": self.source})

    @classmethod
    def from_compact(cls, directory: str | os.PathLike) -> Vectors:
        """The unit vectors memory-mapped from :meth:`save_compact`'s folder (no gensim)."""
        from wordgames.guillotine.compact import read_compact

        arrays, words, meta = read_compact(directory)
        obj = cls.__new__(cls)
        obj.kv = None
        obj.unit = arrays["unit"]
        obj.words = words
        obj.index = {w: i for i, w in enumerate(words)}
        obj.source = str(meta.get("source") or directory)
        return obj

    @classmethod
    def load(cls, path: str | os.PathLike) -> Vectors:
        """From gensim KeyedVectors (memory-mapped)."""
        from gensim.models import KeyedVectors

        return cls(KeyedVectors.load(str(path), mmap="r"), source=str(path))

    def vector(self, word: str) -> np.ndarray | None:
        """The unit vector of a word; a multiword clue is the normalised mean of its tokens."""
        i = self.index.get(word)
        if i is not None:
            return self.unit[i]
        parts = [self.index[t] for t in word.split() if t in self.index and is_content(t)]
        if not parts:
            return None
        v = self.unit[parts].mean(axis=0)
        n = np.linalg.norm(v)
        return v / n if n else None

    def cosines(self, v: np.ndarray) -> np.ndarray:
        return self.unit @ v


def load_idf(path: str | os.PathLike) -> dict[str, float]:
    from wordgames.artifacts import read_parquet

    t = read_parquet(path)
    col = "idf" if "idf" in t.column_names else [c for c in t.column_names if c != "word"][0]
    return {
        normalize(w): float(v)
        for w, v in zip(t.column("word").to_pylist(), t.column(col).to_pylist(), strict=True)
    }


class PMITable:
    """Pairwise PMI from the stats stage (columns word1/word2 or w1/w2 or i/j + vocab, and pmi),
    held as sorted int64 pair keys for binary search (loads millions of pairs in about a second)."""

    def __init__(self, left: Sequence[str], right: Sequence[str], values):
        import pyarrow as pa

        n = len(left)
        both = pa.chunked_array(
            [pa.array(list(left), pa.string()), pa.array(list(right), pa.string())]
        ).combine_chunks()
        self._init_encoded(both.dictionary_encode(), n, np.asarray(values, dtype=np.float64))

    def _init_encoded(self, enc, n: int, values: np.ndarray) -> None:
        words = [normalize(w) for w in enc.dictionary.to_pylist()]
        self.index: dict[str, int] = {}
        for k, w in enumerate(words):
            self.index.setdefault(w, k)
        remap = np.array([self.index[w] for w in words], dtype=np.int64)
        ids = remap[enc.indices.to_numpy(zero_copy_only=False)]
        a, b = ids[:n], ids[n:]
        self.V = np.int64(max(len(words), 1))
        keys = np.concatenate([a * self.V + b, b * self.V + a])
        vals = np.concatenate([values, values])
        order = np.argsort(keys, kind="stable")
        self.keys, self.vals = keys[order], vals[order]

    @classmethod
    def load(cls, path: str | os.PathLike, vocab_path: str | os.PathLike | None = None) -> PMITable:
        import pyarrow as pa

        from wordgames.artifacts import read_parquet

        t = read_parquet(path)
        names = t.column_names
        val = "pmi" if "pmi" in names else ("npmi" if "npmi" in names else names[-1])
        for a, b in (("word1", "word2"), ("w1", "w2"), ("left", "right"), ("a", "b")):
            if a in names and b in names:
                left, right = t.column(a), t.column(b)
                break
        else:
            if {"i", "j"} <= set(names) and vocab_path is not None and Path(vocab_path).exists():
                words = read_parquet(vocab_path, columns=["word"]).column("word")
                left = words.take(t.column("i"))
                right = words.take(t.column("j"))
            else:
                raise ValueError(f"{path}: no word pair columns in {names}")
        obj = cls.__new__(cls)
        both = pa.chunked_array(list(left.chunks) + list(right.chunks)).combine_chunks()
        obj._init_encoded(
            both.dictionary_encode(),
            len(left),
            t.column(val).to_numpy(zero_copy_only=False).astype(np.float64),
        )
        return obj

    def get(self, a: str, b: str) -> float | None:
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return None
        key = i * self.V + j
        k = int(np.searchsorted(self.keys, key))
        if k < len(self.keys) and self.keys[k] == key:
            return float(self.vals[k])
        return None


class LazyPMI:
    """A :class:`PMITable` read on first use (only GUL.LE.VER's rerank needs it)."""

    def __init__(self, path: str | os.PathLike, vocab_path: str | os.PathLike | None = None):
        self.path, self.vocab_path = path, vocab_path
        self._table: PMITable | None = None

    def get(self, a: str, b: str) -> float | None:
        if self._table is None:
            self._table = PMITable.load(self.path, self.vocab_path)
        return self._table.get(a, b)


def zipf(word: str) -> float:
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        return 0.0
    return float(zipf_frequency(word, "it"))


@dataclass
class Resources:
    """Every loaded channel, plus human-readable notes on what is used and what is missing."""

    links: LinkIndex | None = None
    past: PastGames | None = None
    vectors: Vectors | None = None
    #: the lexical-knowledge collection's GloVe (the links solver's kglove_* features)
    knowledge_vectors: Vectors | None = None
    idf: dict[str, float] | None = None
    pmi: PMITable | LazyPMI | None = None
    lexicon: object | None = None
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        log.info(text)
        self.notes.append(text)


def corpus_pattern_ids() -> np.ndarray:
    return np.array([PATTERNS.index(p) for p in CORPUS_PATTERNS], dtype=np.int16)


def safe_log(x: float) -> float:
    return math.log(x) if x > 0 else float("-inf")
