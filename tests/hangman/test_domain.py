"""The in-domain LM: categories, training lines, the cross-validated choice, interpolated scores,
and the Before & After junction."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.domain import (
    DomainInfo,
    category_key,
    fold_of,
    perplexity,
    resolve_category,
    training_lines,
)
from wordgames.hangman.puzzles import read_puzzles

DATA = Path(__file__).parent.parent / "data" / "hangman"
TRAIN = DATA / "domain-train.tsv"


def test_category_key_folds_entities_case_and_punctuation():
    assert category_key("Before &amp; After") == "before_after"
    assert category_key("  Food & Drink ") == "food_drink"
    assert category_key("Rock On!") == "rock_on"
    assert category_key("") is None
    assert category_key(None) is None


def test_resolve_category_folds_plurals_to_training_categories():
    known = {"thing", "living_thing", "person", "things_x"}
    assert resolve_category("Things", known) == "thing"
    assert resolve_category("Living Things", known) == "living_thing"
    assert resolve_category("Person", known) == "person"
    assert resolve_category("People", known) is None  # no rule invents a plural it has not seen
    assert resolve_category("On the Map", known) is None


def test_training_lines_plain_and_after_the_category_token():
    lines = training_lines([("It's a SUNNY day", "Phrase"), ("Court jester", None)])
    assert lines == ["it's a sunny day", "<category:phrase> it's a sunny day", "court jester"]
    with pytest.raises(InputError, match="no answers"):
        training_lines([("!!!", "Phrase")])


@given(st.text(alphabet="abc DEF'", min_size=1, max_size=30), st.integers(2, 9))
def test_folds_depend_on_the_tokens_only(phrase, folds):
    f = fold_of(phrase, folds)
    assert 0 <= f < folds
    assert fold_of(phrase.upper() + "  ", folds) == f


def test_perplexity_of_a_mixture():
    terms = [(0.1, 0.5), (0.2, 0.0)]
    assert perplexity(terms, 0.0) == pytest.approx(math.exp(-(math.log(0.1) + math.log(0.2)) / 2))
    mixed = math.exp(-(math.log(0.5 * 0.1 + 0.5 * 0.5) + math.log(0.5 * 0.2)) / 2)
    assert perplexity(terms, 0.5) == pytest.approx(mixed)


def test_read_puzzles_keeps_categories():
    puzzles = read_puzzles(TRAIN)
    assert puzzles[0] == ("A SUNNY DAY AT THE BEACH", "Phrase")
    assert ("SUPREME COURT JESTER", "Before & After") in puzzles
    assert all(p.category for p in puzzles)


def test_domain_info_round_trip_and_bad_file(tmp_path):
    info = DomainInfo(3, 0.4, 0.3, ("phrase", "thing"), "x.tsv", 12, {"folds": 2})
    path = info.write(tmp_path / "d.json")
    assert DomainInfo.read(path) == info
    bad = tmp_path / "bad.json"
    bad.write_text('{"order": 3}')
    with pytest.raises(InputError, match="not an in-domain model"):
        DomainInfo.read(bad)


# with KenLM -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A small prose LM and the in-domain model of the dozen answers."""
    from wordgames.errors import ToolMissingError
    from wordgames.hangman.domain import build
    from wordgames.lm.train import build_binary, find_tool, train_arpa

    try:
        find_tool("lmplz")
    except ToolMissingError as exc:
        pytest.skip(str(exc))
    tmp = tmp_path_factory.mktemp("domain")
    prose = tmp / "prose.txt"
    prose.write_text(
        "it's a sunny day\nthe court is supreme\na piece of the cake\nthe day at the beach\n"
        "describe what is needed\nmembers of the supreme court\nthe ball is round\n" * 3
    )
    arpa = train_arpa(prose, tmp / "prose.arpa", order=3, memory="50M", discount_fallback=True)
    main = build_binary(arpa, tmp / "prose.binary", memory="50M")
    info = build(
        TRAIN,
        main,
        tmp / "domain.binary",
        tmp / "domain.json",
        orders=[2, 3],
        weights=[0.0, 0.25, 0.5, 0.75],
        folds=2,
        memory="50M",
    )
    return main, tmp / "domain.binary", info


