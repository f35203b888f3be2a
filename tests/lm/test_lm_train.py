from __future__ import annotations

import sys
from pathlib import Path

import pytest

from wordgames.errors import InputError, ToolMissingError
from wordgames.lm import train
from wordgames.lm.model import LanguageModel

TINY = Path(__file__).resolve().parents[1] / "data" / "lm" / "tiny.txt"


def test_missing_tool_names_packages_and_make_setup(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDGAMES_KENLM_BIN", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    with pytest.raises(ToolMissingError) as err:
        train.find_tool("lmplz")
    msg = str(err.value)
    assert "make setup" in msg and "libboost-program-options-dev" in msg and "\n" not in msg


def test_lmplz_command_flags(monkeypatch, tmp_path):
    monkeypatch.setattr(train, "find_tool", lambda name: Path("/bin") / name)
    cmd = train.lmplz_command(order=5, prune=[0, 0, 1], memory="1G", discount_fallback=True)
    assert cmd[1:5] == ["-o", "5", "-S", "1G"]
    assert cmd[cmd.index("--prune") + 1 :][:3] == ["0", "0", "1"]
    assert "--discount_fallback" in cmd
    plain = train.lmplz_command(order=3, prune=[0, 0, 0])
    assert "--prune" not in plain and "--discount_fallback" not in plain


def test_tiny_model_scores_fluent_text_higher(tiny_lm):
    lm = LanguageModel(tiny_lm["binary"])
    assert lm.order == 3
    assert "sunny" in lm and "zyzzyva" not in lm
    good = lm.score_sentence(["it's", "a", "sunny", "day"])
    bad = lm.score_sentence(["day", "sunny", "a", "it's"])
    assert good > bad
    lp, state = lm.advance(lm.begin(), "it's")
    lp2, _ = lm.advance(state, "a")
    assert lp < 0 and lp2 < 0
    assert abs(lm.score_sentence(["it's", "a"], eos=False) - (lp + lp2)) < 1e-4


def test_arpa_loads_too(tiny_lm):
    assert LanguageModel(tiny_lm["arpa"], load="read").order == 3


def test_unigram_counts(tiny_lm):
    from wordgames.artifacts import read_parquet

    t = read_parquet(tiny_lm["unigrams"]).to_pydict()
    counts = dict(zip(t["word"], t["count"], strict=True))
    text = TINY.read_text().split()
    assert counts["the"] == text.count("the")
    assert counts["it's"] == text.count("it's")
    assert t["count"] == sorted(t["count"], reverse=True)


def test_failed_lmplz_leaves_no_model(tiny_lm, tmp_path):
    # order 5 on a 300-word text cannot estimate Kneser-Ney discounts without the fallback
    target = tmp_path / "lm" / "model.arpa"
    with pytest.raises(InputError) as err:
        train.train_arpa(TINY, target, order=5, memory="100M", discount_fallback=False)
    assert "lmplz failed" in str(err.value)
    assert not target.exists()
    assert list(target.parent.iterdir()) == []


def test_empty_token_file_is_rejected(tmp_path):
    empty = tmp_path / "tokens.txt"
    empty.write_text("")
    with pytest.raises(InputError, match="empty"):
        train.train_arpa(empty, tmp_path / "m.arpa")


def test_build_binary_rejects_unknown_type(tiny_lm, tmp_path):
    with pytest.raises(InputError, match="binary type"):
        train.build_binary(tiny_lm["arpa"], tmp_path / "m.binary", "hash")


def test_not_a_model(tmp_path):
    bogus = tmp_path / "x.binary"
    bogus.write_text("hello")
    with pytest.raises(InputError, match="not a KenLM model"):
        LanguageModel(bogus)


def test_build_lm_cli(tiny_lm, tmp_path):
    from wordgames.cli import main

    out = tmp_path / "lm"
    rc = main(
        [
            "build",
            "lm",
            "--in",
            str(TINY),
            "--arpa",
            str(out / "model.arpa"),
            "--binary",
            str(out / "model.binary"),
            "--unigrams",
            str(out / "uni.parquet"),
            "--order",
            "3",
            "--memory",
            "100M",
            "--discount-fallback",
            "--binary-type",
            "probing",
        ]
    )
    assert rc == 0
    assert (out / "model.binary").stat().st_size > 0
    assert LanguageModel(out / "model.binary").order == 3
