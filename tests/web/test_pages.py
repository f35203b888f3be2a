"""The pages the server writes itself, on a results folder written here (no pipeline run): the
Results page from a Markdown report, its figures served from the results folder and nothing else,
and the not-found page for browsers while the JSON API keeps answering JSON."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordgames import paths, plan
from wordgames.config import load_config
from wordgames.web import results
from wordgames.web.app import Services, create_app

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'


@pytest.fixture
def cfg(tmp_path):
    return load_config({"results_dir": str(tmp_path / "results")})


@pytest.fixture
def client(cfg):
    absent = {game: "not built here" for game in ("wordle", "hangman", "guillotine")}
    with TestClient(create_app(Services(cfg, absent=absent)), raise_server_exceptions=False) as c:
        yield c


def write_report(cfg, text: str) -> Path:
    report = paths.report(cfg)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(text, encoding="utf-8")
    return report


def add_figure(cfg, rel: str) -> Path:
    path = Path(cfg.results_dir) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SVG)
    return path


def test_figures_are_served_only_from_the_results_folder(cfg, tmp_path):
    root = Path(cfg.results_dir)
    add_figure(cfg, "report/figures/wordle-guesses.svg")
    (root / "report" / "report.md").write_text("# r")
    (root / "report" / ".hidden.svg").write_text(SVG)
    outside = tmp_path / "secret.svg"
    outside.write_text(SVG)
    os.symlink(outside, root / "report" / "figures" / "link.svg")
    assert results.figure_file(root, "report/figures/wordle-guesses.svg") is not None
    for rel in (
        "../secret.svg",  # out of the folder
        "report/../../secret.svg",
        str(outside),  # absolute
        "report/figures/link.svg",  # a symlink out of the folder
        "report/.hidden.svg",
        "report/report.md",  # not a figure
        "report\\figures\\wordle-guesses.svg",
        "report/figures/",
        "report/figures/none.svg",
        "",
    ):
        assert results.figure_file(root, rel) is None, rel


def test_results_page_links_each_figure_where_it_is_served(cfg, client):
    add_figure(cfg, "report/figures/wordle-guesses.svg")
    add_figure(cfg, "eval/wordle/summary.svg")
    planned = [title for title, _ in plan.report_sections(cfg)]
    shown = planned[1:]  # the first planned section left out: the page must say so
    sections = "".join(f"## {title}\n\nText of {title}.\n\n" for title in shown)
    write_report(
        cfg,
        "# wordgames report\n\nConfig: `x.yaml`.\n\n"
        "## Figures\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "![guesses](figures/wordle-guesses.svg)\n\n"
        "![summary](../eval/wordle/summary.svg)\n\n"
        "![gone](figures/none.svg)\n\n![out](../../../etc/passwd.svg)\n\n"
        "![web](https://example.org/x.svg)\n\n"
        "A word <script>alert(1)</script> quoted from the data.\n\n" + sections,
    )
    r = client.get("/results")
    assert r.status_code == 200 and "<html" in r.text
    html = r.text
    assert 'src="/results/files/report/figures/wordle-guesses.svg"' in html
    assert 'src="/results/files/eval/wordle/summary.svg"' in html
    for src in ("figures/none.svg", "../../../etc/passwd.svg", "https://example.org/x.svg"):
        assert f"src={src!r}" not in html.replace('"', "'")
        assert f"is not shown: {src} is not a figure" in html
    assert 'class="table-scroll"' in html and 'role="region"' in html
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert f"<strong>{planned[0]}</strong> is not in this report" in html
    for title in shown:
        assert f">{title}</a></li>" in html  # in the table of contents
    for url in (
        "/results/files/report/figures/wordle-guesses.svg",
        "/results/files/eval/wordle/summary.svg",
    ):
        figure = client.get(url)
        assert figure.status_code == 200 and figure.text == SVG
        assert figure.headers["content-type"].startswith("image/svg+xml")
        assert "default-src 'none'" in figure.headers["content-security-policy"]


def test_report_files_other_than_figures_are_not_served(cfg, client):
    write_report(cfg, "# r\n")
    (Path(cfg.results_dir) / "secret.txt").write_text("no")
    for url in (
        "/results/files/report/report.md",
        "/results/files/secret.txt",
        "/results/files/%2e%2e/%2e%2e/etc/passwd",
        "/results/files/..%2f..%2fetc%2fpasswd.svg",
    ):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "error" in r.json()


def test_results_page_without_a_report_says_how_to_write_one(cfg, client):
    r = client.get("/results")
    assert r.status_code == 200
    assert "No report for this config yet" in r.text and "make run" in r.text
    # no Snakemake report either: /report leads to the Results page
    r = client.get("/report", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/results"


def test_not_found_is_a_page_for_browsers_and_json_for_the_api(client):
    r = client.get("/no/such/page", headers={"accept": "text/html,application/xhtml+xml,*/*"})
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "Page not found" in r.text and "/no/such/page" in r.text and 'href="/wordle"' in r.text
    r = client.get("/no/such/<script>", headers={"accept": "text/html"})
    assert "<script>" not in r.text.split("<main", 1)[1].split("</main>", 1)[0]
    for path in ("/api/nothing", "/api/wordle/nothing"):
        r = client.get(path, headers={"accept": "text/html"})
        assert r.status_code in (404, 503) and r.json()["error"]
    r = client.get("/no/such/page")  # curl's Accept: */*
    assert r.status_code == 404 and r.json() == {"error": "Not Found"}
