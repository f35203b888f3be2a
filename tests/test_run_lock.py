"""The results folder's run lock (wordgames.run_lock) and the parse-time decision to take it
(wordgames.workflow.run_mode): which snakemake command lines run jobs, checked against the dispatch
of the installed Snakemake, and the lock held once per process, refused to any other.
(tests/faults/test_runs.py runs the pipeline against a held lock.)"""

from __future__ import annotations

import inspect
import os
import re
import socket
import subprocess
import sys

import pytest
import snakemake.cli

from wordgames.run_lock import hold_results_folder, lock_path
from wordgames.workflow.run_mode import OTHER_MODES, runs_jobs

# the test config's options, as tests/faults/conftest.py passes them (no profile read)
BASE = ["--snakefile", "Snakefile", "--configfile", "config.yaml", "--workflow-profile", "none"]

#: What a SLURM job runs (snakemake_interface_executor_plugins' format_job_exec: the job's targets,
#: the general args of snakemake.spawn_jobs, then --mode), after `python -m snakemake`.
CLUSTER_JOB = [
    *["--snakefile", "/repo/Snakefile", "--target-jobs", "glove:coll=en", "--allowed-rules"],
    *["glove", "--cores", "all", "--attempt", "1", "--force-use-threads", "--force"],
    *["--target-files-omit-workdir-adjustment", "--max-inventory-time", "0", "--retries", "0"],
    *["--nocolor", "--no-hooks", "--nolock", "--ignore-incomplete", "--rerun-triggers", "mtime"],
    *["params", "code", "software-env", "--printshellcmds", "--latency-wait", "60"],
    *["--scheduler", "greedy", "--configfiles", "config.yaml", "--mode", "remote"],
]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--cores", "2"],
        ["-c1"],
        ["--cores", "1", "--forcerun", "results/x.txt", "--until", "results/x.txt"],
        ["--cores", "1", "--rerun-incomplete", "--keep-going"],
        ["--cores", "1", "--", "results/a.txt", "results/b.txt"],
        # targets after -- are files, whatever they look like
        ["--cores", "1", "--", "-n"],
        ["--cores", "1", "--", "--summary"],
        # touches every output: it writes the results folder
        ["--cores", "1", "--touch"],
        # runs, then reports
        ["--cores", "1", "--report-after-run", "--report", "report.html"],
        # Snakemake's own lock off, the results folder's still wanted
        ["--cores", "1", "--nolock"],
    ],
)
def test_a_command_line_that_runs_jobs_takes_the_lock(argv):
    assert runs_jobs(BASE + argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["-n"],
        ["--dry-run"],
        ["--dryrun"],
        ["--cores", "2", "-n", "--forcerun", "results/x.txt"],
        ["-np", "--cores", "1"],
        ["--summary"],
        ["--cores", "1", "--detailed-summary"],
        ["--list-rules"],
        ["--list-target-rules"],
        ["--lint"],
        ["--lint", "text"],
        ["--unlock"],
        ["--cleanup-metadata", "results/x.txt"],
        ["--dag"],
        ["--rulegraph", "mermaid-js"],
        ["--report", "report.html"],
        ["--list-changes", "params"],
        ["--delete-all-output"],
        # a job's own Snakemake: on a cluster node, or a local subprocess of a run
        CLUSTER_JOB,
        ["--cores", "1", "--mode", "subprocess"],
    ],
)
def test_a_command_line_that_runs_no_job_takes_no_lock(argv):
    assert not runs_jobs(BASE + argv)


def test_a_command_line_snakemake_refuses_takes_no_lock_and_prints_nothing(capsys):
    """(Snakemake called through its API: sys.argv is not its own; onstart takes the lock then.)"""
    assert not runs_jobs(["--cores", "many"])
    assert not runs_jobs(["-q", "-x", "tests/faults", "--no-such-option"])
    assert capsys.readouterr() == ("", "")


def test_the_workflow_profile_is_read_as_snakemake_reads_it(tmp_path, monkeypatch):
    """A profile's settings count, as in the run: here one that makes every run a dry run."""
    (tmp_path / "Snakefile").write_text("rule a:\n    output: 'a'\n")
    profile = tmp_path / "profiles" / "default"
    profile.mkdir(parents=True)
    (profile / "config.yaml").write_text("dryrun: true\n")
    monkeypatch.chdir(tmp_path)
    assert not runs_jobs(["--cores", "1"])
    assert runs_jobs(["--cores", "1", "--workflow-profile", "none"])


def _option(action) -> list[str]:
    """The option of ``action`` with a value it accepts."""
    flag = action.option_strings[-1]
    if action.nargs == 0 or action.nargs == "?":
        return [flag]
    value = "results/x.txt"
    if action.choices:  # Snakemake's enums (ChangeType) print as the choice they parse from
        choice = next(iter(action.choices))
        value = choice.item_to_choice() if hasattr(choice, "item_to_choice") else str(choice)
    count = action.nargs if isinstance(action.nargs, int) else 1
    return [flag, *[value] * count]


def test_every_other_mode_given_alone_takes_no_lock():
    actions = {a.dest: a for a in snakemake.cli.get_argument_parser()._actions}
    assert set(OTHER_MODES) <= set(actions) | {"reporter"}
    given = {name: _option(actions[name]) for name in OTHER_MODES if name in actions}
    assert len(given) >= 25
    took = {name: argv for name, argv in given.items() if runs_jobs(BASE + ["--cores", "1", *argv])}
    assert took == {}


