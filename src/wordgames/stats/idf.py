"""Inverse document frequency per word, over the documents of a collection's sentences table.

``df`` is the number of documents (distinct ``doc`` values of ``sentences.parquet``) a word occurs in,
``idf = ln(n_docs / df)``. Output columns ``word``, ``df``, ``idf``, most common first (ties by word);
the number of documents is stored in the file's metadata (``n_docs``) and recoverable as
``df * exp(idf)``.
"""

from __future__ import annotations

import os
from pathlib import Path


def build_idf(
    sentences: str | os.PathLike,
    out: str | os.PathLike,
    *,
    min_df: int = 1,
    memory_limit: str = "2GB",
    threads: int = 1,
) -> tuple[int, int]:
    """Write the IDF table; returns (words, documents)."""
    import duckdb

    from wordgames.artifacts import require, write_parquet

    src = "'" + str(Path(require(sentences)).resolve()).replace("'", "''") + "'"
    con = duckdb.connect()
    try:
        con.execute(f"SET memory_limit='{memory_limit}'")
        con.execute("SET enable_progress_bar=false")
        con.execute(f"SET threads={int(threads)}")
        n_docs = con.execute(f"SELECT count(DISTINCT doc) FROM read_parquet({src})").fetchall()[0][
            0
        ]
        rel = con.sql(
            f"""
            WITH d AS (SELECT DISTINCT doc, unnest(tokens) AS word FROM read_parquet({src}))
            SELECT word, count(*)::BIGINT AS df, ln({max(n_docs, 1)} / count(*)) AS idf
            FROM d GROUP BY word HAVING count(*) >= {int(min_df)}
            ORDER BY df DESC, word
            """
        )
        table = rel.to_arrow_table() if hasattr(rel, "to_arrow_table") else rel.fetch_arrow_table()
    finally:
        con.close()
    table = table.replace_schema_metadata({"n_docs": str(n_docs)})
    write_parquet(table, out)
    return table.num_rows, int(n_docs)
