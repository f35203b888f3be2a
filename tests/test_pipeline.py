"""The whole DAG on a tiny config, in a temporary folder, and what a rerun plans after a change.

The config is the union of the fragments in tests/data/pipeline/ (one per stage family), so each stage
family keeps its tiny inputs beside its own tests. In a fragment, {tests_data} and {repo} stand for the
absolute paths of the data folder (a copy of tests/data, so tests can move and change it) and of the
repository (the pipeline runs with the temporary folder as its working directory). Snakemake runs with
the repository's default profile (its rerun triggers are part of what is tested).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from tiny_pipeline import merged_fragments

pytestmark = pytest.mark.slow


def tiny_config(
    repo: Path, workdir: Path, data: Path | None = None, name: str = "config.yaml", **changes
) -> Path:
    """The merged fragments; ``changes`` maps dotted keys (``glove.dim``) to new values."""
    merged: dict = {"results_dir": str(workdir / "results"), **merged_fragments(data)}
    for key, value in changes.items():
        *parents, last = key.split(".")
        node = merged
        for p in parents:
            node = node.setdefault(p, {})
        node[last] = value
    path = workdir / name
    path.write_text(yaml.safe_dump(merged, sort_keys=False))
    return path


def run_snakemake(repo: Path, workdir: Path, configfile: Path, *extra: str, env=None):
    cmd = [
        sys.executable,
        "-m",
        "snakemake",
        "--snakefile",
        str(repo / "Snakefile"),
        "--directory",
        str(workdir),
        "--configfile",
        str(configfile),
        "--workflow-profile",
        str(repo / "workflow/profiles/default"),
        "--cores",
        "2",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)


def planned(result) -> list[tuple[str, dict]]:
    """(rule, wildcards) of every job a dry run lists, `all` left out."""
    assert result.returncode == 0, result.stderr[-4000:] + result.stdout[-4000:]
    jobs = []
    for block in re.split(r"\n(?=(?:local)?(?:rule|checkpoint) \w+:)", result.stdout):
        head = re.match(r"(?:local)?(?:rule|checkpoint) (\w+):", block)
        if head is None or head.group(1) == "all":
            continue
        found = re.search(r"^\s+wildcards: (.*)$", block, re.M)
        wildcards = dict(kv.split("=", 1) for kv in found.group(1).split(", ")) if found else {}
        jobs.append((head.group(1), wildcards))
    return jobs


def rules_of(jobs) -> set[str]:
    return {rule for rule, _ in jobs}


@pytest.fixture(scope="module")
def built(repo, tmp_path_factory):
    """One full run of the tiny config on a copy of tests/data."""
    workdir = tmp_path_factory.mktemp("pipeline")
    data = workdir / "data"
    shutil.copytree(repo / "tests/data", data)
    configfile = tiny_config(repo, workdir, data)
    first = run_snakemake(repo, workdir, configfile)
    assert first.returncode == 0, first.stderr[-4000:]
    return workdir, data, configfile


def test_pipeline_runs_end_to_end_and_is_idempotent(repo, built):
    workdir, _, configfile = built
    results = workdir / "results"
    assert any(results.rglob("*.parquet")), "the pipeline wrote no Parquet artifact"
    assert (results / "logs").is_dir(), "rules must write logs under results/logs"
    assert (results / "benchmarks/glove/en.tsv").is_file(), "training rules write benchmarks"
    assert (results / "it/guillotine/links-index/meta.json").is_file()
    assert (results / "wordle/optimal-tree-normal.json").is_file()
    # the guillotine's per-game tables carry what the report's reliability plot reads
    per_game = pq.read_table(results / "eval" / "guillotine" / "tiny-links.parquet")
    assert {"set", "solver", "confidence", "rank", "fold"} <= set(per_game.column_names)
    assert set(per_game.column("set").to_pylist()) == {"tiny"}
    bins = pq.read_table(results / "eval" / "guillotine" / "reliability.parquet")
    assert {"set", "solver", "bin_low", "games", "mean_confidence", "accuracy"} <= set(
        bins.column_names
    )
    assert planned(run_snakemake(repo, workdir, configfile, "--dry-run")) == []


def test_data_folder_copied_elsewhere_reruns_nothing(repo, built, tmp_path):
    workdir, data, _ = built
    moved = tmp_path / "elsewhere"
    shutil.copytree(data, moved)  # same bytes, new paths and modification times
    configfile = tiny_config(repo, workdir, moved, name="moved.yaml")
    assert planned(run_snakemake(repo, workdir, configfile, "--dry-run")) == []


# The HTML report's stages downstream of any change: the figures and summary tables drawn from the
# outputs that change, and the run statistics (report_run_done, report_benchmarks), which read
# every job's benchmark record and so follow any job that runs again.
RUN_STATISTICS = {"report_run_done", "report_benchmarks"}


@pytest.mark.parametrize(
    "key, value",
    [("guillotine.solver.l2", 2.5), ("guillotine.solver.confident_precision", 0.7)],
)
def test_solver_setting_plans_exactly_guillotine_train_eval_and_report(repo, built, key, value):
    workdir, data, _ = built
    configfile = tiny_config(repo, workdir, data, name="solver.yaml", **{key: value})
    jobs = planned(run_snakemake(repo, workdir, configfile, "--dry-run"))
    # the guillotine figures (recall@k, reliability) and summary table read the evaluation's
    # per-game tables and summary
    assert rules_of(jobs) == {
        "guillotine_eval",
        "guillotine_train",
        "report",
        "report_plot_guillotine",
        "report_table",
        *RUN_STATISTICS,
    }
    assert [w for r, w in jobs if r == "report_table"] == [{"section": "la-ghigliottina"}]
    assert len(jobs) == 7


def test_missing_thesaurus_is_left_out_with_a_note_and_reruns_the_links(repo, built, tmp_path):
    workdir, data, _ = built
    changed = tmp_path / "no-thesaurus"
    shutil.copytree(data, changed)
    (changed / "guillotine/thesaurus.dat").unlink()
    configfile = tiny_config(repo, workdir, changed, name="no-thesaurus.yaml")
    result = run_snakemake(repo, workdir, configfile, "--dry-run")
    assert "note: guillotine thesaurus" in result.stderr
    assert rules_of(planned(result)) == {
        "guillotine_links",
        "guillotine_links_index",
        "guillotine_train",
        "guillotine_eval",
        "report",
        "report_plot_guillotine",
        "report_table",
        *RUN_STATISTICS,
    }


def test_glove_dim_plans_glove_and_what_reads_it(repo, built):
    workdir, data, _ = built
    configfile = tiny_config(repo, workdir, data, name="dim.yaml", **{"glove.dim": 12})
    jobs = planned(run_snakemake(repo, workdir, configfile, "--dry-run"))
    assert rules_of(jobs) == {
        "glove",
        "vectors_eval",
        "vectors_summary",
        "guillotine_vectors_unit",
        "guillotine_train",
        "guillotine_eval",
        "report",
        # the GloVe loss figure reads the trainings; the vectors and guillotine tables and the
        # guillotine figures read the evaluations
        "report_plot_glove",
        "report_plot_guillotine",
        "report_table",
        *RUN_STATISTICS,
    }
    assert sorted(w["coll"] for r, w in jobs if r == "glove") == ["en", "it", "it-knowledge"]
    tables = sorted(w["section"] for r, w in jobs if r == "report_table")
    assert tables == ["la-ghigliottina", "word-vectors"]


def test_one_changed_byte_in_a_corpus_file_plans_that_corpus_chain(repo, built, tmp_path):
    workdir, data, _ = built
    changed = tmp_path / "changed"
    shutil.copytree(data, changed)
    target = changed / "corpus/text/en/harvard.txt"
    raw = bytearray(target.read_bytes())
    raw[raw.index(b"e")] = ord("a")
    target.write_bytes(bytes(raw))
    configfile = tiny_config(repo, workdir, changed, name="changed.yaml")
    jobs = planned(run_snakemake(repo, workdir, configfile, "--dry-run"))
    corpora = {w["corpus"] for _, w in jobs if "corpus" in w}
    assert corpora == {"tiny-en-text"}  # the other corpora are untouched
    assert {w["coll"] for _, w in jobs if "coll" in w} == {"en"}
    assert {
        "corpus_extract",
        "corpus_merge",
        "collect",
        "stats_vocab",
        "glove",
        "lm",
        "hangman_eval",
        "report",
    } <= rules_of(jobs)
    assert not any(r.startswith(("wordle_", "guillotine_")) for r in rules_of(jobs))


def test_the_run_ends_with_reports_whose_figures_are_there(repo, built):
    """What make run does after the pipeline: the HTML report where wordgames.report.where says,
    written once (a second check finds it up to date), and report.md's figure links resolving
    from its own folder."""
    workdir, _, configfile = built

    def where(*flag):
        cmd = [sys.executable, "-m", "wordgames.report.where", *flag, str(configfile)]
        return subprocess.run(cmd, cwd=repo, capture_output=True, text=True, check=True).stdout

    report = Path(where().strip())
    assert report == workdir / "results" / "report.html" and where("--stale").strip() == str(report)
    done = run_snakemake(repo, workdir, configfile, "--report", str(report))
    assert done.returncode == 0, done.stderr[-4000:]
    assert report.stat().st_size > 0 and where("--stale") == ""
    markdown = workdir / "results" / "report" / "report.md"
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", markdown.read_text())
    assert "figures/wordle-guesses.svg" in links
    assert all((markdown.parent / link).is_file() and ".." not in link for link in links)


def test_a_record_left_by_a_job_no_longer_planned_pulls_nothing_back(repo, built):
    """Without its game sets the config evaluates no guillotine: the records its evaluation and
    figures left under results/benchmarks/ must neither bring those jobs back (their input set
    changed, and report_plot_guillotine would run on no input) nor show in the run statistics.
    Runs for real (the records are read after the report_run_done checkpoint), so last on built."""
    workdir, data, _ = built
    records = workdir / "results/benchmarks"
    stale = {"guillotine_eval", "report_plot_guillotine"}
    assert {p.name for p in records.iterdir()} >= stale
    configfile = tiny_config(repo, workdir, data, name="no-games.yaml", **{"guillotine.games": {}})
    run = run_snakemake(repo, workdir, configfile)
    assert run.returncode == 0, run.stderr[-4000:]
    ran = set(re.findall(r"^(?:local)?(?:rule|checkpoint) (\w+):", run.stderr, re.M))
    assert "report_benchmarks" in ran and not ran & stale
    table = (workdir / "results/report/tables/benchmarks.html").read_text()
    assert "glove" in table and not any(rule in table for rule in stale)
    # the report says why the guillotine is not in it
    report = (workdir / "results/report/report.md").read_text()
    assert "## La Ghigliottina\n\nNot evaluated: guillotine.games names no game sets" in report


def test_parsing_writes_nothing_and_data_dir_paths_do_not_crash(repo, tmp_path):
    """-n and --lint on a fresh folder write no artifact; guillotine.vectors under an unset
    {data_dir} leaves the stages that read it out instead of failing with a WildcardError."""
    configfile = tiny_config(
        repo, tmp_path, **{"guillotine.vectors": "{data_dir}/vectors.kv", "data_dir": None}
    )
    env = {k: v for k, v in __import__("os").environ.items() if k != "WORDGAMES_DATA"}
    jobs = planned(run_snakemake(repo, tmp_path, configfile, "--dry-run", env=env))
    assert "guillotine_links" in rules_of(jobs)
    assert not rules_of(jobs) & {"guillotine_train", "guillotine_eval", "guillotine_vectors_unit"}
    lint = run_snakemake(repo, tmp_path, configfile, "--lint", env=env)
    assert "WildcardError" not in lint.stderr + lint.stdout
    assert not (tmp_path / "results").exists()
    assert not (tmp_path / ".snakemake/wordgames-digests.json").exists()


def test_pipeline_rejects_unknown_config_key_before_any_job(repo, tmp_path):
    configfile = tiny_config(repo, tmp_path)
    data = yaml.safe_load(configfile.read_text())
    data["wordle"] = {**data.get("wordle", {}), "strtegies": ["naive"]}
    configfile.write_text(yaml.safe_dump(data))
    result = run_snakemake(repo, tmp_path, configfile)
    assert result.returncode != 0
    assert "unknown config key 'wordle.strtegies'" in result.stdout + result.stderr
    assert not (tmp_path / "results").exists()
