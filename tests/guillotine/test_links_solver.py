from __future__ import annotations

import numpy as np
import pytest

from wordgames.guillotine.evaluate import make_folds, train
from wordgames.guillotine.evidence import LinkIndex, PastGames, Resources
from wordgames.guillotine.games import Game
from wordgames.guillotine.lexicon import Lexicon
from wordgames.guillotine.model import Model, fit
from wordgames.guillotine.solvers.links import FEATURES, LinksSolver, is_roman_numeral

CLUES = ["pane", "gioco", "testa", "osso", "zoccolo"]
FORM_FEATURES = ("ends_consonant", "verb_form", "base_form")


def _index():
    rows = [
        # duro explains all five clues, weakly
        ("pane", "duro", "adj", 3),
        ("gioco", "duro", "adj", 2),
        ("testa", "dura", "adj", 4),
        ("testa", "duro", "adj", 1),
        ("osso", "duro", "adj", 2),
        ("zoccolo", "duro", "adj", 1),
        # casa explains two clues, very strongly (the cap must stop it winning)
        ("pane", "casa", "prepart", 500),
        ("casa", "gioco", "prep", 400),
        # morbido: three clues
        ("pane", "morbido", "adj", 2),
        ("morbido", "testa", "conj", 1),
        ("osso", "morbido", "adj", 1),
        ("duro", "morbido", "conj", 9),
    ]
    left, right, pat, cnt = zip(*rows, strict=True)
    words = ["pane", "gioco", "testa", "osso", "zoccolo", "duro", "dura", "casa", "morbido"]
    counts = [100, 100, 100, 50, 5, 80, 40, 5000, 30]
    return LinkIndex(list(left), list(right), list(pat), list(cnt), words=words, word_counts=counts)


def _lexicon():
    return Lexicon(
        nouns={w: w for w in ["pane", "gioco", "testa", "osso", "zoccolo", "casa"]},
        adjs={"duro": "duro", "dura": "duro", "morbido": "morbido"},
    )


def test_hand_weights_prefer_coverage_over_one_strong_clue():
    solver = LinksSolver(Resources(links=_index(), lexicon=_lexicon()), {"min_length": 3})
    result = solver.solve(CLUES, top=5)
    words = result.ranked_words()
    assert words[0] == "duro"
    assert words.index("morbido") < words.index("casa")
    ev = result.answers[0].evidence
    assert ev["pane"].startswith("adj x3") and ev["zoccolo"].startswith("adj x1")
    assert 0 < result.answers[0].confidence <= 1
    assert any("hand-set" in n for n in result.notes)


def test_past_games_give_evidence_and_candidates():
    past = PastGames(
        games=[
            Game(("pane", "x", "y", "z", "w"), "tostato"),
            Game(("gioco", "a", "b", "c", "d"), "tostato"),
        ]
    )
    solver = LinksSolver(Resources(links=_index(), lexicon=_lexicon(), past=past))
    result = solver.solve(CLUES, top=10)
    ans = {a.word: a for a in result.answers}
    assert "tostato" in ans  # not in the lexicon, but a known solution
    assert "past games x1" in ans["tostato"].evidence["pane"]
    # excluding an overlapping game removes its evidence
    past.exclude_overlapping([Game(("pane", "x", "y", "z", "q"))])
    result = solver.solve(CLUES, top=10)
    ans = {a.word: a for a in result.answers}
    assert "past games" not in ans["tostato"].evidence["pane"]
    assert "1 excluded" in past.note()


def test_model_learns_which_feature_matters():
    rng = np.random.default_rng(0)
    groups = []
    for _ in range(60):
        X = rng.normal(size=(20, 3))
        y = int(rng.integers(20))
        X[y, 1] += 3.0
        groups.append((X, y))
    m = fit(groups, ["a", "b", "c"], l2=0.1, n_games=80)
    assert m.weights[1] > 1.0 and abs(m.weights[0]) < 0.5
    assert m.coverage == pytest.approx(60 / 80)
    hits = sum(int(np.argmax(m.scores(X)) == y) for X, y in groups)
    assert hits >= 50
    p = m.probabilities(groups[0][0])
    assert p.sum() == pytest.approx(1.0)


