"""Tokenise a shard, merge a corpus's shards, and collect corpora into a collection.

All three stream record batches, so memory stays flat however large the corpus is.
"""

from __future__ import annotations

import logging
import shutil
import time

import pyarrow as pa
import pyarrow.parquet as pq

from wordgames.artifacts import atomic_open, atomic_path, require
from wordgames.corpus.io import (
    SENTENCES_SCHEMA,
    TABLE_SCHEMAS,
    RowWriter,
    iter_batches,
    merge_counts,
    read_json,
    write_json,
)
from wordgames.corpus.tokenize import tokenize
from wordgames.progress import progress

log = logging.getLogger(__name__)


def tokenize_shard(source, target, language: str) -> dict:
    """Extracted documents (doc, text) -> tokenised sentences (doc, sent, tokens)."""
    source = require(source)
    start = time.perf_counter()
    n_docs = n_sents = n_tokens = 0
    total = pq.ParquetFile(source).metadata.num_rows
    with (
        RowWriter(target, SENTENCES_SCHEMA) as out,
        progress(desc=f"tokenize {source}", total=total, unit="doc") as bar,
    ):
        for batch in iter_batches(source, batch_size=512):
            docs = batch.column("doc").to_pylist()
            texts = batch.column("text").to_pylist()
            for doc, text in zip(docs, texts, strict=True):
                n_docs += 1
                for i, tokens in enumerate(tokenize(text, language)):
                    out.append(doc=doc, sent=i, tokens=tokens)
                    n_sents += 1
                    n_tokens += len(tokens)
            bar.update(len(docs))
    seconds = time.perf_counter() - start
    log.info(
        "%s: %d documents, %d sentences, %d tokens in %.1f s",
        source,
        n_docs,
        n_sents,
        n_tokens,
        seconds,
    )
    return {"documents": n_docs, "sentences": n_sents, "tokens": n_tokens}


def _concat_parquet(sources, target, schema: pa.Schema) -> int:
    rows = 0
    with atomic_path(target, suffix=".parquet") as tmp:
        writer = pq.ParquetWriter(tmp, schema, compression="zstd")
        try:
            for src in sources:
                for batch in iter_batches(src, batch_size=65536):
                    writer.write_batch(batch.cast(schema) if batch.schema != schema else batch)
                    rows += batch.num_rows
        finally:
            writer.close()
    return rows


def _write_tokens(sentences: list, target) -> tuple[int, int]:
    """Write one sentence a line from sentence Parquet files; returns (sentences, tokens)."""
    n_sents = n_tokens = 0
    with atomic_open(target) as fh:
        for src in sentences:
            for batch in iter_batches(src, columns=["tokens"], batch_size=65536):
                lines = []
                for tokens in batch.column("tokens").to_pylist():
                    lines.append(" ".join(tokens))
                    n_tokens += len(tokens)
                fh.write("\n".join(lines))
                if lines:
                    fh.write("\n")
                n_sents += len(lines)
    return n_sents, n_tokens


def concat_table(table: str, sources, target) -> int:
    """One corpus table from its shards' tables (rows in shard order)."""
    return _concat_parquet([require(p) for p in sources], target, TABLE_SCHEMAS[table])


_READ_SUMS = (
    "streams",
    "compressed_bytes",
    "decompressed_bytes",
    "header_compressed_bytes",
    "header_decompressed_bytes",
    "index_bytes",
)


def merge_reads(reads: list[dict]) -> dict | None:
    """What the shards of a dump read between them: the byte counts summed, and ``times_read``, the
    compressed bytes read over the dump's size (about 1 with a multistream index, N shards without)."""
    if not reads:
        return None
    total = {key: sum(r.get(key, 0) for r in reads) for key in _READ_SUMS}
    dump_bytes = max(r.get("dump_bytes", 0) for r in reads)
    read = total["compressed_bytes"] + total["header_compressed_bytes"]
    return {
        "mode": " + ".join(sorted({r.get("mode", "none") for r in reads})),
        "dump_bytes": dump_bytes,
        **total,
        "times_read": round(read / dump_bytes, 3) if dump_bytes else None,
    }


