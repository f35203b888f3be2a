"""The HTML report's figure and table stages: statistics against plain references, figures written
from small artifacts, and the whole report (snakemake --report) holding every figure with its
caption."""

from __future__ import annotations

import json
import math

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.artifacts import write_parquet
from wordgames.errors import InputError
from wordgames.report import figures, tables


@given(st.integers(0, 200), st.integers(1, 200))
def test_wilson_interval_contains_the_rate_and_matches_the_formula(wins, n):
    wins = min(wins, n)
    lo, hi = figures.wilson(wins, n)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert lo == pytest.approx(max(0.0, centre - half)) and hi == pytest.approx(
        min(1.0, centre + half)
    )
    assert lo - 1e-12 <= p <= hi + 1e-12


@given(st.lists(st.tuples(st.floats(0, 1), st.booleans()), min_size=1, max_size=60))
def test_reliability_bins_match_a_plain_loop(points):
    conf = np.array([c for c, _ in points])
    hit = np.array([float(h) for _, h in points])
    got = figures.reliability(conf, hit, bins=10)
    edges = np.linspace(0.0, 1.0, 11)
    expected = []
    for b in range(10):
        members = [
            (c, h)
            for c, h in zip(conf, hit, strict=True)
            if edges[b] <= c and (c < edges[b + 1] or b == 9)
        ]
        if members:
            expected.append(
                (np.mean([c for c, _ in members]), np.mean([h for _, h in members]), len(members))
            )
    assert sum(n for _, _, n in got) == len(points)
    assert len(got) == len(expected)
    for (c, h, n), (ec, eh, en) in zip(got, expected, strict=True):
        assert n == en and c == pytest.approx(ec) and h == pytest.approx(eh)


def _games(path, ranks, conf):
    write_parquet(
        pa.table(
            {"rank": pa.array(ranks, pa.int32()), "confidence": conf, "extra": ["x"] * len(ranks)}
        ),
        path,
    )
    return path


def test_guillotine_figures_from_per_game_tables(tmp_path):
    a = _games(tmp_path / "dev-links.parquet", [1, 3, None, 12, 1], [0.9, 0.4, 0.1, 0.2, 0.7])
    b = _games(tmp_path / "dev-gullever.parquet", [2, None, None, 1, 50], [0.5, 0.2, 0.1, 0.3, 0.2])
    for draw, name in (
        (figures.guillotine_recall, "recall.svg"),
        (figures.guillotine_calibration, "calibration.png"),
    ):
        out = figures.save(draw([a, b]), tmp_path / name, "config test")
        assert out.stat().st_size > 1000
    assert "config test" in (tmp_path / "recall.svg").read_text()
    assert "acc 0.400, R@10 0.600" in (tmp_path / "recall.svg").read_text()
    # one panel per game set; per solver the ECE of its bins (links: one game per bin, so the
    # mean of |confidence - hit| = (.1 + .4 + .1 + .2 + .3) / 5)
    fig = figures.guillotine_calibration([a, b])
    assert len(fig.axes) == 1 and fig.axes[0].get_title() == "dev (5 games)"
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend[0] == "calibrated" and legend[1] == "links: ECE 0.220"
    assert legend[2].startswith("gullever: ECE ")
    write_parquet(pa.table({"rank": [1]}), tmp_path / "bad-links.parquet")
    with pytest.raises(InputError, match="confidence"):
        figures.guillotine_recall([tmp_path / "bad-links.parquet"])


def test_glove_and_corpus_figures(tmp_path):
    train = tmp_path / "train.json"
    train.write_text(
        json.dumps({"words": 10, "nnz": 50, "params": {"dim": 5}, "losses": [0.5, 0.3, 0.2]})
    )
    manifest = tmp_path / "corpora.json"
    manifest.write_text(
        json.dumps(
            {
                "corpora": [
                    {
                        "name": "enwiki-excerpt",
                        "tokens": 443791,
                        "sentences": 21873,
                        "documents": 106,
                    },
                    {"name": "itwiki-titles-sample", "tokens": 0, "sentences": 0, "documents": 0},
                ]
            }
        )
    )
    figures.save(figures.glove_loss([f"en={train}"]), tmp_path / "g.svg")
    fig = figures.corpus_sizes([f"en={manifest}"])
    fig.canvas.draw()
    for label in fig.axes[0].texts:  # every bar's label inside the figure, none cut off
        assert label.get_window_extent().x1 <= fig.bbox.x1, label.get_text()
    figures.save(fig, tmp_path / "c.svg")
    assert "en: 10 words, 5 d, 50 entries" in (tmp_path / "g.svg").read_text()
    svg = (tmp_path / "c.svg").read_text()
    assert "443,791 tokens, 21,873 sentences, 106 docs" in svg and "tables only" in svg
    with pytest.raises(InputError, match="svg or .png"):
        figures.save(figures.glove_loss([f"en={train}"]), tmp_path / "g.pdf")


def test_benchmark_records_are_read_generically(tmp_path):
    tsv = tmp_path / "en.tsv"
    tsv.write_text(
        "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"
        "4.18\t0:00:04\t273.0\t900\tNA\t250\t49.7\t0.1\t23\t1.14\n"
    )
    records = tables.benchmark_records([f"glove={tsv}"])
    assert records[0]["rule"] == "glove" and records[0]["job"] == "en"
    assert records[0]["max_rss"] == 273.0 and records[0]["max_uss"] is None
    html = tables.benchmark_table(records)
    assert "<td>glove</td>" in html and "273.0" in html and "4.18" in html
    assert "No rule" in tables.benchmark_table([])
    (tmp_path / "bad.tsv").write_text("a\tb\n1\t2\n")
    with pytest.raises(InputError, match="not a Snakemake benchmark"):
        tables.benchmark_records([f"x={tmp_path / 'bad.tsv'}"])
