"""Multistream dumps: N shards decompress only their own streams, and together give the
single-stream extraction page for page; an index that does not fit its dump fails in one line."""

from __future__ import annotations

import bz2
import json
import logging
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.corpus.multistream_dump import invented_pages, write_dumps
from wordgames import paths
from wordgames.cli import main
from wordgames.config import load_config
from wordgames.corpus.registry import corpus, index_files, missing_sources
from wordgames.errors import ConfigError, InputError

TABLES = ("redirects", "titles")


@pytest.fixture(scope="module")
def dumps(tmp_path_factory):
    return write_dumps(tmp_path_factory.mktemp("dumps"), invented_pages(61, seed=3), per_stream=4)


def _entry(source, shards=1, **extra):
    return {"kind": "mediawiki", "language": "it", "source": str(source), "shards": shards, **extra}


def _extract_all(make_config, stages, name, entry):
    """Every shard's documents, tables and summary for one corpus entry."""
    cfg = make_config({name: entry})
    docs, tables, summaries = [], {t: [] for t in TABLES}, []
    for shard in corpus(cfg, name).shard_ids:
        summaries.append(stages.extract(cfg, name, shard))
        docs += pq.read_table(paths.corpus_extract(cfg, name, shard)).to_pylist()
        for t in TABLES:
            tables[t] += pq.read_table(paths.corpus_shard_table(cfg, name, shard, t)).to_pylist()
    return docs, tables, summaries


def _by_page_id(rows, ids, key):
    return sorted(rows, key=lambda r: ids[key(r)])


@pytest.mark.parametrize("shards", [1, 2, 3, 4])
def test_shards_union_equals_single_stream(dumps, make_config, stages, shards):
    ids = {p.title: p.id for p in dumps.pages}
    want_docs, want_tables, (want,) = _extract_all(make_config, stages, "w", _entry(dumps.single))
    entry = _entry(dumps.multistream, shards, index=str(dumps.index))
    docs, tables, summaries = _extract_all(make_config, stages, "w", entry)

    def name(row):
        return row["doc"].split(":", 1)[1]

    assert len(want_docs) > 10 and want_tables["redirects"]  # the dump has articles and redirects
    assert _by_page_id(docs, ids, name) == _by_page_id(want_docs, ids, name)
    for t in TABLES:
        key = lambda r: r["title"]  # noqa: E731
        assert _by_page_id(tables[t], ids, key) == _by_page_id(want_tables[t], ids, key)
    # within a shard, pages keep the dump's order
    for s in summaries:
        assert s["input"]["mode"] == "multistream"
    # what was skipped and counted adds up to the single-stream counts
    for field in ("skipped", "counts"):
        total: dict = {}
        for s in summaries:
            for k, v in s[field].items():
                total[k] = total.get(k, 0) + v
        assert total == want[field]
    assert want["skipped"] == {"broken XML fragment": 1}
    assert want["counts"]["pages in other namespaces"] > 0


@pytest.mark.parametrize("shards", [1, 2, 3, 4])
def test_each_shard_decompresses_only_its_streams(dumps, make_config, stages, shards, caplog):
    entry = _entry(dumps.multistream, shards, index=str(dumps.index))
    caplog.set_level(logging.INFO, logger="wordgames.corpus.extract")
    summaries = _extract_all(make_config, stages, "w", entry)[2]
    logged = [r.getMessage() for r in caplog.records if "compressed bytes" in r.getMessage()]
    assert (
        len(logged) == shards and f"of {dumps.multistream.stat().st_size:,} compressed" in logged[0]
    )
    reads = [s["input"] for s in summaries]
    page_streams = dumps.footer - dumps.offsets[0]
    assert sum(r["compressed_bytes"] for r in reads) == page_streams
    assert sum(r["decompressed_bytes"] for r in reads) == dumps.page_xml_bytes
    assert sum(r["streams"] for r in reads) == len(dumps.offsets)
    size = dumps.multistream.stat().st_size
    biggest = max(
        b - a for a, b in zip(dumps.offsets, [*dumps.offsets[1:], dumps.footer], strict=True)
    )
    for r in reads:
        assert r["dump_bytes"] == size and r["dump_streams"] == len(dumps.offsets)
        assert abs(r["compressed_bytes"] - page_streams / shards) <= biggest
    # besides: the header stream (every shard), the footer stream (the shard of the last stream)
    footer = size - dumps.footer
    assert [r["header_compressed_bytes"] for r in reads] == [dumps.offsets[0]] * (shards - 1) + [
        dumps.offsets[0] + footer
    ]


def test_without_index_every_shard_reads_the_whole_dump(dumps, make_config, stages):
    summaries = _extract_all(make_config, stages, "w", _entry(dumps.multistream, 2))[2]
    size = dumps.multistream.stat().st_size
    for s in summaries:
        assert s["input"]["mode"] == "whole stream"
        assert s["input"]["compressed_bytes"] == size
        assert s["input"]["decompressed_bytes"] > dumps.page_xml_bytes


