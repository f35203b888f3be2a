"""Tokenise a shard, merge a corpus's shards, and collect corpora into a collection.

All three stream record batches, so memory stays flat however large the corpus is.
"""

from __future__ import annotations

import logging
import shutil
import time

import pyarrow as pa
import pyarrow.parquet as pq

from wordgames import paths
from wordgames.artifacts import atomic_open, atomic_path, require
from wordgames.config import Config
from wordgames.corpus.io import (
    SENTENCES_SCHEMA,
    TABLE_SCHEMAS,
    RowWriter,
    iter_batches,
    merge_counts,
    read_json,
    write_json,
)
from wordgames.corpus.registry import collection_language, collection_members, corpus
from wordgames.corpus.tokenize import tokenize
from wordgames.progress import progress

log = logging.getLogger(__name__)


def tokenize_shard(cfg: Config, name: str, shard: str) -> dict:
    """extract/{shard}.parquet (doc, text) -> sentences/{shard}.parquet (doc, sent, tokens)."""
    c = corpus(cfg, name)
    source = require(paths.corpus_extract(cfg, name, shard))
    start = time.perf_counter()
    n_docs = n_sents = n_tokens = 0
    total = pq.ParquetFile(source).metadata.num_rows
    with RowWriter(paths.corpus_shard_sentences(cfg, name, shard), SENTENCES_SCHEMA) as out, progress(
        desc=f"tokenize {name}/{shard}", total=total, unit="doc"
    ) as bar:
        for batch in iter_batches(source, batch_size=512):
            docs = batch.column("doc").to_pylist()
            texts = batch.column("text").to_pylist()
            for doc, text in zip(docs, texts, strict=True):
                n_docs += 1
                for i, tokens in enumerate(tokenize(text, c.language)):
                    out.append(doc=doc, sent=i, tokens=tokens)
                    n_sents += 1
                    n_tokens += len(tokens)
            bar.update(len(docs))
    seconds = time.perf_counter() - start
    log.info("%s shard %s: %d documents, %d sentences, %d tokens in %.1f s",
             name, shard, n_docs, n_sents, n_tokens, seconds)
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


def merge_corpus(cfg: Config, name: str) -> dict:
    """Shards of one corpus -> sentences.parquet, tokens.txt, its tables and summary.json."""
    c = corpus(cfg, name)
    shard_sentences = [paths.corpus_shard_sentences(cfg, name, s) for s in c.shard_ids] if c.has_text else []
    for path in shard_sentences:
        require(path)
    _concat_parquet(shard_sentences, paths.corpus_sentences(cfg, name), SENTENCES_SCHEMA)
    n_sents, n_tokens = _write_tokens(shard_sentences, paths.corpus_tokens(cfg, name))
    tables = {}
    for table in c.tables:
        parts = [require(paths.corpus_shard_table(cfg, name, s, table)) for s in c.shard_ids]
        rows = _concat_parquet(parts, paths.corpus_table(cfg, name, table), TABLE_SCHEMAS[table])
        tables[table] = {"path": str(paths.corpus_table(cfg, name, table)), "rows": rows}
    shard_summaries = [
        read_json(paths.corpus_extract(cfg, name, s).with_suffix(".summary.json")) for s in c.shard_ids
    ]
    summary = {
        "corpus": name,
        "kind": c.kind,
        "wiki": c.wiki,
        "language": c.language,
        "shards": c.shards,
        "items_read": sum(s["items_read"] for s in shard_summaries),
        "documents": sum(s["documents"] for s in shard_summaries),
        "sentences": n_sents,
        "tokens": n_tokens,
        "skipped": merge_counts(*(s["skipped"] for s in shard_summaries)),
        "counts": merge_counts(*(s["counts"] for s in shard_summaries)),
        "tables": tables,
    }
    write_json(paths.corpus_summary(cfg, name), summary)
    log.info("%s: %d documents, %d sentences, %d tokens; skipped %s; tables %s",
             name, summary["documents"], n_sents, n_tokens, summary["skipped"] or "none",
             {t: v["rows"] for t, v in tables.items()} or "none")
    return summary


def collect(cfg: Config, collection: str) -> dict:
    """Member corpora -> the collection's tokens.txt, sentences.parquet and corpora.json manifest."""
    members = collection_members(cfg, collection)
    start = time.perf_counter()
    with atomic_path(paths.collection_tokens(cfg, collection)) as tmp, open(tmp, "wb") as out:
        for c in members:
            with open(require(paths.corpus_tokens(cfg, c.name)), "rb") as src:
                shutil.copyfileobj(src, out, 1 << 20)
    _concat_parquet(
        [require(paths.corpus_sentences(cfg, c.name)) for c in members],
        paths.collection_sentences(cfg, collection),
        SENTENCES_SCHEMA,
    )
    corpora = []
    for c in members:
        summary = read_json(require(paths.corpus_summary(cfg, c.name)))
        corpora.append(
            {
                "name": c.name,
                "kind": c.kind,
                "wiki": c.wiki,
                "language": c.language,
                "documents": summary["documents"],
                "sentences": summary["sentences"],
                "tokens": summary["tokens"],
                "skipped": summary["skipped"],
                "tables": {t: str(paths.corpus_table(cfg, c.name, t)) for t in c.tables},
            }
        )
    tables: dict[str, list[str]] = {}
    for entry in corpora:
        for table, path in entry["tables"].items():
            tables.setdefault(table, []).append(path)
    manifest = {
        "collection": collection,
        "language": collection_language(cfg, collection),
        "tokens_file": str(paths.collection_tokens(cfg, collection)),
        "sentences_file": str(paths.collection_sentences(cfg, collection)),
        "documents": sum(e["documents"] for e in corpora),
        "sentences": sum(e["sentences"] for e in corpora),
        "tokens": sum(e["tokens"] for e in corpora),
        "corpora": corpora,
        "tables": tables,
    }
    write_json(paths.collection_manifest(cfg, collection), manifest)
    log.info("collection %s: %d corpora, %d sentences, %d tokens in %.1f s", collection,
             len(members), manifest["sentences"], manifest["tokens"], time.perf_counter() - start)
    return manifest
