"""La Ghigliottina: GUL.LE.VER on GloVe of the knowledge collection, for several GloVe settings,
one run. The setting is *chosen* on the evidence games of no evaluated set (the ``other_evidence``
fold of the evaluation stage: past games sharing < 4 clues with every dev and NLP4FUN game); dev and
NLP4FUN are printed beside it and never choose anything.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_knowledge_glove.py \
        --configfile config/local-it.yaml --setting 600:5 --setting 100:5 --setting 300:20

A setting is ``DIM:MIN_COUNT``, ``DIM:MIN_COUNT:VARIANT`` or ``collection`` (the guillotine collection's
own GloVe and IDF, the pipeline's, for comparison). A VARIANT appends more collocations of the
prose collection's links table (patterns adj, prep, det, conj, prepart, compound; pairs seen twice or
more) to the knowledge collection's tokens, as the collocation dictionary's role at a larger scale:

- ``entries``: a collocation dictionary: per word its partners with PMI >= 1, strongest first by
  logDice, at most 40, written as lines of the word and 8 partners (so both sit in GloVe's window);
- ``pairs-log``: each pair with PMI >= 1 as a line ``left right``, 1 + log2(count) times, at most 6;
- ``pairs-count``: each pair with PMI >= 0 written as many times as the prose has it (about 7M
  tokens more: the prose's own collocations at the prose's scale);
- ``-CORPUS``: the collection without that corpus (its tokens left out: ``600:5:-kn-wikt-synsets``
  is GUL.LE.VER's knowledge GloVe without the Wiktionary part); scored with the whole collection's
  IDF and PMI, which the left-out corpus changes little.

Every other GloVe setting is the knowledge collection's (window, x_max, alpha, eta, seed, and
iterations unless ``--iterations``). Each trains in a scratch folder (``--work``, default
``results/<config>/bench/knowledge-glove``) with the pipeline's own stage commands (vocab, cooccur,
glove, guillotine-vectors-unit) and is scored with the knowledge collection's IDF and PMI (the
pipeline's tables), so the numbers are those a config with that setting would give.
Needs the knowledge collection's ``tokens.txt``; without it (or without the game files) it says what
is missing and exits with status 3.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import time
from pathlib import Path

from wordgames import paths
from wordgames.artifacts import atomic_open
from wordgames.config import load_config_file
from wordgames.guillotine.evaluate import make_folds
from wordgames.guillotine.files import guillotine_files
from wordgames.guillotine.games import configured_sets
from wordgames.guillotine.metrics import rank_of, summarize
from wordgames.selection import collection_cooccur, collection_glove

SELECTION_FOLD = "other_evidence"
VARIANT_PATTERNS = ["adj", "prep", "det", "conj", "prepart", "compound"]
VARIANTS = {"entries": 1.0, "pairs-log": 1.0, "pairs-count": 0.0}  # name: least PMI of a pair


def collocation_pairs(links_path: Path, words_path: Path, min_pmi: float):
    """(left, right, count, logDice) of the pairs of VARIANT_PATTERNS seen >= 2 times, PMI >= min_pmi,
    sorted by (left, right)."""
    import numpy as np

    from wordgames.corpus.knowledge import pair_pmi

    pairs = pair_pmi(links_path, words_path, VARIANT_PATTERNS, 2)[0].to_pandas()
    pairs = pairs[pairs["pmi"] >= min_pmi].sort_values(["left", "right"], ignore_index=True)
    return pairs.assign(logdice=14 + np.log2(2 * pairs["count"] / (pairs["f_a"] + pairs["f_b"])))


def variant_tokens(variant: str, base: Path, links_path: Path, words_path: Path, out: Path) -> Path:
    """The knowledge tokens with the variant's collocation lines appended (written once)."""
    from collections import defaultdict

    if out.exists():
        return out
    pairs = collocation_pairs(links_path, words_path, VARIANTS[variant])
    lines: list[str] = []
    if variant == "entries":
        partners = defaultdict(list)
        for a, b, score in zip(pairs["left"], pairs["right"], pairs["logdice"], strict=True):
            if a == b:
                continue
            partners[a].append((score, b))
            partners[b].append((score, a))
        for head in sorted(partners):
            best = list(dict.fromkeys([b for _, b in sorted(partners[head], reverse=True)][:40]))
            lines += [" ".join([head, *best[i : i + 8]]) for i in range(0, len(best), 8)]
    else:
        for a, b, n in zip(pairs["left"], pairs["right"], pairs["count"], strict=True):
            times = n if variant == "pairs-count" else min(6, 1 + int(math.log2(n)))
            lines += [f"{a} {b}"] * int(times)
    with atomic_open(out) as fh:
        fh.write(base.read_text(encoding="utf-8"))
        fh.writelines(line + "\n" for line in lines)
    return out


