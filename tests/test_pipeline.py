"""The whole DAG on a tiny config, in a temporary folder.

The config is the union of the fragments in tests/data/pipeline/ (one per stage family), so each stage
family keeps its tiny inputs beside its own tests. In a fragment, {tests_data} and {repo} stand for the
absolute paths of tests/data and the repository (the pipeline runs with the temporary folder as its
working directory).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.slow


def tiny_config(repo: Path, workdir: Path) -> Path:
    merged: dict = {"results_dir": str(workdir / "results")}
    for fragment in sorted((repo / "tests/data/pipeline").glob("*.yaml")):
        text = (
            fragment.read_text()
            .replace("{tests_data}", str(repo / "tests/data"))
            .replace("{repo}", str(repo))
        )
        merged.update(yaml.safe_load(text) or {})
    path = workdir / "config.yaml"
    path.write_text(yaml.safe_dump(merged, sort_keys=False))
    return path


def run_snakemake(repo: Path, workdir: Path, configfile: Path, *extra: str):
    cmd = [
        sys.executable, "-m", "snakemake",
        "--snakefile", str(repo / "Snakefile"),
        "--directory", str(workdir),
        "--configfile", str(configfile),
        "--cores", "2",
        "--workflow-profile", "none",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=1800)


def test_pipeline_runs_end_to_end_and_is_idempotent(repo, tmp_path):
    configfile = tiny_config(repo, tmp_path)
    first = run_snakemake(repo, tmp_path, configfile)
    assert first.returncode == 0, first.stderr[-4000:]
    results = tmp_path / "results"
    assert any(results.rglob("*.parquet")), "the pipeline wrote no Parquet artifact"
    assert (results / "logs").is_dir(), "rules must write logs under results/logs"
    # the guillotine's per-game tables carry what the report's reliability plot reads
    import pyarrow.parquet as pq

    per_game = pq.read_table(results / "eval" / "guillotine" / "tiny-links.parquet")
    assert {"set", "solver", "confidence", "rank", "fold"} <= set(per_game.column_names)
    assert set(per_game.column("set").to_pylist()) == {"tiny"}
    bins = pq.read_table(results / "eval" / "guillotine" / "reliability.parquet")
    assert {"set", "solver", "bin_low", "games", "mean_confidence", "accuracy"} <= \
        set(bins.column_names)
    second = run_snakemake(repo, tmp_path, configfile, "--dry-run")
    assert second.returncode == 0, second.stderr[-4000:]
    assert "Nothing to be done" in second.stdout + second.stderr


def test_pipeline_rejects_unknown_config_key_before_any_job(repo, tmp_path):
    configfile = tiny_config(repo, tmp_path)
    data = yaml.safe_load(configfile.read_text())
    data["wordle"] = {**data.get("wordle", {}), "strtegies": ["naive"]}
    configfile.write_text(yaml.safe_dump(data))
    result = run_snakemake(repo, tmp_path, configfile)
    assert result.returncode != 0
    assert "unknown config key 'wordle.strtegies'" in result.stdout + result.stderr
    assert not (tmp_path / "results").exists()