def test_build_chooses_on_the_grid_and_records_the_evidence(built):
    _, binary, info = built
    assert binary.is_file()
    assert info.order in (2, 3)
    assert info.weight in (0.0, 0.25, 0.5, 0.75)
    assert info.answers == 12
    assert "before_after" in info.categories and "things" in info.categories
    table = info.selection["perplexity"]
    assert len(table) == 2 * 2 * 4  # orders x (with, without category) x weights
    best = table[f"order={info.order} category=1 weight={info.weight:g}"]
    assert best == min(v for k, v in table.items() if "category=1" in k)


def test_interpolated_scores_are_the_mixture_of_the_two_models(built):
    from wordgames.hangman.scoring import Domain, InterpolatedScorer, ProseScorer
    from wordgames.lm.model import LanguageModel

    main_path, binary, info = built
    main, dom = LanguageModel(main_path), LanguageModel(binary)
    weight = 0.3
    mixed = InterpolatedScorer(main, dom, weight, "phrase")
    prose = ProseScorer(main)
    s_mix, s_main, s_dom = (
        mixed.start,
        prose.start,
        dom.advance(dom.begin(), "<category:phrase>")[1],
    )
    for word in ["a", "piece", "of", "cake", "zebra"]:
        lp, s_mix = mixed.advance(s_mix, word)
        lp_main, s_main = main.advance(s_main, word)
        lp_dom, s_dom = dom.advance(s_dom, word)
        in_domain = word != "zebra"
        expect = (1 - weight) * 10**lp_main + (weight * 10**lp_dom if in_domain else 0.0)
        assert 10**lp == pytest.approx(expect)
    assert 10 ** mixed.end(s_mix) == pytest.approx(
        (1 - weight) * 10 ** main.advance(s_main, "</s>")[0]
        + weight * 10 ** dom.advance(s_dom, "</s>")[0]
    )
    domain = Domain(dom, info)
    assert domain.category("Things") == "things"
    assert domain.category("Unheard Of") is None
    assert domain.scorer(main, "Unheard Of").weight == info.weight_plain


def test_class_factors_multiply_the_prose_part_only(built):
    from wordgames.hangman.scoring import InterpolatedScorer
    from wordgames.lm.model import LanguageModel

    main_path, binary, _ = built
    main, dom = LanguageModel(main_path), LanguageModel(binary)
    factors = {"piece": 3.0, "cake": 0.5}
    weight = 0.3
    scaled = InterpolatedScorer(main, dom, weight, "phrase", factor=lambda w: factors.get(w, 1.0))
    state = scaled.start
    s_main, s_dom = main.begin(), dom.advance(dom.begin(), "<category:phrase>")[1]
    for word in ["a", "piece", "of", "cake", "zebra"]:
        lp, state = scaled.advance(state, word)
        lp_main, s_main = main.advance(s_main, word)
        lp_dom, s_dom = dom.advance(s_dom, word)
        in_domain = word != "zebra"
        expect = (1 - weight) * 10**lp_main * factors.get(word, 1.0) + (
            weight * 10**lp_dom if in_domain else 0.0
        )
        assert 10**lp == pytest.approx(expect)
    # the end of the phrase has no class
    assert 10 ** scaled.end(state) == pytest.approx(
        (1 - weight) * 10 ** main.advance(s_main, "</s>")[0]
        + weight * 10 ** dom.advance(s_dom, "</s>")[0]
    )


