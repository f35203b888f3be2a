"""The corpus rules of the Snakefile on the tiny pipeline config: collections en and it, sharded."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

pytestmark = pytest.mark.slow

# the helpers of tests/test_pipeline.py (tests/ is not a package)
_spec = importlib.util.spec_from_file_location(
    "_wordgames_test_pipeline", Path(__file__).resolve().parents[1] / "test_pipeline.py"
)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
run_snakemake, tiny_config = _module.run_snakemake, _module.tiny_config


def test_corpus_rules_build_both_collections(repo, tmp_path):
    configfile = tiny_config(repo, tmp_path)
    targets = [
        str(tmp_path / f"results/{c}/{f}")
        for c in ("en", "it")
        for f in ("tokens.txt", "corpora.json")
    ]
    result = run_snakemake(repo, tmp_path, configfile, *targets)
    assert result.returncode == 0, result.stderr[-4000:]
    results = tmp_path / "results"
    en = json.loads((results / "en/corpora.json").read_text())
    it = json.loads((results / "it/corpora.json").read_text())
    assert [c["name"] for c in en["corpora"]] == ["tiny-enwiki", "tiny-en-text"]
    assert en["corpora"][0]["skipped"] == {"broken XML fragment": 1}
    assert set(it["tables"]) >= {"wiktionary", "quotes", "titles", "redirects", "frequencies"}
    for coll in ("en", "it"):
        lines = (results / coll / "tokens.txt").read_text().splitlines()
        table = pq.read_table(results / coll / "sentences.parquet")
        assert lines and len(lines) == table.num_rows
        assert table.schema.names == ["doc", "sent", "tokens"]
    # two shards of the English dump were extracted and tokenised as separate jobs
    assert (results / "corpora/tiny-enwiki/sentences/001.parquet").exists()
    assert (results / "logs/corpus_extract/tiny-enwiki-001.log").exists()
    again = run_snakemake(repo, tmp_path, configfile, "--dry-run", *targets)
    assert "Nothing to be done" in again.stdout + again.stderr
