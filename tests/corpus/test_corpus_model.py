"""The corpus data model: one definition of the tables, at the bottom of the package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pyarrow as pa

from wordgames.corpus import model
from wordgames.corpus.io import TABLE_SCHEMAS
from wordgames.corpus.model import KIND_TABLES, TABLE_COLUMNS

ROOT = Path(__file__).resolve().parents[2]


def test_arrow_schemas_are_the_model_columns():
    assert list(TABLE_SCHEMAS) == list(TABLE_COLUMNS)
    for table, columns in TABLE_COLUMNS.items():
        assert TABLE_SCHEMAS[table].names == list(columns)
    assert TABLE_SCHEMAS["titles"].field("is_redirect").type == pa.bool_()
    assert TABLE_SCHEMAS["frequencies"].field("zipf").type == pa.float32()
    assert TABLE_SCHEMAS["wiktionary"].field("synonyms").type == pa.list_(pa.string())


def test_every_kind_table_has_columns():
    assert {t for tables in KIND_TABLES.values() for t in tables} == set(TABLE_COLUMNS)


def test_docs_table_lists_the_model_columns():
    text = (ROOT / "docs" / "corpora.md").read_text(encoding="utf-8")
    text = text.split("| table | columns |", 1)[1].split("\n\n", 1)[0]
    documented = {
        m.group(1): [c.strip() for c in re.sub(r"\(.*\)", "", m.group(2)).split(",")]
        for m in re.finditer(r"^\| `(\w+)` \| ([a-z_, ()]+) \|$", text, re.MULTILINE)
    }
    assert documented == {t: list(c) for t, c in TABLE_COLUMNS.items()}


def test_model_imports_no_other_corpus_module():
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported and not [m for m in imported if m and m.startswith("wordgames.corpus")]


def test_a_spec_leaves_default_options_out_and_round_trips():
    """The spec is a rule param: an option added to the schema must not change existing specs."""
    from wordgames.config import load_config
    from wordgames.corpus.model import Corpus
    from wordgames.corpus.registry import corpus

    cfg = load_config(
        {
            "corpora": {
                "plain": {"kind": "text", "source": "a.txt"},
                "tsv": {"kind": "text", "source": "b.tsv", "options": {"column": 2}},
            }
        }
    )
    plain, tsv = corpus(cfg, "plain"), corpus(cfg, "tsv")
    assert plain.spec()["options"] == {}
    assert tsv.spec()["options"] == {"column": 2}
    for c in (plain, tsv):
        assert Corpus.from_spec(c.name, c.spec()).options == c.options
