"""The configured knowledge tables (guillotine.links.tables): each reader on a tiny invented table,
the one-line errors, the stage's --table option, and the links shown as their table's line."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from wordgames.cli import main
from wordgames.errors import ConfigError, InputError
from wordgames.guillotine.phrases import Phrases
from wordgames.guillotine.table_links import TableSpec, table_lines, table_links

SYNSETS = (
    "pwn30_synset\tlemmi_it\tdefinizioni_it\tesempi_it\n"
    "00001-n\tsvista | abbaglio | colpo di testa\terrore commesso per distrazione\tun abbaglio\n"
    "00002-n\tpane\talimento di farina\t\n"
)
QUIZ = (
    "risposta\tindizio\tfile\nTesoro\tChi trova un amico trova un...\tq.js\nAcqua\tdisseta\tq.js\n"
)


def _spec(tmp_path, name, text, reader, columns, window=0, pattern="quiz"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    entry = {"reader": reader, "columns": columns, "window": window}
    return TableSpec.from_config(pattern, entry, str(f))


def test_synsets_give_synonyms_locutions_and_definitions(tmp_path):
    cols = {"synset": "pwn30_synset", "lemmas": "lemmi_it", "definition": "definizioni_it"}
    spec = _spec(tmp_path, "s.tsv", SYNSETS, "synsets", cols, pattern="italwordnet")
    links = table_links("italwordnet", spec)
    assert links[("abbaglio", "svista")] == 1  # one-word lemmas of one synset
    assert links[("colpo", "testa")] == 1  # the words of a multiword lemma
    assert links[("svista", "errore")] == 1 and links[("pane", "farina")] == 1  # definitions
    # the examples column is not read: "un abbaglio" links nothing
    assert not any("un" in pair for pair in links)
    shown = dict(table_lines(spec))
    assert "svista | abbaglio | colpo di testa: errore commesso per distrazione" in shown


def test_pairs_link_the_answer_with_the_clue_words(tmp_path):
    spec = _spec(tmp_path, "q.tsv", QUIZ, "pairs", {"answer": "risposta", "clue": "indizio"})
    links = table_links("quiz", spec)
    assert links == Counter(
        {
            ("tesoro", "amico"): 1,
            ("tesoro", "trova"): 1,
            ("acqua", "disseta"): 1,
        }  # chi: a function word
    )
    phrases = Phrases({"quiz": [spec]})
    assert phrases.find("quiz", "tesoro", "amico") == "Chi trova un amico trova un... → Tesoro"


def test_lines_keep_the_window_and_names_keep_five(tmp_path):
    text = "citazione\nmare sole vento pioggia neve luna stella\n"
    lines = _spec(tmp_path, "c.tsv", text, "lines", {"text": "citazione"}, window=2)
    got = table_links("quotation", lines)
    assert got[("mare", "vento")] == 1 and ("mare", "pioggia") not in got
    whole = _spec(tmp_path, "w.tsv", text, "lines", {"text": "citazione"}, window=0)
    assert table_links("proverb_more", whole)[("mare", "stella")] == 1
    names = _spec(tmp_path, "n.tsv", text, "names", {"text": "citazione"})
    got = table_links("place", names)
    assert got[("mare", "luna")] == 1 and ("mare", "stella") not in got


def test_a_missing_column_or_bytes_not_utf8_name_the_file(tmp_path):
    spec = _spec(tmp_path, "q.tsv", QUIZ, "pairs", {"answer": "risposta", "clue": "domanda"})
    with pytest.raises(InputError, match=r"q\.tsv: line 1: no column 'domanda'"):
        table_links("quiz", spec)
    bad = tmp_path / "latin1.tsv"
    bad.write_bytes("risposta\tindizio\nCittà\tpiù\n".encode("latin-1"))
    spec = TableSpec.from_config(
        "quiz", {"reader": "pairs", "columns": {"answer": "risposta", "clue": "indizio"}}, str(bad)
    )
    with pytest.raises(InputError, match=r"latin1\.tsv: not UTF-8 text"):
        table_links("quiz", spec)
    with pytest.raises(InputError, match="cannot read"):
        table_links("quiz", TableSpec(str(tmp_path / "absent.tsv"), "lines", {"text": "x"}))


def test_config_mistakes_are_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="unknown pattern 'proverbs'"):
        TableSpec.from_config("proverbs", {"reader": "lines", "columns": {"text": "a"}}, "x")
    with pytest.raises(ConfigError, match="needs the column names of answer, clue"):
        TableSpec.from_config("quiz", {"reader": "pairs", "columns": {}}, "x")


def test_the_links_stage_reads_tables(tmp_path):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("il pane duro\n", encoding="utf-8")
    quiz = tmp_path / "q.tsv"
    quiz.write_text(QUIZ, encoding="utf-8")
    spec = {
        "path": str(quiz),
        "reader": "pairs",
        "columns": {"answer": "risposta", "clue": "indizio"},
    }
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    args = ["build", "guillotine-links", "--in", str(tokens), "--out", str(out)]
    args += ["--words-out", str(words), "--table", f"quiz={json.dumps(spec)}"]
    assert main(args) == 0
    import pyarrow.parquet as pq

    t = pq.read_table(out).to_pylist()
    assert {"left": "acqua", "right": "disseta", "pattern": "quiz", "count": 1} in t
    bad = [*args[:-1], "quiz={not json"]
    assert main(bad) == 2
