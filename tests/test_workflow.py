"""The workflow's own files: profiles name real rules and keep the rerun triggers the pipeline's
rerun design relies on; the list params of optional and repeated options format as the shell
commands expect."""

from __future__ import annotations

import re
import subprocess
import sys

import yaml
from snakemake.utils import format as snakemake_format
from tiny_pipeline import merged_fragments

from wordgames import paths, plan
from wordgames.config import load_config
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


def test_html_report_names_the_config_file_of_the_run(repo, tmp_path):
    """The description says which config file (relative to the working folder) made the report,
    not the results folder's name."""
    config = {"results_dir": str(tmp_path / "out"), **merged_fragments()}
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(config))
    cfg = load_config(config)
    # the report's files, as placeholders: the report only embeds them
    for name in plan.report_tables(cfg):
        paths.report_table(cfg, name).parent.mkdir(parents=True, exist_ok=True)
        paths.report_table(cfg, name).write_text("<p>table</p>")
    for path in [paths.report_figure(cfg, n) for n in plan.report_figures(cfg)]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<svg/>")
    for path in plan.run_statistics(cfg):
        path.write_text("<p>statistics</p>")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "snakemake",
            "--snakefile",
            str(repo / "Snakefile"),
            "--directory",
            str(tmp_path),
            "--configfile",
            "tiny.yaml",
            "--report",
            "report.html",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    # the description is HTML inside a JavaScript string: quotes and newlines escaped
    html = (tmp_path / "report.html").read_text().replace("\\n", " ").replace("\\", "")
    assert re.search(
        r"written for config <tt[^>]*>tiny\.yaml</tt> \(results in <tt[^>]*>out</tt>\)", html
    )


def test_rules_pass_every_value_and_optional_option_in_their_commands(repo, tmp_path):
    """The list params (optional and repeated options) format into the commands as the stages
    take them, on a dry run of the tiny config."""
    config = {"results_dir": str(tmp_path / "results"), **merged_fragments()}
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(config))
    result = subprocess.run(
        [sys.executable, "-m", "snakemake", "--snakefile", str(repo / "Snakefile")]
        + ["--directory", str(tmp_path), "--configfile", str(tmp_path / "tiny.yaml")]
        + ["-n", "-p", "--forceall", "--cores", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    results = str(tmp_path / "results")
    commands = [
        line.removeprefix("Shell command: ").replace(results, "R")
        for line in (result.stdout + result.stderr).splitlines()
        if line.startswith("Shell command: ")
    ]

    def command(*parts):
        found = [c for c in commands if all(p in c for p in parts)]
        assert len(found) == 1, (parts, found)
        return found[0]

    assert (
        "--words R/wordle/words.parquet --hard --hard-rule nyt --max-guesses 6  --out"
        in command("wordle-tree", "hard-nyt")
    )
    assert "--words R/wordle/words.parquet  --max-guesses 6  --out" in command(
        "wordle-tree", "tree-normal"
    )
    assert " --mode hard --hard-rule nyt --top 3 " in command(
        "build wordle-openers", "hard-nyt.log"
    )
    assert " --mode normal --top 3 " in command("build wordle-openers", "normal.log")
    assert " --order 3 --memory 100M --binary-type probing --discount-fallback > " in command(
        "build lm "
    )
    assert " --kind mediawiki --language it --wiki wiktionary --shard-summaries " in command(
        "merge-corpus", "tiny-itwiktionary"
    )
    assert " --kind text --language en  --shard-summaries " in command(
        "merge-corpus", "tiny-en-text"
    )
    assert " --checkpoint-dir R/en/glove/checkpoint > " in command("build glove ", "R/en/")
    assert " --no-bias-eta --buffer-mb 256 " in command("build glove ", "R/en/")
    assert " --probe the > " in command("vectors-eval")
    assert " --title 'Wordle openers (normal)' --summary R/wordle/openers-normal.md " in command(
        "build report "
    )
    assert " --in en=R/en/glove/train.json it=R/it/glove/train.json " in command("plot-glove")
