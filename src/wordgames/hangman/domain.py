"""The in-domain model: an n-gram LM of a puzzle set's *training* answers, read beside the prose LM.

A show's puzzles are not prose: "Before & After" answers, titles, names, two-word things. The
training answers (never the evaluated ones) are written one a line, each twice: plain, and after a
token naming its category (``<category:food_drink> french onion soup``), so one LM knows both what
puzzles look like and what each category's answers look like. The solver interpolates it word by
word with the prose LM (:mod:`wordgames.hangman.scoring`); the order and the two interpolation
weights (with and without a category) are chosen by cross-validated perplexity on the training
answers alone (:func:`choose`), so nothing of an evaluated set is seen.

Categories are folded to one key (lower case, letters and digits, ``_`` between words;
``Before &amp; After`` -> ``before_after``); a plural whose singular is a training category is the
singular (``Things`` -> ``thing``), and a category the training answers never had plays as none.
"""

from __future__ import annotations

import json
import math
import os
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.errors import InputError
from wordgames.hangman.game import clean_category, phrase_tokens
from wordgames.hangman.wordclass import CLASS_PRIOR, class_ratios

CATEGORY_TOKEN = "<category:{}>"
#: pseudo-count of the overall in-domain word distribution in a category's (a Dirichlet prior:
#: a category with few answers leans on all of them); fixed, not tuned
CATEGORY_PRIOR = 20.0
_NON_WORD = re.compile(r"[^a-z0-9]+")


def category_key(category: str | None) -> str | None:
    """The folded key of a category (``Before &amp; After`` -> ``before_after``); None if blank."""
    text = clean_category(category)
    if text is None:
        return None
    key = _NON_WORD.sub("_", text.lower().replace("&", " ")).strip("_")
    return key or None


def resolve_category(category: str | None, known: Iterable[str]) -> str | None:
    """The training category a category plays as (plural folded to a known singular), or None."""
    key = category_key(category)
    known = set(known)
    if key is None:
        return None
    for candidate in (key, key[:-1] if key.endswith("s") else None, key + "s"):
        if candidate in known:
            return candidate
    return None


def category_token(key: str) -> str:
    return CATEGORY_TOKEN.format(key)


def fold_of(phrase: str, folds: int) -> int:
    """A fold fixed by the answer's tokens (a repeated answer always falls in the same fold)."""
    return zlib.crc32(" ".join(phrase_tokens(phrase)).encode("utf-8")) % folds


def training_lines(puzzles: Iterable[tuple[str, str | None]]) -> list[str]:
    """The LM's training lines: each answer plain, then after its category token (if it has one)."""
    lines = []
    for phrase, category in puzzles:
        tokens = phrase_tokens(phrase)
        if not tokens:
            continue
        lines.append(" ".join(tokens))
        key = category_key(category)
        if key is not None:
            lines.append(" ".join([category_token(key), *tokens]))
    if not lines:
        raise InputError("the in-domain training set has no answers with letters")
    return lines


def category_smoothed(category_count, overall_share, category_total: float):
    """P(word | length, category): the category's count smoothed towards the overall share of the
    word among in-domain words of its length (scalars or numpy arrays)."""
    return (category_count + CATEGORY_PRIOR * overall_share) / (category_total + CATEGORY_PRIOR)


def length_totals(counts: dict[str, int]) -> dict[int, float]:
    totals: dict[int, float] = {}
    for word, n in counts.items():
        totals[len(word)] = totals.get(len(word), 0.0) + n
    return totals


def prior_terms(prose: dict[str, int], puzzles, heldout, with_category: bool) -> list:
    """Per word of each held-out answer: (P_prose(word | length), P_domain(word | length,
    category)), the domain prior counted on ``puzzles``; words neither knows are left out (the
    solvers' out-of-vocabulary model takes them)."""
    overall, by_category = word_counts(puzzles)
    prose_totals, totals = length_totals(prose), length_totals(overall)
    cat_totals = {k: length_totals(c) for k, c in by_category.items()}
    terms = []
    for phrase, category in heldout:
        key = category_key(category) if with_category else None
        own = by_category.get(key) if key is not None else None
        for word in phrase_tokens(phrase):
            n = len(word)
            p_prose = prose.get(word, 0) / prose_totals[n] if n in prose_totals else 0.0
            share = overall.get(word, 0) / totals[n] if n in totals else 0.0
            p_dom = share
            if own is not None:
                p_dom = category_smoothed(own.get(word, 0), share, cat_totals[key].get(n, 0.0))
            if p_prose or p_dom:
                terms.append((p_prose, p_dom))
    return terms


