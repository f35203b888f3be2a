"""The workflow's own files: profiles name real rules and keep the rerun triggers the pipeline's
rerun design relies on; the list params of optional and repeated options format as the shell
commands expect."""

from __future__ import annotations

import subprocess
import sys

import yaml
from snakemake.utils import format as snakemake_format

from wordgames.workflow import option, option_list, repeated, switch


def list_rules(repo) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-m", "snakemake", "--list-rules"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return {line.strip() for line in result.stdout.splitlines() if line.strip()}


def test_every_rule_named_in_a_profile_exists(repo):
    rules = list_rules(repo)
    assert {"glove", "stats_cooccur", "lm", "corpus_extract", "guillotine_train"} <= rules
    profiles = sorted((repo / "workflow/profiles").glob("*/config.yaml"))
    assert len(profiles) >= 2
    for profile in profiles:
        settings = yaml.safe_load(profile.read_text())
        named = set(settings.get("set-threads", {})) | set(settings.get("set-resources", {}))
        unknown = named - rules
        assert not unknown, f"{profile}: no such rule(s) {sorted(unknown)}"
        # an `input` trigger would rerun everything when the data folder moves (docs/pipeline.md)
        assert settings["rerun-triggers"] == ["mtime", "params", "code", "software-env"], profile


def test_optional_and_repeated_options_format_as_the_command_line():
    shell = "run {a} --x 1 {b:q} {c} {d}> log"
    # unset values leave nothing (0 and "" as well: a zero limit means no limit)
    empty = snakemake_format(
        shell, a=option("--limit", 0), b=repeated("--title", []), c=switch("--hard", False), d=""
    )
    assert empty == "run  --x 1   > log"
    full = snakemake_format(
        shell,
        a=option("--limit", 5) + option("--wiki", None),
        b=repeated("--title", ["Wordle openers (normal)", "Wordle"]),
        c=switch("--hard", "nyt") + option_list("--prune", [0, 0, 1]) + option_list("--x", []),
        d="",
    )
    assert full == (
        "run --limit 5 --x 1 --title 'Wordle openers (normal)' --title Wordle --hard --prune 0 0 1 > log"
    )
