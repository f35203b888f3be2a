from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PHRASES = REPO / "tests" / "data" / "hangman"


@pytest.fixture(scope="module")
def run(tiny_lm):
    def _run(*args: str) -> subprocess.CompletedProcess:
        cmd = [
            sys.executable,
            "-m",
            "wordgames",
            "hangman",
            *args,
            "--configfile",
            str(REPO / "config" / "config.yaml"),
            "--lm",
            str(tiny_lm["binary"]),
            "--unigrams",
            str(tiny_lm["unigrams"]),
        ]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=REPO)

    return _run


def test_solve_prints_the_seed_table(run):
    r = run("solve", "it's a sunny day", "--solver", "seed")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["stage", "errors", "hint", "prediction", "guess"]
    assert "__'_ _ _____ ___" in lines[2]
    assert "won" in r.stdout or "lost" in r.stdout


def _table(stdout: str) -> tuple[list[str], list[str]]:
    """The header words and the row lines of the table ``hangman solve`` prints."""
    lines = stdout.splitlines()
    return lines[0].split(), [line for line in lines[2:] if line.strip()][:-1]


def test_solve_names_a_stage_only_where_the_solver_switches(run):
    """One stage (posterior) is no column at all; several (seed's 1 and 2) are named on the row
    where the solver switches to them and left blank while it stays."""
    r = run("solve", "it's a sunny day", "--solver", "posterior")
    assert r.returncode == 0, r.stderr
    header, rows = _table(r.stdout)
    assert header == ["errors", "hint", "prediction", "guess"] and len(rows) >= 3
    assert "posterior" not in "\n".join(rows) and "stage" not in r.stdout
    r = run("solve", "it's a sunny day", "--solver", "seed")
    assert r.returncode == 0, r.stderr
    header, rows = _table(r.stdout)
    width = r.stdout.splitlines()[1].index(" ")  # the stage column's dashes
    stages = [row[:width].strip() for row in rows]
    named = [st for st in stages if st]
    assert header[0] == "stage" and stages[0] == "1" and named == ["1", "2"]
    assert len(stages) > len(named)  # rows that stay in a stage leave it blank


def test_solve_rejects_a_phrase_without_letters(run):
    r = run("solve", "12 34 !!")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "no letters" in r.stderr
    assert "Traceback" not in r.stderr


