"""The default solver: clue-solution links as multiword expressions, from several evidence channels.

In the spirit of "Il Mago della Ghigliottina": for every clue, the words it forms a surface pattern
with (``A B``, ``A prep B``, ``A det B``, ``A conj B``, ``A prep+article B``, compounds ``AB``) in the
collection, the words it shares a proverb, saying or song title with, a Wikipedia title or a Wiktionary
locution, the solutions of past games it was a clue of, and its GloVe neighbours. Candidates are the
nouns and adjectives of the lexicon reached that way; each gets per-clue evidence, summarised into
features with a cap on any one clue's weight (coverage: how many clues it explains; capped sums of log
counts and of PMI; per-pattern coverage; GloVe cosines; past-game prior; wordfreq frequency prior;
the candidate's form: apocope, verb form, inflected form).
A conditional logit learned on development games (:mod:`wordgames.guillotine.model`) weighs them; a
calibration map fitted on held-out training games turns its softmax into the confidence.
"""

from __future__ import annotations

import time
from functools import lru_cache

import numpy as np

from wordgames.guillotine import patterns as P
from wordgames.guillotine.evidence import Resources, zipf
from wordgames.guillotine.model import Model
from wordgames.guillotine.patterns import CORPUS_PATTERNS, PATTERNS, UNIT_PATTERNS, is_content
from wordgames.guillotine.solvers.base import Answer, Result
from wordgames.guillotine.solvers.links_features import (  # noqa: F401 - is_roman_numeral: API
    FEATURES,
    VOWELS,
    hand_model,
    is_roman_numeral,
    lemma_solutions,
)

DEFAULTS = {
    "cap": 3.0,
    "pmi_cap": 8.0,
    "max_candidates": 1500,
    "glove_candidates": 50,
    "glove_link": 0.35,
    "knowledge_candidates": 50,
    "knowledge_link": 0.35,
    "min_length": 3,
    "pool_forms": False,
    "extra_assoc": True,
    "assoc_floor": -1.0,
}

# clues whose forms and GloVe neighbours a solver remembers (each entry well under 1 kB)
CLUE_CACHE = 50_000
PAT = {p: PATTERNS.index(p) for p in PATTERNS}
LINE_PATTERNS = ("proverb", "saying", "song", "quote")
CORPUS_IDX = np.array([PAT[p] for p in CORPUS_PATTERNS])
LIST_IDX = np.array([PAT[p] for p in (*LINE_PATTERNS, "proverb_more", "quotation")])
# the knowledge tables whose links count as dictionary links (an entry, not a line of text)
TABLE_DICT_IDX = np.array([PAT[p] for p in ("italwordnet", "wikt_synset", "quiz", "place")])


@lru_cache(maxsize=200_000)
def _zipf(word: str) -> float:
    return zipf(word)


