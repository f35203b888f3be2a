"""GUL.LE.VER as published (Evalita 2020 Ghigliottin-AI): GloVe neighbours scored by a weighted mean
cosine over the five clues, penalised by the spread of the cosines, with a PMI rerank when unsure.

For a candidate ``t`` and clues ``c_i`` (those with a vector)::

    F(t) = w1 * (sum_i cos(t, c_i) * nIDF(c_i) / sum_i nIDF(c_i)) / (1 + w2 * std_i cos(t, c_i))

where cosines below ``threshold`` are set to -1 before both the mean and the standard deviation, and
``nIDF(c) = idf(c) / max idf`` (uniform weights when no IDF table is available). Candidates: the ``M``
nearest neighbours of each clue, nouns and adjectives of the lexicon only, adjectives dropped when a
clue is an adjective, black/white lists applied, clue words removed. When the best two scores differ by
less than ``certainty``, the ``rerank_top`` best are multiplied by ``1 + mean_i max(PMI(t, c_i), 0)``
(PMI from the stats stage; no rerank when that table is absent).
"""

from __future__ import annotations

import numpy as np

from wordgames.guillotine.evidence import Resources
from wordgames.guillotine.solvers.base import Answer, Result

DEFAULTS = {
    "neighbours": 375,
    "w1": 0.525,
    "w2": 5.5,
    "threshold": -0.05,
    "certainty": 0.004,
    "rerank_top": 10,
}


def gullever_scores(
    cos: np.ndarray, nidf: np.ndarray, w1: float, w2: float, threshold: float
) -> np.ndarray:
    """F(t) for a (candidates x clues) matrix of cosines and the clues' nIDF weights."""
    cos = np.where(cos < threshold, -1.0, cos)
    weights = nidf / nidf.sum() if nidf.sum() > 0 else np.full_like(nidf, 1.0 / len(nidf))
    mean = cos @ weights
    return w1 * mean / (1.0 + w2 * cos.std(axis=1))


class GulleverSolver:
    name = "gullever"
    #: its weights (w1, w2, threshold, certainty) are the published ones, which its authors fitted
    #: on the Evalita 2020 games; its confidence is not calibrated (no threshold)
    trained = True

    def __init__(self, res: Resources, params: dict | None = None):
        self.res = res
        self.p = {**DEFAULTS, **(params or {})}
        self.notes = [n for n in res.notes]
        if res.vectors is None:
            self.notes.append("gullever: no word vectors: it cannot answer")
        if res.idf is None:
            self.notes.append("gullever: no IDF table: clue weights are uniform")
            self.max_idf = 1.0
        else:
            self.max_idf = max(res.idf.values()) if res.idf else 1.0
        if res.pmi is None:
            self.notes.append("gullever: no PMI table: no rerank when unsure")

    def solve(self, clues, top: int = 100) -> Result:
        res, p, lex = self.res, self.p, self.res.lexicon
        notes = list(self.notes)
        vec = res.vectors
        if vec is None:
            return Result([], notes)
        clue_vecs, used = [], []
        for c in clues:
            v = vec.vector(c)
            if v is None:
                notes.append(f"gullever: clue '{c}' has no vector, left out")
            else:
                clue_vecs.append(v)
                used.append(c)
        if not clue_vecs:
            return Result([], notes)
        V = np.stack(clue_vecs)
        M = min(int(p["neighbours"]), len(vec.words))
        sims = vec.unit @ V.T  # (vocab, clues)
        cand = set()
        for j in range(V.shape[0]):
            col = sims[:, j]
            idx = np.argpartition(-col, M - 1)[:M] if len(col) > M else np.arange(len(col))
            cand.update(int(i) for i in idx)
        clue_set = set(clues) | {t for c in clues for t in c.split()}
        drop_adj = lex is not None and any(lex.is_adjective_only(c) for c in clues)
        keep = []
        for i in cand:
            w = vec.words[i]
            if w in clue_set or not w.isalpha():
                continue
            if lex is not None:
                if not lex.is_candidate(w):
                    continue
                if drop_adj and lex.is_adjective_only(w):
                    continue
            keep.append(i)
        if not keep:
            return Result([], notes)
        keep = np.array(sorted(keep))
        cos = sims[keep].astype(np.float64)
        if res.idf is not None:
            nidf = np.array([res.idf.get(c, self.max_idf) / self.max_idf for c in used])
        else:
            nidf = np.ones(len(used))
        scores = gullever_scores(cos, nidf, p["w1"], p["w2"], p["threshold"])
        order = np.argsort(-scores, kind="stable")
        if (
            res.pmi is not None
            and len(order) >= 2
            and scores[order[0]] - scores[order[1]] < p["certainty"]
        ):
            k = min(int(p["rerank_top"]), len(order))
            head = order[:k]
            for r in head:
                w = vec.words[keep[r]]
                vals = [res.pmi.get(w, c) for c in used]
                bonus = np.mean([max(v, 0.0) if v is not None else 0.0 for v in vals])
                scores[r] = scores[r] * (1.0 + bonus) if scores[r] > 0 else scores[r]
            head = head[np.argsort(-scores[head], kind="stable")]
            order = np.concatenate([head, order[k:]])
            notes.append("gullever: top-2 gap below certainty: PMI rerank applied")
        order = order[:top]
        ex = np.exp((scores[order] - scores[order].max()) * 20.0)
        conf = ex / ex.sum()
        answers = []
        for rank, r in enumerate(order):
            w = vec.words[keep[r]]
            ev = {c: f"cos {cos[r, j]:.2f}" for j, c in enumerate(used)}
            answers.append(Answer(w, float(scores[r]), float(conf[rank]), ev))
        return Result(answers, notes)