def test_before_and_after_junction_finds_the_shared_word_reading(built):
    """On a Before & After board the beam may end a phrase at the shared word and start again."""
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.scoring import Domain
    from wordgames.hangman.solvers import Resources, make_solver
    from wordgames.lm.model import LanguageModel

    main_path, binary, info = built
    lexicon = Lexicon([("supreme", 5), ("court", 5), ("jester", 3), ("the", 9), ("cake", 2)])
    res = Resources(lexicon, LanguageModel(main_path), Domain(LanguageModel(binary), info))
    slots = [["supreme"], ["court"], ["jester"]]
    joined = make_solver("posterior", res)._beam(slots, "Before & After")
    plain = make_solver("posterior", res, before_after=False)._beam(slots, "Before & After")
    # the same words; with the junction the phrase scores at least as well (it may end there)
    assert joined[0][1] == plain[0][1] == ["supreme", "court", "jester"]
    assert joined[0][0] >= plain[0][0]
    other = make_solver("posterior", res)._beam(slots, "Phrase")
    assert other[0][0] == pytest.approx(
        make_solver("posterior", res, before_after=False)._beam(slots, "Phrase")[0][0]
    )


def test_junction_scores_the_two_phrases(built):
    """With the junction the best reading of 'supreme court jester' is P(supreme court </s>) times
    P(court jester </s> | court): strictly better than the one phrase here."""
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.scoring import Domain, phrase_scorer
    from wordgames.hangman.solvers import Resources, make_solver
    from wordgames.lm.model import LanguageModel

    main_path, binary, info = built
    res = Resources(
        Lexicon([("supreme", 5), ("court", 5), ("jester", 3)]),
        LanguageModel(main_path),
        Domain(LanguageModel(binary), info),
    )
    scorer = phrase_scorer(res.lm, res.domain, "Before & After")
    s = scorer.start
    first = 0.0
    for w in ["supreme", "court"]:
        lp, s = scorer.advance(s, w)
        first += lp
    first += scorer.end(s)
    lp_jester, s2 = scorer.advance(scorer.advance(scorer.start, "court")[1], "jester")
    expect = first + lp_jester + scorer.end(s2)
    joined = make_solver("posterior", res)._beam(
        [["supreme"], ["court"], ["jester"]], "Before & After"
    )
    assert joined[0][0] == pytest.approx(max(expect, joined[-1][0]))
    assert any(h[0] == pytest.approx(expect) for h in joined)


@pytest.mark.parametrize("category", [None, "Phrase", "Before & After"])
def test_slot_rescoring_equals_scoring_each_phrase_whole(built, category):
    """The rescored slot posterior is the softmax of whole-phrase scores (junction included),
    mixed over the hypotheses: checked against scoring each filled phrase from the start."""
    import numpy as np

    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.scoring import Domain, phrase_scorer
    from wordgames.hangman.solvers import Resources, make_solver
    from wordgames.lm.model import LanguageModel

    main_path, binary, info = built
    words = ["supreme", "court", "jester", "cake", "beach", "ball", "day"]
    res = Resources(
        Lexicon([(w, 3) for w in words]),
        LanguageModel(main_path),
        Domain(LanguageModel(binary), info),
    )
    solver = make_solver("posterior", res, rescore_hyps=3)
    scorer = phrase_scorer(res.lm, res.domain, category)
    hyps = solver._beam([["the", "a"], ["supreme", "sunny"], ["court", "day"], words], category)
    w = np.exp(np.array([h[0] for h in hyps]) * np.log(10))
    w /= w.sum()

    def whole(seq, joined):
        state, total = scorer.start, 0.0
        for k, word in enumerate(seq):
            lp, state = scorer.advance(state, word)
            total += lp
            if k == joined:
                total += scorer.end(state)
                state = scorer.advance(scorer.start, word)[1]
        return total + scorer.end(state)

    for i in (1, 3):
        got = solver._slot_posterior(scorer, hyps, w, i, words)
        top = np.argsort(-w)[:3]
        expect = np.zeros(len(words))
        for h in top:
            seq, joined = list(hyps[h][1]), hyps[h][2]
            scores = []
            for word in words:
                seq[i] = word
                scores.append(whole(seq, joined))
            p = np.exp((np.array(scores) - max(scores)) * np.log(10))
            expect += w[h] / w[top].sum() * p / p.sum()
        assert got == pytest.approx(expect)
        assert got.sum() == pytest.approx(1.0)
    if category == "Before & After":
        assert any(h[2] is not None for h in hyps)  # some hypothesis joined, so that was tested