def _dispatched_modes() -> set[str]:
    """The ``args`` attributes args_to_api tests from the first mode to the workflow's execution."""
    source = inspect.getsource(snakemake.cli.args_to_api)
    chain = source[source.index("if args.deploy_sources") : source.index("execute_workflow(")]
    found = set(re.findall(r"^\s*(?:el)?if args\.(\w+)", chain, re.M))
    if re.search(r"elif report_plugin is not None and not args\.report_after_run", chain):
        found.add("reporter")
    return found - {"preemptible_rules", "dryrun", "touch"}  # an option; the pseudo-executors


def test_other_modes_are_exactly_the_branches_of_snakemakes_dispatch():
    """A Snakemake upgrade adding a mode fails here (a new read-only mode would take the lock)."""
    found = _dispatched_modes()
    assert len(found) >= 25, sorted(found)
    assert found - set(OTHER_MODES) == set()
    assert set(OTHER_MODES) - found == {"report"}  # what args_to_api turns into reporter


# the lock itself ---------------------------------------------------------------------------------
# what the Snakefile runs, in another process
_TAKE = "import sys; from wordgames.run_lock import hold_or_exit; hold_or_exit(sys.argv[1]); print('held')"


def _take_in_another_process(results) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", _TAKE, str(results)], capture_output=True, text=True, timeout=60
    )


def test_the_lock_is_held_once_per_process_and_refused_to_others(tmp_path):
    results = tmp_path / "results"
    first = hold_results_folder(results)
    try:
        assert lock_path(results).read_text().startswith(f"pid {os.getpid()} on ")
        # the parse-time lock, then onstart's: the same file, no conflict with itself
        assert hold_results_folder(results) is first
        assert hold_results_folder(tmp_path / "." / "results") is first
        other = _take_in_another_process(results)
        assert other.returncode != 0
        (line,) = other.stderr.strip().splitlines()
        expected = (
            f"wordgames: error: results folder {results} is in use by another snakemake run "
            rf"\(pid {os.getpid()} on {socket.gethostname()} since [0-9-]+ [0-9:]+\); "
            "wait for it to finish or stop it"
        )
        assert re.fullmatch(expected, line), line
    finally:
        first.close()
    # released with its file: another process takes it, and so does this one again
    assert _take_in_another_process(results).stdout == "held\n"
    again = hold_results_folder(results)
    try:
        assert again is not first and not again.closed
        assert _take_in_another_process(results).returncode != 0
    finally:
        again.close()


# two runs started together (issue 44, item 6) ----------------------------------------------------
#: What a run refused by the results folder's lock prints (anything else, e.g. Snakemake's
#: IncompleteFilesException or its "Directory cannot be locked", fails the race test).
# the holder is named by its pid, or, in the moment between its lock and its write, as "a
# process that has not written its name yet": both are the lock's refusal
REFUSED = "wordgames: error: results folder results is in use by another snakemake run ("


@pytest.fixture(scope="module")
def race_config(tmp_path_factory):
    """The smallest config that runs one job: a text corpus of one file, its one shard."""
    import yaml

    folder = tmp_path_factory.mktemp("race")
    text = folder / "words.txt"
    text.write_text("".join(f"The river {i} runs to the sea.\n" for i in range(2000)))
    config = folder / "config.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "results_dir": "results",
                "corpora": {"words": {"kind": "text", "language": "en", "source": str(text)}},
                "collections": {"en": {"corpora": ["words"]}},
            }
        )
    )
    return config


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(20))
def test_two_runs_started_together_one_runs_the_other_is_refused_by_the_lock(
    race_config, tmp_path, round_
):
    """Both started at the same moment in one working folder: whichever parses first holds the
    results folder and runs the job; the other is refused with the lock's one line before its DAG
    (or, started after the first ended, finds nothing to do). Never Snakemake's own errors."""
    from wordgames import paths
    from wordgames.config import load_config_file

    target = str(paths.corpus_extract(load_config_file(race_config), "words", "000"))
    cmd = [sys.executable, "-m", "snakemake", "--snakefile", os.path.abspath("Snakefile")]
    cmd += ["--configfile", str(race_config), "--workflow-profile", "none", "--cores", "1"]
    env = {k: v for k, v in os.environ.items() if k != "WORDGAMES_DATA"}
    runs = [
        subprocess.Popen(
            [*cmd, "--", target],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outcomes = [(p.wait(timeout=300), p.stdout.read() + p.stderr.read()) for p in runs]
    for p in runs:
        p.stdout.close()
        p.stderr.close()
    ran = [out for rc, out in outcomes if rc == 0]
    refused = [out for rc, out in outcomes if rc != 0]
    assert len(ran) >= 1, outcomes
    for out in refused:
        lines = [x for x in out.splitlines() if x.strip()]
        assert lines and lines[-1].startswith(REFUSED), out[-2000:]
        assert "Exception" not in out and "Traceback" not in out, out[-2000:]
    assert (tmp_path / target).exists()
    assert not [p for p in (tmp_path / ".snakemake" / "incomplete").rglob("*") if p.is_file()]
