"""Pipeline stages of the corpora: ``wordgames build {download,extract,tokenize,concat-table,
merge-corpus,collect}``.

Each stage takes the paths it reads and writes and the values it needs, and nothing else: the
Snakemake rules (workflow/rules/corpora.smk) map the config's corpus registry to those arguments.
Plus ``wordgames build tokenize-text`` to tokenise standard input with the pipeline's rules.
"""

from __future__ import annotations

import json
from pathlib import Path


def _download(args) -> int:
    from wordgames.corpus.download import download

    download(
        args.url,
        args.out,
        args.sha1 or None,
        size=args.size,
        retries=args.attempts,
        retry_after_max=args.retry_after_max,
    )
    return 0


def _pairs(items: list[str], flag: str) -> dict[str, Path]:
    from wordgames.errors import InputError

    out = {}
    for item in items:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            raise InputError(f"{flag} {item!r}: expected NAME=PATH")
        out[name] = Path(path)
    return out


def _extract(args) -> int:
    from wordgames.corpus.extract import extract_shard
    from wordgames.corpus.model import Corpus
    from wordgames.errors import InputError

    try:
        spec = json.loads(args.spec)
    except json.JSONDecodeError as exc:
        raise InputError(f"--spec is not JSON: {exc}") from None
    if args.missing:
        raise InputError(args.missing[0])
    c = Corpus.from_spec(args.corpus, spec, args.source_spec)
    summary = extract_shard(
        c,
        [Path(f) for f in args.files],
        args.shard,
        Path(args.out),
        Path(args.summary_out),
        _pairs(args.table_out, "--table-out"),
        {Path(d): p for d, p in _pairs(args.index, "--index").items()},
    )
    print(json.dumps(summary))
    return 0


def _tokenize(args) -> int:
    from wordgames.corpus.pipeline import tokenize_shard

    print(json.dumps(tokenize_shard(args.inp, args.out, args.language)))
    return 0


def _concat_table(args) -> int:
    from wordgames.corpus.pipeline import concat_table

    rows = concat_table(args.table, args.inp, args.out)
    print(json.dumps({"table": args.table, "rows": rows}))
    return 0


def _merge(args) -> int:
    from wordgames.corpus.pipeline import merge_corpus

    summary = merge_corpus(
        args.corpus,
        kind=args.kind,
        language=args.language,
        wiki=args.wiki,
        shard_summaries=args.shard_summaries,
        shard_sentences=args.shard_sentences,
        tables=args.tables,
        out_sentences=args.out_sentences,
        out_tokens=args.out_tokens,
        out_summary=args.out_summary,
    )
    print(json.dumps(summary))
    return 0


def _collect(args) -> int:
    from wordgames.corpus.pipeline import collect

    manifest = collect(
        args.collection,
        language=args.language,
        tokens=args.tokens,
        sentences=args.sentences,
        summaries=args.summaries,
        out_tokens=args.out_tokens,
        out_sentences=args.out_sentences,
        out_manifest=args.out_manifest,
    )
    print(json.dumps({k: v for k, v in manifest.items() if k != "corpora"}))
    return 0


def _tokenize_text(args) -> int:
    from wordgames.corpus.tokenize import tokenize
    from wordgames.textfiles import read_stdin

    for sentence in tokenize(read_stdin(), args.language):
        print(" ".join(sentence))
    return 0


LANGUAGES = ["en", "it"]


