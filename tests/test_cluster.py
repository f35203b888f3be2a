"""The test config on a one-node SLURM cluster (scripts/slurm-local.sh) through the cluster profile
and snakemake-executor-plugin-slurm, against a local run of the same config.

Run by `make test-cluster` (marker `cluster`, left out of `make test`): it needs root and Debian's
slurm-wlm, slurmdbd, munge and mariadb-server, which the script installs with apt when missing.
"""

from __future__ import annotations

import collections
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from wordgames.config import load_config
from wordgames.workflow.resources import MIN_MEM_MB

pytestmark = pytest.mark.cluster

_spec = importlib.util.spec_from_file_location(
    "_wordgames_test_pipeline", Path(__file__).resolve().parent / "test_pipeline.py"
)
_pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_pipeline)

# Artifacts whose bytes depend only on the inputs and settings (no timings, no thread scheduling):
# corpora, collections, counts and tables, the LM, the Wordle matrix, the guillotine links. GloVe is
# left out (the profile gives it 8 Hogwild threads, the local run 1), and so are the DuckDB catalogs
# (database internals) and the evaluations' per-game tables, compared without their timings.
DETERMINISTIC = [
    "corpora/*/tokens.txt",
    "corpora/*/sentences.parquet",
    "corpora/*/titles.parquet",
    "corpora/*/wiktionary.parquet",
    "corpora/*/quotes.parquet",
    "corpora/*/redirects.parquet",
    "corpora/*/frequencies.parquet",
    "*/tokens.txt",
    "*/sentences.parquet",
    "*/vocab.parquet",
    "*/cooccur.parquet",
    "*/pmi.parquet",
    "*/idf.parquet",
    "*/lm/model.arpa",
    "*/lm/model.binary",
    "*/lm/unigrams.parquet",
    "wordle/feedback.npy",
    "wordle/words.parquet",
    "it/guillotine/links.parquet",
    "it/guillotine/link-words.parquet",
]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture(scope="module")
def cluster(repo, tmp_path_factory):
    """A fresh one-node cluster; stopped afterwards by the process ids its start recorded."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip("the one-node SLURM cluster needs root and apt-get (Debian)")
    state = tmp_path_factory.mktemp("slurm")
    script = repo / "scripts/slurm-local.sh"
    started = subprocess.run(
        ["bash", str(script), "start", str(state)], capture_output=True, text=True, timeout=1200
    )
    pids_file = state / "pids"
    assert started.returncode == 0, started.stderr[-3000:]
    pids = {
        name: int(pid)
        for pid, name in (line.split() for line in pids_file.read_text().splitlines())
    }
    assert set(pids) == {"munged", "mariadbd", "slurmdbd", "slurmctld", "slurmd"}
    env = {**os.environ, "SLURM_CONF": str(state / "slurm.conf")}
    try:
        yield state, env
    finally:
        stopped = subprocess.run(
            ["bash", str(script), "stop", str(state)], capture_output=True, text=True, timeout=300
        )
        assert stopped.returncode == 0, stopped.stderr
        assert not any(_alive(pid) for pid in pids.values())
        assert not pids_file.exists()


def _requests(log: str) -> collections.Counter:
    """(rule, cpus, MB) of every job Snakemake submitted, from the resources it prints per job."""
    found = collections.Counter()
    # a checkpoint (report_run_done) is printed "checkpoint NAME:", a rule "rule NAME:"
    for block in re.split(r"\n(?=\[[^\]]+\]\n(?:local)?(?:rule|checkpoint) \w+:)", log):
        head = re.search(r"^(?:rule|checkpoint) (\w+):", block, re.M)
        res = re.search(r"^\s+resources: (.*)$", block, re.M)
        if head is None or res is None:
            continue
        values = dict(kv.split("=", 1) for kv in res.group(1).split(", "))
        # cpus_per_task follows threads (printed only when more than 1)
        threads = re.search(r"^\s+threads: (\d+)$", block, re.M)
        cpus = int(values.get("cpus_per_task", threads.group(1) if threads else 1))
        found[(head.group(1), cpus, int(values["mem_mb"]))] += 1
    return found


def test_slurm_run_equals_the_local_run(repo, cluster, tmp_path):
    state, env = cluster
    local_dir, slurm_dir = tmp_path / "local", tmp_path / "slurm"
    for d in (local_dir, slurm_dir):
        d.mkdir()
    local = _pipeline.run_snakemake(repo, local_dir, _pipeline.tiny_config(repo, local_dir))
    assert local.returncode == 0, local.stderr[-4000:]
    configfile = _pipeline.tiny_config(repo, slurm_dir)
    # --jobs 4: the node has 2 real cores however many CPUs it declares; status checks more often
    # than on a real cluster, where sacct is shared
    slurm = subprocess.run(
        [
            sys.executable,
            "-m",
            "snakemake",
            "--snakefile",
            str(repo / "Snakefile"),
            "--directory",
            str(slurm_dir),
            "--configfile",
            str(configfile),
            "--workflow-profile",
            str(repo / "workflow/profiles/slurm"),
            "--jobs",
            "4",
            "--slurm-init-seconds-before-status-checks",
            "5",
            "--seconds-between-status-checks",
            "5",
        ],
        capture_output=True,
        text=True,
        timeout=3600,
        env=env,
    )
    assert slurm.returncode == 0, slurm.stderr[-6000:]

    # the same bytes
    compared = 0
    for pattern in DETERMINISTIC:
        for path in sorted((local_dir / "results").glob(pattern)):
            rel = path.relative_to(local_dir / "results")
            other = slurm_dir / "results" / rel
            assert other.read_bytes() == path.read_bytes(), f"{rel} differs"
            compared += 1
    assert compared >= 40
    import pyarrow.parquet as pq

    for games in sorted((local_dir / "results/eval/wordle/games").glob("*.parquet")):
        a = pq.read_table(games).drop_columns(["seconds"])
        b = pq.read_table(slurm_dir / "results/eval/wordle/games" / games.name).drop_columns(
            ["seconds"]
        )
        assert a.equals(b), games.name
    for tree in sorted((local_dir / "results/wordle").glob("optimal-tree-*.json")):
        a = json.loads(tree.read_text())
        b = json.loads((slurm_dir / "results/wordle" / tree.name).read_text())
        assert a["paths"] == b["paths"]  # the trees, without their timings

    # sacct: one completed job per rule instance, each asking for the CPUs and memory Snakemake
    # resolved from the profile (and the rule's own resources where the profile names none)
    profile = yaml.safe_load((repo / "workflow/profiles/slurm/config.yaml").read_text())
    submitted = _requests(slurm.stderr + slurm.stdout)
    sacct = subprocess.run(
        ["sacct", "-X", "-P", "-n", "-o", "JobID,Comment,State,ReqCPUS,ReqMem"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    seen = collections.Counter()
    for line in sacct.stdout.splitlines():
        _, comment, job_state, cpus, mem = line.split("|")
        assert job_state == "COMPLETED", line
        rule = comment.removeprefix("rule_").split("_wildcards_")[0]
        seen[(rule, int(cpus), int(mem.rstrip("M")))] += 1
    assert seen == submitted
    # every job the local run ran, from its log rather than a dry run: a dry run cannot see the jobs
    # behind a checkpoint (hangman_lm_samples decides which LM sizes exist)
    local_jobs = collections.Counter(
        rule
        for rule in re.findall(r"^(?:local)?(?:rule|checkpoint) (\w+):", local.stderr, re.M)
        if rule != "all"
    )
    assert local_jobs["hangman_lm_size"] >= 1  # the jobs behind the checkpoint are counted
    assert collections.Counter(rule for rule, _, _ in seen.elements()) == local_jobs
    # the profile fixes no size: the input-sized rules asked for what the model gives their
    # inputs, within the config's maxima (the tiny inputs: the model's floors)
    assert "set-resources" not in profile and profile["retries"] == 2
    limits = load_config(yaml.safe_load(configfile.read_text())).settings.resources
    glove = [(cpus, mem) for rule, cpus, mem in seen.elements() if rule == "glove"]
    assert len(glove) == 3
    assert all(
        1 <= cpus <= limits.max_threads and MIN_MEM_MB <= mem <= limits.max_mem_mb
        for cpus, mem in glove
    )
