"""Phrase lists (hangman.phrases.lists): their config, the table they make (one row per phrase and
source type, each type's priors summing to 1) and the one-line errors of a bad list or entry."""

from __future__ import annotations

import math

import pytest

from wordgames.config import load_config
from wordgames.errors import ConfigError, InputError
from wordgames.hangman.phrase_lists import PhraseList, lists_from_config, phrase_table


def _write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


def test_the_table_dedupes_and_each_types_priors_sum_to_one(tmp_path):
    wn = _write(
        tmp_path / "wn.tsv",
        "lemma\tlexname\n"
        "cotton candy\tnoun.food\n"
        "Cotton  Candy\tnoun.food\n"  # the same phrase once normalised: one row
        "cotton candy\tnoun.artifact\n"  # another type: a row of its own
        "supreme court\tnoun.group\n"
        "ice cream\tnoun.food\n"
        "\n"
        "1984\tnoun.time\n",  # no letters: left out
    )
    films = _write(tmp_path / "films.txt", "Star Wars\nstar wars\nThe Day After Tomorrow\n")
    long = _write(tmp_path / "long.txt", "one two three\na b c d e f g h i\n")
    lists = [
        PhraseList.from_config(
            "wn", {"header": True, "phrase": "lemma", "type": "lexname"}, str(wn)
        ),
        PhraseList.from_config("films", {"label": "Films"}, str(films)),
        PhraseList.from_config("long", {"max_words": 3}, str(long)),
    ]
    table = phrase_table(lists)
    rows = table.to_pylist()
    keys = [(r["norm"], r["source"]) for r in rows]
    assert len(keys) == len(set(keys))
    assert ("cotton candy", "wn:noun.food") in keys and ("cotton candy", "wn:noun.artifact") in keys
    assert ("star wars", "films") in keys and ("one two three", "long") in keys
    assert not any(r["norm"] == "a b c d e f g h i" for r in rows)  # more than max_words
    assert not any(r["source"] == "wn:noun.time" for r in rows)
    totals: dict[str, float] = {}
    for r in rows:
        totals[r["source"]] = totals.get(r["source"], 0.0) + r["prior"]
    assert totals and all(math.isclose(t, 1.0) for t in totals.values())
    cotton = next(r for r in rows if r["norm"] == "cotton candy")
    assert (cotton["shape"], cotton["letters"]) == ("6.5", "cottoncandy")
    assert [(r["shape"], r["letters"]) for r in rows] == sorted(
        (r["shape"], r["letters"]) for r in rows
    )


@pytest.mark.parametrize(
    "entry,message",
    [
        ({"header": True, "phrase": 1}, "a list with a header names its columns, got 1"),
        ({"header": True, "phrase": "lemma", "type": 2}, r"\.type: a list with a header"),
        ({"phrase": "lemma"}, "a list without a header numbers its columns from 1"),
        ({"phrase": 0}, "numbers its columns from 1, got 0"),
    ],
)
def test_a_column_of_the_wrong_kind_is_a_config_error(entry, message):
    with pytest.raises(ConfigError, match=message):
        PhraseList.from_config("wn", entry, "wn.tsv")


def test_the_plan_checks_every_list_file_or_not(tmp_path, monkeypatch):
    from wordgames.plan import hangman_phrase_lists

    monkeypatch.delenv("WORDGAMES_DATA", raising=False)  # "later" is under an unset {data_dir}

    here = _write(tmp_path / "here.txt", "star wars\n")
    lists = {
        "here": {"path": str(here)},
        "gone": {"path": str(tmp_path / "gone.txt")},
        "later": {"path": "{data_dir}/later.txt"},
    }
    cfg = load_config({"hangman": {"phrases": {"lists": lists}}})
    # a missing list is an error naming it; one under an unset {data_dir} is left out
    with pytest.raises(ConfigError, match=r"hangman\.phrases\.lists\.gone: no file .*gone\.txt"):
        hangman_phrase_lists(cfg)
    _write(tmp_path / "gone.txt", "a new hope\n")
    cfg = load_config({"hangman": {"phrases": {"lists": lists}}})
    assert [s.name for s in hangman_phrase_lists(cfg)] == ["here", "gone"]
    lists["gone"].update(header=True, phrase=2)
    cfg = load_config({"hangman": {"phrases": {"lists": lists}}})
    with pytest.raises(ConfigError, match=r"hangman\.phrases\.lists\.gone\.phrase"):
        hangman_phrase_lists(cfg)


@pytest.mark.parametrize(
    "phrases,message",
    [
        ({"lists": {"wn": {"path": "x", "colour": 1}}}, "'hangman.phrases.lists.wn.colour'"),
        ({"lists": {"wn": {"header": True}}}, "'path' is a required property"),
        ({"fold": 3}, "'hangman.phrases.fold'"),
        ({"kappas": []}, "hangman.phrases.kappas"),
        ({"folds": 1}, "hangman.phrases.folds"),
    ],
)
def test_unknown_or_bad_keys_fail_in_one_line(phrases, message):
    with pytest.raises(ConfigError, match=message) as info:
        load_config({"hangman": {"phrases": phrases}})
    assert "\n" not in str(info.value)


def test_the_defaults_and_the_resolved_paths(tmp_path):
    cfg = load_config(
        {
            "data_dir": str(tmp_path),
            "hangman": {"phrases": {"lists": {"wn": {"path": "{data_dir}/wn.tsv"}}}},
        }
    )
    phrases = cfg.settings.hangman.phrases
    assert (phrases.folds, phrases.kappas) == (5, [2, 10, 50, 250])
    entry = phrases.lists["wn"]
    assert (entry.header, entry.phrase, entry.type, entry.label, entry.max_words) == (
        False,
        1,
        None,
        None,
        8,
    )
    (spec,) = lists_from_config(cfg.section("hangman")["phrases"]["lists"], cfg.data_path)
    assert spec.path == str(tmp_path / "wn.tsv") and spec.source(None) == "wn"


@pytest.mark.parametrize(
    "content,entry,message",
    [
        (None, {}, r"phrase list wn: cannot read .*wn\.tsv \(No such file"),
        (b"caf\xe9 au lait\n", {}, r"wn\.tsv is not UTF-8 text \(byte 3\)"),
        (b"lemma\tpos\nx\tn\n", {"header": True, "phrase": "word"}, r"has no column 'word'"),
        (b"a\tb\nc\n", {"type": 2}, r"wn\.tsv line 2 has 1 column\(s\)"),
    ],
)
def test_a_bad_list_fails_in_one_line_naming_its_file(tmp_path, content, entry, message):
    path = tmp_path / "wn.tsv"
    if content is not None:
        path.write_bytes(content)
    spec = PhraseList.from_config("wn", entry, str(path))
    with pytest.raises(InputError, match=message) as info:
        phrase_table([spec])
    assert "\n" not in str(info.value)
