"""Whole pipeline runs under stress: runs started at once, a power cut, readers side by side.

One run of the tiny pipeline (results folder given as an absolute path) is started together with a
second one in the same working folder; once it runs jobs, a third starts from another working folder
with the same config, so the same results folder. Exactly one must run, the others be refused with a
clear message, and the finished results are then used by the next tests: a power cut (Snakemake and
its jobs killed while one job writes) followed by the rerun a user would type, and user commands
reading the same artifacts at the same time.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordgames.artifacts import FAULT_ENV, FAULT_GROUP_ENV
from wordgames.run_lock import hold_results_folder

pytestmark = [pytest.mark.faults, pytest.mark.slow]

LOCK_MESSAGES = ("Directory cannot be locked", "is in use by another snakemake run")


def test_runs_started_together_one_runs_the_others_are_refused_clearly(runs):
    here, outcomes, third = runs
    statuses = sorted(rc for rc, _ in outcomes)
    assert statuses[0] == 0 and statuses[1] != 0, [out[-2000:] for _, out in outcomes]
    refused = next(out for rc, out in outcomes if rc != 0)
    assert any(m in refused for m in LOCK_MESSAGES), refused[-2000:]
    # another working folder, the same results folder: refused by the results folder's lock
    assert third.returncode != 0
    assert "is in use by another snakemake run (pid" in third.stderr, third.stderr[-2000:]
    # the run that went on is unharmed: nothing left to do, every output complete and up to date
    dry = here.snakemake("--cores", "2", "--dry-run")
    assert dry.returncode == 0 and "Nothing to be done" in dry.stdout + dry.stderr
    summary = here.snakemake("--cores", "1", "--summary")
    rows = [line.split("\t") for line in summary.stdout.splitlines()[1:] if "\t" in line]
    assert rows and all(r[-2:] == ["ok", "no update"] for r in rows), summary.stdout[-3000:]
    marks = [p for p in (here.workdir / ".snakemake" / "incomplete").rglob("*") if p.is_file()]
    assert not marks, f"outputs Snakemake still marks incomplete: {marks}"


def test_a_run_is_refused_before_its_dag_while_another_holds_the_results_folder(fresh):
    """The race above made deterministic: the results folder's lock held (here by the test), a run
    is refused while Snakemake parses the Snakefile, before it builds a DAG (which would look at the
    holder's incomplete outputs) or takes its own lock; read-only commands are not."""
    held = hold_results_folder(fresh.workdir / "results")
    try:
        refused = fresh.snakemake("--cores", "1")
        assert refused.returncode != 0
        last = refused.stderr.strip().splitlines()[-1]
        assert last.startswith("wordgames: error: results folder "), refused.stderr[-2000:]
        assert f"is in use by another snakemake run (pid {os.getpid()} " in last
        assert "Building DAG" not in refused.stdout + refused.stderr
        assert not list((fresh.workdir / ".snakemake" / "locks").glob("*"))
        for args in (["-n"], ["--summary"], ["--list-rules"]):
            ok = fresh.snakemake("--cores", "1", *args)
            assert ok.returncode == 0, (args, ok.stderr[-2000:])
            assert "in use by another snakemake run" not in ok.stdout + ok.stderr
            if args == ["-n"]:
                assert "Building DAG" in ok.stdout + ok.stderr, ok.stdout[-2000:]
    finally:
        held.close()


def test_a_run_started_while_another_runs_a_job_is_refused_by_the_lock_not_by_its_outputs(fresh):
    """The case that made the test above flaky, forced: a second run in the same working folder
    started once the first runs a job (whose outputs Snakemake has marked incomplete). Before the
    lock was taken at parse time, the second built its DAG first and stopped on
    IncompleteFilesException (9 times out of 9)."""
    cmd = fresh._snakemake_cmd(["--cores", "1"])
    first = subprocess.Popen(
        cmd,
        cwd=fresh.workdir,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        logs = fresh.workdir / "results" / "logs"
        deadline = time.monotonic() + 300
        while not list(logs.rglob("*.log")) and first.poll() is None:
            assert time.monotonic() < deadline, "the first run started no job"
            time.sleep(0.05)
        assert first.poll() is None, "the first run ended before the second started"
        second = fresh.snakemake("--cores", "1", timeout=300)
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    output = second.stdout + second.stderr
    assert second.returncode != 0
    assert "IncompleteFilesException" not in output, output[-2000:]
    assert f"is in use by another snakemake run (pid {first.pid} " in second.stderr, output[-2000:]
    assert "Building DAG" not in output


def _first_line(path: Path) -> str:
    return next(
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )


def _user_commands(repo: Path) -> list[list[list[str]]]:
    """For each game, commands that read the pipeline's artifacts (the first that works is used:
    the tiny links know the clues of only some of the test games)."""
    data = repo / "tests/data"
    past = [
        json.loads(line)["clues"]
        for line in (data / "guillotine/past.jsonl").read_text().splitlines()
        if line.strip()
    ]
    return [
        [
            [
                "wordle",
                "play",
                "--answer",
                _first_line(data / "wordle/answers-small.txt"),
                "--strategy",
                "entropy",
            ]
        ],
        [["hangman", "solve", _first_line(data / "hangman/phrases.txt")]],
        [["guillotine", "solve", *clues] for clues in past],
    ]


def _start(workdir: Path, args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "wordgames", *args[:2], "--configfile", "config.yaml", *args[2:]],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )


def test_user_commands_reading_the_same_artifacts_at_once_all_answer_right(runs, repo):
    here, _, _ = runs
    commands, alone = [], []
    for candidates in _user_commands(repo):
        for args in candidates:
            proc = _start(here.workdir, args)
            out, err = proc.communicate(timeout=300)
            if proc.returncode == 0:
                commands.append(args)
                alone.append(out)
                break
        else:
            raise AssertionError(f"{candidates[0][0]}: no command worked alone: {err[-2000:]}")
    together = [_start(here.workdir, args) for args in commands + commands]  # two of each at once
    answers = [p.communicate(timeout=300) + (p.returncode,) for p in together]
    for (out, err, rc), expected in zip(answers, alone + alone, strict=True):
        assert rc == 0, err[-2000:]
        assert out == expected


def test_power_cut_mid_write_then_unlock_and_rerun_restores_every_artifact(
    runs, tmp_path, robustness_counts
):
    """Snakemake and its jobs killed (the whole process group, as a power cut would) half way
    through one job's write; that job is in the middle of the DAG and is being redone
    (``--forcerun`` its output, ``--until`` it). The next ``snakemake`` must refuse with the stale
    lock's message, which names ``--unlock``; after ``--unlock`` a plain ``snakemake`` must finish
    and every artifact be there and equal to what it was: Snakemake deleted the job's outputs before
    running it, and nothing downstream asks for them again."""
    here, _, _ = runs
    before = here.copy(tmp_path / "before")
    jobs = here.plan()
    produced = {out for job in jobs for out in job.outputs}
    consumed = {path for job in jobs for path in job.inputs}
    middle = [job for job in jobs if set(job.inputs) & produced and set(job.outputs) & consumed]
    assert middle, "no job of the plan both reads and feeds another job"
    job = middle[len(middle) // 2]
    target = Path(job.outputs[0])
    target = target if target.is_absolute() else here.workdir / target
    env = {FAULT_ENV: f"mid-file@{target.resolve()}", FAULT_GROUP_ENV: "1"}
    cut = here.snakemake(
        "--cores", "2", "--forcerun", str(target), "--until", str(target), env=env, new_session=True
    )
    assert cut.returncode == -9, f"{job.name} was not killed:\n{cut.stderr[-3000:]}"
    assert not target.exists()

    refused = here.snakemake("--cores", "2")
    message = refused.stdout + refused.stderr
    assert refused.returncode != 0
    assert "cannot be locked" in message and "--unlock" in message, message[-2000:]
    assert here.snakemake("--unlock").returncode == 0
    rerun = here.snakemake("--cores", "2")
    assert rerun.returncode == 0, rerun.stderr[-4000:]

    base, after = before.artifacts(), here.artifacts()
    lost = sorted(set(base) - set(after))
    verdicts = {rel: before.compare(here, rel) for rel in sorted(set(base) & set(after))}
    different = {
        rel: v
        for rel, v in verdicts.items()
        if v not in ("bytes", "timing") and str(here.workdir / rel) in produced
    }
    row = robustness_counts["faults"].setdefault("snakemake run (power cut)", {})
    for key, value in (
        ("faults", 1),
        ("outputs checked", len(base)),
        ("lost", len(lost)),
        ("partial", len(different)),
    ):
        row[key] = row.get(key, 0) + value
    assert not lost, f"killed while {job.name} wrote {target}: lost after the rerun: {lost}"
    assert not different, f"differ from before the power cut: {different}"


# every command, every bad input ------------------------------------------------------------------
LATIN1 = "café au lait\nnaïve\n".encode("latin-1")


def _bad_files(folder: Path) -> None:
    """Inputs written for the table below, outside the results folder."""
    folder.mkdir(exist_ok=True)
    for name in ("phrases.txt", "words.txt", "games.csv", "games.tsv", "config.yaml"):
        (folder / name).write_bytes(LATIN1)
    (folder / "games.json").write_bytes(
        b'[{"w1": "caf\xe9", "w2": "b", "w3": "c", "w4": "d", "w5": "e", "solution": "f"}]'
    )
    (folder / "games.jsonl").write_bytes(b'{"clues": ["caf\xe9", "b", "c", "d", "e"]}\n')
    for name in ("empty.txt", "empty.json", "empty.csv"):
        (folder / name).write_bytes(b"")
    (folder / "greek.txt").write_text("καλημέρα κόσμε\n", encoding="utf-8")
    (folder / "games.txt").write_text("not a game file\n")
    (folder / "checkpoint.jsonl").write_bytes(LATIN1)
    (folder / "foreign.jsonl").write_text(
        '{"format": "wordgames-wordle-openers/1", "fingerprint": "0", "mode": "normal", '
        '"max_guesses": 6}\n'
    )
    (folder / "answers.txt").write_text("crane\n")
    (folder / "allowed.txt").write_text("slate\n")


#: The stage's other arguments (outputs outside the results folder: the table checks that folder).
WORDLE_LIST = (
    "--lexicon lemminflect --length 5 --answers 3 --out-answers {bad}/a.txt "
    "--out-allowed {bad}/g.txt --out-json {bad}/s.json"
)

# (what is wrong, command line, standard input); {bad} is the folder of _bad_files. Every numeric
# option of every command is also tried out of its range by tests/test_cli_arguments.py.
BAD_INPUTS = [
    ("out of range", "wordle solve --top -3", ""),
    ("unknown word", "wordle solve", "zzzzz gy..g\n"),
    ("wrong language", "wordle solve", "кошка gy..g\n"),
    ("inconsistent state", "wordle solve", "crane ggggy\n"),
    ("not UTF-8", "wordle solve", b"caf\xe9\n"),
    ("not UTF-8", "wordle solve --configfile {bad}/config.yaml", ""),
    ("unknown word", "wordle play --answer zzzzz", ""),
    ("empty input", "wordle play --answer ''", ""),
    ("wrong language", "wordle play --answer кошка", ""),
    ("out of range", "wordle play --answer crane --max-guesses 0", ""),
    ("out of range", "wordle eval --strategy naive --limit 0", ""),
    ("not UTF-8", "wordle eval --strategy naive --answers {bad}/words.txt", ""),
    ("empty input", "wordle eval --strategy naive --answers {bad}/empty.txt", ""),
    ("out of range", "wordle openers --top 0", ""),
    ("not UTF-8", "wordle openers --checkpoint {bad}/checkpoint.jsonl", ""),
    ("inconsistent state", "wordle openers --checkpoint {bad}/foreign.jsonl", ""),
    ("empty input", "wordle openers --answers {bad}/empty.txt", ""),
    ("wrong language", "wordle openers --answers {bad}/greek.txt", ""),
    ("unknown word", "wordle openers --answers {bad}/answers.txt --guesses {bad}/allowed.txt", ""),
    ("not UTF-8", f"build wordle-list --tokens {{bad}}/words.txt {WORDLE_LIST}", ""),
    ("wrong language", f"build wordle-list --tokens {{bad}}/greek.txt {WORDLE_LIST}", ""),
    ("out of range", f"build wordle-list --tokens {{bad}}/greek.txt {WORDLE_LIST} --answers 0", ""),
    (
        "wrong language",
        f"build wordle-list --tokens {{bad}}/greek.txt {WORDLE_LIST} --alphabet é",
        "",
    ),
    ("empty input", "hangman solve ''", ""),
    ("wrong language", "hangman solve 'καλημέρα κόσμε'", ""),
    ("out of range", "hangman solve 'a day' --lives -1", ""),
    ("not UTF-8", "hangman solve 'a day' --configfile {bad}/config.yaml", ""),
    ("empty input", "hangman assist ''", ""),
    ("inconsistent state", "hangman assist 'a_ ___' --wrong a", ""),
    ("wrong language", "hangman assist 'κ_λ'", ""),
    ("not UTF-8", "hangman eval --phrases {bad}/phrases.txt", ""),
    ("empty input", "hangman eval --phrases {bad}/empty.txt", ""),
    ("wrong language", "hangman eval --phrases {bad}/greek.txt", ""),
    ("out of range", "hangman eval --phrases {bad}/greek.txt --limit 0", ""),
    ("unknown word", "guillotine solve pane gioco testa osso xqzwv", ""),
    ("empty input", "guillotine solve '' '' '' '' ''", ""),
    ("wrong language", "guillotine solve а б в г д", ""),
    ("inconsistent state", "guillotine solve pane gioco testa osso", ""),
    ("out of range", "guillotine solve pane gioco testa osso duro --top 0", ""),
    ("not UTF-8", "guillotine eval --games {bad}/games.json", ""),
    ("not UTF-8", "guillotine eval --games {bad}/games.csv", ""),
    ("empty input", "guillotine eval --games {bad}/empty.json", ""),
    ("wrong language", "guillotine eval --games {bad}/games.txt", ""),
    ("out of range", "guillotine eval --games {bad}/empty.csv --limit 0", ""),
    ("wrong language", "build tokenize-text --language xx", "some text"),
    ("not UTF-8", "build tokenize-text --language en", b"caf\xe9"),
    ("out of range", "serve --port 70000", ""),
]


def _snapshot(folder: Path) -> dict:
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))}


