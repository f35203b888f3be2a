"""The Markdown report and what ends ``make run``: sections with their figures linked from the
report's own folder, a line saying why each game it cannot show is missing, summary tables with
words for headers, and the HTML report written again only when something it shows changed."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from wordgames.cli import main
from wordgames.report.build import build_report
from wordgames.report.where import newer_than


def _config(tmp_path, monkeypatch, data_dir=None, **sections):
    from wordgames.config import load_config

    monkeypatch.delenv("WORDGAMES_DATA", raising=False)
    (tmp_path / "phrases.txt").write_text("a day\n")
    raw = {
        "results_dir": str(tmp_path / "results"),
        "corpora": {"c": {"kind": "text", "language": "it", "source": str(tmp_path)}},
        "collections": {"en": {"corpora": ["c"]}, "it": {"corpora": ["c"]}},
        "lm": {"collections": ["en"]},
        "hangman": {"phrase_sets": {"p": str(tmp_path / "phrases.txt")}},
        **sections,
    }
    if data_dir is not None:
        raw["data_dir"] = str(data_dir)
    return load_config(raw)


def _games(names):
    return {name: f"{{data_dir}}/guillotine/{name}.json" for name in names}


def test_report_links_its_figures_from_its_own_folder_and_says_why_a_section_is_missing(tmp_path):
    report = tmp_path / "results" / "report" / "report.md"
    figures = report.parent / "figures"
    figures.mkdir(parents=True)
    for name in ("wordle-guesses", "corpus-sizes"):
        (figures / f"{name}.svg").write_text("<svg/>")
    summary = tmp_path / "results" / "eval" / "wordle" / "summary.md"
    summary.parent.mkdir(parents=True)
    summary.write_text("| strategy | win rate |\n|---|---:|\n| naive | 100.0% |\n")
    # a PNG beside a summary is no longer picked up: the report shows what its rule names
    (summary.parent / "summary.png").write_bytes(b"png")
    build_report(
        [("Wordle", summary)],
        report,
        "config.yaml",
        figures=[
            ("Wordle", figures / "wordle-guesses.svg"),
            ("Corpora", figures / "corpus-sizes.svg"),
        ],
        absent=[("La Ghigliottina", "not evaluated: guillotine.games names no game sets")],
    )
    text = report.read_text()
    heads = re.findall(r"^## (.*)$", text, re.M)
    assert heads == ["Wordle", "Corpora", "La Ghigliottina"]
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)
    assert links == ["figures/wordle-guesses.svg", "figures/corpus-sizes.svg"]
    assert all((report.parent / link).is_file() for link in links)
    assert "| naive | 100.0% |" in text
    assert text.split("## La Ghigliottina", 1)[1].strip() == (
        "Not evaluated: guillotine.games names no game sets."
    )


def test_a_figure_its_stage_did_not_draw_is_an_error_naming_it(tmp_path):
    from wordgames.errors import WordgamesError

    missing = tmp_path / "figures" / "glove-loss.svg"
    with pytest.raises(WordgamesError, match="glove-loss.svg"):
        build_report([], tmp_path / "report.md", "c", figures=[("Word vectors", missing)])


def test_cli_report_takes_figures_and_absent_sections(tmp_path):
    figure = tmp_path / "report" / "figures" / "corpus-sizes.svg"
    figure.parent.mkdir(parents=True)
    figure.write_text("<svg/>")
    out = tmp_path / "report" / "report.md"
    args = ["build", "report", "--figure", f"Corpora={figure}", "--out", str(out)]
    args += ["--absent", "Wordle=not evaluated: wordle.answers: its file is not found"]
    assert main(args) == 0
    text = out.read_text()
    assert "](figures/corpus-sizes.svg)" in text
    assert "## Wordle\n\nNot evaluated: wordle.answers: its file is not found." in text
    assert main(["build", "report", "--absent", "no title", "--out", str(out)]) == 2


def test_missing_sections_name_what_is_missing(tmp_path, monkeypatch):
    from wordgames import plan

    games = {"guillotine": {"games": _games(["dev", "test"])}}
    no_folder = dict(plan.report_absent(_config(tmp_path, monkeypatch, **games)))
    assert "Sentence Hangman" not in no_folder  # its phrase set exists
    assert no_folder["La Ghigliottina"].startswith(
        "not evaluated: guillotine.games: no data folder"
    )
    assert "WORDGAMES_DATA" in no_folder["La Ghigliottina"]
    assert "docs/guillotine.md" in no_folder["La Ghigliottina"]

    data = tmp_path / "data"
    data.mkdir()
    empty = dict(plan.report_absent(_config(tmp_path, monkeypatch, data, **games)))
    assert "none of its 2 game sets is found in the data folder" in empty["La Ghigliottina"]
    assert str(data) not in empty["La Ghigliottina"]  # a param: moving the data reruns nothing

    (data / "guillotine").mkdir()
    (data / "guillotine" / "dev.json").write_text("[]")
    found = dict(plan.report_absent(_config(tmp_path, monkeypatch, data, **games)))
    assert "La Ghigliottina" not in found
    assert "La Ghigliottina" in [
        t for t, _ in plan.report_sections(_config(tmp_path, monkeypatch, data, **games))
    ]

    none = dict(plan.report_absent(_config(tmp_path, monkeypatch, data, guillotine={"games": {}})))
    assert none["La Ghigliottina"] == (
        "not evaluated: guillotine.games names no game sets; see docs/guillotine.md"
    )
    no_lm = dict(plan.report_absent(_config(tmp_path, monkeypatch, lm={"collections": []})))
    assert "hangman.collection 'en' is not among lm.collections" in no_lm["Sentence Hangman"]


def test_every_section_or_its_absence_is_in_the_report_and_every_figure_has_a_section(
    tmp_path, monkeypatch
):
    from wordgames import paths, plan

    cfg = _config(tmp_path, monkeypatch)
    shown = {title for title, _ in plan.report_sections(cfg)}
    absent = {title for title, _ in plan.report_absent(cfg)}
    games = {"Wordle", "Sentence Hangman", "Single-word Hangman", "La Ghigliottina"}
    assert games <= shown | absent and not shown & absent
    assert {name for _, name in plan.report_figure_sections(cfg)} == set(plan.report_figures(cfg))
    assert paths.report(cfg) in plan.targets(cfg)  # even with nothing shown it says why


def _hangman_games(path, phrase_set, solver, won):
    from wordgames.artifacts import write_parquet
    from wordgames.hangman.evaluate import GameRecord, records_table

    recs = [
        GameRecord(
            phrase="a day",
            won=w,
            wrong=0 if w else 3,
            guesses=4,
            letters="adyx",
            seconds=0.02,
            category=None,
        )
        for w in won
    ]
    write_parquet(records_table(recs, phrase_set=phrase_set, solver=solver), path)
    return str(path)


def test_hangman_summary_table_has_words_for_headers_and_parquet_keeps_its_names(tmp_path):
    from wordgames.artifacts import read_parquet

    games = [
        _hangman_games(tmp_path / "a.parquet", "tiny", "baseline", [True, False]),
        _hangman_games(tmp_path / "b.parquet", "tiny", "posterior", [True, True, True, False]),
    ]
    out, md = tmp_path / "summary.parquet", tmp_path / "summary.md"
    args = ["build", "hangman-summary", "--in", *games, "--out", str(out)]
    assert main([*args, "--out-table", str(md)]) == 0
    head, rule, *rows = md.read_text().splitlines()
    cells = [c.strip() for c in head.strip("|").split("|")]
    assert "win rate" in cells and "mean wrong letters" in cells
    assert not any("_" in c for c in cells), cells
    assert rows[1].startswith("| tiny | posterior | 4 | 3 | 75.0% |")
    assert {"phrase_set", "win_rate", "mean_wrong", "seconds_per_guess"} <= set(
        read_parquet(out).column_names
    )


def test_newer_than_finds_what_the_html_report_is_older_than(tmp_path):
    report, shown = tmp_path / "report.html", tmp_path / "report"
    (shown / "figures").mkdir(parents=True)
    figure = shown / "figures" / "a.svg"
    figure.write_text("<svg/>")
    assert newer_than(report, [shown]) == report  # not written yet
    report.write_text("<html>")
    os.utime(figure, (1, 1))
    assert newer_than(report, [shown, tmp_path / "absent.yaml"]) is None
    os.utime(figure, None)
    os.utime(report, (2, 2))
    assert newer_than(report, [shown]) == figure


def test_make_run_ends_with_the_html_report_and_where_to_see_it(repo):
    """The recipe (make -n): the pipeline, then snakemake --report on where.py's path, then a
    line naming the report and the serve command."""
    dry = subprocess.run(
        ["make", "-n", "-o", "setup", "run", "CONFIG=config/x.yaml"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pipeline = dry.index("snakemake --cores")
    report = dry.index("--report")
    assert pipeline < dry.index("wordgames.report.where --stale config/x.yaml") < report
    assert report < dry.index("wordgames serve --configfile config/x.yaml")