def build(tokens: Path, work: Path, dim: int, min_count: int, glove, cooc, iterations: int):
    """The stage commands of the pipeline for one setting; returns the unit-vectors folder."""
    work.mkdir(parents=True, exist_ok=True)
    unit = work / "vectors-unit"
    if (unit / "meta.json").exists():
        return unit, 0.0
    wg = [str(Path(sys.executable).parent / "wordgames")]
    t0 = time.perf_counter()
    steps = [
        ["build", "vocab", "--in", tokens, "--out", work / "vocab.parquet"]
        + ["--min-count", min_count],
        ["build", "cooccur", "--in", tokens, "--vocab", work / "vocab.parquet"]
        + ["--out", work / "spill.parquet", "--window", cooc.window]
        + ["--chunk-tokens", cooc.chunk_tokens],
        ["build", "cooccur-merge", "--in", work / "spill.parquet"]
        + ["--out", work / "cooccur.parquet", "--memory", "2GB", "--threads", 2],
        ["build", "glove", "--cooccur", work / "cooccur.parquet", "--vocab", work / "vocab.parquet"]
        + ["--out-vectors", work / "vectors.npy", "--out-vocab", work / "glove-vocab.parquet"]
        + ["--out-kv", work / "vectors.kv", "--out-summary", work / "train.json"]
        + ["--method", "glove", "--dim", dim, "--iterations", iterations]
        + ["--x-max", glove.x_max, "--alpha", glove.alpha, "--eta", glove.eta]
        + ["--seed", glove.seed, "--threads", 2, "--window", cooc.window]
        + ["--min-count", min_count],
        ["build", "guillotine-vectors-unit", "--vectors", work / "vectors.kv", "--out", unit],
    ]
    for step in steps:
        subprocess.run(
            [*wg, *map(str, step)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
    return unit, time.perf_counter() - t0


def tokens_without(cfg, collection: str, corpus: str, work_root: Path) -> Path:
    """The collection's tokens without one corpus's: the other corpora's tokens, in order."""
    corpora = list(cfg.section("collections")[collection]["corpora"])
    if corpus not in corpora:
        sys.exit(f"-{corpus}: not a corpus of {collection} ({', '.join(corpora)})")
    out = work_root / f"tokens-without-{corpus}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(out, "w") as fh:
        for name in corpora:
            if name != corpus:
                with open(paths.corpus_tokens(cfg, name), encoding="utf-8") as src:
                    for line in src:
                        fh.write(line)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument("--setting", action="append", default=[], metavar="DIM:MIN_COUNT[:VARIANT]")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--work", default=None)
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    know = cfg.settings.guillotine.knowledge_collection
    if know is None:
        sys.exit(f"{args.configfile}: guillotine.knowledge_collection is not set")
    tokens = paths.collection_tokens(cfg, know)
    sets = configured_sets(cfg)
    if not tokens.exists() or not sets:
        print(f"missing: {tokens} or the game files (set WORDGAMES_DATA)", file=sys.stderr)
        return 3
    glove, cooc = collection_glove(cfg, know), collection_cooccur(cfg, know)
    iterations = args.iterations or glove.iterations
    files = guillotine_files(cfg)
    from wordgames.guillotine.evidence import PastGames
    from wordgames.guillotine.solvers import load_resources, make_solver

    evidence = PastGames.load(files.evidence).games if files.evidence else []
    folds, _ = make_folds({k: v for k, v in sets.items() if k != "past_games"}, evidence)
    work_root = Path(args.work or paths.results(cfg, "bench", "knowledge-glove"))
    settings = args.setting or [f"{glove.dim}:{cooc.min_count}"]
    rows = []
    for setting in settings:
        if setting == "collection":  # the pipeline's prose GloVe and IDF, for comparison
            unit, seconds = files.vectors_unit, 0.0
            idf, pmi, vocab = files.idf, files.pmi, files.vocab
        else:
            dim, min_count, *variant = setting.split(":")
            work = work_root / "-".join([f"d{dim}", f"m{min_count}", *variant])
            source = tokens
            if variant and variant[0].startswith("-"):
                source = tokens_without(cfg, know, variant[0][1:], work_root)
            elif variant:
                if variant[0] not in VARIANTS:
                    sys.exit(f"unknown variant {variant[0]!r}; known: {', '.join(VARIANTS)}")
                prose = cfg.settings.guillotine.collection
                source = variant_tokens(
                    variant[0],
                    tokens,
                    paths.guillotine_links(cfg, prose),
                    paths.guillotine_link_words(cfg, prose),
                    work_root / f"tokens-{variant[0]}.txt",
                )
            unit, seconds = build(source, work, int(dim), int(min_count), glove, cooc, iterations)
            idf, pmi, vocab = files.knowledge_idf, files.knowledge_pmi, files.knowledge_vocab
        res = load_resources(
            "gullever",
            vectors_unit=unit,
            wiktionary=files.wiktionary,
            blacklist=files.blacklist,
            whitelist=files.whitelist,
            idf=idf,
            pmi=pmi,
            vocab=vocab,
        )
        solver = make_solver("gullever", res, cfg.section("guillotine")["gullever"])
        row = {"setting": setting, "words": len(res.vectors.words), "train s": seconds}
        for fold in folds:
            ranks = [
                rank_of(solver.solve(g.clues, top=100).ranked_words(), g.solution)
                for g in fold.games
            ]
            s = summarize(ranks)
            row[fold.name] = (len(ranks), s["accuracy"], s["r_at_10"], s["r_at_100"])
        rows.append(row)
        print(row, flush=True)
    names = [f.name for f in folds]
    print(f"\nGUL.LE.VER on GloVe of {know} ({iterations} iterations); accuracy / R@10 / R@100")
    print("| setting (dim:min count) | words | " + " | ".join(names) + " |")
    print("|---|---:|" + "---|" * len(names))
    for r in rows:
        cells = [f"{r[n][1]:.3f} / {r[n][2]:.3f} / {r[n][3]:.3f} ({r[n][0]})" for n in names]
        print(f"| {r['setting']} | {r['words']} | " + " | ".join(cells) + " |")
    best = max(rows, key=lambda r: r[SELECTION_FOLD][1] + r[SELECTION_FOLD][2])
    print(f"\nchosen on {SELECTION_FOLD} (accuracy + R@10): {best['setting']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
