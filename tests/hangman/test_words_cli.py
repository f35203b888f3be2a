"""``wordgames hangman word-*`` and the ``build hangman-words-*`` stages on the tiny word list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordgames.cli import main

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "data" / "hangman-words.txt"
CONFIG = str(REPO / "config" / "config.yaml")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("words")
    parts = {p: out / f"{p}.txt" for p in ("train", "test", "validation")}
    args = ["build", "hangman-words-split", "--dictionary", str(FIXTURE), "--seed", "20"]
    args += ["--test-fraction", "0.1", "--validation", "20", "--out-json", str(out / "split.json")]
    for p, path in parts.items():
        args += [f"--out-{p}", str(path)]
    assert main(args) == 0
    model = out / "charmodel.npz"
    cmd = ["build", "hangman-words-model", "--train", str(parts["train"]), "--order", "5"]
    assert main([*cmd, "--dense-order", "3", "--out", str(model)]) == 0
    return out, parts, model


def test_split_json(built):
    out, parts, _ = built
    info = json.loads((out / "split.json").read_text())
    assert info["seed"] == 20 and info["sizes"]["test"] == 47 and info["sizes"]["train"] == 425
    assert len(parts["test"].read_text().split()) == 47
    assert set(info["md5"]) == {"train", "test", "validation", "inner"}


def test_eval_and_summary(built, tmp_path):
    out, parts, model = built
    games = []
    for solver in ("pattern", "ngram"):
        path = tmp_path / f"{solver}.parquet"
        args = ["build", "hangman-words-eval", "--train", str(parts["train"]), "--test"]
        args += [str(parts["test"]), "--model", str(model), "--solver", solver, "--lives", "6"]
        opts = {"budget": 10**6, "enumerate": 2000, "kappa": None, "exclude_training": True}
        args += ["--limit", "10", "--options", json.dumps(opts), "--out", str(path)]
        assert main(args) == 0
        games.append(str(path))
    md = tmp_path / "summary.md"
    args = ["build", "hangman-words-summary", "--in", *games, "--split", str(out / "split.json")]
    assert main([*args, "--out", str(tmp_path / "s.parquet"), "--out-table", str(md)]) == 0
    text = md.read_text()
    assert "| pattern | 10 |" in text and "| ngram | 10 |" in text and "seed 20" in text


def eval_args(built, solver: str, out: Path, *extra: str) -> list[str]:
    _, parts, model = built
    args = ["build", "hangman-words-eval", "--train", str(parts["train"]), "--test"]
    args += [str(parts["test"]), "--model", str(model), "--solver", solver, "--lives", "6"]
    opts = {"budget": 10**6, "enumerate": 2000, "kappa": None, "exclude_training": True}
    return [*args, "--limit", "9", "--options", json.dumps(opts), "--out", str(out), *extra]


def test_shards_joined_play_the_same_games(built, tmp_path):
    import pyarrow.parquet as pq

    whole, joined = tmp_path / "whole.parquet", tmp_path / "joined.parquet"
    assert main(eval_args(built, "ngram", whole)) == 0
    shards = [tmp_path / f"ngram-{i}.parquet" for i in range(2)]
    for i, path in enumerate(shards):
        assert main(eval_args(built, "ngram", path, "--shard", f"{i}/2")) == 0
    assert [pq.read_table(p).num_rows for p in shards] == [4, 5]
    merge = ["build", "hangman-words-merge", "--in", *map(str, shards), "--out", str(joined)]
    assert main(merge) == 0
    timing = ["ms_median", "ms_max"]
    a, b = (pq.read_table(p).drop_columns(timing).to_pylist() for p in (whole, joined))
    assert a == b and len(a) == 9


def test_shards_of_two_solvers_are_not_joined(built, tmp_path, capsys):
    paths = [tmp_path / f"{s}.parquet" for s in ("pattern", "ngram")]
    for solver, path in zip(("pattern", "ngram"), paths, strict=True):
        assert main(eval_args(built, solver, path, "--shard", "0/3")) == 0
    merge = ["build", "hangman-words-merge", "--in", *map(str, paths)]
    assert main([*merge, "--out", str(tmp_path / "m.parquet")]) == 2
    assert "shards of different solvers: ngram, pattern" in capsys.readouterr().err
    assert not (tmp_path / "m.parquet").exists()


def test_a_shard_past_the_last_is_one_line(built, tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(eval_args(built, "pattern", tmp_path / "p.parquet", "--shard", "2/2"))
    err = capsys.readouterr().err
    assert info.value.code == 2 and "'2/2' is not K/N with 0 <= K < N" in err
    assert err.count("\n") == 1


def game_args(built):
    _, parts, model = built
    return ["--model", str(model), "--train", str(parts["train"]), "--configfile", CONFIG]


def test_word_solve(built, capsys):
    assert main(["hangman", "word-solve", "garden", "--solver", "ngram", *game_args(built)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["stage", "errors", "board", "p", "guess"]
    assert "ngram: " in out and "of 6 lives" in out


def test_word_assist_json(built, capsys):
    args = ["hangman", "word-assist", "h_lp__g", "--wrong", "xz", "--json", *game_args(built)]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pattern"] == "h_lp__g" and out["guess"] not in "hlpgxz"
    assert out["letters"][0]["letter"] == out["guess"]


def test_word_eval(built, capsys):
    _, parts, _ = built
    args = ["hangman", "word-eval", "--words", str(parts["test"]), "--limit", "5", "--json"]
    assert main([*args, *game_args(built)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["lives"] == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["word-solve", "don't"], "letters a-z"),
        (["word-assist", "h_lp x_"], "not one word"),
        (["word-assist", "h_lp", "--wrong", "h"], "impossible state"),
    ],
)
def test_bad_input_is_one_line(built, capsys, args, message):
    assert main(["hangman", *args, *game_args(built)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_missing_model_names_the_pipeline(tmp_path, capsys):
    args = ["hangman", "word-assist", "h_lp", "--model", str(tmp_path / "none.npz")]
    assert main([*args, "--configfile", CONFIG]) == 2
    err = capsys.readouterr().err
    assert "character model not found" in err and "snakemake --configfile" in err


def test_a_bad_dictionary_line_is_named(tmp_path, capsys):
    bad = tmp_path / "words.txt"
    bad.write_text("cat\nDog\n")
    args = ["build", "hangman-words-split", "--dictionary", str(bad), "--seed", "1"]
    args += ["--test-fraction", "0.5", "--validation", "0", "--out-json", str(tmp_path / "s.json")]
    for p in ("train", "test", "validation"):
        args += [f"--out-{p}", str(tmp_path / f"{p}.txt")]
    assert main(args) == 2
    assert f"{bad} line 2" in capsys.readouterr().err


def test_lives_take_the_schema_range(built, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["hangman", "word-solve", "cat", "--lives", "0", *game_args(built)])
    assert exc.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def test_model_with_a_network_saves_and_loads_the_mixture(built, tmp_path, capsys):
    from wordgames.hangman.words.neural import MixedCharModel, load_model

    _, parts, plain = built
    net = {"epochs": 1, "context": 4, "hidden": 8, "weight": 0.7, "seed": 3}
    cmd = ["build", "hangman-words-model", "--train", str(parts["train"]), "--order", "5"]
    cmd += ["--dense-order", "3", "--neural", json.dumps(net), "--out", str(tmp_path / "m.npz")]
    assert main(cmd) == 0
    assert "epoch 1/1" in capsys.readouterr().err
    model = load_model(tmp_path / "m.npz")
    assert isinstance(model, MixedCharModel) and model.weight == 0.7
    assert model.neural.context == 4
    assert not isinstance(load_model(plain), MixedCharModel)
    assert model.logprob("abc") != pytest.approx(load_model(plain).logprob("abc"))
    net["context"] = 5
    cmd[cmd.index("--neural") + 1] = json.dumps(net)
    assert main(cmd) == 2
    assert "neural context 5 exceeds order - 1 = 4" in capsys.readouterr().err
    cmd[cmd.index("--neural") + 1] = json.dumps({"epochs": 1, "layers": 3})
    assert main(cmd) == 2
    assert "unknown key(s) layers" in capsys.readouterr().err