@pytest.mark.parametrize("indexed", [True, False])
def test_corpus_summary_sums_what_the_shards_read(dumps, make_config, stages, indexed):
    from wordgames.corpus.pipeline import merge_reads

    index = {"index": str(dumps.index)} if indexed else {}
    summaries = _extract_all(make_config, stages, "w", _entry(dumps.multistream, 3, **index))[2]
    got = merge_reads([s["input"] for s in summaries])
    size = dumps.multistream.stat().st_size
    assert got["dump_bytes"] == size
    assert got["compressed_bytes"] == sum(s["input"]["compressed_bytes"] for s in summaries)
    if indexed:
        # the page streams once between the shards, plus the header stream each shard reads
        assert got["mode"] == "multistream"
        assert got["compressed_bytes"] == dumps.footer - dumps.offsets[0]
        assert 1.0 <= got["times_read"] < 1.0 + 3 * dumps.offsets[0] / size + 1e-3
    else:
        assert got["mode"] == "whole stream" and got["times_read"] == 3.0
    assert merge_reads([]) is None


def test_split_parts_with_indexes_share_streams(tmp_path, make_config, stages):
    """Parts of a split dump, each with its index: their streams are dealt over all the parts."""
    pages = invented_pages(40, seed=5, broken=False)
    a = write_dumps(tmp_path / "a", pages[:25], per_stream=3, name="parta")
    b = write_dumps(tmp_path / "b", pages[25:], per_stream=3, name="partb")
    want_docs = _extract_all(
        make_config, stages, "w", _entry(a.single) | {"source": [str(a.single), str(b.single)]}
    )[0]
    cfg = make_config(
        {
            "w": {
                "kind": "mediawiki",
                "language": "it",
                "shards": 3,
                "source": [str(a.multistream), str(b.multistream)],
            }
        }
    )
    assert index_files(cfg, corpus(cfg, "w")) == {}  # local list items carry no index
    from wordgames.corpus.extract import extract_shard
    from wordgames.corpus.registry import local_files

    c = corpus(cfg, "w")
    docs, streams = [], 0
    for shard in c.shard_ids:
        out = tmp_path / "out" / shard
        s = extract_shard(
            c,
            local_files(cfg, c),
            shard,
            out / "docs.parquet",
            out / "summary.json",
            {t: out / f"{t}.parquet" for t in TABLES},
            {a.multistream: a.index, b.multistream: b.index},
        )
        streams += s["input"]["streams"]
        docs += pq.read_table(out / "docs.parquet").to_pylist()
    assert sorted(d["doc"] for d in docs) == sorted(d["doc"] for d in want_docs)
    assert streams == len(a.offsets) + len(b.offsets)
    # an indexed part beside a plain one: the streams of the first are shared, the second is
    # streamed by every shard, each keeping its pages
    docs, modes = [], set()
    for shard in c.shard_ids:
        out = tmp_path / "mixed" / shard
        s = extract_shard(
            c,
            [a.multistream, b.single],
            shard,
            out / "docs.parquet",
            out / "summary.json",
            {t: out / f"{t}.parquet" for t in TABLES},
            {a.multistream: a.index},
        )
        modes.add(s["input"]["mode"])
        docs += pq.read_table(out / "docs.parquet").to_pylist()
    assert sorted(d["doc"] for d in docs) == sorted(d["doc"] for d in want_docs)
    assert modes == {"multistream + whole stream"}


# the index as config --------------------------------------------------------------------------------
def test_index_config(tmp_path, dumps):
    cfg = load_config(
        {"corpora": {"w": _entry(dumps.multistream, 2, index=str(tmp_path / "no-index.txt.bz2"))}}
    )
    assert missing_sources(cfg, corpus(cfg, "w")) == [
        f"corpus w: no such multistream index {tmp_path / 'no-index.txt.bz2'}"
    ]
    url = "https://dumps.example.org/w/20241101/w-20241101-pages-articles-multistream"
    cfg = load_config(
        {
            "corpora": {
                "w": {
                    "kind": "mediawiki",
                    "source": [
                        {"url": f"{url}1.xml-p1p9.bz2", "index": f"{url}-index1.txt-p1p9.bz2"}
                    ],
                }
            }
        }
    )
    c = corpus(cfg, "w")
    assert [s.filename for s in c.downloads] == [
        "w-20241101-pages-articles-multistream1.xml-p1p9.bz2",
        "w-20241101-pages-articles-multistream-index1.txt-p1p9.bz2",
    ]
    ((dump, index),) = index_files(cfg, c).items()
    assert dump.parent == index.parent == Path("resources/downloads/w")
    with pytest.raises(
        ConfigError, match="corpora.t.index: a multistream index is for kind mediawiki"
    ):
        corpus(load_config({"corpora": {"t": {"kind": "text", "source": "a", "index": "b"}}}), "t")
    with pytest.raises(ConfigError, match="give each item its own index"):
        corpus(
            load_config({"corpora": {"t": {"kind": "mediawiki", "source": ["a"], "index": "b"}}}),
            "t",
        )


