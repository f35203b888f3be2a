"""Build stages: ``glove`` (or gensim word2vec / fastText) and ``vectors-eval``."""

from __future__ import annotations

import argparse
import json
import logging

log = logging.getLogger(__name__)


def _params(args):
    from wordgames.vectors.glove import GloveParams

    return GloveParams(
        dim=args.dim,
        iterations=args.iterations,
        x_max=args.x_max,
        alpha=args.alpha,
        eta=args.eta,
        seed=args.seed,
        threads=args.threads,
        bias_eta=args.bias_eta,
        buffer_mb=args.buffer_mb,
    )


def _glove(args) -> int:
    from pathlib import Path

    from wordgames.errors import InputError
    from wordgames.vectors.train import VectorOutputs

    params = _params(args)
    out = VectorOutputs(
        Path(args.out_vectors), Path(args.out_vocab), Path(args.out_kv), Path(args.out_summary)
    )
    if args.method == "glove":
        from wordgames.vectors.train import train_glove_files

        if not args.cooccur:
            raise InputError("--method glove needs --cooccur")
        summary = train_glove_files(
            args.cooccur,
            args.vocab,
            out,
            params,
            checkpoint_dir=args.checkpoint_dir,
            stop_after=args.stop_after,
        )
    else:
        from wordgames.vectors.train import train_gensim_files

        if not args.tokens:
            raise InputError(f"--method {args.method} needs --tokens")
        if args.window is None or args.min_count is None:
            raise InputError(f"--method {args.method} needs --window and --min-count")
        summary = train_gensim_files(
            args.tokens,
            args.vocab,
            out,
            args.method,
            params,
            window=args.window,
            min_count=args.min_count,
        )
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
    from wordgames.config import schema_defaults

    glove_defaults = schema_defaults("glove")
    build = commands.build
    p = build.add_parser("glove", help="train GloVe (or gensim word2vec/fastText) vectors")
    p.add_argument("--cooccur", help="cooccur.parquet (GloVe)")
    p.add_argument("--vocab", required=True, help="vocab.parquet")
    p.add_argument("--tokens", help="tokens.txt (word2vec / fastText)")
    p.add_argument("--out-vectors", required=True, help="matrix .npy, one row per word")
    p.add_argument("--out-vocab", required=True, help="its vocabulary (Parquet: word, count)")
    p.add_argument("--out-kv", required=True, help="gensim KeyedVectors (companion .npy beside)")
    p.add_argument("--out-summary", required=True, help="training summary JSON")
    p.add_argument("--method", choices=["glove", "word2vec", "fasttext"], required=True)
    p.add_argument("--dim", type=int, required=True)
    p.add_argument("--iterations", type=int, required=True)
    p.add_argument("--x-max", type=float, required=True)
    p.add_argument("--alpha", type=float, required=True)
    p.add_argument("--eta", type=float, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--threads", type=int, required=True)
    p.add_argument(
        "--bias-eta",
        action=argparse.BooleanOptionalAction,
        default=glove_defaults["bias_eta"],
        help="scale the GloVe bias gradient by eta (the older rule; default: glove.c's, without)",
    )
    p.add_argument(
        "--buffer-mb",
        type=float,
        default=glove_defaults["buffer_mb"],
        help="MiB of GloVe pairs read at a time (0: the whole pairs file in memory)",
    )
    p.add_argument("--window", type=int, help="word2vec / fastText window")
    p.add_argument("--min-count", type=int, help="word2vec / fastText min count")
    p.add_argument(
        "--checkpoint-dir", help="resume state of an interrupted GloVe run (none: no checkpoints)"
    )
    p.add_argument(
        "--stop-after",
        type=int,
        default=None,
        help="stop after this many iterations in total (the checkpoint is kept)",
    )
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
