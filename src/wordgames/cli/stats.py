"""Build stages: ``vocab``, ``cooccur``, ``cooccur-merge``, ``pmi``, ``idf``, ``catalog``."""

from __future__ import annotations

import json
import logging

log = logging.getLogger(__name__)


def _vocab(args) -> int:
    from wordgames.artifacts import write_parquet
    from wordgames.stats.vocab import vocab_from_file

    table = vocab_from_file(args.inp, args.min_count, args.max_vocab)
    if table.num_rows == 0:
        from wordgames.errors import InputError

        raise InputError(
            f"{args.inp}: no word occurs at least {args.min_count} times (lower cooccur.min_count)"
        )
    write_parquet(table, args.out)
    log.info("vocabulary: %d words with count >= %d", table.num_rows, args.min_count)
    return 0


def _cooccur(args) -> int:
    from wordgames.stats.cooccur import count_shard
    from wordgames.stats.vocab import load_words

    shard, shards = args.shard
    summary = count_shard(
        args.inp,
        load_words(args.vocab),
        args.out,
        window=args.window,
        weighting=not args.unweighted,
        chunk_tokens=args.chunk_tokens,
        shard=shard,
        shards=shards,
    )
    print(json.dumps(summary))
    return 0


def _cooccur_merge(args) -> int:
    from wordgames.stats.cooccur import merge_spills

    rows = merge_spills(args.inp, args.out, memory_limit=args.memory, threads=args.threads)
    log.info("co-occurrence table: %d non-zero (i, j) entries", rows)
    return 0


def _pmi(args) -> int:
    from wordgames.stats.pmi import build_pmi

    rows = build_pmi(
        args.cooccur,
        args.vocab,
        args.out,
        min_count=args.min_count,
        counts=args.counts,
        memory_limit=args.memory,
        threads=args.threads,
    )
    log.info("PMI table: %d pairs with %s >= %s", rows, args.counts, args.min_count)
    return 0


def _idf(args) -> int:
    from wordgames.stats.idf import build_idf

    words, docs = build_idf(
        args.inp, args.out, min_df=args.min_df, memory_limit=args.memory, threads=args.threads
    )
    log.info("IDF table: %d words over %d documents", words, docs)
    return 0


def _catalog(args) -> int:
    from wordgames.artifacts import require, write_duckdb_catalog

    views = {}
    for item in args.table:
        name, _, path = item.partition("=")
        if not name or not path:
            from wordgames.errors import InputError

            raise InputError(f"--table {item!r}: expected NAME=PATH")
        views[name] = require(path)
    write_duckdb_catalog(args.out, views)
    log.info("catalog %s: views %s", args.out, ", ".join(views))
    return 0


def register(commands) -> None:
    from wordgames.cli import shard_arg

    build = commands.build

    p = build.add_parser("vocab", help="word counts of a token file, with a minimum count")
    p.add_argument("--in", dest="inp", required=True, help="tokens.txt (one sentence a line)")
    p.add_argument("--out", required=True, help="vocab.parquet")
    p.add_argument("--min-count", type=int, required=True)
    p.add_argument("--max-vocab", type=int, default=None)
    p.set_defaults(handler=_vocab)

    p = build.add_parser(
        "cooccur", help="count co-occurrences of one shard into sorted spill chunks"
    )
    p.add_argument("--in", dest="inp", required=True, help="tokens.txt")
    p.add_argument("--vocab", required=True, help="vocab.parquet")
    p.add_argument("--out", required=True, help="spill Parquet of this shard")
    p.add_argument("--window", type=int, required=True)
    p.add_argument("--unweighted", action="store_true", help="weight 1 instead of 1/distance")
    p.add_argument("--chunk-tokens", type=int, required=True)
    p.add_argument("--shard", type=shard_arg, default=(0, 1), help="K/N: every N-th line from K")
    p.set_defaults(handler=_cooccur)

    p = build.add_parser("cooccur-merge", help="merge spilled shards into the symmetric table")
    p.add_argument("--in", dest="inp", nargs="+", required=True, help="spill Parquet files")
    p.add_argument("--out", required=True, help="cooccur.parquet")
    p.add_argument("--memory", required=True, help="DuckDB memory limit")
    p.add_argument("--threads", type=int, required=True)
    p.set_defaults(handler=_cooccur_merge)

    p = build.add_parser("pmi", help="PMI, PPMI and NPMI of word pairs")
    p.add_argument("--cooccur", required=True)
    p.add_argument("--vocab", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--min-count", type=float, required=True)
    p.add_argument("--counts", choices=["count", "weight"], required=True)
    p.add_argument("--memory", default="2GB")
    p.add_argument("--threads", type=int, default=1)
    p.set_defaults(handler=_pmi)

    p = build.add_parser("idf", help="document frequency and IDF per word")
    p.add_argument("--in", dest="inp", required=True, help="sentences.parquet (doc, sent, tokens)")
    p.add_argument("--out", required=True)
    p.add_argument("--min-df", type=int, required=True)
    p.add_argument("--memory", default="2GB")
    p.add_argument("--threads", type=int, default=1)
    p.set_defaults(handler=_idf)

    p = build.add_parser("catalog", help="DuckDB file with a view per Parquet table")
    p.add_argument("--out", required=True, help="catalog.duckdb")
    p.add_argument("--table", action="append", default=[], metavar="NAME=PATH")
    p.set_defaults(handler=_catalog)
