from __future__ import annotations

import math

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from wordgames.artifacts import write_parquet
from wordgames.stats.idf import build_idf
from wordgames.stats.pmi import build_pmi


@pytest.fixture
def tiny_tables(tmp_path):
    vocab = pa.table(
        {
            "id": pa.array([0, 1, 2], pa.int32()),
            "word": ["x", "y", "z"],
            "count": pa.array([3, 2, 1], pa.int64()),
        }
    )
    # symmetric counts: x-y 4, x-z 1, y-z 1, x-x 2
    rows = [(0, 0, 2), (0, 1, 4), (0, 2, 1), (1, 0, 4), (1, 2, 1), (2, 0, 1), (2, 1, 1)]
    co = pa.table(
        {
            "i": pa.array([r[0] for r in rows], pa.int32()),
            "j": pa.array([r[1] for r in rows], pa.int32()),
            "weight": pa.array([r[2] / 2 for r in rows], pa.float64()),
            "count": pa.array([r[2] for r in rows], pa.int64()),
        }
    )
    write_parquet(vocab, tmp_path / "vocab.parquet")
    write_parquet(co, tmp_path / "cooccur.parquet")
    return tmp_path


def test_pmi_hand_computed(tiny_tables):
    out = tiny_tables / "pmi.parquet"
    rows = build_pmi(
        tiny_tables / "cooccur.parquet", tiny_tables / "vocab.parquet", out, min_count=1
    )
    assert rows == 7
    t = pq.read_table(out).to_pylist()
    got = {(r["word1"], r["word2"]): r for r in t}
    # N = 14; marginals x = 7, y = 5, z = 2
    xy = got[("x", "y")]
    assert xy["pmi"] == pytest.approx(math.log(4 * 14 / (7 * 5)))
    assert xy["npmi"] == pytest.approx(math.log(4 * 14 / 35) / -math.log(4 / 14))
    yz = got[("y", "z")]
    assert yz["pmi"] == pytest.approx(math.log(14 / 10))
    xz = got[("x", "z")]
    assert xz["pmi"] == pytest.approx(math.log(14 / 14))
    assert got[("z", "x")]["pmi"] == pytest.approx(xz["pmi"])
    assert all(r["ppmi"] == max(r["pmi"], 0) for r in t)
    assert [(r["i"], r["j"]) for r in t] == sorted((r["i"], r["j"]) for r in t)


def test_pmi_min_count_and_weight_column(tiny_tables):
    out = tiny_tables / "pmi.parquet"
    assert (
        build_pmi(tiny_tables / "cooccur.parquet", tiny_tables / "vocab.parquet", out, min_count=2)
        == 3
    )
    build_pmi(
        tiny_tables / "cooccur.parquet",
        tiny_tables / "vocab.parquet",
        out,
        min_count=0,
        counts="weight",
    )
    xy = next(r for r in pq.read_table(out).to_pylist() if (r["i"], r["j"]) == (0, 1))
    assert xy["count"] == 2.0  # weights are half the counts here: PMI is unchanged
    assert xy["pmi"] == pytest.approx(math.log(4 * 14 / 35))


def test_idf_hand_computed(tmp_path):
    sents = pa.table(
        {
            "doc": ["d1", "d1", "d2", "d3"],
            "sent": pa.array([0, 1, 0, 0], pa.int32()),
            "tokens": [["a", "b"], ["a", "a"], ["b", "c"], ["a"]],
        }
    )
    write_parquet(sents, tmp_path / "sentences.parquet")
    words, docs = build_idf(tmp_path / "sentences.parquet", tmp_path / "idf.parquet")
    assert (words, docs) == (3, 3)
    got = {r["word"]: r for r in pq.read_table(tmp_path / "idf.parquet").to_pylist()}
    assert got["a"]["df"] == 2 and got["a"]["idf"] == pytest.approx(math.log(3 / 2))
    assert got["c"]["df"] == 1 and got["c"]["idf"] == pytest.approx(math.log(3))
    assert build_idf(tmp_path / "sentences.parquet", tmp_path / "idf2.parquet", min_df=2)[0] == 2


def test_cli_stages_and_catalog(tmp_path, repo):
    from wordgames.cli import main

    tokens = repo / "tests/data/stats/tokens.txt"
    d = tmp_path
    assert (
        main(
            [
                "build",
                "vocab",
                "--in",
                str(tokens),
                "--out",
                str(d / "vocab.parquet"),
                "--min-count",
                "2",
            ]
        )
        == 0
    )
    for k in range(2):
        assert (
            main(
                [
                    "build",
                    "cooccur",
                    "--in",
                    str(tokens),
                    "--vocab",
                    str(d / "vocab.parquet"),
                    "--out",
                    str(d / f"s{k}.parquet"),
                    "--window",
                    "3",
                    "--shard",
                    f"{k}/2",
                    "--chunk-tokens",
                    "1000",
                ]
            )
            == 0
        )
    assert (
        main(
            [
                "build",
                "cooccur-merge",
                "--in",
                str(d / "s0.parquet"),
                str(d / "s1.parquet"),
                "--out",
                str(d / "cooccur.parquet"),
                "--memory",
                "1GB",
                "--threads",
                "1",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "build",
                "pmi",
                "--cooccur",
                str(d / "cooccur.parquet"),
                "--vocab",
                str(d / "vocab.parquet"),
                "--out",
                str(d / "pmi.parquet"),
                "--min-count",
                "2",
                "--counts",
                "count",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "build",
                "catalog",
                "--out",
                str(d / "catalog.duckdb"),
                "--table",
                f"vocab={d / 'vocab.parquet'}",
                "--table",
                f"cooccur={d / 'cooccur.parquet'}",
                "--table",
                f"pmi={d / 'pmi.parquet'}",
            ]
        )
        == 0
    )
    con = duckdb.connect(str(d / "catalog.duckdb"), read_only=True)
    top = con.execute(
        "SELECT v.word, c.weight FROM cooccur c JOIN vocab v ON v.id = c.j "
        "JOIN vocab w ON w.id = c.i WHERE w.word = 'king' ORDER BY c.weight DESC LIMIT 1"
    ).fetchall()[0]
    assert top[0] == "the"
    assert con.execute("SELECT count(*) FROM pmi WHERE word1 = 'king'").fetchall()[0][0] > 0
    con.close()
    # a missing table is a one-line user error (exit 2)
    assert (
        main(
            [
                "build",
                "catalog",
                "--out",
                str(d / "c2.duckdb"),
                "--table",
                f"idf={d / 'nope.parquet'}",
            ]
        )
        == 2
    )
    assert (
        main(
            [
                "build",
                "vocab",
                "--in",
                str(tokens),
                "--out",
                str(d / "v2.parquet"),
                "--min-count",
                "100000",
            ]
        )
        == 2
    )
