"""Text, titles, BNC and wordfreq kinds; tokenise, merge and collect stages; the CLI's errors."""

from __future__ import annotations

import json
import shutil
import zipfile

import pyarrow.parquet as pq
import pytest

from wordgames import paths
from wordgames.cli import main
from wordgames.corpus import registry
from wordgames.errors import ConfigError, InputError


def test_text_paragraphs_and_lines(make_config, corpus_data, stages):
    cfg = make_config(
        {
            "para": {
                "kind": "text",
                "source": str(corpus_data / "text/en/fortunes.txt"),
                "options": {"layout": "paragraphs", "documents": "unit"},
            },
            "lines": {
                "kind": "text",
                "language": "it",
                "source": str(corpus_data / "text/it"),
                "shards": 2,
                "options": {"layout": "lines", "documents": "file"},
            },
        }
    )
    para = stages.build(cfg, "para")
    assert para["documents"] == 3
    tokens = paths.corpus_tokens(cfg, "para").read_text().splitlines()
    # hard-wrapped lines are joined: the first sentence spans two lines of the file
    assert (
        tokens[0]
        == "a critic is a man who creates nothing and thereby feels qualified to judge the work of creative men"
    )
    assert (
        "it's not the size of the dog in the fight it's the size of the fight in the dog" in tokens
    )
    lines = stages.build(cfg, "lines")
    assert lines["documents"] == 2 and lines["sentences"] == 7
    table = pq.read_table(paths.corpus_sentences(cfg, "lines"))
    assert table.schema.field("sent").type == "int32"
    text = paths.corpus_tokens(cfg, "lines").read_text()
    assert "era l' alba dell' anno nuovo e la porta della casa era chiusa\n" in text
    assert "un po' di pane e un bicchier d' acqua bastavano al viandante\n" in text


def test_text_fortunes_layout_splits_on_percent_lines(make_config, tmp_path, stages):
    # the fortune(6) format: "%" lines separate the quotations, which are hard-wrapped
    f = tmp_path / "citazioni"
    f.write_text(
        "Chi va piano\nva sano e va lontano.\n%\nTra il dire e il fare\n"
        "c'e' di mezzo il mare.\n%\n",
        encoding="utf-8",
    )
    cfg = make_config(
        {
            "fort": {
                "kind": "text",
                "language": "it",
                "source": str(f),
                "options": {"layout": "fortunes", "documents": "unit"},
            }
        }
    )
    summary = stages.build(cfg, "fort")
    assert summary["documents"] == 2
    tokens = paths.corpus_tokens(cfg, "fort").read_text()
    assert "%" not in tokens
    assert "chi va piano va sano e va lontano" in tokens


def test_titles_and_collection_manifest(make_config, corpus_data, stages):
    cfg = make_config(
        {
            "t": {
                "kind": "titles",
                "language": "it",
                "source": str(corpus_data / "itwiki-titles-tiny.txt"),
            },
            "wt": {
                "kind": "mediawiki",
                "language": "it",
                "source": str(corpus_data / "itwiktionary-tiny.xml"),
                "options": {"wiki": "wiktionary"},
            },
            "txt": {"kind": "text", "language": "it", "source": str(corpus_data / "text/it/*.txt")},
        },
        {"it": {"corpora": ["wt", "t", "txt"]}},
    )
    for name in ("t", "wt", "txt"):
        stages.build(cfg, name)
    titles = pq.read_table(paths.corpus_table(cfg, "t", "titles")).to_pylist()
    assert [t["title"] for t in titles] == [
        "Porta",
        "Porta Pia",
        "A porte chiuse",
        "Porta a porta",
        "Sfondare una porta aperta",
    ]
    manifest = stages.collect(cfg, "it")
    assert manifest["tables"]["wiktionary"] == [str(paths.corpus_table(cfg, "wt", "wiktionary"))]
    assert manifest["tables"]["titles"] == [str(paths.corpus_table(cfg, "t", "titles"))]
    assert registry.collection_corpus_tables(cfg, "it", "wiktionary") == [
        paths.corpus_table(cfg, "wt", "wiktionary")
    ]
    assert json.loads(paths.collection_manifest(cfg, "it").read_text())["language"] == "it"
    lines = paths.collection_tokens(cfg, "it").read_text().splitlines()
    sentences = pq.read_table(paths.collection_sentences(cfg, "it"))
    assert len(lines) == sentences.num_rows == manifest["sentences"]
    assert [" ".join(t) for t in sentences.column("tokens").to_pylist()] == lines
    assert len(set(sentences.column("doc").to_pylist())) == manifest["documents"]
    assert all(line and line == line.lower() and "  " not in line for line in lines)


