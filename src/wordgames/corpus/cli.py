"""Pipeline stages of the corpora: ``wordgames build {download,extract,tokenize,merge-corpus,collect}``.

Every stage reads the corpus registry from ``--configfile`` and writes where ``wordgames.paths`` says,
so the Snakemake rules (workflow/rules/corpora.smk) only pass names. Plus ``wordgames build
tokenize-text`` to tokenise standard input with the pipeline's rules (for a quick look).
"""

from __future__ import annotations

import json


def _config(args):
    from wordgames.config import load_cli_config

    return load_cli_config(args.configfile)


def _download(args) -> int:
    from wordgames.corpus.download import download_corpus

    download_corpus(_config(args), args.corpus)
    return 0


def _extract(args) -> int:
    from wordgames.corpus.extract import extract_shard

    summary = extract_shard(_config(args), args.corpus, args.shard)
    print(json.dumps(summary))
    return 0


def _tokenize(args) -> int:
    from wordgames.corpus.pipeline import tokenize_shard

    print(json.dumps(tokenize_shard(_config(args), args.corpus, args.shard)))
    return 0


def _merge(args) -> int:
    from wordgames.corpus.pipeline import merge_corpus

    print(json.dumps(merge_corpus(_config(args), args.corpus)))
    return 0


def _collect(args) -> int:
    from wordgames.corpus.pipeline import collect

    manifest = collect(_config(args), args.collection)
    print(json.dumps({k: v for k, v in manifest.items() if k != "corpora"}))
    return 0


def _tokenize_text(args) -> int:
    from wordgames.corpus.tokenize import tokenize
    from wordgames.textfiles import read_stdin

    for sentence in tokenize(read_stdin(), args.language):
        print(" ".join(sentence))
    return 0


def register(commands) -> None:
    parent = [commands.config_parent]
    p = commands.build.add_parser(
        "download", parents=parent, help="fetch a corpus's URL sources (resumable, checksummed)"
    )
    p.add_argument("--corpus", required=True, help="corpus name (key of the corpora section)")
    p.set_defaults(handler=_download)

    p = commands.build.add_parser(
        "extract", parents=parent, help="extract one shard of a corpus to documents and tables"
    )
    p.add_argument("--corpus", required=True, help="corpus name (key of the corpora section)")
    p.add_argument("--shard", default="000", help="shard id, 000 .. shards-1 (default: %(default)s)")
    p.set_defaults(handler=_extract)

    p = commands.build.add_parser(
        "tokenize", parents=parent, help="tokenise one extracted shard into sentences"
    )
    p.add_argument("--corpus", required=True, help="corpus name (key of the corpora section)")
    p.add_argument("--shard", default="000", help="shard id (default: %(default)s)")
    p.set_defaults(handler=_tokenize)

    p = commands.build.add_parser(
        "merge-corpus", parents=parent,
        help="merge a corpus's shards into its sentences, tokens.txt, tables and summary",
    )
    p.add_argument("--corpus", required=True, help="corpus name (key of the corpora section)")
    p.set_defaults(handler=_merge)

    p = commands.build.add_parser(
        "collect", parents=parent,
        help="concatenate a collection's corpora into tokens.txt, sentences.parquet and a manifest",
    )
    p.add_argument("--collection", required=True, help="collection name (key of collections)")
    p.set_defaults(handler=_collect)

    p = commands.build.add_parser(
        "tokenize-text", help="tokenise standard input; print one sentence a line"
    )
    p.add_argument("--language", choices=["en", "it"], default="en")
    p.set_defaults(handler=_tokenize_text)