def word_counts(puzzles: Iterable[tuple[str, str | None]]) -> tuple[dict, dict]:
    """Token counts of the answers, overall and per category key (sorted, for stable JSON)."""
    overall: Counter[str] = Counter()
    by_category: dict[str, Counter[str]] = {}
    for phrase, category in puzzles:
        tokens = phrase_tokens(phrase)
        overall.update(tokens)
        key = category_key(category)
        if key is not None:
            by_category.setdefault(key, Counter()).update(tokens)
    return dict(sorted(overall.items())), {
        k: dict(sorted(c.items())) for k, c in sorted(by_category.items())
    }


@dataclass(frozen=True)
class DomainInfo:
    """What the domain stage chose (its JSON): order, weights, categories, and the evidence."""

    order: int
    weight: float  # interpolation weight of the domain LM when the category is known
    weight_plain: float  # ... when it is not
    categories: tuple[str, ...]
    train: str  # the training file it was built from
    answers: int
    selection: dict  # cross-validated perplexities per (order, weight): how the choice was made
    # word counts of the training answers, overall and per category key: the solvers' in-domain
    # word prior (so a category's typical words reach the candidates and the letter odds)
    unigrams: dict = field(default_factory=dict)
    category_unigrams: dict = field(default_factory=dict)
    # weight of that prior against the prose unigram in a slot's word prior (with, without category)
    prior_weight: float = 0.0
    prior_weight_plain: float = 0.0
    # per category key: word class -> factor on the prose word probabilities (wordgames.hangman.
    # wordclass); empty when built without the prose unigrams (or before word classes existed)
    class_ratios: dict = field(default_factory=dict)

    def write(self, path: str | os.PathLike) -> Path:
        from wordgames.artifacts import atomic_open

        data = {k: getattr(self, k) for k in self.__dataclass_fields__}
        data["categories"] = list(self.categories)
        with atomic_open(path) as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.write("\n")
        return Path(path)

    @classmethod
    def read(cls, path: str | os.PathLike) -> DomainInfo:
        from wordgames.artifacts import require

        path = require(path, "build the in-domain model first (wordgames build hangman-domain)")
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            data["categories"] = tuple(data["categories"])
            return cls(**data)
        except (ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{path}: not an in-domain model description ({exc})") from None


def heldout_terms(main, domain, puzzles: Sequence[tuple[str, str | None]], with_category: bool):
    """Per word of each held-out answer (and ``</s>``): (p_main, p_domain) probabilities, the
    domain LM conditioned on the category token when ``with_category``."""
    terms = []
    for phrase, category in puzzles:
        tokens = phrase_tokens(phrase)
        key = category_key(category) if with_category else None
        s_main = main.begin()
        s_dom = domain.begin()
        if key is not None and category_token(key) in domain:
            s_dom = domain.advance(s_dom, category_token(key))[1]
        for word in [*tokens, "</s>"]:
            lp_main, s_main = main.advance(s_main, word)
            lp_dom, s_dom = domain.advance(s_dom, word)
            known = word == "</s>" or word in domain
            terms.append((10.0**lp_main, 10.0**lp_dom if known else 0.0))
    return terms


def perplexity(terms: Sequence[tuple[float, float]], weight: float) -> float:
    """Perplexity of the interpolation ``(1 - weight) p_main + weight p_domain`` over the terms."""
    total = sum(math.log((1 - weight) * pm + weight * pd) for pm, pd in terms)
    return math.exp(-total / len(terms))


def _train(lines: Sequence[str], arpa: Path, order: int, memory: str) -> Path:
    from wordgames.lm.train import train_arpa

    text = arpa.with_suffix(".txt")
    text.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    # a few thousand short answers cannot estimate Kneser-Ney discounts for every order
    train_arpa(text, arpa, order=order, memory=memory, discount_fallback=True)
    text.unlink()
    return arpa


def choose(
    main,
    puzzles: Sequence[tuple[str, str | None]],
    scratch: Path,
    *,
    orders: Sequence[int],
    weights: Sequence[float],
    folds: int,
    memory: str,
    prose: dict[str, int] | None = None,
) -> tuple[int, float, float, dict]:
    """(order, weight with category, weight without, evidence): each order and weight scored by
    the perplexity of held-out answers over ``folds`` folds of the training answers. With the
    ``prose`` unigram counts, the evidence also holds the word-prior weights chosen the same way
    (``prior_weight``, ``prior_weight_plain``: how much a slot's word prior is the in-domain
    one)."""
    from wordgames.lm.model import LanguageModel
    from wordgames.progress import progress

    if folds < 2:
        raise InputError(f"the in-domain weights need at least 2 folds, got {folds}")
    by_fold = [[p for p in puzzles if fold_of(p[0], folds) == f] for f in range(folds)]
    terms: dict[tuple[int, bool], list] = {}
    for f, order in progress(
        [(f, o) for f in range(folds) for o in orders], desc="in-domain folds", unit=" LMs"
    ):
        rest = [p for g, part in enumerate(by_fold) if g != f for p in part]
        arpa = _train(training_lines(rest), scratch / f"fold{f}-order{order}.arpa", order, memory)
        domain = LanguageModel(arpa, load="read")
        for with_category in (True, False):
            key = (order, with_category)
            terms.setdefault(key, []).extend(heldout_terms(main, domain, by_fold[f], with_category))
        arpa.unlink()
    table = {
        f"order={o} category={int(c)} weight={w:g}": perplexity(terms[(o, c)], w)
        for (o, c) in terms
        for w in weights
    }

    def best(with_category: bool, order_set: Sequence[int]) -> tuple[int, float]:
        return min(
            ((o, w) for o in order_set for w in weights),
            key=lambda ow: table[f"order={ow[0]} category={int(with_category)} weight={ow[1]:g}"],
        )

    order, weight = best(True, orders)
    _, weight_plain = best(False, [order])
    evidence: dict = {"folds": folds, "perplexity": table}
    if prose is not None:
        prior = {True: [], False: []}
        for f in range(folds):
            rest = [p for g, part in enumerate(by_fold) if g != f for p in part]
            for with_category in (True, False):
                prior[with_category] += prior_terms(prose, rest, by_fold[f], with_category)
        prior_table = {
            f"category={int(c)} weight={w:g}": perplexity(prior[c], w)
            for c in (True, False)
            for w in weights
            # a weight under which some held-out word has no probability at all is out
            if all((1 - w) * pm + w * pd > 0 for pm, pd in prior[c])
        }
        evidence["prior_perplexity"] = prior_table
        for with_category, name in ((True, "prior_weight"), (False, "prior_weight_plain")):
            evidence[name] = min(
                (
                    w
                    for w in weights
                    if f"category={int(with_category)} weight={w:g}" in prior_table
                ),
                key=lambda w, c=int(with_category): prior_table[f"category={c} weight={w:g}"],
            )
    return order, weight, weight_plain, evidence


def build(
    train: str | os.PathLike,
    main_lm: str | os.PathLike,
    out_binary: str | os.PathLike,
    out_info: str | os.PathLike,
    *,
    unigrams: str | os.PathLike | None = None,
    orders: Sequence[int],
    weights: Sequence[float],
    folds: int,
    class_prior: float = CLASS_PRIOR,
    memory: str = "1G",
) -> DomainInfo:
    """The domain stage: choose order and weights on the training answers, then train the LM on
    all of them (KenLM binary) and write what was chosen (JSON)."""
    import tempfile

    from wordgames.artifacts import atomic_tmp_prefix, remove_stale_temporaries
    from wordgames.hangman.puzzles import read_puzzles
    from wordgames.lm.model import LanguageModel
    from wordgames.lm.train import build_binary

    puzzles = read_puzzles(train)
    main = LanguageModel(main_lm)
    prose = None
    if unigrams is not None:
        from wordgames.hangman.lexicon import Lexicon

        prose = Lexicon.from_parquet(unigrams, min_count=1).counts
    out_binary = Path(out_binary)
    out_binary.parent.mkdir(parents=True, exist_ok=True)
    # the fold LMs' scratch folder is named as the binary's temporaries, so a killed run's is
    # removed by the next one (wordgames.artifacts.remove_stale_temporaries)
    remove_stale_temporaries(out_binary)
    with tempfile.TemporaryDirectory(
        prefix=atomic_tmp_prefix(out_binary), dir=out_binary.parent
    ) as tmp:
        scratch = Path(tmp)
        order, weight, weight_plain, selection = choose(
            main,
            puzzles,
            scratch,
            orders=orders,
            weights=weights,
            folds=folds,
            memory=memory,
            prose=prose,
        )
        arpa = _train(training_lines(puzzles), scratch / "model.arpa", order, memory)
        build_binary(arpa, out_binary, memory=memory)
    keys = sorted({k for _, c in puzzles if (k := category_key(c)) is not None})
    unigrams, by_category = word_counts(puzzles)
    ratios = {}
    if prose is not None:
        answers = ((a, category_key(c)) for a, c in puzzles)
        ratios = class_ratios(prose, answers, class_prior)
    info = DomainInfo(
        order=order,
        weight=weight,
        weight_plain=weight_plain,
        prior_weight=selection.pop("prior_weight", weight),
        prior_weight_plain=selection.pop("prior_weight_plain", weight_plain),
        categories=tuple(keys),
        train=str(train),
        answers=len(puzzles),
        selection=selection,
        unigrams=unigrams,
        category_unigrams=by_category,
        class_ratios=ratios,
    )
    info.write(out_info)
    return info