def _bnc_config(make_config, source):
    return make_config({"bnc": {"kind": "bnc", "source": str(source)}})


def test_bnc_folder_and_zip(make_config, corpus_data, tmp_path, stages):
    for source in (corpus_data / "bnc", tmp_path / "2554.zip"):
        if source.suffix == ".zip":
            with zipfile.ZipFile(source, "w") as zf:
                for f in sorted((corpus_data / "bnc").rglob("*.xml")):
                    zf.write(f, "download/" + str(f.relative_to(corpus_data / "bnc")))
        cfg = _bnc_config(make_config, source)
        shutil.rmtree(cfg.results_dir, ignore_errors=True)
        summary = stages.build(cfg, "bnc")
        assert summary["skipped"] == {"broken XML text": 1}
        assert paths.corpus_tokens(cfg, "bnc").read_text().splitlines() == [
            "factsheet what is aids",
            "aids acquired immune deficiency syndrome is a condition",
            "it's of course serious",
        ]


def test_bnc_folder_link_to_a_file_outside_is_not_read(make_config, corpus_data, tmp_path, stages):
    # found by the BNC fuzzer (issue 12): a link inside the corpus folder was followed
    folder = tmp_path / "bnc"
    shutil.copytree(corpus_data / "bnc", folder)
    secret = tmp_path / "secret.xml"
    secret.write_text("<bncDoc><s><w>private words</w></s></bncDoc>")
    (folder / "Texts" / "Z99.xml").symlink_to(secret)
    cfg = _bnc_config(make_config, folder)
    summary = stages.build(cfg, "bnc")
    assert summary["skipped"]["link to a file outside the corpus folder"] == 1
    assert "private" not in paths.corpus_tokens(cfg, "bnc").read_text()


def test_bnc_zip_members_that_could_escape_are_skipped(make_config, tmp_path, stages):
    # found by the BNC fuzzer (issue 12): a member named "\x00" crashed zipfile (IndexError)
    import stat

    text = "<bncDoc><s><w>kept </w></s></bncDoc>"
    zip_path = tmp_path / "2554.zip"
    with zipfile.ZipFile(zip_path, "w") as zf:
        zf.writestr("Texts/A/A00.xml", text)
        zf.writestr("Texts/../../escape.xml", text.replace("kept", "dotdot"))
        zf.writestr("/abs/Texts/B.xml", text.replace("kept", "absolute"))
        link = zipfile.ZipInfo("Texts/link.xml")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "/etc/passwd")
        zf.writestr(zipfile.ZipInfo("\x00"), text)  # zipfile keeps the name up to the NUL: ""
    cfg = _bnc_config(make_config, zip_path)
    summary = stages.extract(cfg, "bnc", "000")
    assert summary["documents"] == 1
    assert summary["skipped"] == {
        "archive member named outside the archive's folder": 2,
        "symbolic link in the archive": 1,
    }


def test_bnc_missing_says_where_to_get_it(make_config, tmp_path, stages):
    cfg = _bnc_config(make_config, tmp_path / "nowhere" / "2554.zip")
    with pytest.raises(InputError, match=r"2554\.zip not found.*Oxford Text Archive.*put the zip"):
        stages.extract(cfg, "bnc", "000")


def test_wordfreq_frequency_table(make_config, stages):
    cfg = make_config(
        {
            "wf": {
                "kind": "wordfreq",
                "language": "it",
                "source": "wordfreq:best",
                "options": {"top_n": 300},
            }
        }
    )
    summary = stages.build(cfg, "wf")
    rows = pq.read_table(paths.corpus_table(cfg, "wf", "frequencies")).to_pylist()
    assert summary["sentences"] == 0 and len(rows) > 250
    words = [r["word"] for r in rows]
    assert "di" in words[:5] and len(set(words)) == len(words)
    assert all(a["frequency"] >= b["frequency"] for a, b in zip(rows, rows[1:], strict=False))


