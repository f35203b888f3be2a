"""Wordle lists from a corpus and a lexicon: the rules of docs/wordle.md, the two lexicons, the stages."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from wordgames.errors import InputError
from wordgames.wordle.lexicon_lists import build_lists, fold, lemma_like, read_lexicon
from wordgames.wordle.words import load_lists

# form -> part of speech -> lemmas, as the readers return them
LEX = {
    "città": {"noun": {"città"}},
    "citta": {"noun": {"citta"}},  # folds onto the same word: counts add up
    "campo": {"noun": {"campo"}},
    "campi": {"noun": {"campo"}},  # plural only
    "porta": {"noun": {"porta"}, "verb": {"portare"}},  # noun and verb form: kept
    "parlo": {"verb": {"parlare"}},  # conjugated only
    "amare": {"verb": {"amare"}, "adj": {"amaro"}},  # infinitive (and a plural adjective)
    "bello": {"adj": {"bello"}},
    "bella": {"adj": {"bello"}},  # feminine only
    "paris": {"propn": {"paris"}},  # proper noun only: neither allowed nor an answer
    "sotto": {"adp": {"sotto"}, "adj": {"sotto"}},  # a function word: allowed, never an answer
    "caffè": {"noun": {"caffè"}},
    "kiwi": {"noun": {"kiwi"}},  # four letters
    "fjørd": {"noun": {"fjørd"}},  # outside a-z even after folding
}
COUNTS = Counter(
    {
        "città": 30,
        "citta": 5,
        "campo": 50,
        "campi": 40,
        "porta": 20,
        "parlo": 60,
        "amare": 20,
        "bello": 20,
        "bella": 25,
        "paris": 99,
        "sotto": 70,
        "caffè": 15,
        "kiwi": 90,
        "fjørd": 90,
    }
)


def test_rules_of_the_lists():
    lists = build_lists(COUNTS, LEX, length=5, answers=10, answer_min_count=1)
    assert lists.allowed == [
        "amare",
        "bella",
        "bello",
        "caffe",
        "campi",
        "campo",
        "citta",
        "parlo",
        "porta",
        "sotto",
    ]
    # most frequent first, ties alphabetical; citta = 30 + 5
    assert lists.answers == ["campo", "citta", "amare", "bello", "porta", "caffe"]
    assert set(lists.answers) <= set(lists.allowed)
    assert lists.stats["answers"] == 6 and lists.stats["last_answer_count"] == 15


def test_sizes_counts_parts_of_speech_and_accents():
    assert build_lists(COUNTS, LEX, length=5, answers=2).answers == ["campo", "citta"]
    assert build_lists(COUNTS, LEX, length=5, answers=9, answer_min_count=25).answers == [
        "campo",
        "citta",
    ]
    only_nouns = build_lists(COUNTS, LEX, length=5, answers=9, answer_pos=["noun"])
    assert only_nouns.answers == ["campo", "citta", "porta", "caffe"]
    kept = build_lists(COUNTS, LEX, length=5, answers=9, fold_accents=False)
    assert "città" not in kept.allowed and "citta" in kept.allowed  # not a-z: left out
    assert "caffe" not in kept.allowed
    assert kept.answers == ["campo", "amare", "bello", "porta", "citta"]  # citta: 5 alone
    assert build_lists(COUNTS, LEX, length=4, answers=3).answers == ["kiwi"]
    assert (
        "sotto"
        not in build_lists(COUNTS, LEX, length=5, answers=9, alphabet="abcdeilmnoprt").allowed
    )
    seen_twice = build_lists(COUNTS, LEX, length=5, answers=9, min_count=21)
    assert "porta" not in seen_twice.allowed and "porta" not in seen_twice.answers
    with pytest.raises(InputError, match="no lemma-like word of 6 letters"):
        build_lists(COUNTS, LEX, length=6, answers=3)
    with pytest.raises(InputError, match="unknown answer part of speech 'adv'"):
        build_lists(COUNTS, LEX, length=5, answers=3, answer_pos=["adv"])


def test_fold():
    assert fold("Città", True) == "citta" and fold("Città", False) == "città"
    assert fold("perché", True) == "perche"


def test_lemminflect_lexicon():
    pytest.importorskip("lemminflect")
    en = read_lexicon("lemminflect")
    pos = ["noun", "adj", "verb"]
    assert lemma_like("crane", en["crane"], pos) and lemma_like("saw", en["saw"], pos)
    assert not lemma_like("taken", en["taken"], pos)  # a participle only
    assert not lemma_like("cranes", en["cranes"], pos)  # a plural (and a conjugated verb) only
    assert "things" in en["things"]["noun"]  # listed as a noun of its own, and as thing's plural:
    assert not lemma_like("things", en["things"], pos)  # not lemma-like
    assert set(en["paris"]) == {"propn"}  # capitalised in the lexicon: a proper noun
    lists = build_lists(
        Counter({"crane": 3, "cranes": 9, "taken": 9, "paris": 9, "slate": 2}),
        en,
        length=5,
        answers=5,
        answer_min_count=1,
    )
    assert lists.answers == ["crane", "slate"] and "paris" not in lists.allowed
    assert "taken" in lists.allowed and "cranes" not in lists.allowed  # six letters


def test_morphit_lexicon():
    it = read_lexicon("morphit")
    pos = ["noun", "adj", "verb"]
    assert lemma_like("casa", it["casa"], pos) and not lemma_like("case", it["case"], pos)
    assert lemma_like("amare", it["amare"], pos) and not lemma_like("parlo", it["parlo"], pos)
    assert "noun" in it["città"]  # accents kept: folded only when the lists are built
    assert set(it["maria"]) == {"propn"}  # capitalised in the table: a proper noun
    assert not lemma_like("tutto", it["tutto"], pos)  # also a determiner and a pronoun


def test_build_stage_writes_lists_the_game_reads(tmp_path):
    from wordgames.cli import main

    tokens = tmp_path / "tokens.txt"
    tokens.write_text("il campo e la porta\nla città bella\ncampi campi campo porta città\n")
    out = {k: tmp_path / f"{k}.txt" for k in ("answers", "allowed")}
    code = main(
        [
            "build",
            "wordle-list",
            "--tokens",
            str(tokens),
            "--lexicon",
            "morphit",
            "--length",
            "5",
            "--answers",
            "3",
            "--answer-min-count",
            "1",
            "--out-answers",
            str(out["answers"]),
            "--out-allowed",
            str(out["allowed"]),
            "--out-json",
            str(tmp_path / "lists.json"),
        ]
    )
    assert code == 0
    guesses, answers = load_lists(out["answers"], out["allowed"], 5)
    assert answers == ["campo", "citta", "porta"]
    assert {"campi", "campo", "citta", "porta", "bella"} <= set(guesses)
    stats = json.loads((tmp_path / "lists.json").read_text())
    assert stats["answers"] == 3 and stats["lexicon"] == "morphit"


def test_solve_stage_and_summary(tmp_path, capsys):
    """Optimal (proved over every opener) beside the greedy strategies, on the suite's small lists."""
    from pathlib import Path

    from wordgames.cli import main

    lists = Path(__file__).resolve().parents[1] / "data" / "wordle"

    def solve(out, strategies, *extra):
        args = ["build", "wordle-list-solve", "--answers", str(lists / "answers-small.txt")]
        args += ["--guesses", str(lists / "allowed-small.txt"), "--length", "5"]
        return main([*args, "--strategies", strategies, *extra, "--out", str(out)])

    out = tmp_path / "solve-normal.json"
    assert solve(out, "entropy,minimax") == 0
    sol = json.loads(out.read_text())
    assert sol["optimal"]["opener"] == "chart" and sol["optimal"]["total"] == 123
    assert set(sol["strategies"]) == {"entropy", "minimax"}
    for s in sol["strategies"].values():
        assert s["total"] >= sol["optimal"]["total"]  # nothing beats the optimum
    (tmp_path / "lists.json").write_text(json.dumps({"length": 5}))
    md = tmp_path / "summary.md"
    assert (
        main(
            [
                "build",
                "wordle-lists-summary",
                "--names",
                "small",
                "--lists",
                str(tmp_path / "lists.json"),
                "--solutions",
                str(out),
                "--out-md",
                str(md),
            ]
        )
        == 0
    )
    assert "| small | 5 | 50 | 71 | normal | **CHART** 123 / 2.4600 |" in md.read_text()

    quick = tmp_path / "solve-quick.json"
    assert solve(quick, "entropy", "--heuristic-openers", "3") == 0
    opt = json.loads(quick.read_text())["optimal"]
    assert opt["heuristic"] and opt["proved_over_openers"] == 3 and opt["total"] >= 123


@pytest.mark.parametrize("alphabet", ["", "àè", "ab#", "ABC", "0"])
def test_an_alphabet_outside_a_z_is_refused(alphabet):
    # found by the list builder's fuzzer (issue 12): with alphabet "0" a list of "00" was written,
    # which the next stage (wordle-list-solve) refused
    with pytest.raises(InputError, match="give letters of a-z"):
        build_lists({"00": 5}, {"00": {"noun": {"00"}}}, length=2, answers=1, alphabet=alphabet)