def test_in_domain_word_prior_of_a_slot(built):
    """P(word | length, category) = (category count + prior x overall share) / (category total +
    prior), over the in-domain words that fit the slot."""
    import numpy as np

    from wordgames.hangman.domain import CATEGORY_PRIOR
    from wordgames.hangman.scoring import Domain
    from wordgames.lm.model import LanguageModel

    _, binary, info = built
    domain = Domain(LanguageModel(binary), info)
    # 4-letter words of the dozen answers: cake x3, ball x2 (beach ball, ball gown), gown, walk x2
    four = {w: n for w, n in info.unigrams.items() if len(w) == 4}
    fit = domain.fitting("_a__", frozenset("a"), None, limit=2)
    fitting = {w: n for w, n in four.items() if w[1] == "a" and "a" not in w[0] + w[2:]}
    assert set(fit.words) <= set(fitting) and len(fit.words) == min(2, len(fitting))
    assert fit.mass == pytest.approx(sum(fitting.values()) / sum(four.values()))
    thing = info.category_unigrams["thing"]
    cat_total = sum(n for w, n in thing.items() if len(w) == 4)
    fit_cat = domain.fitting("_a__", frozenset("a"), "thing", limit=10)
    expect = {
        w: (thing.get(w, 0) + CATEGORY_PRIOR * n / sum(four.values()))
        / (cat_total + CATEGORY_PRIOR)
        for w, n in fitting.items()
    }
    assert fit_cat.mass == pytest.approx(sum(expect.values()))
    assert fit_cat.words == sorted(expect, key=lambda w: -expect[w])[: len(fit_cat.words)]
    k = ord("k") - ord("a")
    p_k = sum(p for w, p in expect.items() if "k" in w) / sum(expect.values())
    assert fit_cat.uni_letters[k] == pytest.approx(p_k)
    assert fit_cat.uni_letters[0] == 0.0  # the shown letter is at no hidden position
    assert domain.fitting("zzzzzzzz", frozenset(), None, 5) is None
    assert np.all(fit.letters[:, 0] == 0)


def test_word_classes_reweight_the_prose_prior_of_a_shown_category(built):
    """With word_classes on, a category with class factors plays on the reweighted lexicon and
    scorer; without a category (or factors) nothing changes."""
    import dataclasses

    from wordgames.hangman.evaluate import play
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.scoring import Domain
    from wordgames.hangman.solvers import Resources, make_solver
    from wordgames.hangman.wordclass import class_ratios, word_class
    from wordgames.lm.model import LanguageModel

    main_path, binary, info = built
    lexicon = Lexicon([("supreme", 5), ("court", 5), ("jester", 3), ("the", 9), ("cake", 2)])
    ratios = class_ratios(lexicon.counts, [("cake walk", "thing"), ("the court", "phrase")])
    domain = Domain(LanguageModel(binary), dataclasses.replace(info, class_ratios=ratios))
    heavy = domain.class_lexicon(lexicon, "thing")
    assert heavy is domain.class_lexicon(lexicon, "thing")  # built once per category
    assert domain.class_lexicon(lexicon, None) is lexicon
    other = Lexicon([("cake", 7), ("the", 1)])
    assert domain.class_lexicon(other, "thing").counts["cake"] > 7  # its own copy, not lexicon's
    assert heavy.counts["cake"] / lexicon.counts["cake"] == ratios["thing"][word_class("cake")]
    assert heavy.counts["the"] < lexicon.counts["the"]
    res = Resources(lexicon, LanguageModel(main_path), domain)
    solver = make_solver("posterior", res, word_classes=True)
    game, decisions = play(solver, "cake walk", lives=10, category="Thing")
    assert game.over and decisions
    scorer_on = domain.scorer(res.lm, "Thing", classes=True)
    scorer_off = domain.scorer(res.lm, "Thing")
    on, off = (
        scorer_on.advance(scorer_on.start, "cake")[0],
        scorer_off.advance(scorer_off.start, "cake")[0],
    )
    assert on != off
