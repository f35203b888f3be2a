"""Vector quality on the same English tokens: this package's GloVe vs gensim word2vec.

English prose (results/local-en/en/tokens.txt if the pipeline made it, else ELTeC-eng novels + NLTK
text tokenised simply), vocabulary at --min-count, window 10. Scores: WordSim-353 and SimLex-999
Spearman, Google analogy accuracy (gensim's bundled test data), plus nearest neighbours of a few
probe words, printed side by side.

    nice .venv/bin/python benchmarks/glove_quality.py [--dim 100] [--iterations 25] [--w2v-epochs 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from cooccur_data import CACHE, cooccur_table, count_tokens, english_tokens  # noqa: E402

from wordgames.vectors.evaluate import evaluate_keyed_vectors  # noqa: E402
from wordgames.vectors.glove import GloveParams  # noqa: E402
from wordgames.vectors.keyed import load_keyed_vectors  # noqa: E402
from wordgames.vectors.train import (  # noqa: E402
    VectorOutputs,
    train_gensim_files,
    train_glove_files,
)


def outputs(folder) -> VectorOutputs:
    """The glove stage's four outputs in ``folder``."""
    return VectorOutputs(
        folder / "vectors.npy",
        folder / "vocab.parquet",
        folder / "vectors.kv",
        folder / "train.json",
    )


PROBES = ["king", "house", "sea", "night", "love", "money", "france", "quickly"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dim", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=25)
    ap.add_argument("--w2v-epochs", type=int, default=5)
    ap.add_argument("--min-count", type=int, default=20)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()

    tokens = english_tokens()
    print(f"corpus {tokens}: {count_tokens(tokens):,} tokens; load {os.getloadavg()}")
    t0 = time.perf_counter()
    vocab, cooc = cooccur_table(tokens, args.min_count)
    print(
        f"vocabulary + co-occurrence: {time.perf_counter() - t0:.0f} s (cached after the first run)"
    )
    out = CACHE / f"quality-d{args.dim}"
    results = {}
    params = GloveParams(dim=args.dim, iterations=args.iterations, threads=args.threads)
    s = train_glove_files(cooc, vocab, outputs(out / "glove"), params)  # no checkpoint
    results[f"GloVe (ours), {args.iterations} it"] = (s["seconds"], out / "glove/vectors.kv")
    w2v = GloveParams(dim=args.dim, iterations=args.w2v_epochs, threads=args.threads)
    s = train_gensim_files(
        tokens, vocab, outputs(out / "w2v"), "word2vec", w2v, window=10, min_count=args.min_count
    )
    results[f"gensim word2vec sg, {args.w2v_epochs} ep"] = (s["seconds"], out / "w2v/vectors.kv")

    print(
        f"\n{'model':30} {'train s':>8} {'WS353 rho':>10} {'SL999 rho':>10} {'analogy':>8} "
        f"{'answered':>9}"
    )
    scores = {}
    for name, (sec, kv_path) in results.items():
        r = evaluate_keyed_vectors(load_keyed_vectors(kv_path), probes=PROBES, topn=6)
        scores[name] = r
        print(
            f"{name:30} {sec:8.0f} {r['wordsim353']['spearman']:10.3f} "
            f"{r['simlex999']['spearman']:10.3f} {r['analogy']['accuracy']:8.3f} "
            f"{r['analogy']['answered']:>9}"
        )
    print(
        f"(WordSim OOV {r['wordsim353']['oov_percent']:.1f}%, SimLex OOV "
        f"{r['simlex999']['oov_percent']:.1f}%, analogy questions {r['analogy']['questions']})"
    )
    print("\nnearest neighbours")
    for probe in PROBES:
        for name, r in scores.items():
            nn = ", ".join(w for w, _ in r["neighbours"].get(probe, []))
            print(f"  {probe:8} {name[:20]:20} {nn}")


if __name__ == "__main__":
    main()
