"""The phrase lists through the command line and the service: the hangman-phrases stage on the tiny
test config's lists, its one-line errors, and the games played with and without the lists."""

from __future__ import annotations

import json
import re

import pytest
from tiny_pipeline import REPO, merged_fragments

from wordgames import paths, plan
from wordgames.cli import main
from wordgames.config import load_config
from wordgames.errors import ArtifactMissingError
from wordgames.hangman.service import HangmanService

TRAIN = REPO / "tests" / "data" / "hangman" / "domain-train.tsv"


def _build(lm, lists: list[str], out, *extra: str) -> list[str]:
    argv = ["build", "hangman-phrases", "--train", str(TRAIN), "--lm", str(lm)]
    for item in lists:
        argv += ["--list", item]
    argv += ["--folds", "2", "--kappas", "2", "10", *extra]
    return [*argv, "--out-table", str(out / "t.parquet"), "--out-info", str(out / "i.json")]


def _entry(path, **keys) -> str:
    return json.dumps({"path": str(path), **keys})


@pytest.fixture(scope="module")
def tiny_config(tiny_lm, tmp_path_factory):
    """The tiny test config (its two lists, tests/data/hangman) with its phrase channel built by
    the stage's command, as the rule runs it."""
    out = tmp_path_factory.mktemp("phrases")
    cfg = load_config({**merged_fragments(), "results_dir": str(out / "results")})
    assert plan.hangman_phrases(cfg)
    keys = ("header", "phrase", "type", "label", "max_words")
    lists = [
        f"{spec.name}={_entry(spec.path, **{k: getattr(spec, k) for k in keys})}"
        for spec in plan.hangman_phrase_lists(cfg)
    ]
    assert [item.split("=")[0] for item in lists] == ["wordnet", "titles"]
    argv = _build(tiny_lm["binary"], lists, out)[:-4]
    argv += ["--out-table", str(paths.hangman_phrases_table(cfg))]
    assert main([*argv, "--out-info", str(paths.hangman_phrases_info(cfg))]) == 0
    return cfg