def register(commands) -> None:
    build = commands.build
    p = build.add_parser("download", help="fetch one URL (resumable, checksummed)")
    p.add_argument(
        "--url",
        required=True,
        action="append",
        help="the file's URL; repeated: its URL on each mirror, tried in order",
    )
    p.add_argument("--sha1", default="", help="expected SHA-1 (hex); empty: not checked")
    p.add_argument(
        "--size", type=int, default=None, help="expected size in bytes (disk check, progress)"
    )
    p.add_argument("--attempts", type=int, default=5, help="attempts per URL")
    p.add_argument(
        "--retry-after-max",
        type=float,
        default=300.0,
        help="longest Retry-After (s) waited out; a longer one moves to the next URL",
    )
    p.add_argument("--out", required=True, help="the downloaded file")
    p.set_defaults(handler=_download)

    p = build.add_parser("extract", help="extract one shard of a corpus to documents and tables")
    p.add_argument("--corpus", required=True, help="corpus name (prefix of the document ids)")
    p.add_argument("--shard", required=True, help="shard id, 000 .. shards-1")
    p.add_argument(
        "--spec", required=True, help="JSON: kind, language, shards, max_documents, options"
    )
    p.add_argument("--files", nargs="*", default=[], help="the source files (or BNC zip/folder)")
    p.add_argument(
        "--source-spec",
        action="append",
        default=[],
        help="a source that is not a file (wordfreq:<list>)",
    )
    p.add_argument(
        "--missing",
        action="append",
        default=[],
        metavar="MESSAGE",
        help="a source that is not there (the stage fails with this message)",
    )
    p.add_argument(
        "--index",
        action="append",
        default=[],
        metavar="DUMP=INDEX",
        help="the multistream index of DUMP (one of --files): the shard reads only its streams",
    )
    p.add_argument("--out", required=True, help="documents Parquet (doc, text)")
    p.add_argument("--summary-out", required=True, help="the shard's summary JSON")
    p.add_argument(
        "--table-out",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="where to write table NAME (written empty when the kind has none)",
    )
    p.set_defaults(handler=_extract)

    p = build.add_parser("tokenize", help="tokenise one extracted shard into sentences")
    p.add_argument("--in", dest="inp", required=True, help="documents Parquet (doc, text)")
    p.add_argument("--out", required=True, help="sentences Parquet (doc, sent, tokens)")
    p.add_argument("--language", required=True, choices=LANGUAGES)
    p.set_defaults(handler=_tokenize)

    p = build.add_parser("concat-table", help="one corpus table from its shards' tables")
    p.add_argument("--table", required=True, help="table name (wiktionary, titles, ...)")
    p.add_argument("--in", dest="inp", nargs="+", required=True, help="shard tables, in order")
    p.add_argument("--out", required=True)
    p.set_defaults(handler=_concat_table)

    p = build.add_parser(
        "merge-corpus", help="merge a corpus's shards into its sentences, tokens.txt and summary"
    )
    p.add_argument("--corpus", required=True, help="corpus name")
    p.add_argument("--kind", required=True)
    p.add_argument("--language", required=True, choices=LANGUAGES)
    p.add_argument("--wiki", default=None, help="mediawiki: the project of the dump")
    p.add_argument("--shard-summaries", nargs="+", required=True)
    p.add_argument("--shard-sentences", nargs="*", default=[])
    p.add_argument("--tables", nargs="*", default=[], help="the corpus's tables (recorded)")
    p.add_argument("--out-sentences", required=True)
    p.add_argument("--out-tokens", required=True)
    p.add_argument("--out-summary", required=True)
    p.set_defaults(handler=_merge)

    p = build.add_parser(
        "collect",
        help="concatenate a collection's corpora into tokens.txt, sentences.parquet and a manifest",
    )
    p.add_argument("--collection", required=True, help="collection name")
    p.add_argument("--language", required=True, choices=LANGUAGES)
    p.add_argument("--tokens", nargs="+", required=True, help="members' tokens.txt, in order")
    p.add_argument("--sentences", nargs="+", required=True, help="members' sentences.parquet")
    p.add_argument("--summaries", nargs="+", required=True, help="members' summary.json")
    p.add_argument("--out-tokens", required=True)
    p.add_argument("--out-sentences", required=True)
    p.add_argument("--out-manifest", required=True)
    p.set_defaults(handler=_collect)

    p = build.add_parser("tokenize-text", help="tokenise standard input; print one sentence a line")
    p.add_argument("--language", choices=LANGUAGES, default="en")
    p.set_defaults(handler=_tokenize_text)