def merge_corpus(
    name: str,
    *,
    kind: str,
    language: str,
    wiki: str | None,
    shard_summaries,
    shard_sentences,
    tables,
    out_sentences,
    out_tokens,
    out_summary,
) -> dict:
    """Shards of one corpus -> sentences.parquet, tokens.txt and summary.json (which records the
    corpus's tables, built by ``concat-table``: name, path, rows)."""
    shard_sentences = [require(p) for p in shard_sentences]
    _concat_parquet(shard_sentences, out_sentences, SENTENCES_SCHEMA)
    n_sents, n_tokens = _write_tokens(shard_sentences, out_tokens)
    table_rows = {}
    for path in tables:
        path = require(path)
        table_rows[path.stem] = {"path": str(path), "rows": pq.ParquetFile(path).metadata.num_rows}
    shard_summaries = [read_json(require(p)) for p in shard_summaries]
    summary = {
        "corpus": name,
        "kind": kind,
        "wiki": wiki,
        "language": language,
        "shards": len(shard_summaries),
        "items_read": sum(s["items_read"] for s in shard_summaries),
        "documents": sum(s["documents"] for s in shard_summaries),
        "sentences": n_sents,
        "tokens": n_tokens,
        "skipped": merge_counts(*(s["skipped"] for s in shard_summaries)),
        "counts": merge_counts(*(s["counts"] for s in shard_summaries)),
        "tables": table_rows,
    }
    reads = merge_reads([s["input"] for s in shard_summaries if "input" in s])
    if reads:
        summary["input"] = reads
    write_json(out_summary, summary)
    log.info(
        "%s: %d documents, %d sentences, %d tokens; skipped %s; tables %s",
        name,
        summary["documents"],
        n_sents,
        n_tokens,
        summary["skipped"] or "none",
        {t: v["rows"] for t, v in table_rows.items()} or "none",
    )
    return summary


def collect(
    collection: str,
    *,
    language: str,
    tokens,
    sentences,
    summaries,
    out_tokens,
    out_sentences,
    out_manifest,
) -> dict:
    """Member corpora (their tokens.txt, sentences.parquet and summary.json, in member order) ->
    the collection's tokens.txt, sentences.parquet and corpora.json manifest."""
    if not (len(tokens) == len(sentences) == len(summaries)):
        raise ValueError("collect: give one --tokens, --sentences and --summaries per member")
    start = time.perf_counter()
    with atomic_path(out_tokens) as tmp, open(tmp, "wb") as out:
        for path in tokens:
            with open(require(path), "rb") as src:
                shutil.copyfileobj(src, out, 1 << 20)
    _concat_parquet([require(p) for p in sentences], out_sentences, SENTENCES_SCHEMA)
    corpora = []
    for path in summaries:
        summary = read_json(require(path))
        corpora.append(
            {
                "name": summary["corpus"],
                "kind": summary["kind"],
                "wiki": summary["wiki"],
                "language": summary["language"],
                "documents": summary["documents"],
                "sentences": summary["sentences"],
                "tokens": summary["tokens"],
                "skipped": summary["skipped"],
                "tables": {t: v["path"] for t, v in summary["tables"].items()},
            }
        )
    tables: dict[str, list[str]] = {}
    for entry in corpora:
        for table, path in entry["tables"].items():
            tables.setdefault(table, []).append(path)
    manifest = {
        "collection": collection,
        "language": language,
        "tokens_file": str(out_tokens),
        "sentences_file": str(out_sentences),
        "documents": sum(e["documents"] for e in corpora),
        "sentences": sum(e["sentences"] for e in corpora),
        "tokens": sum(e["tokens"] for e in corpora),
        "corpora": corpora,
        "tables": tables,
    }
    write_json(out_manifest, manifest)
    log.info(
        "collection %s: %d corpora, %d sentences, %d tokens in %.1f s",
        collection,
        len(corpora),
        manifest["sentences"],
        manifest["tokens"],
        time.perf_counter() - start,
    )
    return manifest