def test_missing_source_and_unknown_corpus(make_config, tmp_path, stages):
    cfg = make_config({"x": {"kind": "text", "source": str(tmp_path / "missing.txt")}})
    with pytest.raises(InputError, match="no such file or folder"):
        stages.extract(cfg, "x", "000")
    from wordgames.corpus.registry import corpus, missing_sources

    assert missing_sources(cfg, corpus(cfg, "x")) == [
        f"corpus x: no such file or folder {tmp_path / 'missing.txt'}"
    ]
    with pytest.raises(ConfigError, match="unknown corpus 'y'"):
        stages.extract(cfg, "y", "000")
    (tmp_path / "missing.txt").write_text("now here\n")
    with pytest.raises(InputError, match="out of range"):
        stages.extract(cfg, "x", "003")


def test_schema_rejects_bad_corpus_keys(make_config):
    with pytest.raises(ConfigError, match="unknown config key 'corpora.x.shard'"):
        make_config({"x": {"kind": "text", "source": "a.txt", "shard": 2}})
    with pytest.raises(ConfigError, match="corpora.x.kind"):
        make_config({"x": {"kind": "pdf", "source": "a.txt"}})


def test_cli_reports_bad_dump_without_traceback(tmp_path, corpus_data, capsys):
    from wordgames.config import load_config
    from wordgames.corpus.registry import corpus

    out = tmp_path / "r/corpora/t/extract"
    cfg = load_config({"corpora": {"t": {"kind": "mediawiki", "source": "x.xml.bz2"}}})
    spec = corpus(cfg, "t").spec()
    assert (
        main(
            [
                "build",
                "extract",
                "--corpus",
                "t",
                "--shard",
                "000",
                "--spec",
                json.dumps(spec),
                "--files",
                str(corpus_data / "truncated.xml.bz2"),
                "--out",
                str(out / "000.parquet"),
                "--summary-out",
                str(out / "000.summary.json"),
                "--table-out",
                f"titles={out / '000.titles.parquet'}",
                "--table-out",
                f"redirects={out / '000.redirects.parquet'}",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert (
        "wordgames: error:" in err
        and "truncated.xml.bz2: compressed stream ends early at byte" in err
    )
    assert "Traceback" not in err
    # nothing half-written is left behind
    assert not (tmp_path / "r/corpora/t/extract/000.parquet").exists()
    assert not list((tmp_path / "r/corpora/t/extract").glob("*.parquet"))


def test_local_corpora_layout(wordgames_data, repo, monkeypatch):
    """The local configs' sources exist in the shared data folder as laid out there."""
    from wordgames.config import load_config_file
    from wordgames.corpus.registry import local_files, used_corpora

    monkeypatch.setenv("WORDGAMES_DATA", str(wordgames_data))
    monkeypatch.chdir(repo)
    for name in ("config/local-it.yaml", "config/local-en.yaml"):
        cfg = load_config_file(name)
        for c in used_corpora(cfg):
            if c.kind in ("text", "mediawiki", "titles"):
                assert local_files(cfg, c), f"{name}: corpus {c.name} has no files"


def test_titles_gz_with_namespace_column(make_config, tmp_path, stages):
    import gzip

    path = tmp_path / "itwiki-all-titles.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("page_namespace\tpage_title\n0\tPorta_Pia\n1\tDiscussione_esclusa\n0\tL'eredità\n")
    cfg = make_config({"t": {"kind": "titles", "language": "it", "source": str(path)}})
    stages.build(cfg, "t")
    titles = pq.read_table(paths.corpus_table(cfg, "t", "titles")).column("title").to_pylist()
    assert titles == ["Porta Pia", "L'eredità"]


def test_tokenize_text_command(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("Dell'anno scorso. È così!"))
    assert main(["build", "tokenize-text", "--language", "it"]) == 0
    assert capsys.readouterr().out == "dell' anno scorso\nè così\n"


def test_huge_text_file_is_cut_into_parts(make_config, tmp_path, monkeypatch, stages):
    monkeypatch.setattr("wordgames.corpus.extract.MAX_UNITS", 3)
    path = tmp_path / "big.txt"
    path.write_text("".join(f"Line number {i}.\n" for i in range(7)))
    cfg = make_config({"b": {"kind": "text", "source": str(path)}})
    summary = stages.build(cfg, "b")
    docs = pq.read_table(paths.corpus_sentences(cfg, "b")).column("doc").to_pylist()
    assert sorted(set(docs)) == ["b:big.txt", "b:big.txt#1", "b:big.txt#2"]
    assert summary["sentences"] == 7 and summary["items_read"] == 1
