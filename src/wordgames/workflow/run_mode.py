"""Whether a ``snakemake`` command line will run the DAG's jobs, known while the Snakefile is parsed.

The Snakefile takes the results folder's run lock (:mod:`wordgames.run_lock`) at parse time, before
Snakemake builds its DAG, and only for invocations that run jobs: a dry run, a summary, a listing,
a lint or a DAG drawing must still work while a run goes. Snakemake 9 does not know that yet when it
parses the Snakefile (``workflow.dryrun`` is False until ``execute`` sets the executor), so this
reads the process's own command line with Snakemake's own parser (:func:`snakemake.cli.parse_args`,
which also applies ``--profile`` and the workflow profile, as the run itself did) and follows the
dispatch of ``snakemake.cli.args_to_api``: every mode it checks before ``execute_workflow`` does
something else than run jobs. A function of the command line (and the profiles it reads), so it is
unit-tested on argv lists, without a run.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence

#: The ``args`` attributes that ``snakemake.cli.args_to_api`` checks, in its chain of ``if``/``elif``,
#: before the final ``else`` that executes the workflow: each selects a mode that only prints,
#: lists, lints, draws, reports, archives, cleans metadata or environments, or deletes outputs, and
#: never starts a job nor reaches ``onstart`` (tests/test_run_lock.py checks that this covers every
#: branch of the installed Snakemake). ``--report`` sets ``report`` (args_to_api then ``reporter``).
OTHER_MODES = (
    "deploy_sources",
    "lint",
    "list_target_rules",
    "list_rules",
    "print_compilation",
    "containerize",
    "report",
    "reporter",
    "generate_unit_tests",
    "dag",
    "rulegraph",
    "filegraph",
    "d3dag",
    "unlock",
    "cleanup_metadata",
    "conda_cleanup_envs",
    "conda_create_envs_only",
    "list_conda_envs",
    "cleanup_shadow",
    "container_cleanup_images",
    "list_changes",
    "list_input_changes",
    "list_params_changes",
    "list_untracked",
    "summary",
    "detailed_summary",
    "archive",
    "delete_all_output",
    "delete_temp_output",
)


def runs_jobs(argv: Sequence[str]) -> bool:
    """True when ``snakemake`` run with the arguments ``argv`` (``sys.argv[1:]``) executes the DAG's
    jobs from the main process: not a dry run, not one of :data:`OTHER_MODES`, not a job's own
    Snakemake (``--mode subprocess`` or ``remote``, as a cluster job runs it). ``--touch`` counts:
    it writes the outputs' times. A command line Snakemake's parser refuses gives False: meant for
    the ``snakemake`` command, whose arguments Snakemake has parsed already; when it is called
    through its Python API ``sys.argv`` is someone else's, and the Snakefile's ``onstart`` takes the
    lock, later."""
    from snakemake.cli import parse_args
    from snakemake_interface_executor_plugins.settings import ExecMode

    # the parser prints its usage on a bad command line, and "Using profile ..." on a good one,
    # which the run itself has printed already
    quiet = io.StringIO()
    try:
        with contextlib.redirect_stderr(quiet), contextlib.redirect_stdout(quiet):
            _, args = parse_args(list(argv))
    except (SystemExit, Exception):
        return False
    if args.mode != ExecMode.DEFAULT or args.dryrun:
        return False
    return not any(_set(args, name) for name in OTHER_MODES)


def _set(args, name: str) -> bool:
    """Whether option ``name`` was given (an unset option is None or False; args_to_api tests some
    with ``is not None``). The report branch is skipped for ``--report-after-run``, which runs the
    workflow first."""
    if name in ("report", "reporter") and args.report_after_run:
        return False
    return getattr(args, name) not in (None, False)
