"""The LM-size curve's summary table (wordgames build hangman-lm-sizes) and its figure, from tiny
per-game tables and a real samples.json."""

from __future__ import annotations

import pyarrow as pa
import pytest

from wordgames.artifacts import read_parquet, write_parquet
from wordgames.cli import main
from wordgames.errors import InputError
from wordgames.lm.sample import INFO_NAME, write_samples
from wordgames.report import figures
from wordgames.report.lm_sizes import lm_sizes_rows, markdown, write_lm_sizes


def _games(path, phrase_set, solver, won, wrong):
    write_parquet(
        pa.table(
            {
                "phrase": [f"p{i}" for i in range(len(won))],
                "won": won,
                "wrong": wrong,
                "guesses": [10] * len(won),
                "letters": ["etaoin"] * len(won),
                "seconds": [0.1] * len(won),
                "phrase_set": [phrase_set] * len(won),
                "solver": [solver] * len(won),
            }
        ),
        path,
    )
    return path


@pytest.fixture
def curve(tmp_path):
    """A samples.json of sizes 40 and 10^9 (skipped) over a 100-token file, and games files: the
    40-token sample's and the whole collection's for one set and two solvers."""
    (tmp_path / "tokens.txt").write_text("a b c d e\n" * 20)
    write_samples(tmp_path / "tokens.txt", tmp_path / "samples", [40, 10**9], seed=0)
    g = tmp_path / "games"
    g.mkdir()
    items = [
        "40="
        + str(_games(g / "s40p.parquet", "harvard", "posterior", [True, False, True], [1, 3, 0])),
        "all="
        + str(
            _games(
                g / "fp.parquet", "harvard", "posterior", [True, True, True, False], [0, 1, 2, 3]
            )
        ),
        "40=" + str(_games(g / "s40s.parquet", "harvard", "seed", [False, False, True], [3, 3, 2])),
        "all="
        + str(_games(g / "fs.parquet", "harvard", "seed", [True, False, True, True], [2, 3, 1, 0])),
    ]
    return tmp_path / "samples" / INFO_NAME, items


def test_rows_count_the_first_games_of_each_file_by_size(curve):
    info, items = curve
    rows, _ = lm_sizes_rows(info, items, limit=3)
    got = [(r["solver"], r["size"], r["tokens"], r["games"], r["wins"]) for r in rows]
    # ordered by solver (first seen), then tokens; the full point cut to the same 3 games
    assert got == [
        ("posterior", "40", 40, 3, 2),
        ("posterior", "all", 100, 3, 3),
        ("seed", "40", 40, 3, 1),
        ("seed", "all", 100, 3, 2),
    ]
    assert rows[0]["win_rate"] == pytest.approx(2 / 3)
    assert rows[1]["mean_wrong"] == pytest.approx(1.0)  # (0 + 1 + 2) / 3: the fourth game cut
    every, _ = lm_sizes_rows(info, items, limit=None)
    assert [r["games"] for r in every] == [3, 4, 3, 4]


def test_markdown_names_the_full_point_and_the_skipped_size(curve):
    info, items = curve
    rows, read = lm_sizes_rows(info, items, limit=3)
    text = markdown(rows, read, limit=3)
    assert "| harvard | posterior | 100 (all) | 3 | 100.0% | 1.00 |" in text
    assert "| harvard | seed | 40 | 3 | 33.3% | 2.67 |" in text
    assert "first 3 phrases" in text and "skipped" in text and "1,000,000,000" in text


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("1000000000=x.parquet", "no sample of 1000000000 tokens"),  # skipped: no such point
        ("77=x.parquet", "no sample of 77 tokens"),
        ("x.parquet", "SIZE=PATH"),
    ],
)
def test_a_games_file_of_no_sample_is_refused(curve, item, message):
    info, _ = curve
    with pytest.raises(InputError, match=message):
        lm_sizes_rows(info, [item])


