"""The workflow's own files: profiles name real rules and keep the rerun triggers the pipeline's
rerun design relies on."""

from __future__ import annotations

import subprocess
import sys

import yaml


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