def test_model_roundtrip(tmp_path):
    m = Model(["a"], np.array([2.0]), np.array([0.0]), np.array([1.0]), 0.5, {"x": 1})
    m.save(tmp_path / "m.json")
    m2 = Model.load(tmp_path / "m.json")
    assert m2.weights[0] == 2.0 and m2.coverage == 0.5 and m2.info == {"x": 1}


def test_training_never_sees_a_game_as_its_own_evidence():
    games = [
        Game(tuple(CLUES), "duro"),
        Game(("pane", "a", "b", "c", "d"), "morbido"),
        Game(("gioco", "e", "f", "g", "h"), "casa"),
    ]
    pool = PastGames(games=games)
    solver = LinksSolver(Resources(links=_index(), lexicon=_lexicon(), past=pool))
    model = train(solver, games, pool, l2=1.0)
    assert model.features == FEATURES
    assert model.info["trained"] and len(model.info["trained_on"]) == 3
    # the feature vector of game 0 computed for training has no past-game link to "duro"
    from wordgames.guillotine.evaluate import training_groups

    (X, y), *_ = training_groups(solver, games[:1], pool)
    assert X[y, FEATURES.index("cov_past")] == 0


def test_folds_put_near_duplicates_together():
    a = [Game(("a", "b", "c", "d", "e"), "x")]
    b = [Game(("f", "g", "h", "i", "j"), "y")]
    ev = [
        Game(("a", "b", "c", "d", "z"), "x"),
        Game(("f", "g", "h", "i", "j"), "y"),
        Game(("k", "l", "m", "n", "o"), "w"),
    ]
    folds, pool = make_folds({"A": a, "B": b}, ev)
    names = {f.name: len(f.games) for f in folds}
    assert names == {"A": 2, "B": 1, "other_evidence": 1}
    assert len(pool) == 4


def test_cross_validation_keeps_each_fold_out_of_training_and_evidence():
    from wordgames.guillotine.evaluate import cross_validate, rows_for_set, summary_markdown

    a = [Game(tuple(CLUES), "duro")]
    b = [Game(("pane", "gioco", "x1", "x2", "x3"), "casa")]
    evidence = PastGames(games=[*a, *b, Game(("pane", "gioco", "testa", "osso", "q"), "duro")])
    res = Resources(links=_index(), lexicon=_lexicon(), past=evidence)
    notes: list[str] = []
    preds = cross_validate(
        lambda model: LinksSolver(res, {}, model),
        {"A": a, "B": b},
        evidence,
        l2=1.0,
        top=10,
        notes=notes,
    )
    rows = rows_for_set(a, preds)
    assert len(rows) == 1 and rows[0]["fold"] == "A"
    # the game and its near-duplicate are both out of the evidence of fold A
    assert rows[0]["excluded_past_games"] == 2
    # fold A holds the game and its near-duplicate; only the game of B is left to train on
    assert any(n.startswith("fold A: 2 games; training on 1 games") for n in notes)
    text = summary_markdown([{"set": "A", "solver": "links", "games": 1, "accuracy": 1.0}], notes)
    assert "Il Mago" in text and "| A | links | 1 | 1.000 |" in text


