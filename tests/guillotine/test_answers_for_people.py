"""What a person reads of a solve (issues 42 and 43): the accents kept, the evidence in words with
its source (only real evidence counts as a linked clue), and an untrained build that says so."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from wordgames.cli import main
from wordgames.guillotine.evidence import LinkIndex, PastGames, Resources, Vectors
from wordgames.guillotine.explain import MIN_COUNT, clue_links
from wordgames.guillotine.games import Game, normalize
from wordgames.guillotine.lexicon import Lexicon
from wordgames.guillotine.phrases import Phrases
from wordgames.guillotine.service import UNTRAINED, GuillotineService
from wordgames.guillotine.solvers import make_solver
from wordgames.guillotine.surface import accented_forms, as_typed, surface

# accents ------------------------------------------------------------------------------------------
WRITTEN = [
    ("citta", "città"),
    ("perche", "perché"),
    ("caffe", "caffè"),
    ("piu", "più"),
    ("virtu", "virtù"),
    ("liberta", "libertà"),
    ("citta perche", "città perché"),
    ("nascita", "nascita"),  # no accent to restore
    ("colpo di stato", "colpo di stato"),
    ("zqxw", "zqxw"),  # unknown: shown as it is
]


@pytest.mark.parametrize("folded, written", WRITTEN)
def test_folded_words_are_shown_with_their_accents(folded, written):
    assert surface(folded) == written


@pytest.mark.parametrize(
    "typed, shown",
    [("Città", "città"), ("citta'", "città"), ("  PERCHÉ ", "perché"), ("caffe", "caffè")],
)
def test_a_clue_keeps_the_accents_typed_or_gets_them(typed, shown):
    assert as_typed(typed) == shown


@given(st.lists(st.sampled_from(sorted(accented_forms())[:2000] + ["pane", "di", "zqxw"])))
def test_showing_a_word_never_changes_what_it_means(words):
    text = " ".join(words)
    shown = surface(text)
    # the solvers' form of what is shown is what they gave: only accents were added
    assert normalize(shown) == normalize(text)
    assert len(shown.split(" ")) == len(text.split(" "))


# evidence in words ---------------------------------------------------------------------------------
CLUES = ["certificato", "caffe", "stella", "venere", "figlio"]


def _resources(past=None, vectors=None) -> Resources:
    rows = [
        ("certificato", "nascita", "prep", 40),  # certificato di nascita: a collocation
        ("caffe", "citta", "adj", 1),  # seen once: an accident of the text
        ("citta", "caffe", "near", 30),  # near each other: not a link
        ("stella", "nascita", "proverb", 1),
        ("nascita", "venere", "wiktionary", 1),
        ("caffe", "citta", "adj", 30),  # caffè città, 30 times: a collocation for citta
        ("figlio", "nascita", "synonym", 1),
    ]
    left, right, pat, cnt = zip(*rows, strict=True)
    words = ["certificato", "nascita", "caffe", "citta", "stella", "venere", "figlio", "di"]
    counts = [200, 300, 200, 800, 400, 100, 900, 100_000]
    links = LinkIndex(
        list(left), list(right), list(pat), list(cnt), words=words, word_counts=counts
    )
    lex = Lexicon(nouns={w: w for w in words})
    return Resources(links=links, lexicon=lex, past=past, vectors=vectors)


def test_only_real_evidence_is_a_link_and_it_is_said_in_words():
    res = _resources()
    (prep,) = clue_links(res, "certificato", "nascita")
    assert prep.text == "certificato di/a/da/in… nascita" and prep.source == "corpus collocation"
    (proverb,) = clue_links(res, "stella", "nascita")
    assert proverb.source == "proverbs" and proverb.text == "stella … nascita"
    (wikt,) = clue_links(res, "venere", "nascita")
    assert wikt.source == "Wiktionary" and "venere" in wikt.text and "nascita" in wikt.text
    (syn,) = clue_links(res, "figlio", "nascita")
    assert syn.source == "MultiWordNet"
    # shown with accents: the clue as typed, the words of the phrase
    (adj,) = clue_links(res, "caffe", "citta", shown="caffè")
    assert (adj.clue, adj.text, adj.source) == ("caffè", "caffè città", "corpus collocation")
    assert adj.count == 31 and adj.count >= MIN_COUNT  # the two rows of the pair, summed


def test_a_rare_pair_or_a_near_pair_is_no_link():
    rows = [("caffe", "citta", "adj", 1), ("caffe", "citta", "near", 30)]
    left, right, pat, cnt = zip(*rows, strict=True)
    links = LinkIndex(list(left), list(right), list(pat), list(cnt), words=["caffe", "citta"],
                      word_counts=[500, 800])  # fmt: skip
    assert clue_links(Resources(links=links), "caffe", "citta") == []


def test_a_frequent_pair_of_frequent_words_is_no_collocation():
    # seen 5 times, but two words this frequent meet that often by chance (PMI < 2)
    links = LinkIndex(["di", "casa"], ["casa", "anno"], ["adj", "adj"], [5, 5],
                      words=["casa", "anno", "di"], word_counts=[3000, 3000, 4000])  # fmt: skip
    assert clue_links(Resources(links=links), "casa", "anno") == []


def test_a_past_game_is_evidence_named_as_such():
    past = PastGames(games=[Game(("stella", "a", "b", "c", "d"), "nascita")])
    links = clue_links(_resources(past=past), "stella", "nascita")
    assert [x.source for x in links] == ["proverbs", "past games"]
    assert links[1].text == "nascita was the answer to a past game with the clue stella"


def test_a_listed_phrase_is_shown_as_written():
    phrases = Phrases(lines={"proverb": ["Chi nasce sotto una buona stella ha la nascita felice."]})
    (link,) = clue_links(_resources(), "stella", "nascita", phrases=phrases)
    assert link.text == "Chi nasce sotto una buona stella ha la nascita felice."
    assert phrases.find("proverb", "stella", "venere") is None


class _KV:  # the little of gensim's KeyedVectors that Vectors reads
    def __init__(self, words, vectors):
        self.index_to_key, self.vectors = words, vectors


def test_solution_counts_linked_clues_by_real_evidence_only():
    import numpy as np

    words = ["certificato", "nascita", "caffe", "citta", "stella", "venere", "figlio", "luna"]
    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(len(words), 8)).astype(np.float32)
    vecs[words.index("luna")] = vecs[words.index("venere")]  # cosine 1 with venere: no link
    res = _resources(vectors=Vectors(_KV(words, vecs)))
    res.lexicon.nouns["luna"] = "luna"
    service = GuillotineService(make_solver("links", res, {"min_length": 3}), res)
    solution = service.solve(["Certificato", "caffe", "stella", "venere", "figlio"], top=10)
    assert solution.clues == ["certificato", "caffè", "stella", "venere", "figlio"]
    by_word = {a.word: a for a in solution.answers}
    assert {"nascita", "città", "luna"} <= set(by_word)  # accents kept on answers
    nascita = by_word["nascita"]
    assert nascita.linked == 4  # certificato, stella, venere, figlio; not caffè
    assert {x.clue for x in nascita.links} == {"certificato", "stella", "venere", "figlio"}
    assert by_word["città"].linked == 1 and by_word["città"].links[0].clue == "caffè"
    assert by_word["luna"].linked == 0 and "cos 1.00" in by_word["luna"].evidence["venere"]
    assert set(nascita.evidence) == set(solution.clues)
    # the hand-set weights of a service without a trained model: untrained, said in words
    assert not solution.trained and not solution.confident and solution.message == UNTRAINED
    body = solution.to_dict()
    assert (body["trained"], body["confident"], body["threshold"]) == (False, False, None)
    answer = next(a for a in body["answers"] if a["word"] == "nascita")
    assert answer["linked"] == 4
    assert all(set(x) == {"clue", "text", "source"} for x in answer["links"])


# an untrained build ----------------------------------------------------------------------------------
SOLVE = ["guillotine", "solve", "pane", "gioco", "testa", "osso", "zoccolo"]


@pytest.fixture
def untrained(config):
    """The conftest config without evidence games: no weighting model is trained."""
    raw = yaml.safe_load(config.read_text())
    raw["guillotine"]["evidence_games"] = []
    config.write_text(yaml.safe_dump(raw))
    return config


def test_an_untrained_build_says_what_to_build_instead_of_ranking(untrained, capsys):
    rc = main([*SOLVE, "--configfile", str(untrained)])
    out, err = capsys.readouterr()
    assert rc == 3 and out == ""
    assert UNTRAINED in err and "WORDGAMES_DATA" in err and "--untrained" in err
    assert "duro" not in err


def test_untrained_prints_the_hand_weighted_ranking_marked_as_such(untrained, capsys):
    rc = main([*SOLVE, "--configfile", str(untrained), "--untrained"])
    out = capsys.readouterr().out
    assert rc == 0 and "UNTRAINED BUILD" in out and UNTRAINED in out
    assert "duro" in out


def test_untrained_json_says_so_and_exits_3(untrained, capsys):
    rc = main([*SOLVE, "--configfile", str(untrained), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 3
    assert data["trained"] is False and data["message"] == UNTRAINED
    assert data["confident"] is False and data["threshold"] is None
    assert main([*SOLVE, "--configfile", str(untrained), "--json", "--untrained"]) == 0


def test_a_trained_build_json_carries_the_contract(config, capsys):
    assert main([*SOLVE, "--configfile", str(config), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["trained"] is True and isinstance(data["confident"], bool)
    assert data["threshold"] is None or 0.0 <= data["threshold"] <= 1.0
    # no message: confident, or no threshold to judge by (this model saw too few games)
    assert data["message"] is None or not data["confident"]
    assert data["confident"] == (data["threshold"] is not None and data["message"] is None)
    for a in data["answers"]:
        assert a["linked"] == len({x["clue"] for x in a["links"]}) <= 5
        assert all(x["clue"] in data["clues"] and x["text"] and x["source"] for x in a["links"])


def test_a_proverb_of_the_config_is_shown_as_its_list_has_it(config):
    solution = GuillotineService.from_config(config).solve(SOLVE[2:], top=3)
    duro = next(a for a in solution.answers if a.word == "duro")
    texts = {(x.clue, x.text, x.source) for x in duro.links}
    assert ("pane", "Il pane duro fa bene ai denti.", "proverbs") in texts
    # "dura" is also a form of durare: outside a listed expression it is no evidence for duro
    assert not any(x.clue == "testa" for x in duro.links)


def test_gullever_answers_are_explained_by_the_links_solvers_evidence():
    import numpy as np

    words = ["certificato", "nascita", "caffe", "citta", "stella", "venere", "figlio"]
    vecs = np.random.default_rng(1).normal(size=(len(words), 8)).astype(np.float32)
    clues = ["certificato", "caffe", "stella", "venere", "figlio"]
    # a past game with four of these clues: no evidence for this game; one with one clue is
    past = PastGames(
        games=[
            Game(("certificato", "caffe", "stella", "venere", "x"), "nascita"),
            Game(("figlio", "a", "b", "c", "d"), "nascita"),
        ]
    )
    links = _resources(past=past)
    res = Resources(vectors=Vectors(_KV(words, vecs)), lexicon=links.lexicon)
    service = GuillotineService(make_solver("gullever", res, {}), res, explained=links)
    nascita = next(a for a in service.solve(clues, top=10).answers if a.word == "nascita")
    sources = {(x.clue, x.source) for x in nascita.links}
    assert ("figlio", "past games") in sources and ("stella", "past games") not in sources
    assert ("certificato", "corpus collocation") in sources and nascita.linked == 4


def test_a_form_that_is_also_a_verb_links_only_inside_a_listed_expression():
    rows = [
        ("gioco", "dura", "proverb", 1),
        ("testa", "dura", "mwe", 1),
        ("pane", "duro", "saying", 1),
    ]
    left, right, pat, cnt = zip(*rows, strict=True)
    words = ["gioco", "testa", "pane", "dura", "duro"]
    links = LinkIndex(list(left), list(right), list(pat), list(cnt), words=words)
    lex = Lexicon(
        nouns={w: w for w in ("gioco", "testa", "pane")},
        adjs={"duro": "duro", "dura": "duro"},
        verbs={"dura": "durare"},
    )
    res = Resources(links=links, lexicon=lex)
    assert clue_links(res, "gioco", "duro") == []  # "un bel gioco dura poco": the verb
    assert [x.text for x in clue_links(res, "testa", "duro")] == ["testa … dura"]
    assert [x.source for x in clue_links(res, "pane", "duro")] == ["sayings"]  # the word itself


def test_a_gloss_links_by_its_definition_not_its_examples(tmp_path):
    table = tmp_path / "synsets.tsv"
    table.write_text(
        "synset\twords\tgloss\n"
        "n#1\tprigione galera\tluogo di pena; 'E' stato condannato a dieci anni di galera'\n"
    )
    rows = [("prigione", "stato", "gloss", 1), ("prigione", "pena", "gloss", 1)]
    left, right, pat, cnt = zip(*rows, strict=True)
    links = LinkIndex(list(left), list(right), list(pat), list(cnt))
    res = Resources(links=links)
    phrases = Phrases({"gloss": [table]})
    (pena,) = clue_links(res, "pena", "prigione", phrases=phrases)
    assert (pena.text, pena.source) == ("prigione: luogo di pena", "MultiWordNet")
    # "stato" is only in the quoted example: no evidence when the gloss is at hand
    assert clue_links(res, "stato", "prigione", phrases=phrases) == []
    assert [x.text for x in clue_links(res, "stato", "prigione")] == ["prigione: … stato …"]


def test_a_long_line_is_cut_to_the_words_around_the_link():
    line = " ".join(["parola"] * 20 + ["la", "nascita", "di", "venere"] + ["altra"] * 20) + "."
    links = LinkIndex(["nascita"], ["venere"], ["quote"], [1])
    (link,) = clue_links(
        Resources(links=links), "venere", "nascita", phrases=Phrases(lines={"quote": [line]})
    )
    assert link.text.startswith("… ") and link.text.endswith(" …") and len(link.text) < 100
    assert "la nascita di venere" in link.text