class LinksSolver:
    name = "links"

    def __init__(self, res: Resources, params: dict | None = None, model: Model | None = None):
        self.res = res
        self.p = {**DEFAULTS, **(params or {})}
        self.model = model or hand_model()
        self.notes = list(res.notes)
        if model is None:
            self.notes.append("links: no trained weighting model: hand-set weights")
        li = res.links
        lex = res.lexicon
        if li is not None:
            ok = np.zeros(len(li.words), dtype=bool)
            for i, w in enumerate(li.words):
                if (
                    len(w) >= self.p["min_length"]
                    and w.isalpha()
                    and is_content(w)
                    and (lex is None or lex.is_candidate(w))
                ):
                    ok[i] = True
            self.cand_ok = ok
        self.vec_ok = self.kvec_ok = None
        # per clue, what depends on the clue alone (cross-validation meets each clue many times);
        # capped, since a server meets every word its clients send
        self._clue_forms = lru_cache(maxsize=CLUE_CACHE)(self._find_clue_forms)
        self._glove_neighbours = lru_cache(maxsize=CLUE_CACHE)(self._find_glove_neighbours)
        self._knowledge_neighbours = lru_cache(maxsize=CLUE_CACHE)(self._find_knowledge_neighbours)
        if res.vectors is not None:
            self.vec_ok = self._candidate_mask(res.vectors.words)
        if res.knowledge_vectors is not None:
            self.kvec_ok = self._candidate_mask(res.knowledge_vectors.words)

    def _candidate_mask(self, words) -> np.ndarray:
        lex = self.res.lexicon
        return np.array(
            [
                len(w) >= self.p["min_length"]
                and w.isalpha()
                and is_content(w)
                and (lex is None or lex.is_candidate(w))
                for w in words
            ],
            dtype=bool,
        )

    @property
    def trained(self) -> bool:  # a model trained on game sets, not the hand-set weights
        return bool(self.model.info.get("trained"))

    def _clue_tokens(self, clue: str) -> list[str]:
        li = self.res.links
        if li is not None and clue in li.index:
            return [clue]
        toks = [t for t in clue.split() if is_content(t)]
        return toks or clue.split()

    def _find_clue_forms(self, clue: str) -> list[str]:
        """The other forms of the clue's lemmas (``stella`` -> ``stelle``), known to the links."""
        lex, li = self.res.lexicon, self.res.links
        if lex is None or li is None or not hasattr(lex, "forms"):
            return []
        toks = self._clue_tokens(clue)
        out: set[str] = set()
        for t in toks:
            out |= lex.forms(t)
        return sorted(w for w in out - set(toks) if w in li.index)

    def candidates(self, clues, past=None):
        """Candidate words and their per-clue evidence arrays."""
        res, p = self.res, self.p
        past = past if past is not None else res.past
        n_clues = len(clues)
        clue_set = set(clues) | {t for c in clues for t in c.split()}
        row_of: dict[str, int] = {}
        words: list[str] = []
        blocks = []
        pooled_blocks = []
        li = res.links
        if li is not None:
            for i, c in enumerate(clues):
                for tok in self._clue_tokens(c):
                    dst, pat, cnt, dr = li.neighbours(tok)
                    m = self.cand_ok[dst]
                    blocks.append((dst[m], pat[m], cnt[m], dr[m], i))
            if self.p["pool_forms"]:
                for i, c in enumerate(clues):
                    for tok in self._clue_forms(c):
                        dst, pat, cnt, _ = li.neighbours(tok)
                        m = self.cand_ok[dst] & (pat != PAT["near"])
                        pooled_blocks.append((dst[m], cnt[m], i))
            if blocks or pooled_blocks:
                D = np.concatenate([b[0] for b in blocks] + [b[0] for b in pooled_blocks])
                uniq = np.unique(D)
                # the row of each linked word (a clue word has none); rows follow the word ids
                uniq_row = np.full(len(uniq), -1, dtype=np.int64)
                for j, k in enumerate(uniq):
                    w = li.words[k]
                    if w not in clue_set:
                        uniq_row[j] = row_of[w] = len(words)
                        words.append(w)
        past_hits: list[tuple[str, int, int]] = []
        if past is not None:
            for i, c in enumerate(clues):
                for s, n in past.links.get(c, {}).items():
                    if s in clue_set:
                        continue
                    past_hits.append((s, i, n))
                    if s not in row_of:
                        row_of[s] = len(words)
                        words.append(s)
        for vec, G, nearest in (
            (res.vectors, int(p["glove_candidates"]), self._glove_neighbours),
            (res.knowledge_vectors, int(p["knowledge_candidates"]), self._knowledge_neighbours),
        ):
            if vec is None or G <= 0:
                continue
            for c in clues:
                if vec.vector(c) is None:
                    continue
                for k in nearest(c, G):
                    w = vec.words[k]
                    if w not in row_of and w not in clue_set:
                        row_of[w] = len(words)
                        words.append(w)
        n = len(words)
        M = np.zeros((n, n_clues, len(PATTERNS)), dtype=np.float32)
        LEFT = np.zeros((n, n_clues), dtype=np.float32)
        POOL = np.zeros((n, n_clues), dtype=np.float32)
        if li is not None and (blocks or pooled_blocks):

            def to_row(dst):  # every block's words are among the (sorted) uniq
                return uniq_row[np.searchsorted(uniq, dst)]

            for dst, pat, cnt, dr, i in blocks:
                rows = to_row(dst)
                m = rows >= 0
                np.add.at(M, (rows[m], i, pat[m]), cnt[m])
                np.add.at(LEFT, (rows[m], i), (dr[m] == 0) * cnt[m])
            for dst, cnt, i in pooled_blocks:
                rows = to_row(dst)
                m = rows >= 0
                np.add.at(POOL, (rows[m], i), cnt[m])
        PAST = np.zeros((n, n_clues), dtype=np.float32)
        for s, i, k in past_hits:
            PAST[row_of[s], i] += k
        COS = _cosines(res.vectors, words, clues)
        KCOS = _cosines(res.knowledge_vectors, words, clues)
        return words, M, PAST, COS, KCOS, LEFT, POOL

    def _find_glove_neighbours(self, clue: str, G: int) -> np.ndarray:
        """The ``G`` nearest candidate words of a clue with a vector (ids in the vectors)."""
        return _nearest(self.res.vectors, self.vec_ok, clue, G)

    def _find_knowledge_neighbours(self, clue: str, G: int) -> np.ndarray:
        """The same in the lexical-knowledge collection's vectors."""
        return _nearest(self.res.knowledge_vectors, self.kvec_ok, clue, G)

    def features(self, clues, past=None):
        res, p = self.res, self.p
        past = past if past is not None else res.past
        words, M, PAST, COS, KCOS, LEFT, POOL = self.candidates(clues, past)
        n = len(words)
        cap = p["cap"]
        corpus_n = M[:, :, CORPUS_IDX].sum(-1)
        lists_n = M[:, :, LIST_IDX].sum(-1)
        title_n = M[:, :, PAT["title"]]
        wikt_n = M[:, :, PAT["wiktionary"]]
        near_n = M[:, :, PAT["near"]]
        locution_n = M[:, :, PAT["locution"]]
        synonym_n = M[:, :, PAT["synonym"]]
        gloss_n = M[:, :, PAT["gloss"]]
        thes_n = M[:, :, PAT["thesaurus"]]
        thes_phrase_n = M[:, :, PAT["thes_phrase"]]
        unit_n = {u: M[:, :, PAT[u]] for u in UNIT_PATTERNS}
        # dictionary links (Wiktionary, wordnet locutions, synonyms, glosses, thesaurus, the lexical
        # units of the knowledge corpora) count alike in the sums
        dict_n = wikt_n + locution_n + synonym_n + gloss_n + thes_n + thes_phrase_n
        dict_n = dict_n + sum(unit_n.values()) + M[:, :, TABLE_DICT_IDX].sum(-1)
        direct = corpus_n + lists_n + title_n + dict_n  # every link but near, past games and GloVe
        cos = np.nan_to_num(COS, nan=0.0)
        has_cos = ~np.isnan(COS)
        glove_link = (cos > p["glove_link"]) & has_cos
        kcos = np.nan_to_num(KCOS, nan=0.0)
        has_kcos = ~np.isnan(KCOS)
        kglove_link = (kcos > p["knowledge_link"]) & has_kcos
        any_link = (
            (corpus_n > 0)
            | (lists_n > 0)
            | (title_n > 0)
            | (dict_n > 0)
            | (PAST > 0)
            | glove_link
            | kglove_link
            | (near_n > 0)
        )
        cov_any = any_link.sum(1).astype(np.float64)
        li = res.links
        if li is not None and n:
            fc = np.array([max(sum(li.count(t) for t in self._clue_tokens(c)), 1.0) for c in clues])
            ft = np.maximum(li.counts(words), 1.0)
            with np.errstate(divide="ignore"):
                pmi = np.log(np.maximum(corpus_n, 1e-9) * li.total / (ft[:, None] * fc[None, :]))
            pmi = np.where(corpus_n > 0, np.clip(pmi, 0.0, p["pmi_cap"]), 0.0)
            with np.errstate(divide="ignore"):
                near_pmi = np.log(np.maximum(near_n, 1e-9) * li.total / (ft[:, None] * fc[None, :]))
            near_pmi = np.where(near_n > 0, np.clip(near_pmi, 0.0, p["pmi_cap"]), 0.0)
            log_count = np.log1p(ft)
            # a hub (posto, spirito) links to many words, so it covers clues by chance
            log_degree = np.log1p(li.counts(words, degree=True))
            # Il Mago's association: per clue, the best pattern's PMI (floor for unseen pairs)
            with np.errstate(divide="ignore"):
                per_pat = np.log(
                    np.maximum(M[:, :, CORPUS_IDX], 1e-9)
                    * li.total
                    / (ft[:, None, None] * fc[None, :, None])
                )
            per_pat = np.where(M[:, :, CORPUS_IDX] > 0, per_pat, -np.inf).max(-1)
            assoc = np.clip(
                np.nan_to_num(per_pat, neginf=p["assoc_floor"]), p["assoc_floor"], p["pmi_cap"]
            )
        else:
            pmi = np.zeros((n, len(clues)))
            near_pmi = pmi
            assoc = np.zeros((n, len(clues)))
            fc = np.ones(len(clues))
            ft = np.ones(n)
            log_count = np.zeros(n)
            log_degree = np.zeros(n)
        lex = res.lexicon
        X = np.zeros((n, len(FEATURES)), dtype=np.float64)
        col = {f: k for k, f in enumerate(FEATURES)}
        X[:, col["cov_any"]] = cov_any
        X[:, col["cov_any_sq"]] = cov_any**2 / 5.0
        X[:, col["cov_corpus"]] = (corpus_n > 0).sum(1)
        X[:, col["sum_logn"]] = np.minimum(np.log1p(corpus_n), cap).sum(1)
        X[:, col["sum_pmi"]] = pmi.sum(1)
        for pname in CORPUS_PATTERNS:
            X[:, col[f"cov_{pname}"]] = (M[:, :, PAT[pname]] > 0).sum(1)
        X[:, col["cov_lists"]] = (lists_n > 0).sum(1)
        X[:, col["sum_lists"]] = np.minimum(np.log1p(lists_n), cap).sum(1)
        X[:, col["cov_title"]] = (title_n > 0).sum(1)
        X[:, col["cov_wiktionary"]] = (wikt_n > 0).sum(1)
        X[:, col["cov_locution"]] = (locution_n > 0).sum(1)
        X[:, col["cov_synonym"]] = (synonym_n > 0).sum(1)
        X[:, col["cov_gloss"]] = (gloss_n > 0).sum(1)
        X[:, col["cov_thesaurus"]] = (thes_n > 0).sum(1)
        X[:, col["cov_thes_phrase"]] = (thes_phrase_n > 0).sum(1)
        X[:, col["cov_past"]] = (PAST > 0).sum(1)
        if past is not None:
            X[:, col["past_prior"]] = np.log1p([past.solutions.get(w, 0) for w in words])
            X[:, col["past_lemma_prior"]] = np.log1p(lemma_solutions(past.solutions, lex, words))
        n_vec = np.maximum(has_cos.sum(1), 1)
        X[:, col["glove_mean"]] = cos.sum(1) / n_vec
        X[:, col["glove_cov"]] = glove_link.sum(1)
        X[:, col["kglove_mean"]] = kcos.sum(1) / np.maximum(has_kcos.sum(1), 1)
        X[:, col["kglove_cov"]] = kglove_link.sum(1)
        for u, counts in unit_n.items():
            X[:, col[f"cov_{u}"]] = (counts > 0).sum(1)
        for t in P.TABLE_PATTERNS:
            X[:, col[f"cov_{t}"]] = (M[:, :, PAT[t]] > 0).sum(1)
        X[:, col["log_count"]] = log_count
        X[:, col["log_degree"]] = log_degree
        X[:, col["adj_only"]] = [
            1.0 if lex is not None and lex.is_adjective_only(w) else 0.0 for w in words
        ]
        # solutions are nouns and adjectives in full form: apocopes (far, buon, gran, mal) and
        # verb forms (fece, avere) win on links yet are rarely the answer
        X[:, col["ends_consonant"]] = [0.0 if w[-1] in VOWELS else 1.0 for w in words]
        # Morph-it! lists Roman numerals (iii, xx, iv) as nouns; they link like numbers do
        X[:, col["roman"]] = [1.0 if is_roman_numeral(w) else 0.0 for w in words]
        if lex is not None:
            X[:, col["verb_form"]] = [1.0 if w in lex.verbs else 0.0 for w in words]
            X[:, col["base_form"]] = [1.0 if lex.lemma(w) == w else 0.0 for w in words]
        X[:, col["cov_dir_left"]] = ((LEFT > 0) & (corpus_n > 0)).sum(1)
        # the per-clue link strengths, strongest first: lets the model value the weakest links
        per_clue = (
            np.minimum(np.log1p(direct), cap)
            + np.minimum(np.log1p(near_n), cap) / 2
            + (PAST > 0)
            + np.maximum(cos, 0)
            + np.maximum(kcos, 0)
        )
        per_clue = -np.sort(-per_clue, axis=1)
        for k in range(min(5, per_clue.shape[1])):
            X[:, col[f"link_{k + 1}"]] = per_clue[:, k]
        X[:, col["cov_near"]] = (near_n > 0).sum(1)
        X[:, col["sum_near_pmi"]] = near_pmi.sum(1)
        # evidence pooled over the forms of the candidate's lemma (duro, dura, duri, dure)
        if n:
            lemmas = [lex.lemma(w) if lex is not None else w for w in words]
            _, lemma_id = np.unique(np.array(lemmas, dtype=object).astype(str), return_inverse=True)
            strength = np.log1p(direct + PAST)
            pooled = np.zeros((lemma_id.max() + 1, len(clues)))
            np.add.at(pooled, lemma_id, strength)
            pooled = pooled[lemma_id]
            X[:, col["cov_lemma"]] = (pooled > 0).sum(1)
            X[:, col["sum_lemma"]] = np.minimum(pooled, cap).sum(1)
            # both sides pooled: any form of the clue's lemma with any form of the candidate's
            both = np.zeros((lemma_id.max() + 1, len(clues)))
            np.add.at(both, lemma_id, direct + POOL)
            both = both[lemma_id]
            cov_pool = ((both > 0) | any_link).sum(1).astype(np.float64)
            X[:, col["cov_pool"]] = cov_pool
            X[:, col["cov_pool_sq"]] = cov_pool**2 / 5.0
            X[:, col["sum_pool"]] = np.minimum(np.log1p(both), cap).sum(1)
            if li is not None and self.p["extra_assoc"]:
                # PMI of the pooled counts, with the frequencies of all the forms on both sides
                ftl = np.zeros(lemma_id.max() + 1)
                np.add.at(ftl, lemma_id, ft)
                fcl = np.array(
                    [
                        max(fc[i], sum(li.count(f) for f in self._clue_forms(c)) + fc[i])
                        for i, c in enumerate(clues)
                    ]
                )
                with np.errstate(divide="ignore"):
                    ppmi = np.log(
                        np.maximum(both, 1e-9) * li.total / (ftl[lemma_id][:, None] * fcl[None, :])
                    )
                ppmi = np.where(both > 0, np.clip(ppmi, 0.0, p["pmi_cap"]), 0.0)
                X[:, col["sum_pool_pmi"]] = ppmi.sum(1)
                X[:, col["sum_assoc"]] = assoc.sum(1)
        # first-stage cut (cheap, before the frequency prior): coverage then capped strength
        K = int(p["max_candidates"])
        pre = self.first_stage_scores(X)
        pool = [words[k] for k in np.argsort(-pre, kind="stable")]
        if n > K:
            keep = np.sort(np.argpartition(-pre, K)[:K])
            X = X[keep]
            words = [words[k] for k in keep]
            M, PAST, COS, KCOS = M[keep], PAST[keep], COS[keep], KCOS[keep]
        X[:, col["zipf"]] = [_zipf(w) for w in words]
        return words, X, (M, PAST, COS, KCOS, pool)

    @staticmethod
    def first_stage_scores(X: np.ndarray) -> np.ndarray:
        """The cheap first-stage ranking of the candidate pool: clues covered (directly or through
        the lemma's forms), then capped link strength, past games and GloVe."""
        col = {f: k for k, f in enumerate(FEATURES)}
        cov = np.maximum(X[:, col["cov_any"]], X[:, col["cov_pool"]] - 0.5)
        return (
            cov * 100
            + X[:, col["sum_logn"]]
            + X[:, col["sum_lists"]]
            + X[:, col["cov_past"]] * 3
            + X[:, col["glove_mean"]]
        )

    def solve(self, clues, top: int = 100, past=None) -> Result:
        t0 = time.perf_counter()
        words, X, detail = self.features(clues, past)
        notes = list(self.notes)
        if not words:
            return Result([], notes, time.perf_counter() - t0)
        Xm = self.model_columns(X)
        probs = self.model.probabilities(Xm)
        scores = self.model.scores(Xm)
        conf = self.model.confidences(probs)
        ranked = np.argsort(-scores, kind="stable")
        M, PAST, COS, KCOS, pool = detail
        answers = []
        for r in ranked[:top]:
            ev = {
                c: self.describe(words[r], c, M[r, i], PAST[r, i], COS[r, i], KCOS[r, i])
                for i, c in enumerate(clues)
            }
            answers.append(Answer(words[r], float(scores[r]), float(conf[r]), ev))
        cov = X[:, FEATURES.index("cov_any")]
        full = [words[r] for r in ranked if cov[r] >= len(clues)]
        cal = self.model.calibration
        return Result(
            answers,
            notes,
            time.perf_counter() - t0,
            threshold=cal.threshold if cal is not None else None,
            pool=pool,
            full=full,
        )

    def model_columns(self, X: np.ndarray) -> np.ndarray:
        """The columns the model was trained on, by name (a model saved before features were
        added keeps working)."""
        if list(self.model.features) == FEATURES:
            return X
        missing = [f for f in self.model.features if f not in FEATURES]
        if missing:
            raise ValueError(f"weighting model uses unknown features {missing}: retrain it")
        return X[:, [FEATURES.index(f) for f in self.model.features]]

    @staticmethod
    def describe(word: str, clue: str, counts, past_n, cos, kcos=np.nan) -> str:
        parts = []
        for k in np.argsort(-counts):
            if counts[k] <= 0:
                break
            parts.append(f"{PATTERNS[k]} x{int(counts[k])}")
        if past_n > 0:
            parts.append(f"past games x{int(past_n)}")
        if not np.isnan(cos):
            parts.append(f"cos {float(cos):.2f}")
        if not np.isnan(kcos):
            parts.append(f"kcos {float(kcos):.2f}")
        return ", ".join(parts[:4])


def _nearest(vec, ok: np.ndarray, clue: str, G: int) -> np.ndarray:
    """The ``G`` nearest candidate words (``ok``) of a clue with a vector (ids in the vectors)."""
    sims = np.where(ok, vec.unit @ vec.vector(clue), -2.0)
    # a small vocabulary may have fewer words than G: then take them all
    return np.argpartition(-sims, G)[:G] if len(sims) > G else np.arange(len(sims))


def _cosines(vec, words: list[str], clues) -> np.ndarray:
    """Cosine of every candidate with every clue (NaN where either has no vector)."""
    out = np.full((len(words), len(clues)), np.nan, dtype=np.float32)
    if vec is None or not words:
        return out
    idx = np.array([vec.index.get(w, -1) for w in words])
    have = idx >= 0
    if have.any():
        U = vec.unit[idx[have]]  # gathered once for the five clues
        for i, c in enumerate(clues):
            v = vec.vector(c)
            if v is not None:
                out[have, i] = U @ v
    return out
