"""The tiny pipeline as a fault-injection subject: its planned jobs, copies of a finished run, and a
comparison of two results folders that knows which artifacts carry timings.

Nothing here names a rule or a stage argument: the jobs come from ``snakemake --detailed-summary``
(one row per output file, with its rule, inputs and shell command), so the fault tests follow the
Snakefile as it changes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from artifact_comparison import NOT_ARTIFACTS, compare
from tiny_pipeline import merged_fragments

REPO = Path(__file__).resolve().parents[2]
#: Added to the test config: one Wordle list built from the tiny English collection (issue 13's
#: list stages are not in the test config of tests/test_pipeline.py; here they are killed too).
FAULT_CONFIG_EXTRAS = {
    "wordle_lists": {
        "en5": {
            "collection": "en",
            "lexicon": "lemminflect",
            "length": 5,
            "answers": 10,
            "answer_min_count": 1,
        }
    }
}


#: What Snakemake exports to a shell job running on the test config's one thread (every rule's
#: threads come from ``threads: 1`` there): OpenBLAS splits a product's sums by the thread count it
#: starts with, so a job run with the machine's default count differs from Snakemake's run in the
#: last bits of every score.
SNAKEMAKE_THREAD_ENV = dict.fromkeys(
    (
        "OMP_NUM_THREADS",
        "GOTO_NUM_THREADS",
        "OPENBLAS_NUM_THREADS",
        "MKL_NUM_THREADS",
        "VECLIB_MAXIMUM_THREADS",
        "NUMEXPR_NUM_THREADS",
    ),
    "1",
)


def write_test_config(workdir: Path, results_dir: str = "results") -> Path:
    """The union of tests/data/pipeline/*.yaml (as tests/test_pipeline.py builds it) and
    FAULT_CONFIG_EXTRAS. The default results folder is relative to ``workdir``, so a copy of the
    folder is a self-contained run."""
    merged = merged_fragments()
    merged.update(FAULT_CONFIG_EXTRAS)
    assert merged["threads"] == 1, "SNAKEMAKE_THREAD_ENV is what Snakemake exports for 1 thread"
    merged["results_dir"] = results_dir
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "config.yaml"
    path.write_text(yaml.safe_dump(merged, sort_keys=False))
    return path


@dataclass
class Job:
    """One job of the plan: its rule, declared outputs and inputs, and the command it runs."""

    rule: str
    shellcmd: str
    outputs: list[str] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.rule}:{self.outputs[0]}"


@dataclass
class Pipeline:
    """A working folder of the tiny pipeline (its config, results and .snakemake)."""

    workdir: Path

    def snakemake(
        self, *args: str, env: dict | None = None, new_session: bool = False, timeout: float = 1200
    ) -> subprocess.CompletedProcess:
        proc = subprocess.Popen(
            self._snakemake_cmd(args),
            cwd=self.workdir,
            env={**os.environ, **(env or {})},
            start_new_session=new_session,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        out, err = proc.communicate(timeout=timeout)
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)

    def start_snakemake(self, *args: str, output: Path) -> subprocess.Popen:
        """Snakemake in the background, its output (both streams) going to the file ``output``."""
        with open(output, "w") as fh:
            return subprocess.Popen(
                self._snakemake_cmd(args), cwd=self.workdir, stdout=fh, stderr=subprocess.STDOUT
            )

    @staticmethod
    def _snakemake_cmd(args) -> list[str]:
        return [
            sys.executable,
            "-m",
            "snakemake",
            "--snakefile",
            str(REPO / "Snakefile"),
            "--configfile",
            "config.yaml",
            "--workflow-profile",
            "none",
            "--notemp",
            *args,
        ]

    def plan(self) -> list[Job]:
        """Every job of the DAG (one per distinct rule and command), upstream before downstream."""
        result = self.snakemake("--cores", "1", "--detailed-summary")
        assert result.returncode == 0, result.stderr[-3000:]
        lines = [line for line in result.stdout.splitlines() if "\t" in line]
        header = lines[0].split("\t")
        col = {
            name: header.index(name)
            for name in ("output_file", "rule", "input-file(s)", "shellcmd")
        }
        jobs: dict[tuple[str, str], Job] = {}
        for line in lines[1:]:
            row = line.split("\t")
            rule, cmd = row[col["rule"]], row[col["shellcmd"]]
            job = jobs.setdefault((rule, cmd), Job(rule, cmd))
            job.outputs.append(row[col["output_file"]])
            job.inputs = [i for i in row[col["input-file(s)"]].split(",") if i and i != "-"]
        return _topological(list(jobs.values()))

    def copy(self, dest: Path) -> Pipeline:
        """A copy with the same modification times, so Snakemake sees the same state there."""
        shutil.copytree(self.workdir, dest, symlinks=True)
        return Pipeline(dest)

    def artifacts(self) -> dict[str, Path]:
        """Every file of the results folder except logs and benchmarks, by relative path."""
        root = self.workdir / "results"
        return {
            str(p.relative_to(self.workdir)): p
            for p in sorted(root.rglob("*"))
            if p.is_file() and p.relative_to(root).parts[0] not in NOT_ARTIFACTS
        }

    def remove(self, rel: str) -> None:
        """Delete output ``rel`` of this run (a file or a folder)."""
        path = self.workdir / rel
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)

    @staticmethod
    def declared_by(rel: str, producer: dict[str, str]) -> str | None:
        """The rule whose declared output is ``rel`` or a folder holding it."""
        path = Path(rel)
        return next((producer[str(p)] for p in (path, *path.parents) if str(p) in producer), None)

    def compare(self, other: Pipeline, rel: str) -> str:
        """How artifact ``rel`` of ``other`` compares with this run's (see :func:`compare`); a
        folder (a declared ``directory()`` output) file by file."""
        base = self.workdir / rel
        if not base.is_dir():
            return compare(base, other.workdir / rel, self.workdir, other.workdir)
        mine, theirs = _files(base), _files(other.workdir / rel)
        if mine != theirs:
            return f"other files in the folder: {sorted(mine ^ theirs)[:5]}"
        verdicts = {self.compare(other, f"{rel}/{name}") for name in mine}
        bad = sorted(verdicts - {"bytes", "timing"})
        return bad[0] if bad else ("timing" if "timing" in verdicts else "bytes")

    def run_job(self, job: Job, env: dict | None = None) -> subprocess.CompletedProcess:
        """The job's own command, run as Snakemake runs it (bash, from the working folder, this
        environment's bin folder first on PATH, the thread counts Snakemake exports); a job
        without one (a ``run:`` or ``script:`` rule) is run by Snakemake, alone."""
        if job.shellcmd.strip() in ("", "-"):
            target = job.outputs[0]
            return self.snakemake(
                "--cores",
                "1",
                "--forcerun",
                target,
                "--until",
                target,
                env=env,
                new_session=True,
                timeout=600,
            )
        path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
        return subprocess.run(
            ["bash", "-c", job.shellcmd],
            cwd=self.workdir,
            env={**os.environ, **SNAKEMAKE_THREAD_ENV, "PATH": path, **(env or {})},
            capture_output=True,
            text=True,
            timeout=600,
        )


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def _topological(jobs: list[Job]) -> list[Job]:
    producer = {out: job for job in jobs for out in job.outputs}
    order: list[Job] = []
    state: dict[int, int] = {}

    def visit(job: Job) -> None:
        if state.get(id(job)) == 2:
            return
        state[id(job)] = 1
        for path in job.inputs:
            upstream = producer.get(path)
            if upstream is not None and state.get(id(upstream)) != 1:
                visit(upstream)
        state[id(job)] = 2
        order.append(job)

    for job in jobs:
        visit(job)
    return order


@pytest.fixture
def fresh(tmp_path) -> Pipeline:
    """A working folder of the tiny pipeline with its config and nothing built yet."""
    write_test_config(tmp_path / "work")
    return Pipeline(tmp_path / "work")


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Pipeline:
    """One uninterrupted run of the tiny pipeline (--notemp keeps every output for comparison)."""
    workdir = tmp_path_factory.mktemp("baseline")
    write_test_config(workdir)
    pipeline = Pipeline(workdir)
    result = pipeline.snakemake("--cores", "2")
    assert result.returncode == 0, result.stderr[-4000:]
    return pipeline


def _wait_for_a_running_job(results: Path, procs, timeout: float = 300) -> None:
    """Until the run lock names its holder and a job has written its log."""
    deadline = time.monotonic() + timeout
    lock = results / "logs" / "run.lock"
    while time.monotonic() < deadline:
        logs = [p for p in (results / "logs").rglob("*.log")] if lock.exists() else []
        if lock.exists() and lock.read_text().strip() and logs:
            return
        if all(p.poll() is not None for p in procs):
            return
        time.sleep(0.1)
    raise AssertionError("no run started a job")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The run of tests/faults/test_runs.py (see there), and how the other two ended:
    (finished run, [(status, output)] of the two started together, the third's result)."""
    here = Pipeline(tmp_path_factory.mktemp("here"))
    results = here.workdir / "results"
    write_test_config(here.workdir, str(results))
    there = Pipeline(tmp_path_factory.mktemp("there"))
    shutil.copy(here.workdir / "config.yaml", there.workdir / "config.yaml")
    outputs = [there.workdir / f"run-{k}.out" for k in range(2)]
    first = [here.start_snakemake("--cores", "2", output=out) for out in outputs]  # same moment
    _wait_for_a_running_job(results, first)
    third = there.snakemake("--cores", "2")
    outcomes = [
        (p.wait(timeout=1800), out.read_text()) for p, out in zip(first, outputs, strict=True)
    ]
    return here, outcomes, third
