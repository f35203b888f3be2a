from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from wordgames.errors import InputError
from wordgames.guillotine.evidence import LinkIndex
from wordgames.guillotine.links import build_links
from wordgames.guillotine.thesaurus import ThesaurusEntry, read_thesaurus, thesaurus_links

# the MyThes format, written for this test (not taken from any thesaurus)
DAT = """UTF-8
abbaglio|2
(s.m. Svista)|cantonata|errore|svista
(s.m.)|falsa speranza|illusione
colpo|1
(s.m.)|botta|colpo di testa
"""


def test_read_thesaurus_entries(tmp_path):
    f = tmp_path / "th.dat"
    f.write_text(DAT, encoding="utf-8")
    assert read_thesaurus(f) == [
        ThesaurusEntry(
            "abbaglio", [["cantonata", "errore", "svista"], ["falsa speranza", "illusione"]]
        ),
        ThesaurusEntry("colpo", [["botta", "colpo di testa"]]),
    ]


def test_thesaurus_links_synonyms_and_phrases():
    entries = [
        ThesaurusEntry("abbaglio", [["svista", "falsa speranza"]]),
        ThesaurusEntry("colpo", [["botta", "colpo di testa"]]),
    ]
    links = thesaurus_links(entries)
    assert links["thesaurus"] == {("abbaglio", "svista"): 1, ("colpo", "botta"): 1}
    # the words of a multiword synonym with each other and with the headword; the preposition
    # and the headword repeated inside the phrase give no pair
    assert links["thes_phrase"] == {
        ("falsa", "speranza"): 1,
        ("abbaglio", "falsa"): 1,
        ("abbaglio", "speranza"): 1,
        ("colpo", "testa"): 1,
    }


def test_thesaurus_links_keep_the_file_order_whatever_the_string_hashing(tmp_path):
    # the pairs come out in the order the file gives them (the links table's row order, and so the
    # word ids of the index built from it, must not change from one run to the next)
    f = tmp_path / "th.dat"
    f.write_text(DAT, encoding="utf-8")
    code = (
        "import sys, json; from wordgames.guillotine.thesaurus import read_thesaurus, "
        "thesaurus_links as t; links = t(read_thesaurus(sys.argv[1])); "
        "print(json.dumps({k: list(v) for k, v in links.items()}))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, str(f)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3", "4")
    ]
    assert len(set(runs)) == 1
    assert json.loads(runs[0])["thesaurus"] == [
        ["abbaglio", "cantonata"],
        ["abbaglio", "errore"],
        ["abbaglio", "svista"],
        ["abbaglio", "illusione"],
        ["colpo", "botta"],
    ]


@pytest.mark.parametrize(
    "text, where",
    [
        ("UTF-8\nabbaglio\n(s.m.)|svista\n", "line 2: expected 'word|number of meanings'"),
        ("UTF-8\nabbaglio|2\n(s.m.)|svista\n", "line 4: 'abbaglio' announces 2 meanings"),
    ],
)
def test_malformed_thesaurus_names_the_line(tmp_path, text, where):
    f = tmp_path / "bad.dat"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=where):
        read_thesaurus(f)


def test_build_links_with_a_thesaurus_and_dropping_it_again(tmp_path):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("il pane duro e il colpo di testa\n", encoding="utf-8")
    th = tmp_path / "th.dat"
    th.write_text(DAT, encoding="utf-8")
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    summary = build_links(tokens, out, words, thesaurus=[th], lexicon_words=set())
    assert summary["thesaurus"] == 5 and summary["thes_phrase"] == 4
    with_th = LinkIndex.load(out, words)
    plain_out = tmp_path / "plain.parquet"
    build_links(tokens, plain_out, tmp_path / "plain-words.parquet", lexicon_words=set())
    plain = LinkIndex.load(plain_out, tmp_path / "plain-words.parquet")
    dropped = with_th.without(["thesaurus", "thes_phrase"])
    # dropping the patterns at load gives the links of a table built without the thesaurus
    for w in plain.words:
        a = dropped.neighbours(w)
        b = plain.neighbours(w)
        got = sorted(
            zip((dropped.words[i] for i in a[0]), a[1].tolist(), a[2].tolist(), strict=True)
        )
        want = sorted(
            zip((plain.words[i] for i in b[0]), b[1].tolist(), b[2].tolist(), strict=True)
        )
        assert got == want, w
    assert "thesaurus" in with_th.patterns_present and "thesaurus" not in dropped.patterns_present