def test_association_is_the_best_pattern_pmi_with_a_floor_for_unseen_clues():
    import math

    rows = [("pane", "duro", "adj", 3), ("pane", "duro", "prep", 1), ("gioco", "duro", "conj", 2)]
    left, right, pat, cnt = zip(*rows, strict=True)
    words = ["pane", "gioco", "duro", "altro"]
    counts = [100, 50, 80, 770]
    li = LinkIndex(list(left), list(right), list(pat), list(cnt), words=words, word_counts=counts)
    lex = Lexicon(nouns={"pane": "pane", "gioco": "gioco"}, adjs={"duro": "duro"})
    solver = LinksSolver(Resources(links=li, lexicon=lex), {"assoc_floor": -1.0, "pmi_cap": 8.0})
    clues = ["pane", "gioco", "x1", "x2", "x3"]
    words_out, X, _ = solver.features(clues)
    n = 1000.0
    expected = math.log(3 * n / (80 * 100)) + math.log(2 * n / (80 * 50)) + 3 * -1.0
    assert X[words_out.index("duro"), FEATURES.index("sum_assoc")] == pytest.approx(expected)
    off = LinksSolver(Resources(links=li, lexicon=lex), {"extra_assoc": False})
    _, X_off, _ = off.features(clues)
    assert np.all(X_off[:, FEATURES.index("sum_assoc")] == 0)


def test_vocabulary_smaller_than_glove_candidates_is_fine():
    """A tiny collection's vectors may hold fewer words than `glove_candidates` (offline default)."""
    from gensim.models import KeyedVectors

    from wordgames.guillotine.evidence import Vectors

    words = ["pane", "gioco", "testa", "osso", "zoccolo", "duro", "morbido"]
    kv = KeyedVectors(vector_size=3)
    kv.add_vectors(words, np.random.default_rng(0).normal(size=(len(words), 3)))
    resources = Resources(links=_index(), lexicon=_lexicon(), vectors=Vectors(kv))
    solver = LinksSolver(resources, {"glove_candidates": 50})
    assert solver.solve(CLUES, top=5).ranked_words()


def _tosto_linked_by(zoccolo: str, osso: str, testa: str, osso_count: int = 1):
    """A links index where duro has one corpus link (pane) and tosto three links of the patterns
    given (zoccolo, osso, testa), and a lexicon of the two adjectives."""
    rows = [
        ("pane", "duro", "adj", 3),
        ("zoccolo", "tosto", zoccolo, 1),
        ("osso", "tosto", osso, osso_count),
        ("testa", "tosto", testa, 1),
    ]
    left, right, pat, cnt = zip(*rows, strict=True)
    index = LinkIndex(
        list(left),
        list(right),
        list(pat),
        list(cnt),
        words=["pane", "zoccolo", "osso", "testa", "duro", "tosto"],
        word_counts=[100, 5, 50, 100, 80, 10],
    )
    return index, Lexicon(adjs={"duro": "duro", "tosto": "tosto"})


def test_wordnet_links_are_coverage_with_their_own_features():
    index, lex = _tosto_linked_by("locution", "synonym", "gloss")
    solver = LinksSolver(Resources(links=index, lexicon=lex))
    words, X, _ = solver.features(CLUES)
    row = X[words.index("tosto")]
    col = {f: k for k, f in enumerate(FEATURES)}
    assert (row[col["cov_locution"]], row[col["cov_synonym"]], row[col["cov_gloss"]]) == (1, 1, 1)
    assert row[col["cov_any"]] == 3 and row[col["cov_corpus"]] == 0
    ev = {a.word: a.evidence for a in solver.solve(CLUES, top=5).answers}
    assert ev["tosto"]["zoccolo"] == "locution x1" and ev["tosto"]["testa"] == "gloss x1"


def _linked_to_three_clues(*candidates: str) -> LinkIndex:
    """Each candidate linked alike (adj, twice) to the first three clues: only its form differs."""
    rows = [(c, w, "adj", 2) for c in CLUES[:3] for w in candidates]
    left, right, pat, cnt = zip(*rows, strict=True)
    words = [*CLUES[:3], *candidates]
    return LinkIndex(
        list(left), list(right), list(pat), list(cnt), words=words, word_counts=[50] * len(words)
    )


