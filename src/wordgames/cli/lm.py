"""``wordgames build lm``: train a KenLM model (ARPA, binary) and its unigram table from a token file;
``lm-sample`` and ``hangman-lm-sizes``: the LM-size curve's samples and its summary table."""

from __future__ import annotations

import argparse


def register(commands) -> None:
    p = commands.build.add_parser(
        "lm",
        help="train an n-gram LM with lmplz (modified Kneser-Ney, interpolated), then build_binary",
        description="Train an n-gram LM with lmplz, convert it to a KenLM binary and count unigrams.",
    )
    p.add_argument("--in", dest="tokens", required=True, help="token file, one sentence a line")
    p.add_argument("--arpa", required=True, help="ARPA output")
    p.add_argument("--binary", required=True, help="KenLM binary output")
    p.add_argument("--unigrams", help="unigram table output (Parquet: word, count)")
    p.add_argument("--order", type=int, required=True)
    p.add_argument("--prune", type=int, nargs="*", default=[], help="count thresholds per order")
    p.add_argument("--memory", required=True, help="lmplz -S (sorting memory), e.g. 2G or 25%%")
    p.add_argument(
        "--discount-fallback",
        action="store_true",
        help="lmplz --discount_fallback, needed for tiny corpora",
    )
    p.add_argument("--binary-type", required=True, choices=["probing", "trie"])
    p.set_defaults(handler=_build)

    p = commands.build.add_parser(
        "lm-sample",
        help="random samples of whole lines of a token file, one per size (the LM-size curve)",
        description="Write a random sample of whole lines of about N tokens for each size N "
        "(N.txt; nested for one seed; sizes at or above the file's tokens skipped) and "
        "samples.json into a folder, replaced as a whole.",
    )
    p.add_argument("--in", dest="tokens", required=True, help="token file, one sentence a line")
    p.add_argument("--tokens", dest="sizes", type=int, nargs="+", required=True, help="sizes N")
    p.add_argument("--seed", type=int, required=True, help="seed of the random line order")
    p.add_argument("--out-dir", required=True, help="folder of the samples and samples.json")
    p.set_defaults(handler=_sample)

    p = commands.build.add_parser(
        "hangman-lm-sizes",
        help="summary table of Hangman evaluations on LMs of several sizes",
        description="Win rate and mean wrong letters per phrase set, solver and LM size "
        "(Parquet and Markdown).",
    )
    p.add_argument("--samples", required=True, help="samples.json of wordgames build lm-sample")
    p.add_argument(
        "--games",
        nargs="+",
        required=True,
        metavar="SIZE=PATH",
        help="per-game Parquet of hangman-eval, SIZE a sample's tokens or 'all' (the full LM)",
    )
    p.add_argument("--limit", type=int, help="count only the first N games of each file")
    p.add_argument("--out", required=True, help="summary Parquet")
    p.add_argument("--out-table", required=True, help="summary Markdown table")
    p.set_defaults(handler=_sizes)


def _build(args: argparse.Namespace) -> int:
    from wordgames.lm.train import build_binary, count_unigrams, train_arpa

    train_arpa(
        args.tokens,
        args.arpa,
        order=args.order,
        prune=args.prune,
        memory=args.memory,
        discount_fallback=args.discount_fallback,
    )
    build_binary(args.arpa, args.binary, args.binary_type, memory=args.memory)
    if args.unigrams:
        count_unigrams(args.tokens, args.unigrams)
    return 0


def _sample(args: argparse.Namespace) -> int:
    import logging

    from wordgames.lm.sample import write_samples

    for s in write_samples(args.tokens, args.out_dir, args.sizes, seed=args.seed):
        logging.getLogger(__name__).info(
            "sample of %d tokens: %s",
            s.target,
            "skipped (the file is no larger)"
            if s.skipped
            else f"{s.tokens} tokens, {s.lines} lines",
        )
    return 0


def _sizes(args: argparse.Namespace) -> int:
    from wordgames.report.lm_sizes import write_lm_sizes

    write_lm_sizes(args.samples, args.games, args.out, args.out_table, limit=args.limit)
    return 0