@pytest.mark.parametrize(
    "content,keys,message",
    [
        (None, {}, r"phrase list wn: cannot read \S*wn\.tsv \(No such file or directory\)"),
        (b"caf\xe9 au lait\n", {}, r"phrase list wn: \S*wn\.tsv is not UTF-8 text"),
        (
            b"lemma\tlexname\nbeach ball\tnoun.artifact\n",
            {"header": True, "phrase": "word"},
            r"\S*wn\.tsv has no column 'word' \(its header: lemma, lexname\)",
        ),
        (b"beach ball\tnoun.artifact\nball gown\n", {"type": 2}, r"\S*wn\.tsv line 2 has 1 column"),
        (
            b"lemma\tlexname\n",
            {"header": True, "phrase": 1},
            r"hangman\.phrases\.lists\.wn\.phrase: a list with a header names its columns",
        ),
        (b"x\n", {"colour": "red"}, r"--list wn: unknown key 'colour'"),
    ],
)
def test_a_bad_list_is_one_line_and_exit_2(tiny_lm, tmp_path, capsys, content, keys, message):
    path = tmp_path / "wn.tsv"
    if content is not None:
        path.write_bytes(content)
    code = main(_build(tiny_lm["binary"], [f"wn={_entry(path, **keys)}"], tmp_path))
    err = capsys.readouterr().err
    assert code == 2
    lines = [line for line in err.splitlines() if line.startswith("wordgames: error:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert re.search(message, lines[0]), lines[0]
    assert not (tmp_path / "t.parquet").exists() and not (tmp_path / "i.json").exists()


def test_the_stage_writes_the_table_and_the_weights(tiny_config):
    info = json.loads(paths.hangman_phrases_info(tiny_config).read_text())
    assert info["labels"] == {"wordnet": "WordNet", "titles": "titles"}
    assert "wordnet:noun.person" in info["types"] and "titles" in info["types"]
    assert info["answers"] == 12 and 0 < info["lam"][""] < 1
    assert info["kappa"] in (2, 10) and info["selection"]["folds"] == 2


def test_the_service_of_the_config_plays_with_the_lists_unless_told_not_to(tiny_config, tiny_lm):
    service = HangmanService.from_config(
        tiny_config, lm=tiny_lm["binary"], unigrams=tiny_lm["unigrams"]
    )
    assert service.has_phrases
    channel = service.load_phrases()
    assert channel is not None and service.load_phrases() is channel  # read once
    assert service.solver("posterior").res.phrases is channel
    assert service.solver("posterior", phrase_lists=False).res.phrases is None
    assert service.solver("baseline").res.phrases is None  # no LM, no lists
    advice = service.assist("_____ ______", category="Occupation")
    assert advice.guess.isalpha()
    played = service.play("court jester", category="Occupation", phrase_lists=False)
    assert all(s.decision.reason is None for s in played.steps)
    records = service.evaluate(["court jester"], "posterior", phrase_lists=False)
    assert len(records) == 1


def test_a_config_without_lists_has_no_channel(tiny_lm, tmp_path):
    cfg = load_config({"results_dir": str(tmp_path)})
    service = HangmanService.from_config(cfg, lm=tiny_lm["binary"], unigrams=tiny_lm["unigrams"])
    assert not service.has_phrases and service.load_phrases() is None
    assert service.solver("posterior").res.phrases is None


def test_a_channel_not_built_yet_is_the_missing_artifact_line(tiny_lm, tmp_path):
    cfg = load_config({**merged_fragments(), "results_dir": str(tmp_path / "results")})
    service = HangmanService.from_config(cfg, lm=tiny_lm["binary"], unigrams=tiny_lm["unigrams"])
    with pytest.raises(ArtifactMissingError, match=r"missing artifact .*table\.parquet.*--no-ph"):
        service.assist("_____ ______")
    assert service.assist("_____ ______", phrase_lists=False).guess.isalpha()


def _cli(tiny_lm, cfg, capsys, *args: str) -> tuple[int, str, str]:
    code = main(
        [
            "hangman",
            *args,
            "--configfile",
            str(REPO / "config" / "config.yaml"),
            "--lm",
            str(tiny_lm["binary"]),
            "--unigrams",
            str(tiny_lm["unigrams"]),
            "--phrases-table",
            str(paths.hangman_phrases_table(cfg)),
            "--phrases-info",
            str(paths.hangman_phrases_info(cfg)),
        ]
    )
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_and_assist_print_the_reason_beside_the_guess(tiny_config, tiny_lm, capsys):
    code, out, err = _cli(
        tiny_lm, tiny_config, capsys, "solve", "cotton candy", "--category", "Food & Drink"
    )
    assert code == 0, err
    assert "(cotton candy: WordNet noun.food)" in out
    code, out, err = _cli(
        tiny_lm, tiny_config, capsys, "solve", "cotton candy", "--no-phrases", "--solver", "seed"
    )
    assert code == 0 and "WordNet" not in out, err
    code, out, err = _cli(
        tiny_lm, tiny_config, capsys, "assist", "c_tt__ c____", "--category", "Food & Drink"
    )
    assert code == 0 and out.startswith("guess: "), err
    assert "(cotton candy: WordNet noun.food)" in out.splitlines()[0]
    code, out, err = _cli(tiny_lm, tiny_config, capsys, "assist", "c_tt__ c____", "--json")
    assert code == 0 and "reason" in json.loads(out), err


def test_eval_records_whether_the_lists_played(tiny_config, tiny_lm, capsys, tmp_path):
    phrases = tmp_path / "p.txt"
    phrases.write_text("court jester\nbeach ball\n")
    for flags, used in (((), True), (("--no-phrases",), False)):
        code, out, err = _cli(
            tiny_lm, tiny_config, capsys, "eval", "--phrases", str(phrases), "--json", *flags
        )
        assert code == 0, err
        summary = json.loads(out)
        assert summary["phrase_lists"] is used and summary["games"] == 2


def test_the_web_answers_carry_the_reason(tiny_config, tiny_lm):
    from wordgames.web.hangman import HangmanWeb

    service = HangmanService.from_config(
        tiny_config, lm=tiny_lm["binary"], unigrams=tiny_lm["unigrams"]
    )
    web = HangmanWeb(service)
    assert web.phrase_lists and web.info()["phrase_lists"] is True
    advice = web.assist("c_tt__ c____", "", "posterior", 3, category="Food & Drink")
    assert advice["reason"] == "cotton candy: WordNet noun.food"
    played = web.play("beach ball", "baseline")
    assert all(step["reason"] is None for step in played["steps"])
    off = HangmanWeb(service, phrase_lists=False)
    assert off.assist("c_tt__ c____", "", "posterior", 3)["reason"] is None