def test_assist_suggests_a_letter(run):
    r = run("assist", "__'_ _ _____ ___", "--wrong", "xz", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert len(out["guess"]) == 1 and out["guess"] not in "xz"
    assert out["predictions"] and out["wrong"] == "xz"
    r = run("assist", "__'_ _ _____ ___", "--wrong", "xz")
    assert r.returncode == 0 and r.stdout.startswith("guess: ")


def test_assist_names_the_stage_only_of_a_solver_with_several(run):
    r = run("assist", "__'_ _ _____ ___", "--wrong", "xz", "--solver", "posterior")
    assert r.returncode == 0 and r.stdout.splitlines()[0].endswith("(posterior)")
    assert (
        json.loads(run("assist", "__'_ _ _____ ___", "--solver", "posterior", "--json").stdout)[
            "stage"
        ]
        == "posterior"
    )  # the JSON keeps the field
    r = run("assist", "__'_ _ _____ ___", "--wrong", "xz", "--solver", "seed")
    assert r.returncode == 0 and r.stdout.splitlines()[0].endswith("(seed, stage 2)")


@pytest.mark.parametrize("masked,wrong", [("__'s a s____ _a_", "sx"), ("__'_ _ _____ ___", "xyz")])
def test_assist_rejects_an_impossible_state(run, masked, wrong):
    r = run("assist", masked, "--wrong", wrong)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and r.stderr.startswith("wordgames: error:")


@pytest.mark.parametrize("name", ["phrases.txt", "phrases.tsv"])
def test_eval_json(run, name):
    r = run("eval", "--phrases", str(PHRASES / name), "--solver", "posterior", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("games", "wins", "win_rate", "mean_wrong", "seconds", "seconds_per_guess"):
        assert key in out
    assert out["games"] == len(
        [
            line
            for line in (PHRASES / name).read_text().splitlines()[(name.endswith("tsv")) :]
            if line.strip()
        ]
    )


def test_eval_limit_and_missing_file(run, tmp_path):
    r = run(
        "eval",
        "--phrases",
        str(PHRASES / "phrases.txt"),
        "--limit",
        "1",
        "--json",
        "--solver",
        "baseline",
    )
    assert r.returncode == 0 and json.loads(r.stdout)["games"] == 1
    r = run("eval", "--phrases", str(tmp_path / "nope.txt"))
    assert r.returncode == 2 and "not found" in r.stderr


def test_eval_tsv_without_answer_column(run, tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("phrase\tcategory\nA DAY\tThing\n")
    r = run("eval", "--phrases", str(bad))
    assert r.returncode == 2 and "answer" in r.stderr and "line 1" in r.stderr


def test_missing_artifacts_say_how_to_build_them(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"results_dir: {tmp_path / 'results'}\n")
    r = subprocess.run(
        [sys.executable, "-m", "wordgames", "hangman", "solve", "a day", "--configfile", str(cfg)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert r.returncode == 2 and "missing artifact" in r.stderr


def test_build_eval_and_summary(tiny_lm, tmp_path):
    from wordgames.artifacts import read_parquet
    from wordgames.cli import main

    outs = []
    for solver in ("baseline", "posterior"):
        out = tmp_path / "games" / f"tiny.{solver}.parquet"
        rc = main(
            [
                "build",
                "hangman-eval",
                "--phrases",
                str(PHRASES / "phrases.txt"),
                "--name",
                "tiny",
                "--solver",
                solver,
                "--lm",
                str(tiny_lm["binary"]),
                "--unigrams",
                str(tiny_lm["unigrams"]),
                "--options",
                '{"beam": 8}' if solver == "posterior" else "{}",
                "--lives",
                "3",
                "--min-count",
                "1",
                "--out",
                str(out),
            ]
        )
        assert rc == 0
        outs.append(str(out))
    games = read_parquet(outs[1]).to_pylist()
    assert len(games) == 4 and {g["solver"] for g in games} == {"posterior"}
    assert all(len(g["letters"]) == g["guesses"] for g in games)
    summary = tmp_path / "summary.parquet"
    assert (
        main(
            [
                "build",
                "hangman-summary",
                "--in",
                *outs,
                "--out",
                str(summary),
                "--out-table",
                str(summary.with_suffix(".md")),
            ]
        )
        == 0
    )
    rows = read_parquet(summary).to_pylist()
    assert [r["solver"] for r in rows] == ["baseline", "posterior"]
    assert rows[1]["games"] == 4 and rows[1]["wins"] == sum(g["won"] for g in games)
    assert "| tiny | posterior | 4 |" in (tmp_path / "summary.md").read_text()


@pytest.mark.parametrize(
    ("solver", "options", "message"),
    [
        ("posterior", '{"bem": 8}', "unknown option 'bem' of solver 'posterior': choose from"),
        ("baseline", '{"beam": 8}', "unknown option 'beam' of solver 'baseline': it takes none"),
        ("oracle", "{}", "unknown solver 'oracle'"),
    ],
)
def test_build_eval_refuses_an_unknown_solver_option(
    tiny_lm, tmp_path, capsys, solver, options, message
):
    from wordgames.cli import main

    argv = ["build", "hangman-eval", "--phrases", str(PHRASES / "phrases.txt"), "--name", "t"]
    argv += ["--solver", solver, "--lm", str(tiny_lm["binary"]), "--unigrams"]
    argv += [str(tiny_lm["unigrams"]), "--options", options, "--lives", "3", "--min-count", "1"]
    assert main([*argv, "--out", str(tmp_path / "g.parquet")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err
    assert not (tmp_path / "g.parquet").exists()


def test_eval_phrase_file_not_utf8_is_one_line(tmp_path, capsys):
    # issue 12: a Latin-1 phrase file died with a UnicodeDecodeError traceback
    from wordgames.cli import main

    phrases = tmp_path / "latin1.txt"
    phrases.write_bytes("it's a sunny day\ncafé au lait\n".encode("latin-1"))
    assert main(["hangman", "eval", "--phrases", str(phrases)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"wordgames: error: {phrases} line 2 byte 20: not UTF-8 text (byte 0xe9); save it as UTF-8"
    ]


def test_domain_stage_then_category_and_domain_options(run, tiny_lm, tmp_path, capsys):
    from wordgames.artifacts import read_parquet
    from wordgames.cli import main

    lm, info = tmp_path / "domain.binary", tmp_path / "domain.json"
    argv = ["build", "hangman-domain", "--train", str(PHRASES / "domain-train.tsv")]
    argv += ["--lm", str(tiny_lm["binary"]), "--orders", "2", "3", "--weights", "0", "0.5"]
    argv += ["--folds", "2", "--memory", "50M", "--out", str(lm), "--out-info", str(info)]
    assert main(argv) == 0
    assert "in-domain LM: order" in capsys.readouterr().err
    chosen = json.loads(info.read_text())
    assert chosen["order"] in (2, 3) and chosen["weight"] in (0, 0.5)

    r = run("assist", "_ _____ ___", "--category", "Phrase", "--json", "--domain-lm", str(lm),
            "--domain-info", str(info))  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["category"] == "Phrase"

    out = tmp_path / "tiny-tsv.posterior+domain.parquet"
    argv = ["build", "hangman-eval", "--phrases", str(PHRASES / "phrases.tsv"), "--name", "tsv"]
    argv += ["--solver", "posterior", "--variant", "posterior+domain", "--lm"]
    argv += [str(tiny_lm["binary"]), "--unigrams", str(tiny_lm["unigrams"]), "--options", "{}"]
    argv += ["--lives", "3", "--min-count", "1", "--domain-lm", str(lm), "--domain-info"]
    argv += [str(info), "--no-categories", "--out", str(out)]
    assert main(argv) == 0
    games = read_parquet(out).to_pylist()
    assert {g["variant"] for g in games} == {"posterior+domain"}
    assert {g["category"] for g in games} == {None}  # --no-categories


def test_a_missing_domain_model_is_one_line(run, tmp_path):
    r = run("assist", "_ ___", "--domain-lm", str(tmp_path / "none.binary"), "--domain-info",
            str(tmp_path / "none.json"))  # fmt: skip
    assert r.returncode == 2
    assert "missing artifact" in r.stderr and "none.binary" in r.stderr
    assert "Traceback" not in r.stderr


def test_domain_stage_refuses_a_bad_weight(tiny_lm, tmp_path, capsys):
    from wordgames.cli import main

    argv = ["build", "hangman-domain", "--train", str(PHRASES / "domain-train.tsv")]
    argv += ["--lm", str(tiny_lm["binary"]), "--orders", "2", "--weights", "1.5"]
    argv += ["--folds", "2", "--memory", "50M", "--out", str(tmp_path / "d.binary")]
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--out-info", str(tmp_path / "d.json")])
    assert exit_info.value.code == 2
    assert "--weights: must be at most 1, got 1.5" in capsys.readouterr().err
    assert not (tmp_path / "d.binary").exists()