def test_cli_writes_parquet_and_markdown(curve, tmp_path):
    info, items = curve
    out, table = tmp_path / "lm-sizes.parquet", tmp_path / "lm-sizes.md"
    argv = ["build", "hangman-lm-sizes", "--samples", str(info), "--games", *items]
    assert main(argv + ["--limit", "3", "--out", str(out), "--out-table", str(table)]) == 0
    written = read_parquet(out)
    assert written.column_names == [
        "phrase_set",
        "solver",
        "size",
        "tokens",
        "games",
        "wins",
        "win_rate",
        "mean_wrong",
    ]
    assert written.column("tokens").to_pylist() == [40, 100, 40, 100]
    assert "100 (all)" in table.read_text()
    with pytest.raises(SystemExit) as refused:
        main(argv + ["--limit", "0", "--out", str(out), "--out-table", str(table)])
    assert refused.value.code == 2


def test_figure_draws_one_line_per_set_and_solver_on_a_log_axis(curve, tmp_path):
    info, items = curve
    write_lm_sizes(info, items, tmp_path / "s.parquet", tmp_path / "s.md", limit=3)
    fig = figures.hangman_lm_sizes(tmp_path / "s.parquet")
    ax = fig.axes[0]
    assert ax.get_xscale() == "log"
    # errorbar containers carry the labels; their first line holds the points
    lines = {c.get_label(): c.lines[0] for c in ax.containers}
    assert set(lines) == {"harvard, posterior (3 games)", "harvard, seed (3 games)"}
    # at the sizes, moved a few percent aside so the lines' intervals do not cover each other
    assert list(lines["harvard, seed (3 games)"].get_xdata()) == pytest.approx([40, 100], rel=0.05)
    assert list(lines["harvard, seed (3 games)"].get_ydata()) == pytest.approx([1 / 3, 2 / 3])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["40", "100"]
    figures.save(fig, tmp_path / "curve.svg", "config test")
    svg = (tmp_path / "curve.svg").read_text()
    assert "harvard, posterior (3 games)" in svg and "config test" in svg


def test_figure_of_an_empty_summary_is_refused(tmp_path):
    write_parquet(pa.table({"phrase_set": pa.array([], pa.string())}), tmp_path / "e.parquet")
    with pytest.raises(InputError, match="no LM-size evaluation"):
        figures.hangman_lm_sizes(tmp_path / "e.parquet")


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (999, "999"),
        (1000, "1k"),
        (1234, "1.23k"),
        (250_000, "250k"),
        (30_012_132, "30M"),
        (5 * 10**9, "5G"),
    ],
)
def test_short_counts(n, text):
    assert figures.short_count(n) == text


def _config(tmp_path, **hangman):
    from wordgames.config import load_config

    (tmp_path / "phrases.txt").write_text("a day\n")
    return load_config(
        {
            "results_dir": str(tmp_path / "results"),
            "corpora": {"c": {"kind": "text", "language": "en", "source": str(tmp_path)}},
            "collections": {"en": {"corpora": ["c"]}},
            "lm": {"collections": ["en"]},
            "hangman": {"phrase_sets": {"p": str(tmp_path / "phrases.txt")}, **hangman},
        }
    )


def test_the_pipeline_builds_the_curve_unless_it_has_no_sizes(tmp_path):
    from wordgames import paths, plan

    cfg = _config(tmp_path)
    assert plan.hangman_lm_sizes_enabled(cfg)
    assert paths.hangman_lm_sizes(cfg, "md") in plan.targets(cfg)
    assert "hangman-lm-sizes" in plan.report_figures(cfg)
    # a title is the HTML report's category, an RST link target: a colon would end its name there
    titles = [title for title, _ in plan.report_sections(cfg)]
    assert "Sentence Hangman against LM size" in titles and not any(":" in t for t in titles)
    off = _config(tmp_path, lm_sizes={"tokens": []})
    assert not plan.hangman_lm_sizes_enabled(off)
    assert paths.hangman_lm_sizes(off, "md") not in plan.targets(off)


def test_a_curve_solver_the_main_evaluation_does_not_play_is_refused(tmp_path):
    from wordgames import plan
    from wordgames.errors import ConfigError

    cfg = _config(tmp_path, solvers=["posterior"], lm_sizes={"solvers": ["seed"]})
    with pytest.raises(ConfigError, match=r"hangman.lm_sizes.solvers: seed not in hangman.solvers"):
        plan.hangman_lm_sizes_enabled(cfg)