def test_form_features_mark_apocopes_verb_forms_and_inflected_forms():
    """Apocopes (buon), verb forms (fece) and inflected forms (dura) win on links but are rarely
    a solution; the features that let the model learn it are read off the lexicon and the word."""
    li = _linked_to_three_clues("buon", "fece", "dura", "duro")
    lex = Lexicon(
        nouns={c: c for c in CLUES[:3]} | {"fece": "fece"},
        adjs={"buon": "buono", "dura": "duro", "duro": "duro"},
        verbs={"fece": "fare"},
    )
    words_out, X, _ = LinksSolver(Resources(links=li, lexicon=lex)).features(CLUES)
    got = {
        w: tuple(X[words_out.index(w), FEATURES.index(f)] for f in FORM_FEATURES)
        for w in ("buon", "fece", "dura", "duro")
    }
    # (ends_consonant, verb_form, base_form)
    assert got == {
        "buon": (1.0, 0.0, 0.0),
        "fece": (0.0, 1.0, 1.0),
        "dura": (0.0, 0.0, 0.0),
        "duro": (0.0, 0.0, 1.0),
    }
    # without a lexicon only the spelling is known
    words_out, X, _ = LinksSolver(Resources(links=li)).features(CLUES)
    k = words_out.index("buon")
    assert X[k, FEATURES.index("ends_consonant")] == 1.0
    assert X[k, FEATURES.index("verb_form")] == X[k, FEATURES.index("base_form")] == 0.0


def test_past_lemma_prior_pools_a_lemmas_forms_and_roman_numerals_are_marked():
    """A past solution counts for every form of its lemma (dura was a solution: duro gets it
    too, casa does not); Roman numerals, which Morph-it! lists as nouns, get their own column."""
    words = ["duro", "dura", "casa", "xiv"]
    li = _linked_to_three_clues(*words)
    lex = Lexicon(
        nouns={c: c for c in CLUES[:3]} | {"casa": "casa", "xiv": "xiv"},
        adjs={"duro": "duro", "dura": "duro"},
    )
    past = PastGames(games=[Game(("a", "b", "c", "d", "e"), "dura")] * 2)
    words_out, X, _ = LinksSolver(Resources(links=li, lexicon=lex, past=past)).features(CLUES)
    col = {f: FEATURES.index(f) for f in ("past_prior", "past_lemma_prior", "roman")}
    got = {w: tuple(X[words_out.index(w), c] for c in col.values()) for w in words}
    two = float(np.log1p(2))
    assert got == {
        "duro": (0.0, two, 0.0),
        "dura": (two, two, 0.0),
        "casa": (0.0, 0.0, 0.0),
        "xiv": (0.0, 0.0, 1.0),
    }


@pytest.mark.parametrize(
    ("word", "roman"),
    [
        ("iii", True),
        ("xiv", True),
        ("mcmxc", True),
        ("i", False),
        ("iiii", False),
        ("vv", False),
        ("casa", False),
        ("dim", False),
    ],
)
def test_is_roman_numeral(word, roman):
    assert is_roman_numeral(word) is roman


def test_per_clue_caches_are_capped_and_change_no_answer(monkeypatch):
    """A server meets every word its clients send: the per-clue caches keep at most CLUE_CACHE
    clues, and a solver that keeps forgetting answers like one that remembers everything."""
    from gensim.models import KeyedVectors

    from wordgames.guillotine.evidence import Vectors
    from wordgames.guillotine.solvers import links as L

    words = ["pane", "gioco", "testa", "osso", "zoccolo", "duro", "morbido", "casa"]
    kv = KeyedVectors(vector_size=4)
    kv.add_vectors(words, np.random.default_rng(1).normal(size=(len(words), 4)))
    res = Resources(links=_index(), lexicon=_lexicon(), vectors=Vectors(kv))
    games = [CLUES, ["zoccolo", "osso", "casa", "pane", "nuovo1"], ["nuovo2", *CLUES[1:]]] * 2
    remembering = LinksSolver(res, {"glove_candidates": 3})
    monkeypatch.setattr(L, "CLUE_CACHE", 2)
    forgetting = LinksSolver(res, {"glove_candidates": 3})
    for clues in games:
        a, b = remembering.solve(clues, top=10), forgetting.solve(clues, top=10)
        assert a.ranked_words() == b.ranked_words()
        assert [x.score for x in a.answers] == pytest.approx([x.score for x in b.answers])
    assert forgetting._glove_neighbours.cache_info().currsize <= 2
    assert forgetting._clue_forms.cache_info().currsize <= 2
    assert remembering._glove_neighbours.cache_info().currsize > 2


