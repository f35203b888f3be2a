from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wordgames.cli import main
from wordgames.config import load_config_file
from wordgames.wordle.data import load_data

DATA = Path(__file__).resolve().parents[1] / "data" / "wordle"
ANSWERS = str(DATA / "answers-small.txt")
GUESSES = str(DATA / "allowed-small.txt")
LISTS = ["--answers", ANSWERS, "--guesses", GUESSES]


def build_matrix(results: Path) -> list[str]:
    """The wordle-matrix stage as the rule calls it; returns the matrix and word index paths."""
    out = [str(results / "wordle/feedback.npy"), str(results / "wordle/words.parquet")]
    assert (
        main(
            [
                "build",
                "wordle-matrix",
                *LISTS,
                "--word-length",
                "5",
                "--out-matrix",
                out[0],
                "--out-words",
                out[1],
            ]
        )
        == 0
    )
    return out


@pytest.fixture
def unbuilt_config(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(
        f"results_dir: {tmp_path / 'results'}\n"
        f"wordle:\n  answers: {ANSWERS}\n  guesses: {GUESSES}\n  qlearning: {{episodes: 200}}\n"
    )
    return str(path)


@pytest.fixture
def config(unbuilt_config, tmp_path):
    """A config whose Wordle matrix the pipeline's stage has built."""
    build_matrix(tmp_path / "results")
    return unbuilt_config


def run(argv, capsys, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_json(config, capsys):
    code, out, _ = run(
        ["wordle", "eval", "--configfile", config, "--strategy", "minimax", "--json"], capsys
    )
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 50 and result["wins"] == 50
    assert result["total_guesses"] == pytest.approx(result["mean_guesses"] * 50)
    assert {"max_guesses", "seconds", "distribution"} <= set(result)


def test_eval_limit_hard_and_list_overrides(capsys):
    code, out, _ = run(
        ["wordle", "eval", "--strategy", "naive", "--hard", "--limit", "7", *LISTS, "--json"],
        capsys,
    )
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 7 and result["hard"] is True and result["paper_win_rate"] == 0.49


def test_play_prints_the_game(config, capsys):
    code, out, _ = run(
        ["wordle", "play", "--configfile", config, "--answer", "crane", "--strategy", "entropy"],
        capsys,
    )
    assert code == 0
    assert "CRANE  🟩🟩🟩🟩🟩" in out and "solved in" in out


def test_solve_reads_feedback_in_every_format(config, capsys, monkeypatch):
    # answer "shine": report the suggestion's feedback, then guesses of our own in other formats
    from wordgames.wordle.core import GameState
    from wordgames.wordle.data import make_data
    from wordgames.wordle.feedback import feedback, format_letters, format_squares
    from wordgames.wordle.strategies import make_strategy
    from wordgames.wordle.words import load_lists

    data = make_data(*load_lists(ANSWERS, GUESSES))
    first = data.guesses[
        make_strategy("entropy", data).next_guess(
            GameState(candidates=np.arange(50, dtype=np.int32))
        )
    ]
    lines = [
        format_letters(feedback(first, "shine"), 5),
        "white " + "".join(str(d) for d in _digits(feedback("white", "shine"))),
        "spine " + format_squares(feedback("spine", "shine"), 5),
    ]
    code, out, _ = run(
        ["wordle", "solve", "--configfile", config, "--strategy", "entropy"],
        capsys,
        "\n".join(lines) + "\n",
        monkeypatch,
    )
    assert code == 0
    assert "candidates left" in out and "expected left" in out and "worst case" in out
    assert "The answer is SHINE." in out


def test_solve_lists_and_marks_the_optimal_guess_below_the_top(capsys, monkeypatch):
    """The optimal opener (not the best by entropy on these lists) is listed, marked, at its
    place in the entropy ranking even with --top 1; the note on why is printed once a session."""
    import math
    from collections import Counter

    from wordle_reference import ref_feedback

    from wordgames.wordle.feedback import format_letters
    from wordgames.wordle.service import OPTIMAL_NOTE
    from wordgames.wordle.words import load_lists

    guesses, answers = load_lists(ANSWERS, GUESSES)

    def bits(guess: str, left: list[str]) -> float:
        cells = Counter(ref_feedback(guess, a) for a in left).values()
        return -sum(c / len(left) * math.log2(c / len(left)) for c in cells)

    entropy = {g: round(bits(g, answers), 9) for g in guesses}
    answer = "shine"
    argv = ["wordle", "solve", *LISTS, "--top", "1"]
    code, out, _ = run(argv, capsys, "\n", monkeypatch)
    opener = out.split("Suggested guess: ")[1].split()[0].lower()
    lines = out.splitlines()
    rows = [line.split() for line in lines if re.match(r" +\d+\. ", line)]
    assert code == 0 and entropy[rows[0][1]] == max(entropy.values())
    assert entropy[opener] < entropy[rows[0][1]]  # the case under test: the opener is not first
    marked = [r for r in rows if "<" in "".join(r[2:4])]
    assert len(rows) == 2 and marked == [rows[1]] and rows[1][1] == opener
    place = int(rows[1][0].rstrip("."))
    better = sum(e > entropy[opener] for e in entropy.values())
    assert better < place <= sum(e >= entropy[opener] for e in entropy.values())
    assert "      ..." in lines and "(ranked by entropy;" in out
    assert " ".join(out.split()).count(OPTIMAL_NOTE) == 1
    # a whole game: the note is not repeated on the next turns
    moves = [format_letters(ref_feedback(opener, answer), 5)]
    code, out, _ = run(argv, capsys, "\n".join(moves) + "\n\n", monkeypatch)
    assert code == 0 and out.count("candidates left.") >= 2
    assert " ".join(out.split()).count(OPTIMAL_NOTE) == 1


def test_openers_says_how_long_and_keeps_its_checkpoint_in_the_cache(tmp_path, capsys, monkeypatch):
    results = tmp_path / "results"
    config = tmp_path / "config.yaml"
    config.write_text(
        f"results_dir: {results}\nwordle:\n  answers: {ANSWERS}\n  guesses: {GUESSES}\n"
    )
    build_matrix(results)
    before = sorted(results.rglob("*"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    argv = ["wordle", "openers", "--configfile", str(config), "--top", "2", "--jobs", "1"]
    code, out, err = run(argv, capsys)
    assert code == 0 and "| 1 | CHART |" in out
    lines = err.splitlines()
    first = next(i for i, line in enumerate(lines) if "proving the best openers" in line)
    assert first < next(i for i, line in enumerate(lines) if line.startswith("openers normal:"))
    assert "over 71 first guesses with 1 process" in lines[first]
    assert "695 s CPU in normal mode" in lines[first] and "under a minute" in lines[first]
    (checkpoint,) = (tmp_path / "cache/wordgames/openers").iterdir()
    assert checkpoint.name.startswith("openers-normal-") and f"checkpoint {checkpoint}" in err
    assert sorted(results.rglob("*")) == before  # nothing under results/
    # without XDG_CACHE_HOME (or with a relative one, which the spec says to ignore): ~/.cache
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    code, _, err = run([*argv, "--hard", "--quiet"], capsys)
    assert code == 0 and "proving" not in err
    (checkpoint,) = (tmp_path / "home/.cache/wordgames/openers").iterdir()
    assert checkpoint.name.startswith("openers-hard-nyt-")


def test_openers_estimate_scales_the_measured_cpu_time():
    from types import SimpleNamespace

    from wordgames.cli.wordle_openers import MEASURED_CPU_SECONDS, default_workers, estimate

    original = SimpleNamespace(guesses=["w"] * 12972, answers=["w"] * 2315)
    line = estimate(original, False, 2)
    cpu = MEASURED_CPU_SECONDS["normal"]
    assert f"about {round(cpu / 60)} min of CPU, about {round(cpu / 120)} min of wall" in line
    assert "with 2 processes" in line and "measured 695 s" in line
    hard = estimate(SimpleNamespace(guesses=["w"] * 12972 * 10, answers=original.answers), True, 1)
    assert f"about {MEASURED_CPU_SECONDS['hard'] * 10 / 3600:.1f} h of CPU" in hard
    assert "scaled by list size" in hard
    assert default_workers(original, 3) == 3
    assert default_workers(SimpleNamespace(guesses=["w"] * 71, answers=["w"] * 50), None) == 1


def _digits(pattern):
    from wordgames.wordle.feedback import pattern_to_digits

    return pattern_to_digits(pattern, 5)


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("zzzzz gy..g\n", "'zzzzz' is not in the allowed guesses"),
        ("gq..g\n", "malformed feedback"),
        ("ggggy\n", "no word fits"),
    ],
)
def test_solve_bad_input_exits_2_with_one_line(config, capsys, monkeypatch, stdin, message):
    argv = ["wordle", "solve", "--configfile", config, "--strategy", "entropy"]
    code, _, err = run(argv, capsys, stdin, monkeypatch)
    assert code == 2
    # the artifacts read are named first; then one line of error
    *notes, last = err.strip().splitlines()
    assert all(n.startswith("wordgames: reading ") for n in notes)
    assert last.startswith("wordgames: error:") and message in last and "Traceback" not in err


def test_missing_and_empty_lists_exit_2(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    code, _, err = run(
        [
            "wordle",
            "eval",
            "--strategy",
            "naive",
            "--answers",
            str(empty),
            "--guesses",
            GUESSES,
            "--json",
        ],
        capsys,
    )
    assert code == 2 and "the word list is empty" in err
    code, _, err = run(
        [
            "wordle",
            "play",
            "--answer",
            "crane",
            "--strategy",
            "naive",
            "--answers",
            str(tmp_path / "nope.txt"),
        ],
        capsys,
    )
    assert code == 2 and "word list not found" in err


def test_play_unknown_answer_exits_2(capsys):
    code, _, err = run(
        ["wordle", "play", "--answer", "salet", "--strategy", "naive", *LISTS], capsys
    )
    assert code == 2 and "'salet' is not in the answer list" in err


def test_cli_reads_the_pipelines_matrix_memory_mapped(config, capsys):
    cfg = load_config_file(config)
    stored = load_data(
        cfg.results_dir / "wordle/feedback.npy", cfg.results_dir / "wordle/words.parquet"
    )
    assert isinstance(stored.matrix, np.memmap)
    code, out, err = run(
        ["wordle", "eval", "--configfile", config, "--strategy", "naive", "--json"], capsys
    )
    assert code == 0 and json.loads(out)["games"] == len(stored.answers) == 50
    assert f"reading {cfg.results_dir / 'wordle/feedback.npy'}" in err


def test_missing_artifact_fails_in_one_line_and_writes_nothing(unbuilt_config, tmp_path, capsys):
    for strategy in ("entropy", "optimal"):
        code, _, err = run(
            [
                "wordle",
                "play",
                "--configfile",
                unbuilt_config,
                "--answer",
                "crane",
                "--strategy",
                strategy,
            ],
            capsys,
        )
        assert code == 2 and err.count("\n") == 1
        assert err.startswith("wordgames: error: missing artifact ") and "feedback.npy" in err
    assert not (tmp_path / "results").exists()


def test_outside_a_checkout_play_fails_fast_without_a_cache(tmp_path):
    """The default config outside the checkout: no silent proof of the optimal tree, no file."""
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", "wordle", "play", "--answer", "crane"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(
        "wordgames: error: missing artifact results/wordle/feedback.npy"
    )
    assert list(tmp_path.iterdir()) == []


def test_build_eval_and_summary(tmp_path, capsys):
    matrix, words = build_matrix(tmp_path / "results")
    outs = []
    for strategy, mode in (("naive", "normal"), ("expected-size", "hard")):
        out = tmp_path / f"{strategy}-{mode}.parquet"
        code, _, _ = run(
            [
                "build",
                "wordle-eval",
                "--matrix",
                matrix,
                "--words",
                words,
                "--strategy",
                strategy,
                "--mode",
                mode,
                "--hard-rule",
                "nyt",
                "--seed",
                "0",
                "--max-guesses",
                "6",
                "--out",
                str(out),
            ],
            capsys,
        )
        assert code == 0
        outs.append(str(out))
    code, _, _ = run(
        [
            "build",
            "wordle-summary",
            "--games",
            *outs,
            "--max-guesses",
            "6",
            "--out-table",
            str(tmp_path / "s.parquet"),
            "--out-md",
            str(tmp_path / "s.md"),
            "--out-plot",
            str(tmp_path / "s.png"),
        ],
        capsys,
    )
    assert code == 0
    text = (tmp_path / "s.md").read_text()
    assert "| naive | normal | 50 |" in text and "49.0%" in text
    assert (tmp_path / "s.png").read_bytes()[:4] == b"\x89PNG"


def test_optimal_plays_the_pipelines_tree(config, tmp_path, capsys):
    from wordgames.wordle.strategies import available

    if not available("optimal"):
        code, _, err = run(
            [
                "wordle",
                "play",
                "--configfile",
                config,
                "--answer",
                "crane",
                "--strategy",
                "optimal",
            ],
            capsys,
        )
        assert code == 2 and "not available in this build" in err
        return
    results = tmp_path / "results"
    assert (
        main(
            [
                "build",
                "wordle-tree",
                "--matrix",
                str(results / "wordle/feedback.npy"),
                "--words",
                str(results / "wordle/words.parquet"),
                "--max-guesses",
                "6",
                "--out",
                str(results / "wordle/optimal-tree-normal.json"),
            ]
        )
        == 0
    )
    before = sorted(p.name for p in (results / "wordle").iterdir())
    code, out, err = run(
        ["wordle", "play", "--configfile", config, "--answer", "crane", "--strategy", "optimal"],
        capsys,
    )
    assert code == 0 and "solved in" in out and "optimal-tree-normal.json" in err
    assert sorted(p.name for p in (results / "wordle").iterdir()) == before  # nothing written


def test_solve_and_play_default_to_the_optimal_strategy(config, tmp_path, capsys, monkeypatch):
    """One default (the service's): without the pipeline's tree both fail in one line naming it;
    with it, solve suggests the tree's opener and play follows the tree."""
    from wordgames.wordle.exact.tree import OptimalTree

    tree_path = tmp_path / "results/wordle/optimal-tree-normal.json"
    code, _, err = run(["wordle", "solve", "--configfile", config], capsys, "\n", monkeypatch)
    assert code == 2 and f"missing artifact {tree_path}" in err
    code, _, err = run(["wordle", "play", "--configfile", config, "--answer", "crane"], capsys)
    assert code == 2 and f"missing artifact {tree_path}" in err
    results = tmp_path / "results/wordle"
    argv = ["build", "wordle-tree", "--matrix", str(results / "feedback.npy")]
    argv += ["--words", str(results / "words.parquet"), "--max-guesses", "6"]
    assert main([*argv, "--out", str(tree_path)]) == 0
    tree = OptimalTree.load(tree_path)
    code, out, _ = run(["wordle", "solve", "--configfile", config], capsys, "\n", monkeypatch)
    assert code == 0 and f"Suggested guess: {tree.opener.upper()}" in out
    code, out, _ = run(["wordle", "play", "--configfile", config, "--answer", "crane"], capsys)
    assert code == 0 and out.startswith("optimal, normal mode, answer crane")
    played = [line.split()[1].lower() for line in out.splitlines()[1:-1]]
    assert played == tree.paths["crane"]


def test_console_script_exit_code():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordgames",
            "wordle",
            "eval",
            "--strategy",
            "naive",
            "--answers",
            "/nonexistent/list.txt",
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "wordgames: error: word list not found: /nonexistent/list.txt"


def test_eval_strict_hard_rule_from_cli_and_config(config, tmp_path, capsys):
    code, out, _ = run(
        [
            "wordle",
            "eval",
            "--configfile",
            config,
            "--strategy",
            "entropy",
            "--hard",
            "--hard-rule",
            "strict",
            "--json",
        ],
        capsys,
    )
    assert code == 0
    strict = json.loads(out)
    assert strict["hard_rule"] == "strict" and strict["wins"] == 50
    strict_cfg = tmp_path / "strict.yaml"
    text = Path(config).read_text().replace("wordle:\n", "wordle:\n  hard_rule: strict\n")
    strict_cfg.write_text(text)
    code, out, _ = run(
        [
            "wordle",
            "eval",
            "--configfile",
            str(strict_cfg),
            "--strategy",
            "entropy",
            "--hard",
            "--json",
        ],
        capsys,
    )
    assert code == 0 and json.loads(out)["total_guesses"] == strict["total_guesses"]
    assert json.loads(out)["hard_rule"] == "strict"
