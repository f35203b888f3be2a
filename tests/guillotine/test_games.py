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


def test_csv_header_without_clue_columns_is_an_input_error(tmp_path):
    # found by the game-file fuzzer (issue 12): max() of no clue columns raised ValueError
    path = tmp_path / "g.csv"
    path.write_text("solution\nduro\n")
    with pytest.raises(InputError, match=r"g\.csv line 1: the header names 0 clue columns"):
        read_games(path)


@pytest.mark.parametrize("suffix", [".json", ".jsonl", ".csv", ".tsv"])
def test_game_file_not_utf8_names_line_and_byte(tmp_path, suffix):
    path = tmp_path / f"g{suffix}"
    path.write_bytes("pane,gioco,testa,osso,zoccolo,duro\ncittà".encode("latin-1"))
    with pytest.raises(InputError, match=rf"g\{suffix} line 2 byte 39: not UTF-8"):
        read_games(path)


@pytest.mark.parametrize(
    "item",
    [
        '{"clues": null}',
        '{"clues": "abcde"}',
        '{"clues": [1, 2, 3, 4, 5]}',
        '{"clues": ["a", "b", "c", "d", "e"], "solution": [1]}',
    ],
)
def test_clues_and_solution_of_the_wrong_type_are_input_errors(tmp_path, item):
    # found by the game-file fuzzer (issue 12): null clues raised TypeError; a string of five
    # letters was read as five clues
    path = tmp_path / "g.jsonl"
    path.write_text(item + "\n")
    with pytest.raises(InputError, match=r"g\.jsonl line 1: the (clues|solution) must be"):
        read_games(path)


def test_configured_sets_keep_present_files_and_solved_games(tmp_path):
    from wordgames.config import load_config
    from wordgames.guillotine.games import configured_sets

    (tmp_path / "a.jsonl").write_text(
        '{"clues": ["pane", "gioco", "testa", "osso", "zoccolo"], "solution": "duro"}\n'
        '{"clues": ["mare", "sale", "acqua", "onda", "vento"]}\n',
        encoding="utf-8",
    )
    cfg = load_config(
        {
            "data_dir": str(tmp_path),
            "guillotine": {"games": {"a": "{data_dir}/a.jsonl", "b": "{data_dir}/absent.jsonl"}},
        }
    )
    sets = configured_sets(cfg)
    assert list(sets) == ["a"]
    assert [g.solution for g in sets["a"]] == ["duro"]