def test_every_command_refuses_every_bad_input_in_one_line_and_changes_nothing(
    runs, tmp_path, robustness_counts
):
    import shlex

    here, _, _ = runs
    bad = tmp_path / "bad"
    _bad_files(bad)
    before = _snapshot(here.workdir / "results")

    def run(case) -> str | None:
        what, line, stdin = case
        args = shlex.split(line.format(bad=bad))
        if "--configfile" not in args and args[0] != "build":
            args += ["--configfile", "config.yaml"]
        proc = subprocess.run(
            [sys.executable, "-m", "wordgames", *args],
            cwd=here.workdir,
            input=stdin if isinstance(stdin, bytes) else stdin.encode(),
            capture_output=True,
            timeout=300,
        )
        lines = proc.stderr.decode(errors="replace").strip().splitlines()
        # the one error line, after at most the notice naming the artifacts the command read
        notices, last = lines[:-1], lines[-1:]
        if (
            proc.returncode != 2
            or not last
            or not re.match(r"wordgames( [a-z-]+)*: error: ", last[0])
            or any(not n.startswith("wordgames: reading ") for n in notices)
        ):
            return f"{what}: wordgames {line} -> status {proc.returncode}, stderr {lines}"
        return None

    with concurrent.futures.ThreadPoolExecutor(4) as pool:  # a few at a time
        problems = [p for p in pool.map(run, BAD_INPUTS) if p is not None]
    row = robustness_counts["fuzz"].setdefault("CLI bad inputs (table)", {})
    row["inputs"] = row.get("inputs", 0) + len(BAD_INPUTS)
    row["failures"] = row.get("failures", 0) + len(problems)
    assert not problems, "\n".join(problems)
    assert _snapshot(here.workdir / "results") == before, "a command changed the results folder"