def _vectors(vectors: dict[str, list[float]]):
    from gensim.models import KeyedVectors

    from wordgames.guillotine.evidence import Vectors

    kv = KeyedVectors(vector_size=len(next(iter(vectors.values()))))
    kv.add_vectors(list(vectors), np.array(list(vectors.values()), dtype=np.float32))
    return Vectors(kv)


def test_knowledge_vectors_are_a_second_glove_channel_with_candidates_of_their_own():
    # the knowledge vectors put "tosto" next to every clue; no link and no prose vector reaches it
    clue_dir = [1.0, 0.0, 0.0]
    know = _vectors({**{c: clue_dir for c in CLUES}, "tosto": [0.9, 0.1, 0.0], "vago": [0, 0, 1.0]})
    lex = Lexicon(
        nouns={w: w for w in CLUES + ["casa"]},
        adjs={
            "duro": "duro",
            "dura": "duro",
            "morbido": "morbido",
            "tosto": "tosto",
            "vago": "vago",
        },
    )
    plain = LinksSolver(Resources(links=_index(), lexicon=lex))
    assert "tosto" not in plain.features(CLUES)[0]
    solver = LinksSolver(Resources(links=_index(), lexicon=lex, knowledge_vectors=know))
    words, X, _ = solver.features(CLUES)
    col = {f: k for k, f in enumerate(FEATURES)}
    tosto, vago = X[words.index("tosto")], X[words.index("vago")]
    assert tosto[col["kglove_cov"]] == 5 and vago[col["kglove_cov"]] == 0
    expected = 0.9 / np.linalg.norm([0.9, 0.1, 0.0])
    assert tosto[col["kglove_mean"]] == pytest.approx(expected, rel=1e-5)
    assert tosto[col["cov_any"]] == 5  # a knowledge cosine above knowledge_link is a link
    assert tosto[col["glove_mean"]] == 0 and tosto[col["glove_cov"]] == 0
    # a candidate the knowledge vectors do not hold has no cosine (0, not NaN)
    assert X[words.index("duro"), col["kglove_mean"]] == 0
    ev = {a.word: a.evidence for a in solver.solve(CLUES, top=20).answers}
    assert ev["tosto"]["pane"] == "kcos 0.99"


def test_unit_patterns_are_coverage_and_dictionary_links():
    index, lex = _tosto_linked_by("mwe", "entity", "dictionary", osso_count=2)
    words, X, _ = LinksSolver(Resources(links=index, lexicon=lex)).features(CLUES)
    row = X[words.index("tosto")]
    col = {f: k for k, f in enumerate(FEATURES)}
    assert (row[col["cov_mwe"]], row[col["cov_entity"]], row[col["cov_dictionary"]]) == (1, 1, 1)
    assert row[col["cov_any"]] == 3 and row[col["cov_corpus"]] == 0
    assert X[words.index("duro"), col["cov_mwe"]] == 0


def test_log_degree_is_the_candidates_number_of_links():
    """casa has 2 links in the table, duro 6 (5 clues and morbido): hubs cover clues by chance."""
    li = _index()
    words_out, X, _ = LinksSolver(Resources(links=li, lexicon=_lexicon())).features(CLUES)
    col = FEATURES.index("log_degree")
    got = {w: X[words_out.index(w), col] for w in ("casa", "duro")}
    assert got == {"casa": pytest.approx(np.log1p(2)), "duro": pytest.approx(np.log1p(6))}
