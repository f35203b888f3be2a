"""The phrase-knowledge channel: listed phrases as a second source of a board's answer.

An answer is modelled as drawn from a mixture of the LM and the phrase lists::

    p(x | c) = (1 - λ_c) p_LM(x) + λ_c Σ_t π_{c,t} [x in t] / |t|

where ``t`` runs over the lists' source types (``wordnet:noun.food``, ``films``) and ``c`` is the
board's category (none: the pooled weights). λ and π are fitted by EM on the *training* answers of
``hangman.domain.train`` (:func:`fit`), the prose LM giving ``p_LM``; a category's weights are
smoothed towards the pooled ones by ``κ`` pseudo-answers, κ chosen by the held-out likelihood over
folds of those answers (:func:`choose`). Nothing of an evaluated set is seen.

On a board, :class:`PhraseIndex` finds every listed phrase of the board's shape that fits it (no
guessed letter at a hidden position, the shown ones in place); the solver weighs the list against
the LM by Bayes' rule over the two channels (:meth:`PhraseChannel.board`).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordgames.errors import InputError
from wordgames.hangman.domain import category_key, fold_of, resolve_category
from wordgames.hangman.game import MASK, phrase_tokens
from wordgames.hangman.phrase_lists import shape_of

#: EM iterations (the log-likelihood moves by less than 1e-6 per answer well before)
ITERATIONS = 60
#: pseudo-count of each source type in the pooled weights, so a type no answer used keeps a little
TYPE_PRIOR = 0.1
LN10 = math.log(10.0)
_A, _Z = ord("a"), ord("z")


@dataclass(frozen=True)
class Weights:
    """The mixture weights: λ and π per category key (``""``: pooled), over ``types``."""

    types: tuple[str, ...]
    lam: dict[str, float]
    pi: dict[str, list[float]]

    def of(self, key: str | None) -> tuple[float, np.ndarray]:
        k = key if key in self.lam else ""
        return self.lam[k], np.asarray(self.pi[k])


@dataclass
class Answers:
    """Training answers as the EM sees them: the LM's log probability of each, its category
    index (-1: none) and its list memberships (answer, type, log prior) as flat arrays."""

    lm_log: np.ndarray
    category: np.ndarray
    member_answer: np.ndarray
    member_type: np.ndarray
    member_logq: np.ndarray

    def subset(self, rows: np.ndarray) -> Answers:
        renumber = -np.ones(len(self.lm_log), np.int64)
        renumber[rows] = np.arange(len(rows))
        keep = renumber[self.member_answer] >= 0
        return Answers(
            self.lm_log[rows],
            self.category[rows],
            renumber[self.member_answer[keep]],
            self.member_type[keep],
            self.member_logq[keep],
        )


def _posteriors(a: Answers, lam: np.ndarray, pi: np.ndarray):
    """Per answer its log likelihood under the mixture, and each membership's responsibility.
    ``lam`` is per answer, ``pi`` per (answer's category row, type)."""
    log_lm = np.log1p(-lam) + a.lm_log
    log_list = np.log(lam[a.member_answer]) + np.log(pi[a.member_answer, a.member_type])
    log_list += a.member_logq
    top = log_lm.copy()
    np.maximum.at(top, a.member_answer, log_list)
    total = np.exp(log_lm - top)
    parts = np.exp(log_list - top[a.member_answer])
    np.add.at(total, a.member_answer, parts)
    loglik = top + np.log(total)
    return loglik, parts / total[a.member_answer]


def fit(a: Answers, n_types: int, n_categories: int, kappa: float) -> tuple[dict, dict]:
    """λ and π by EM: pooled first, then each category smoothed towards the pool by ``kappa``
    pseudo-answers. Returns ({category index or -1: λ}, {category index or -1: π})."""
    lam, pi = 0.1, np.full(n_types, 1.0 / n_types)
    n = len(a.lm_log)
    for _ in range(ITERATIONS):
        _, r = _posteriors(a, np.full(n, lam), np.broadcast_to(pi, (n, n_types)))
        used = np.bincount(a.member_type, r, minlength=n_types)
        lam = float(np.clip(used.sum() / max(n, 1), 1e-6, 1 - 1e-6))
        pi = (used + TYPE_PRIOR) / (used.sum() + TYPE_PRIOR * n_types)
    lams, pis = {-1: lam}, {-1: pi}
    cats = np.arange(n_categories)
    lam_c = np.full(n_categories, lam)
    pi_c = np.tile(pi, (n_categories, 1))
    counts = np.bincount(a.category[a.category >= 0], minlength=n_categories)
    for _ in range(ITERATIONS):
        lam_x, pi_x = _per_answer(a, lam, pi, lam_c, pi_c)
        _, r = _posteriors(a, lam_x, pi_x)
        cat = a.category[a.member_answer]
        inside = cat >= 0
        used = np.zeros((n_categories, n_types))
        np.add.at(used, (cat[inside], a.member_type[inside]), r[inside])
        mass = used.sum(1)
        lam_c = np.clip((mass + kappa * lam) / (counts + kappa), 1e-6, 1 - 1e-6)
        pi_c = (used + kappa * lam * pi) / (mass + kappa * lam)[:, None]
    for c in cats:
        lams[int(c)], pis[int(c)] = float(lam_c[c]), pi_c[c]
    return lams, pis


def _per_answer(a: Answers, lam, pi, lam_c, pi_c):
    """λ per answer and π per (answer, type): its category's, the pooled for none."""
    has = a.category >= 0
    lam_x = np.where(has, lam_c[np.maximum(a.category, 0)], lam)
    pi_x = np.where(has[:, None], pi_c[np.maximum(a.category, 0)], pi[None, :])
    return lam_x, pi_x


def heldout_loglik(a: Answers, lams: dict, pis: dict, with_category: bool) -> np.ndarray:
    """Each answer's log likelihood (natural log) under fitted weights."""
    n = len(a.lm_log)
    cats = a.category if with_category else np.full(n, -1)
    lam_x = np.array([lams.get(int(c), lams[-1]) for c in cats])
    pi_x = np.array([pis.get(int(c), pis[-1]) for c in cats])
    loglik, _ = _posteriors(a, lam_x, pi_x)
    return loglik


def choose(
    a: Answers, folds: np.ndarray, n_types: int, n_categories: int, kappas: Sequence[float]
) -> tuple[float, dict]:
    """κ by the held-out log likelihood over the folds; the evidence holds every fold's figures
    (and the LM alone, λ = 0, beside them: what the lists add)."""
    table: dict[str, float] = {}
    n_folds = int(folds.max()) + 1
    total = {("lm", None): 0.0}
    for kappa in kappas:
        total[("cat", kappa)] = 0.0
        total[("pooled", kappa)] = 0.0
    for f in range(n_folds):
        train, test = np.flatnonzero(folds != f), np.flatnonzero(folds == f)
        inner, outer = a.subset(train), a.subset(test)
        lm_only = float(outer.lm_log.sum())
        total[("lm", None)] += lm_only
        for kappa in kappas:
            lams, pis = fit(inner, n_types, n_categories, kappa)
            total[("cat", kappa)] += float(heldout_loglik(outer, lams, pis, True).sum())
            total[("pooled", kappa)] += float(heldout_loglik(outer, lams, pis, False).sum())
    n = len(a.lm_log)
    for (what, kappa), value in total.items():
        name = "lm alone" if what == "lm" else f"{what} kappa={kappa:g}"
        table[name] = value / n
    best = max(kappas, key=lambda k: total[("cat", k)])
    return best, {"folds": n_folds, "heldout_loglik_per_answer": table}


@dataclass(frozen=True)
class ChannelInfo:
    """What the phrases stage chose (its JSON)."""

    types: list[str]
    categories: list[str]
    kappa: float
    lam: dict[str, float]  # category key ("" = pooled) -> λ
    pi: dict[str, list[float]]  # category key -> π over types
    answers: int
    train: str
    selection: dict = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # list name -> label shown in reasons

    def weights(self) -> Weights:
        return Weights(tuple(self.types), self.lam, self.pi)

    def write(self, path: str | os.PathLike) -> Path:
        from wordgames.artifacts import atomic_open

        with atomic_open(path) as fh:
            json.dump(self.__dict__, fh, indent=1, sort_keys=True)
            fh.write("\n")
        return Path(path)

    @classmethod
    def read(cls, path: str | os.PathLike) -> ChannelInfo:
        from wordgames.artifacts import require

        path = require(path, "build the phrase table first (wordgames build hangman-phrases)")
        try:
            return cls(**json.loads(Path(path).read_text(encoding="utf-8")))
        except (ValueError, TypeError) as exc:
            raise InputError(f"{path}: not a phrase-channel description ({exc})") from None


def answers_of(puzzles, lm, table) -> tuple[Answers, list[str], list[str]]:
    """The training answers against the table: (answers, types, category keys)."""
    types = sorted(set(table.column("source").to_pylist()))
    type_index = {t: i for i, t in enumerate(types)}
    members: dict[str, list[tuple[int, float]]] = {}
    for norm, source, prior in zip(
        table.column("norm").to_pylist(),
        table.column("source").to_pylist(),
        table.column("prior").to_pylist(),
        strict=True,
    ):
        members.setdefault(norm, []).append((type_index[source], math.log(prior)))
    keys = sorted({k for _, c in puzzles if (k := category_key(c)) is not None})
    key_index = {k: i for i, k in enumerate(keys)}
    lm_log, cats, m_a, m_t, m_q = [], [], [], [], []
    for i, (phrase, category) in enumerate(puzzles):
        tokens = phrase_tokens(phrase)
        state, total = lm.begin(), 0.0
        for word in [*tokens, "</s>"]:
            lp, state = lm.advance(state, word)
            total += lp
        lm_log.append(total * LN10)
        key = category_key(category)
        cats.append(key_index[key] if key is not None else -1)
        for t, logq in members.get(" ".join(tokens), ()):
            m_a.append(i)
            m_t.append(t)
            m_q.append(logq)
    answers = Answers(
        np.array(lm_log),
        np.array(cats, np.int64),
        np.array(m_a, np.int64),
        np.array(m_t, np.int64),
        np.array(m_q),
    )
    return answers, types, keys


def build(
    lists,
    train: str | os.PathLike,
    main_lm: str | os.PathLike,
    out_table: str | os.PathLike,
    out_info: str | os.PathLike,
    *,
    folds: int,
    kappas: Sequence[float],
) -> ChannelInfo:
    """The phrases stage: the phrase table of ``lists``, and the channel's weights fitted on the
    training answers (κ by held-out likelihood over ``folds`` folds)."""
    from wordgames.artifacts import write_parquet
    from wordgames.hangman.phrase_lists import phrase_table
    from wordgames.hangman.puzzles import read_puzzles
    from wordgames.lm.model import LanguageModel

    if folds < 2:
        raise InputError(f"the phrase channel's weights need at least 2 folds, got {folds}")
    table = phrase_table(lists)
    if table.num_rows == 0:
        raise InputError("the phrase lists hold no phrase with letters")
    puzzles = read_puzzles(train)
    answers, types, keys = answers_of(puzzles, LanguageModel(main_lm), table)
    fold = np.array([fold_of(p, folds) for p, _ in puzzles])
    kappa, selection = choose(answers, fold, len(types), len(keys), kappas)
    lams, pis = fit(answers, len(types), len(keys), kappa)
    name = {-1: "", **dict(enumerate(keys))}
    listed = int(len(np.unique(answers.member_answer)))
    selection["listed_answers"] = listed
    info = ChannelInfo(
        types=types,
        categories=keys,
        kappa=kappa,
        lam={name[c]: round(v, 6) for c, v in lams.items()},
        pi={name[c]: [round(float(x), 8) for x in v] for c, v in pis.items()},
        answers=len(puzzles),
        train=str(train),
        selection=selection,
        labels={spec.name: spec.label or spec.name for spec in lists},
    )
    write_parquet(table, out_table)
    info.write(out_info)
    return info


@dataclass(frozen=True)
class BoardPhrases:
    """The listed phrases that fit a board, under the channel: their probabilities given the
    list channel, letters at hidden positions, and the list's prior mass on the board."""

    norms: list[str]
    sources: list[str]
    probs: np.ndarray  # P(phrase | list channel, board), sums to 1
    letters: np.ndarray  # (phrases, 26): the letter is at a hidden position
    present: np.ndarray  # (26,) P(letter at a hidden position | list channel, board)
    mass: float  # Σ p_list(x) over the fitting phrases: P_list(board)
    lam: float

    def present_of(self, letter: str) -> np.ndarray:
        """Which phrases hide ``letter``."""
        return self.letters[:, ord(letter) - _A] > 0


class PhraseIndex:
    """The phrase table grouped by shape; each group's letters as a byte matrix, built on first
    query of that shape."""

    def __init__(self, table):
        self.norm = table.column("norm").to_pylist()
        source = table.column("source").combine_chunks()
        self.type_names = [str(s) for s in source.dictionary.to_pylist()]
        self.type_of = np.asarray(source.indices.to_numpy(zero_copy_only=False), np.int64)
        self.prior = table.column("prior").to_numpy()
        self.letters = table.column("letters").to_pylist()
        shapes = table.column("shape").to_pylist()
        self._ranges: dict[str, tuple[int, int]] = {}
        start = 0
        for i in range(1, len(shapes) + 1):
            if i == len(shapes) or shapes[i] != shapes[start]:
                self._ranges[shapes[start]] = (start, i)
                start = i
        self._groups: dict[str, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.norm)

    def _group(self, shape: str) -> tuple[int, np.ndarray]:
        start, stop = self._ranges.get(shape, (0, 0))
        if shape not in self._groups:
            rows = [s.encode("ascii", "replace") for s in self.letters[start:stop]]
            width = sum(int(n) for n in shape.split("."))
            self._groups[shape] = np.frombuffer(b"".join(rows), np.uint8).reshape(-1, width)
        return start, self._groups[shape]

    def fitting(self, slots: Sequence[str], guessed) -> tuple[np.ndarray, np.ndarray]:
        """Rows fitting the board's slots (shown characters in place, no guessed letter hidden),
        and for each its hidden letters as a (rows, 26) presence matrix."""
        shape = shape_of(list(slots))
        start, group = self._group(shape)
        if not len(group):
            return np.zeros(0, np.int64), np.zeros((0, 26), bool)
        board = np.frombuffer("".join(slots).encode("ascii", "replace"), np.uint8)
        hidden = board == ord(MASK)
        ok = (group[:, ~hidden] == board[~hidden]).all(1)
        cells = group[ok][:, hidden]
        banned = np.zeros(256, bool)
        for ch in guessed:
            banned[ord(ch)] = True
        ok_rows = np.flatnonzero(ok)
        fine = ((cells >= _A) & (cells <= _Z) & ~banned[cells]).all(1)
        ok_rows, cells = ok_rows[fine], cells[fine]
        present = np.zeros((len(ok_rows), 26), bool)
        for j in range(cells.shape[1]):
            present[np.arange(len(ok_rows)), cells[:, j] - _A] = True
        return start + ok_rows, present


class PhraseChannel:
    """The phrase index and the weights the phrases stage fitted."""

    def __init__(self, index: PhraseIndex, info: ChannelInfo):
        self.index, self.info = index, info
        weights = info.weights()
        # π re-indexed to the table's own type numbering
        order = [weights.types.index(t) if t in weights.types else -1 for t in index.type_names]
        self._order = np.array(order)
        self._weights = weights

    @classmethod
    def load(cls, table_path: str | os.PathLike, info_path: str | os.PathLike) -> PhraseChannel:
        import pyarrow.parquet as pq

        from wordgames.artifacts import require

        path = require(table_path, "build the phrase table first (wordgames build hangman-phrases)")
        return cls(PhraseIndex(pq.read_table(path)), ChannelInfo.read(info_path))

    def category(self, category: str | None) -> str | None:
        return resolve_category(category, self.info.categories)

    def describe(self, source: str) -> str:
        """A source type as a reason names it: ``wordnet:noun.food`` -> ``WordNet noun.food``."""
        name, _, kind = source.partition(":")
        label = self.info.labels.get(name, name)
        return f"{label} {kind}" if kind else label

    def board(self, slots: Sequence[str], guessed, category: str | None) -> BoardPhrases | None:
        """The listed phrases fitting the board and their weights (None: none fits)."""
        rows, present = self.index.fitting(slots, guessed)
        if not len(rows):
            return None
        lam, pi = self._weights.of(self.category(category))
        known = self._order[self.index.type_of[rows]]
        p = np.where(known >= 0, pi[np.maximum(known, 0)], 0.0) * self.index.prior[rows]
        # one phrase may be listed under several types: its probability is their sum
        norms = [self.index.norm[r] for r in rows]
        unique: dict[str, int] = {}
        inverse = np.array([unique.setdefault(n, len(unique)) for n in norms])
        probs = np.bincount(inverse, p, minlength=len(unique))
        mass = float(probs.sum())
        if mass <= 0:
            return None
        letters = np.zeros((len(unique), 26))
        letters[inverse] = present
        best_source: dict[int, tuple[float, str]] = {}
        for k, r, pk in zip(inverse, rows, p, strict=True):
            if pk > best_source.get(k, (-1.0, ""))[0]:
                best_source[k] = (pk, self.index.type_names[self.index.type_of[r]])
        probs /= mass
        return BoardPhrases(
            norms=list(unique),
            sources=[best_source[k][1] for k in range(len(unique))],
            probs=probs,
            letters=letters,
            present=probs @ letters,
            mass=mass,
            lam=lam,
        )
