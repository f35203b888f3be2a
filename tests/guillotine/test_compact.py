from __future__ import annotations

import numpy as np
import pytest

from wordgames.errors import ArtifactMissingError
from wordgames.guillotine.compact import read_compact, write_compact
from wordgames.guillotine.evidence import LinkIndex, Resources
from wordgames.guillotine.lexicon import Lexicon
from wordgames.guillotine.solvers.links import FEATURES, LinksSolver


def _tables(tmp_path):
    import pyarrow as pa

    from wordgames.artifacts import write_parquet

    links = tmp_path / "links.parquet"
    words = tmp_path / "link-words.parquet"
    write_parquet(
        pa.table(
            {
                "left": ["pane", "gioco", "testa", "stelle"],
                "right": ["duro", "duro", "dura", "cadenti"],
                "pattern": ["adj", "adj", "adj", "adj"],
                "count": pa.array([3, 2, 4, 7], pa.int64()),
            }
        ),
        links,
    )
    write_parquet(
        pa.table(
            {
                "word": ["pane", "gioco", "testa", "duro", "dura", "solo"],
                "count": pa.array([10, 9, 8, 7, 6, 5], pa.int64()),
            }
        ),
        words,
    )
    return links, words


def test_compact_links_index_equals_the_table_one(tmp_path):
    links, words = _tables(tmp_path)
    built = LinkIndex.load(links, words)
    d = tmp_path / "links-index"
    with pytest.raises(ArtifactMissingError, match="not a complete compact copy"):
        LinkIndex.from_compact(d)  # nothing written yet
    built.save_compact(d)
    fast = LinkIndex.from_compact(d)
    assert isinstance(fast.dst, np.memmap) or isinstance(fast.dst.base, np.memmap)
    assert fast.words == built.words and fast.total == built.total
    assert fast.patterns_present == built.patterns_present
    for w in ("pane", "duro", "solo", "nonexistent"):
        for a, b in zip(fast.neighbours(w), built.neighbours(w), strict=True):
            assert np.array_equal(a, b)
        assert fast.count(w) == built.count(w)


def test_compact_copy_without_meta_is_an_error(tmp_path):
    d = write_compact(tmp_path / "c", {"a": np.arange(3)}, ["x", "y"])
    arrays, words, _ = read_compact(d)
    assert words == ["x", "y"] and arrays["a"].tolist() == [0, 1, 2]
    (d / "meta.json").unlink()
    with pytest.raises(ArtifactMissingError, match="no meta.json"):
        read_compact(d)


def test_lexicon_forms_share_a_lemma():
    lex = Lexicon(
        nouns={"stella": "stella", "stelle": "stella"},
        adjs={"duro": "duro", "dura": "duro", "duri": "duro"},
    )
    assert lex.forms("stelle") == {"stella", "stelle"}
    assert lex.forms("dura") == {"duro", "dura", "duri"}
    assert lex.forms("xyz") == {"xyz"}


def test_lexicon_forms_of_a_verb_clue_but_not_of_a_noun_that_is_also_a_verb_form():
    lex = Lexicon(
        nouns={"messa": "messa", "messe": "messa"},
        verbs={"mettere": "mettere", "mise": "mettere", "messa": "mettere", "mette": "mettere"},
    )
    assert lex.forms("mise") == {"mettere", "mise", "messa", "mette"}
    assert lex.forms("messa") == {"messa", "messe"}  # read as the noun
    assert not lex.is_candidate("mettere")  # verbs link clues; they are never answers


def test_clue_forms_pool_evidence_and_add_candidates():
    # "cadenti" is linked to the plural "stelle" only; the clue is the singular "stella"
    rows = [("stelle", "cadenti", "adj", 7), ("pane", "duro", "adj", 3)]
    left, right, pat, cnt = zip(*rows, strict=True)
    li = LinkIndex(
        list(left),
        list(right),
        list(pat),
        list(cnt),
        words=["stella", "stelle", "cadenti", "pane", "duro"],
        word_counts=[5, 5, 5, 5, 5],
    )
    lex = Lexicon(
        nouns={"stella": "stella", "stelle": "stella", "pane": "pane"},
        adjs={"cadenti": "cadente", "cadente": "cadente", "duro": "duro"},
    )
    clues = ["stella", "pane", "x1", "x2", "x3"]
    on = LinksSolver(Resources(links=li, lexicon=lex), {"pool_forms": True})
    words, X, _ = on.features(clues)
    assert "cadenti" in words
    row = X[words.index("cadenti")]
    assert row[FEATURES.index("cov_pool")] == 1 and row[FEATURES.index("cov_any")] == 0
    assert row[FEATURES.index("sum_pool")] > 0
    off = LinksSolver(Resources(links=li, lexicon=lex))
    words_off, _, _ = off.features(clues)
    assert "cadenti" not in words_off


def test_a_model_saved_with_fewer_features_still_scores():
    from wordgames.guillotine.model import Model

    old = [f for f in FEATURES if not f.endswith("pool") and f != "cov_pool_sq"]
    w = np.zeros(len(old))
    w[old.index("cov_any")] = 1.0
    model = Model(old, w, np.zeros(len(old)), np.ones(len(old)))
    rows = [("pane", "duro", "adj", 3), ("gioco", "duro", "adj", 2), ("pane", "casa", "adj", 1)]
    left, right, pat, cnt = zip(*rows, strict=True)
    li = LinkIndex(list(left), list(right), list(pat), list(cnt))
    lex = Lexicon(nouns={"pane": "pane", "gioco": "gioco", "casa": "casa"}, adjs={"duro": "duro"})
    result = LinksSolver(Resources(links=li, lexicon=lex), None, model).solve(
        ["pane", "gioco", "a1", "a2", "a3"], top=2
    )
    assert result.ranked_words()[0] == "duro"
