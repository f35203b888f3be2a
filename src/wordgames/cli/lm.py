"""``wordgames build lm``: train a KenLM model (ARPA, binary) and its unigram table from a token file."""

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
