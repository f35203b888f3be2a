"""Every job of the tiny pipeline killed with SIGKILL while it writes; then one rerun of the DAG.

The jobs are the ones Snakemake plans for the test config (``--detailed-summary``), so this follows
the Snakefile as rules are renamed or split. In a copy of one finished run, each job is run by its own
command, killed by the test-only fault hook of ``wordgames.artifacts`` at one of its declared
outputs. Every stage (rule) is killed at the three points: after the first byte, in the middle of
the file, and just before the rename; its jobs take turns, and so do the outputs of a job that has
several. Jobs are killed downstream first, so every job still finds its inputs. After each kill every declared output of the job must be absent or complete
(equal to the finished run's), and the hook must have fired: a job that finishes without it writes
that output some other way than atomically. Then a plain ``snakemake`` in the copy must rebuild
everything, and every artifact must equal the finished run's, byte for byte or (for the files that
record durations, a DuckDB catalog's absolute paths or gensim's save date) once those are set aside.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordgames.artifacts import FAULT_ENV, FAULT_LOG_ENV, FAULT_POINTS

pytestmark = [pytest.mark.faults, pytest.mark.slow]

KILLED = (-9, 137)  # SIGKILL, as Python or as bash reports it


def _fired(log: Path, start: int, workdir: Path, target: str) -> bool:
    if not log.exists():
        return False
    records = [json.loads(line) for line in log.read_text().splitlines()[start:]]
    wanted = (workdir / target).resolve()
    return any((workdir / r["target"]).resolve() == wanted for r in records)


def _lines(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_every_job_killed_while_writing_leaves_no_partial_output_and_a_rerun_restores_all(
    baseline, tmp_path, robustness_counts
):
    jobs = baseline.plan()
    assert jobs, "Snakemake planned no job for the test config"
    base = baseline.artifacts()
    producer = {out: job.rule for job in jobs for out in job.outputs}
    work = baseline.copy(tmp_path / "killed")
    log = tmp_path / "faults.jsonl"
    counts = robustness_counts["faults"]
    problems: list[str] = []
    by_rule: dict[str, list] = {}
    for job in jobs:
        by_rule.setdefault(job.rule, []).append(job)
    kills = []  # (job, point, target): each rule at every point, its jobs and outputs in turn
    for rule_jobs in by_rule.values():
        for k, point in enumerate(FAULT_POINTS):
            job = rule_jobs[k % len(rule_jobs)]
            kills.append((job, point, job.outputs[k // len(rule_jobs) % len(job.outputs)]))
    order = {id(job): i for i, job in enumerate(jobs)}
    kills.sort(key=lambda kill: -order[id(kill[0])])  # downstream first: inputs are still there
    for job, point, target in kills:
        row = counts.setdefault(job.rule, {})
        for out in job.outputs:
            work.remove(out)
        start = _lines(log)
        env = {FAULT_ENV: f"{point}@{(work.workdir / target).resolve()}", FAULT_LOG_ENV: str(log)}
        proc = work.run_job(job, env)
        row["faults"] = row.get("faults", 0) + 1
        if not _fired(log, start, work.workdir, target):
            how = "finished" if proc.returncode == 0 else f"failed (status {proc.returncode})"
            problems.append(
                f"{job.name} {point}: the job {how} without being killed at "
                f"{target}: that output is not written through wordgames.artifacts"
            )
            continue
        if proc.returncode not in KILLED:
            problems.append(f"{job.name} {point}: status {proc.returncode}, not SIGKILL")
        for out in job.outputs:
            row["outputs checked"] = row.get("outputs checked", 0) + 1
            path = work.workdir / out
            if not path.exists():
                continue
            verdict = baseline.compare(work, out)
            if verdict not in ("bytes", "timing"):
                row["partial"] = row.get("partial", 0) + 1
                problems.append(f"{job.name} {point}: {out} is partial: {verdict}")

    rerun = work.snakemake("--cores", "2")
    assert rerun.returncode == 0, rerun.stderr[-4000:]
    after = work.artifacts()
    lost = sorted(set(base) - set(after))
    for out in lost:
        row = counts.setdefault(work.declared_by(out, producer) or "(no rule)", {})
        row["lost"] = row.get("lost", 0) + 1
    stray = sorted(set(after) - set(base))
    verdicts = {rel: baseline.compare(work, rel) for rel in sorted(set(base) & set(after))}
    # a file a job writes without declaring it is reported, not held to the same standard
    undeclared = {rel: v for rel, v in verdicts.items() if work.declared_by(rel, producer) is None}
    different = {
        rel: v
        for rel, v in verdicts.items()
        if v not in ("bytes", "timing") and rel not in undeclared
    }
    print(
        f"{len(jobs)} jobs, {len(kills)} kills; after the rerun: "
        f"{sum(v == 'bytes' for v in verdicts.values())} artifacts equal byte for byte; "
        f"equal but for timings, dates or paths: {[r for r, v in verdicts.items() if v == 'timing']}; "
        f"written without being declared: {undeclared}"
    )
    assert not problems, "\n".join(problems)
    assert not lost, f"lost after the rerun: {lost}"
    assert not stray, f"left behind (temporaries?): {stray}"
    assert not different, f"differ from the uninterrupted run: {different}"
