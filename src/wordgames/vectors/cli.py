"""Build stages: ``glove`` (or gensim word2vec / fastText) and ``vectors-eval``."""

from __future__ import annotations

import json
import logging

log = logging.getLogger(__name__)


def _params(args):
    from wordgames.vectors.glove import GloveParams

    return GloveParams(dim=args.dim, iterations=args.iterations, x_max=args.x_max,
                       alpha=args.alpha, eta=args.eta, seed=args.seed, threads=args.threads)


def _glove(args) -> int:
    params = _params(args)
    if args.method == "glove":
        from wordgames.vectors.train import train_glove_files

        summary = train_glove_files(args.cooccur, args.vocab, args.out_dir, params,
                                    checkpoint=not args.no_checkpoint,
                                    stop_after=args.stop_after)
    else:
        from wordgames.errors import ConfigError
        from wordgames.vectors.train import train_gensim_files

        if not args.tokens:
            raise ConfigError(f"--method {args.method} needs --tokens")
        summary = train_gensim_files(args.tokens, args.vocab, args.out_dir, args.method, params,
                                     window=args.window, min_count=args.min_count)
    log.info("trained %s: %s", args.method, {k: v for k, v in summary.items() if k != "losses"})
    return 0


def _summary(args) -> int:
    from pathlib import Path

    from wordgames.artifacts import atomic_open
    from wordgames.vectors.evaluate import summary_markdown

    results = {Path(p).stem: json.loads(Path(p).read_text(encoding="utf-8")) for p in args.inputs}
    with atomic_open(args.out) as fh:
        fh.write(summary_markdown(results))
    return 0


def _evaluate(args) -> int:
    from wordgames.artifacts import atomic_open
    from wordgames.vectors.evaluate import evaluate_keyed_vectors
    from wordgames.vectors.keyed import load_keyed_vectors

    kv = load_keyed_vectors(args.vectors)
    result = evaluate_keyed_vectors(kv, probes=args.probe)
    result["vectors"] = str(args.vectors)
    with atomic_open(args.out) as fh:
        json.dump(result, fh, indent=1, ensure_ascii=False)
    summary = {k: result[k] for k in ("wordsim353", "simlex999", "analogy")}
    print(json.dumps(summary))
    return 0


def register(commands) -> None:
    build = commands.build
    p = build.add_parser("glove", help="train GloVe (or gensim word2vec/fastText) vectors")
    p.add_argument("--cooccur", help="cooccur.parquet (GloVe)")
    p.add_argument("--vocab", required=True, help="vocab.parquet")
    p.add_argument("--tokens", help="tokens.txt (word2vec / fastText)")
    p.add_argument("--out-dir", required=True, help="folder for vectors.npy, vocab.parquet, vectors.kv")
    p.add_argument("--method", choices=["glove", "word2vec", "fasttext"], default="glove")
    p.add_argument("--dim", type=int, default=600)
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--x-max", type=float, default=10.0)
    p.add_argument("--alpha", type=float, default=0.75)
    p.add_argument("--eta", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--window", type=int, default=10, help="word2vec / fastText window")
    p.add_argument("--min-count", type=int, default=200, help="word2vec / fastText min count")
    p.add_argument("--no-checkpoint", action="store_true")
    p.add_argument("--stop-after", type=int, default=None,
                   help="stop after this many iterations in total (the checkpoint is kept)")
    p.set_defaults(handler=_glove)

    p = build.add_parser("vectors-summary", help="Markdown table of vectors-eval results")
    p.add_argument("--in", dest="inputs", nargs="+", required=True, help="vectors-eval JSON files")
    p.add_argument("--out", required=True, help="summary .md")
    p.set_defaults(handler=_summary)

    p = build.add_parser("vectors-eval", help="WordSim-353, SimLex-999, analogies, neighbours")
    p.add_argument("--vectors", required=True, help="gensim KeyedVectors file (vectors.kv)")
    p.add_argument("--out", required=True, help="JSON scores")
    p.add_argument("--probe", action="append", default=[], help="word to list neighbours of")
    p.set_defaults(handler=_evaluate)
