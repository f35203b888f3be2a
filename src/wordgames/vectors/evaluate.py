"""Word-vector quality: WordSim-353 and SimLex-999 Spearman, Google analogy accuracy, neighbours.

The three test sets are the files bundled in gensim's test data (``gensim.test.utils.datapath``):
``wordsim353.tsv``, ``simlex999.txt`` and ``questions-words.txt``. Pairs and questions with a word
outside the vocabulary are skipped by gensim; the share skipped is reported beside each score.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence

log = logging.getLogger(__name__)


def _clean(value):
    value = float(value)
    return None if math.isnan(value) else value


def evaluate_keyed_vectors(
    kv, probes: Sequence[str] = (), topn: int = 10, restrict_vocab: int = 300000
) -> dict:
    import warnings

    from gensim.test.utils import datapath

    result: dict = {"vocab_size": len(kv.index_to_key), "dim": int(kv.vector_size)}
    for name, fname in (("wordsim353", "wordsim353.tsv"), ("simlex999", "simlex999.txt")):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pearson, spearman, oov = kv.evaluate_word_pairs(
                    datapath(fname), restrict_vocab=restrict_vocab, case_insensitive=True
                )
        except ValueError:  # every pair out of vocabulary (tiny corpora)
            result[name] = {"spearman": None, "pearson": None, "oov_percent": 100.0}
        else:
            result[name] = {
                "spearman": _clean(spearman[0]),
                "pearson": _clean(pearson[0]),
                "oov_percent": float(oov),
            }
    try:
        score, sections = kv.evaluate_word_analogies(
            datapath("questions-words.txt"), restrict_vocab=restrict_vocab, case_insensitive=True
        )
    except (ValueError, ZeroDivisionError):
        score, sections = 0.0, []
    total = next((s for s in sections if s["section"] == "Total accuracy"), None)
    correct = len(total["correct"]) if total else 0
    answered = correct + (len(total["incorrect"]) if total else 0)
    result["analogy"] = {
        "accuracy": float(score),
        "correct": correct,
        "answered": answered,
        "questions": _count_questions(datapath("questions-words.txt")),
    }
    result["neighbours"] = {
        w: [[n, round(float(s), 4)] for n, s in kv.most_similar(w, topn=topn)]
        for w in probes
        if w in kv.key_to_index
    }
    return result


def _count_questions(path) -> int:
    with open(path, encoding="utf-8") as fh:
        return sum(1 for line in fh if line.strip() and not line.startswith(":"))


def summary_markdown(results: dict[str, dict]) -> str:
    """A Markdown table of the word-vector scores, one row per collection (the report's section)."""
    lines = [
        "Spearman correlation on WordSim-353 and SimLex-999 (pairs with an unknown word skipped, "
        "their share shown) and 3CosAdd analogy accuracy on the Google questions answered.",
        "",
        "| collection | words | dim | WordSim-353 | SimLex-999 | analogy | nearest neighbours |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]

    def score(x):  # Spearman is undefined when every pair has an unknown word
        return "n/a" if x is None else f"{x:.3f}"

    for name, r in results.items():
        ws, sl, an = r["wordsim353"], r["simlex999"], r["analogy"]
        probes = "; ".join(
            f"{w}: {', '.join(n for n, _ in near[:4])}"
            for w, near in r.get("neighbours", {}).items()
        )
        lines.append(
            f"| {name} | {r['vocab_size']} | {r['dim']} "
            f"| {score(ws['spearman'])} ({ws['oov_percent']:.0f}% OOV) "
            f"| {score(sl['spearman'])} ({sl['oov_percent']:.0f}% OOV) "
            f"| {score(an['accuracy'])} of {an['answered']} | {probes} |"
        )
    return "\n".join(lines) + "\n"
