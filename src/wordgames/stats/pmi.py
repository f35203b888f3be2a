"""Pointwise mutual information over the co-occurrence counts.

With ``n_ij`` the co-occurrence value of words i and j (the plain window count by default, or the
1/distance weight), ``n_i = sum_j n_ij`` and ``N = sum_ij n_ij`` (over the symmetric table, so both
orders count)::

    pmi  = log(n_ij N / (n_i n_j))
    ppmi = max(pmi, 0)
    npmi = pmi / -log(n_ij / N)          (1 where n_ij = N)

Pairs with ``n_ij`` below the minimum are left out (their PMI is noise); the marginals still count
them. The whole computation is one DuckDB query over the Parquet files, so it is memory-bounded.
Output columns: ``i``, ``j``, ``word1``, ``word2``, ``count``, ``pmi``, ``ppmi``, ``npmi``, both orders,
sorted by (i, j).
"""

from __future__ import annotations

import os
from pathlib import Path


def _q(path) -> str:
    return "'" + str(Path(path).resolve()).replace("'", "''") + "'"


def build_pmi(
    cooccur: str | os.PathLike,
    vocab: str | os.PathLike,
    out: str | os.PathLike,
    *,
    min_count: float = 5,
    counts: str = "count",
    memory_limit: str = "2GB",
    threads: int = 1,
) -> int:
    """Write the PMI table; returns its number of rows."""
    import duckdb

    from wordgames.artifacts import atomic_path, require

    if counts not in ("count", "weight"):
        raise ValueError("counts must be 'count' or 'weight'")
    require(cooccur)
    require(vocab)
    co, vo = _q(cooccur), _q(vocab)
    with atomic_path(out, suffix=".parquet") as tmp:
        con = duckdb.connect()
        try:
            con.execute(f"SET memory_limit='{memory_limit}'")
            con.execute("SET enable_progress_bar=false")
            con.execute(f"SET threads={int(threads)}")
            target = str(tmp).replace("'", "''")
            con.execute(
                f"""
                COPY (
                  WITH c AS (SELECT i, j, {counts}::DOUBLE AS n FROM read_parquet({co})),
                  m AS (SELECT i, sum(n) AS n FROM c GROUP BY i),
                  t AS (SELECT sum(n) AS total FROM c),
                  v AS (SELECT id, word FROM read_parquet({vo})),
                  p AS (
                    SELECT c.i, c.j, c.n,
                           ln(c.n) + ln(t.total) - ln(m1.n) - ln(m2.n) AS pmi,
                           ln(c.n) - ln(t.total) AS logp
                    FROM c JOIN m m1 ON c.i = m1.i JOIN m m2 ON c.j = m2.i CROSS JOIN t
                    WHERE c.n >= {float(min_count)}
                  )
                  SELECT p.i, p.j, v1.word AS word1, v2.word AS word2, p.n AS count,
                         p.pmi, greatest(p.pmi, 0.0) AS ppmi,
                         CASE WHEN p.logp = 0 THEN 1.0 ELSE p.pmi / -p.logp END AS npmi
                  FROM p JOIN v v1 ON p.i = v1.id JOIN v v2 ON p.j = v2.id
                  ORDER BY p.i, p.j
                ) TO '{target}' (FORMAT parquet, COMPRESSION zstd)
                """
            )
            rows = con.execute(f"SELECT count(*) FROM read_parquet('{target}')").fetchall()[0][0]
        finally:
            con.close()
    return int(rows)
