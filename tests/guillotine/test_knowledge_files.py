"""guillotine.knowledge_collection: which files each solver reads, and gullever reading them."""

from __future__ import annotations

import numpy as np
import pytest

from wordgames import paths
from wordgames.config import load_config
from wordgames.errors import ConfigError, InputError
from wordgames.guillotine.files import guillotine_files

CORPORA = {"a": {"kind": "text", "source": "a.txt"}, "b": {"kind": "text", "source": "b.txt"}}


def _cfg(**guillotine):
    return load_config(
        {
            "corpora": CORPORA,
            "collections": {"it": {"corpora": ["a"]}, "kn": {"corpora": ["b"]}},
            "cooccur": {"collections": ["it", "kn"]},
            "glove": {"collections": ["it", "kn"]},
            "tables": {"collections": ["it", "kn"]},
            "guillotine": {"evidence_games": [], **guillotine},
        }
    )


def test_gullever_reads_the_knowledge_collection_and_links_its_vectors_too():
    cfg = _cfg(knowledge_collection="kn", gullever_vectors="knowledge")
    files = guillotine_files(cfg)
    assert files.knowledge_vectors_unit == paths.guillotine_vectors_unit(cfg, "kn")
    assert files.knowledge_idf == paths.idf(cfg, "kn")
    gullever = files.for_solver("gullever")
    assert gullever["knowledge_pmi"] == paths.pmi(cfg, "kn")
    assert "vectors_unit" not in gullever and "idf" not in gullever  # the knowledge's instead
    # by default gullever keeps the collection's vectors; the links solver reads both
    prose = guillotine_files(_cfg(knowledge_collection="kn")).for_solver("gullever")
    assert prose["vectors_unit"] == paths.guillotine_vectors_unit(cfg, "it")
    assert not any(name.startswith("knowledge") for name in prose)
    links = files.for_solver("links")
    assert links["knowledge_vectors_unit"] == paths.guillotine_vectors_unit(cfg, "kn")
    assert "knowledge_idf" not in links
    plain = guillotine_files(_cfg())
    assert plain.knowledge_vectors_unit is None and "knowledge_vectors_unit" not in (
        plain.for_solver("gullever")
    )


def test_a_knowledge_collection_without_vectors_or_config_is_a_config_error():
    with pytest.raises(ConfigError, match="'nope' is not a configured collection"):
        guillotine_files(_cfg(knowledge_collection="nope"))
    with pytest.raises(ConfigError, match="gullever_vectors: knowledge needs"):
        guillotine_files(_cfg(gullever_vectors="knowledge"))
    cfg = load_config(
        {
            "corpora": CORPORA,
            "collections": {"it": {"corpora": ["a"]}, "kn": {"corpora": ["b"]}},
            "cooccur": {"collections": ["it"]},
            "glove": {"collections": ["it"]},
            "guillotine": {"evidence_games": [], "knowledge_collection": "kn"},
        }
    )
    with pytest.raises(ConfigError, match="not in glove.collections"):
        guillotine_files(cfg)


def test_gullever_ranks_by_the_knowledge_vectors_when_given(tmp_path):
    from gensim.models import KeyedVectors

    from wordgames.guillotine.evidence import Vectors
    from wordgames.guillotine.solvers import load_resources, make_solver

    clues = ["pane", "gioco", "testa", "osso", "zoccolo"]

    def compact(name, near):
        kv = KeyedVectors(vector_size=2)
        vecs = {c: [1.0, 0.0] for c in clues} | {"duro": [0.0, 1.0], "tosto": [0.0, 1.0]}
        vecs[near] = [1.0, 0.05]
        kv.add_vectors(list(vecs), np.array(list(vecs.values()), dtype=np.float32))
        return Vectors(kv).save_compact(tmp_path / name)

    prose, knowledge = compact("prose", "duro"), compact("knowledge", "tosto")
    both = {"vectors_unit": prose, "knowledge_vectors_unit": knowledge}
    for choice, expected in (("collection", "duro"), ("knowledge", "tosto")):
        res = load_resources("gullever", morphit=False, gullever_vectors=choice, **both)
        res.lexicon.nouns.update({w: w for w in ("duro", "tosto")})
        solver = make_solver("gullever", res, {"neighbours": 7})
        assert solver.solve(clues, top=3).ranked_words()[0] == expected
    with pytest.raises(InputError, match="no knowledge collection vectors"):
        load_resources("gullever", vectors_unit=prose, morphit=False, gullever_vectors="knowledge")
