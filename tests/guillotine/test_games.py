from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.errors import InputError
from wordgames.guillotine.games import Game, normalize, overlapping, read_games, tokenize

DATA = Path(__file__).resolve().parents[1] / "data" / "guillotine"
EXPECTED = [
    (("pane", "gioco", "testa", "osso", "zoccolo"), "duro"),
    (("mare", "sale", "acqua", "onda", "citta"), "porto"),
    (("colpo", "fulmine", "cielo", "sereno", "citta"), "tempesta"),
]


@pytest.mark.parametrize(
    "name", ["games.json", "games.xml", "games.jsonl", "games.csv", "games.tsv"]
)
def test_every_format_reads_the_same_normalised_games(name):
    games = read_games(DATA / name)
    assert [(g.clues, g.solution) for g in games] == EXPECTED


@pytest.mark.parametrize(
    "raw, norm",
    [
        ("Città", "citta"),
        ("citta'", "citta"),
        ("CITTÀ", "citta"),
        ("città", "citta"),
        ("perché", "perche"),
        ("E'", "e"),
        ("po'", "po"),
        ("dell'", "dell'"),
        ("l\u2019anno", "l'anno"),
        ("  X   Men ", "x men"),
        ("Pane", "pane"),
    ],
)
def test_normalize_case_apostrophes_accents(raw, norm):
    assert normalize(raw) == norm


def test_tokenize_splits_elisions_after_the_apostrophe():
    assert tokenize("Dell\u2019anno, la Città è bella!") == [
        "dell'",
        "anno",
        "la",
        "citta",
        "e",
        "bella",
    ]


@pytest.mark.parametrize(
    "name, where",
    [
        ("bad.jsonl", "line 2"),
        ("bad.xml", "line"),
        ("missing.json", "missing w5"),
    ],
)
def test_bad_files_name_the_place(name, where):
    with pytest.raises(InputError, match=where):
        read_games(DATA / name)


def test_unknown_format_and_missing_file(tmp_path):
    with pytest.raises(InputError, match="unknown game file format"):
        p = tmp_path / "g.txt"
        p.write_text("x")
        read_games(p)
    with pytest.raises(InputError, match="not found"):
        read_games(tmp_path / "nope.json")


def test_overlap_excludes_games_sharing_four_or_more_clues():
    evaluated = [Game(("a", "b", "c", "d", "e"), "x")]
    pool = [
        Game(("a", "b", "c", "d", "e"), "x"),  # same game
        Game(("a", "b", "c", "d", "z"), "y"),  # 4 shared
        Game(("a", "b", "c", "y", "z"), "x"),  # 3 shared: kept
        Game(("f", "g", "h", "i", "j"), "x"),
    ]
    assert overlapping(pool, evaluated) == {0, 1}
    assert overlapping(pool, evaluated, min_shared=3) == {0, 1, 2}