# an index that does not fit its dump ------------------------------------------------------------------
def _cli_extract(tmp_path, dump: Path, index: Path, shards: int = 1, shard: str = "000"):
    out = tmp_path / "out"
    spec = corpus(load_config({"corpora": {"t": _entry(dump, shards)}}), "t").spec()
    args = ["build", "extract", "--corpus", "t", "--shard", shard, "--spec", json.dumps(spec)]
    args += ["--files", str(dump), "--index", f"{dump}={index}"]
    args += ["--out", str(out / "d.parquet"), "--summary-out", str(out / "s.json")]
    args += [x for t in TABLES for x in ("--table-out", f"{t}={out / t}.parquet")]
    return main(args)


def _index_lines(dumps) -> list[str]:
    return bz2.decompress(dumps.index.read_bytes()).decode().splitlines(keepends=True)


def _write_index(path: Path, lines: list[str]) -> Path:
    path.write_bytes(bz2.compress("".join(lines).encode()))
    return path


def _one_line_error(capsys, *parts: str) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    (line,) = [x for x in err.splitlines() if "wordgames: error:" in x]  # (besides progress bars)
    for part in parts:
        assert part in line, line
    return line


def test_index_cut_short_fails_in_one_line(tmp_path, dumps, capsys):
    data = dumps.index.read_bytes()
    bad = tmp_path / "cut-index.txt.bz2"
    bad.write_bytes(data[: len(data) // 2])
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(capsys, str(bad), "compressed index ends early")
    # a whole bz2 file, but its lines stop before the dump's last streams (4 pages a stream)
    lines = _index_lines(dumps)
    short = _write_index(tmp_path / "short-index.txt.bz2", lines[:32])
    assert _cli_extract(tmp_path, dumps.multistream, short) == 2
    _one_line_error(capsys, f"{short}: ends at line 32", "has pages after byte", "truncated index")
    # ... or inside a stream
    short = _write_index(tmp_path / "short-index.txt.bz2", lines[:30])
    assert _cli_extract(tmp_path, dumps.multistream, short) == 2
    _one_line_error(capsys, f"{short}: ends at line 30", "does not list", "truncated index")


def test_malformed_index_line_names_the_line(tmp_path, dumps, capsys):
    lines = _index_lines(dumps)
    lines[6] = "12x:3:Voce\n"
    bad = _write_index(tmp_path / "bad-index.txt.bz2", lines)
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(capsys, f"{bad}: line 7: expected byteoffset:pageid:title")


def test_offset_in_the_middle_of_a_stream(tmp_path, dumps, capsys):
    lines = _index_lines(dumps)
    third = str(dumps.offsets[2])
    moved = [
        line.replace(f"{third}:", f"{dumps.offsets[2] + 17}:", 1)
        if line.startswith(f"{third}:")
        else line
        for line in lines
    ]
    bad = _write_index(tmp_path / "moved-index.txt.bz2", moved)
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    line = next(i for i, x in enumerate(moved, 1) if x.startswith(f"{dumps.offsets[2] + 17}:"))
    # the shard of the stream before finds the offset inside it; one that starts there, no stream
    _one_line_error(
        capsys, f"{bad}: line {line}: offset {int(third) + 17} is inside the bz2 stream"
    )
    assert (
        _cli_extract(tmp_path, dumps.multistream, bad, shards=len(dumps.offsets), shard="002") == 2
    )
    _one_line_error(
        capsys, f"{bad}: line {line}", f"no bz2 stream starts at byte {int(third) + 17}"
    )


def test_index_that_lists_two_streams_as_one(tmp_path, dumps, make_config, stages):
    """A stream's pages listed under the offset of the stream before: the range between two listed
    offsets then holds two whole bz2 streams, and is read whole (pages and ids still match)."""
    lines = _index_lines(dumps)
    drop = str(dumps.offsets[3])
    fewer = [
        x if not x.startswith(f"{drop}:") else x.replace(drop, str(dumps.offsets[2]), 1)
        for x in lines
    ]
    index = _write_index(tmp_path / "merged-index.txt.bz2", fewer)
    assert _cli_extract(tmp_path, dumps.multistream, index) == 0
    got = json.loads((tmp_path / "out/s.json").read_text())
    want = _extract_all(make_config, stages, "w", _entry(dumps.single))[2][0]
    assert got["documents"] == want["documents"] and got["counts"] == want["counts"]
    assert got["input"]["streams"] == len(dumps.offsets) - 1
    assert got["input"]["compressed_bytes"] == dumps.footer - dumps.offsets[0]


def test_index_of_another_dump(tmp_path, dumps, capsys):
    other = write_dumps(tmp_path / "other", invented_pages(30, seed=9), per_stream=6, name="other")
    assert _cli_extract(tmp_path, dumps.multistream, other.index) == 2
    _one_line_error(capsys, str(other.index), "the index does not match this dump")
    # the same stream layout but other page ids: caught by the ids
    shifted = [
        f"{o}:{int(i) + 1000}:{t}" for o, i, t in (x.split(":", 2) for x in _index_lines(dumps))
    ]
    bad = _write_index(tmp_path / "ids-index.txt.bz2", shifted)
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(capsys, f"{bad}: line 1:", "which the index does not list there")


def test_index_past_the_end(tmp_path, dumps, capsys):
    lines = _index_lines(dumps) + [f"{dumps.multistream.stat().st_size + 5}:9999:Oltre\n"]
    bad = _write_index(tmp_path / "long-index.txt.bz2", lines)
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(capsys, f"{bad}: line {len(lines)}: offset", "past the end")


def test_empty_index(tmp_path, dumps, capsys):
    bad = _write_index(tmp_path / "empty-index.txt.bz2", [])
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(capsys, f"{bad}: the index is empty")


def test_mediawiki_docs_rejects_an_index_of_another_file(dumps, make_config):
    from wordgames.corpus.mediawiki.reader import mediawiki_docs
    from wordgames.corpus.model import Tally

    c = corpus(make_config({"w": _entry(dumps.single)}), "w")
    with pytest.raises(InputError, match="not one of its files"):
        list(mediawiki_docs(c, [dumps.single], 0, Tally(), None, {dumps.multistream: dumps.index}))


# property: any page count, stream size and shard count -----------------------------------------------
class _Rows:
    def __init__(self):
        self.rows = []

    def add(self, table, **row):
        self.rows.append((table, tuple(sorted(row.items()))))


def _docs(c, files, shard, indexes=None):
    from wordgames.corpus.mediawiki.reader import mediawiki_docs
    from wordgames.corpus.model import Tally

    tally, rows = Tally(), _Rows()
    docs = [(d.doc, d.text) for d in mediawiki_docs(c, files, shard, tally, rows, indexes)]
    return docs, rows.rows, tally


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    n=st.integers(1, 40),
    per_stream=st.integers(1, 9),
    shards=st.integers(1, 6),
    seed=st.integers(0, 1000),
)
def test_any_layout_gives_the_single_stream_pages(tmp_path_factory, n, per_stream, shards, seed):
    d = write_dumps(tmp_path_factory.mktemp("h"), invented_pages(n, seed), per_stream)
    one = corpus(load_config({"corpora": {"w": _entry(d.single)}}), "w")
    many = corpus(load_config({"corpora": {"w": _entry(d.multistream, shards)}}), "w")
    want_docs, want_rows, _ = _docs(one, [d.single], 0)
    docs, rows, compressed = [], [], 0
    for k in range(shards):
        dk, rk, tally = _docs(many, [d.multistream], k, {d.multistream: d.index})
        docs += dk
        rows += rk
        compressed += tally.reads["compressed_bytes"]
    assert sorted(docs) == sorted(want_docs)
    assert sorted(rows) == sorted(want_rows)
    assert compressed == d.footer - d.offsets[0]


def test_index_lists_a_page_the_stream_lacks(tmp_path, dumps, capsys):
    lines = _index_lines(dumps)
    at = 4 * 5  # the first line of the sixth stream
    lines.insert(at + 1, f"{dumps.offsets[5]}:99999:Fantasma\n")
    bad = _write_index(tmp_path / "ghost-index.txt.bz2", lines)
    assert _cli_extract(tmp_path, dumps.multistream, bad) == 2
    _one_line_error(
        capsys, f"{bad}: line {at + 1}: the index lists 5 pages at byte {dumps.offsets[5]}"
    )


def test_index_of_a_file_that_is_not_multistream(tmp_path, dumps, capsys):
    plain = tmp_path / "testwiki-pages-articles.xml"
    plain.write_bytes(bz2.decompress(dumps.single.read_bytes()))
    assert _cli_extract(tmp_path, plain, dumps.index) == 2
    _one_line_error(capsys, f"{plain}: has an index", "must be a .bz2 multistream dump")
    # the single-stream file: its one stream holds the header and all the pages
    lines = [f"0:{p.id}:{p.title}\n" for p in dumps.pages]
    index = _write_index(tmp_path / "zero-index.txt.bz2", lines)
    assert _cli_extract(tmp_path, dumps.single, index) == 2
    _one_line_error(capsys, f"{index}: line 1: offset 0", "must follow its header stream")
