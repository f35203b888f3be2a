"""Issue 44 end to end: the shipped config/it-wikimedia.yaml, pointed at the local dump mirror by a
config override, is locked with `wordgames dumps lock` and built by Snakemake up to the `it` and
`it-knowledge` collections and their tables, with faults on the first mirror during the run (a
transfer cut mid-file, a file it lacks, a wrong byte): every file comes down verified, nothing
partial is left, a second run has nothing to do, and a new lock reruns exactly the corpus whose
dump changed.

The override changes only where the dumps come from (two local mirrors), where the lock and the
results go, and the it-knowledge collection's members: the dump corpora only (its lexicons come from
{data_dir} and system packages, not from the dump servers, and are tested elsewhere).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from mirror import DATE, OLD, Mirror, build_tree

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "config" / "it-wikimedia.yaml"
TARGETS = ["results/it/corpora.json", "results/it-knowledge/corpora.json"]


def _run(workdir: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=workdir, capture_output=True, text=True, timeout=timeout
    )


def _wordgames(workdir, *args):
    return _run(workdir, "wordgames", *args)


def _snakemake(workdir, *args):
    cmd = ["snakemake", "--snakefile", str(REPO / "Snakefile"), "--cores", "2"]
    return _run(workdir, *cmd, "--configfile", str(SHIPPED), "override.yaml", *args)


def _override(workdir: Path, mirrors, **corpora) -> None:
    raw = {
        "results_dir": "results",
        "dumps": {"lock": "it-wikimedia.lock.json", "mirrors": [{"url": m.url} for m in mirrors]},
        "collections": {
            "it-knowledge": {"corpora": ["kn-itwiki-titles", "itwiktionary", "itwikiquote"]}
        },
    }
    if corpora:
        raw["corpora"] = corpora
    (workdir / "override.yaml").write_text(yaml.safe_dump(raw))


@pytest.mark.slow
def test_lock_then_the_shipped_config_builds_the_collections_from_the_mirror(tmp_path):
    tree = build_tree(tmp_path / "tree", wikis=("itwiktionary", "itwikiquote", "itwiki"))
    work = tmp_path / "work"
    work.mkdir()
    with Mirror(tree.root) as a, Mirror(tree.root) as b:
        _override(work, [a, b])
        locked = _wordgames(work, "dumps", "lock", "--configfile", str(SHIPPED), "override.yaml")
        assert locked.returncode == 0, locked.stderr
        lock = json.loads((work / "it-wikimedia.lock.json").read_text())
        assert {e["date"] for e in lock["dumps"].values()} == {DATE}

        # the files of the corpora the collections use (the itwiki text is locked, not used)
        used = {n: e for n, e in lock["dumps"].items() if n != "itwiki"}
        files = {f["name"]: f for e in used.values() for f in e["files"]}
        wikt = f"/itwiktionary/{DATE}/itwiktionary-{DATE}-pages-articles.xml.bz2"
        quote = f"/itwikiquote/{DATE}/itwikiquote-{DATE}-pages-articles.xml.bz2"
        titles = f"/itwiki/{DATE}/itwiki-{DATE}-all-titles-in-ns0.gz"
        a.cut[wikt] = 1  # resumed from A
        a.missing.add(quote)  # served by B
        a.corrupt.add(titles)  # refused from A, served by B (twice: two corpora download it)

        # without the lock, the pipeline says how to make one, in one line
        moved = work / "it-wikimedia.lock.json"
        moved.rename(work / "kept.json")
        refused = _snakemake(work, "-n", "--", *TARGETS)
        assert refused.returncode != 0
        (line,) = [x for x in refused.stderr.splitlines() if x.startswith("wordgames: error:")]
        assert "no dump lock it-wikimedia.lock.json: run `wordgames dumps lock" in line
        (work / "kept.json").rename(moved)

        run = _snakemake(work, "--", *TARGETS)
        assert run.returncode == 0, run.stderr[-3000:]
        assert a.fetched(wikt) == [None, f"bytes={files[wikt.rsplit('/', 1)[1]]['size'] // 2}-"]
        assert b.fetched(quote) == [None] and len(b.fetched(titles)) == 2

        downloaded = sorted((work / "resources" / "downloads").rglob("*"))
        got = [p for p in downloaded if p.is_file()]
        # the titles list twice: itwiki-titles and kn-itwiki-titles each download their own
        assert sorted({p.name for p in got}) == sorted(files) and len(got) == 4
        for p in got:
            assert hashlib.sha1(p.read_bytes()).hexdigest() == files[p.name]["sha1"]
        assert [p for p in work.rglob("*.part")] == []

        for coll in ("it", "it-knowledge"):
            manifest = json.loads((work / "results" / coll / "corpora.json").read_text())
            assert manifest["tokens"] > 0
        tables = json.loads((work / "results" / "it" / "corpora.json").read_text())["tables"]
        for table in ("wiktionary", "quotes", "titles", "redirects"):
            rows = sum(pq.read_metadata(work / p).num_rows for p in tables[table])
            assert rows > 0, table
        lemmas = pq.read_table(work / tables["wiktionary"][0]).column("lemma").to_pylist()
        assert "casa" in lemmas or len(lemmas) >= 5

        # nothing to do again; a lock made again for the same dumps changes nothing
        assert (
            _wordgames(
                work, "dumps", "lock", "--configfile", str(SHIPPED), "override.yaml"
            ).returncode
            == 0
        )
        again = _snakemake(work, "-n", "--", *TARGETS)
        assert again.returncode == 0 and "Nothing to be done" in again.stdout + again.stderr

        # another date for itwiktionary: its chain and the collections rerun, nothing else
        _override(
            work,
            [a, b],
            itwiktionary={"dump": {"wiki": "itwiktionary", "date": OLD, "job": "articlesdump"}},
        )
        assert (
            _wordgames(
                work, "dumps", "lock", "--configfile", str(SHIPPED), "override.yaml"
            ).returncode
            == 0
        )
        dry = _snakemake(work, "-n", "--quiet", "rules", "--", *TARGETS)
        assert dry.returncode == 0, dry.stderr
        planned = dry.stdout + dry.stderr
        assert "corpus_download        1" in planned and "corpus_extract         4" in planned
