from __future__ import annotations

import pytest

from wordgames.errors import InputError
from wordgames.hangman.evaluate import evaluate, play, summarise
from wordgames.hangman.game import parse_board
from wordgames.hangman.lexicon import Lexicon
from wordgames.hangman.solvers import SOLVERS, Resources, make_solver
from wordgames.lm.model import LanguageModel

SEED_EXAMPLES = [
    "describe what is needed",
    "an honor roll of online options",
    "members of the supreme court",
    "it's a sunny day",
]


@pytest.fixture(scope="module")
def resources(tiny_lm):
    return Resources(Lexicon.from_parquet(tiny_lm["unigrams"]), LanguageModel(tiny_lm["binary"]))


@pytest.mark.parametrize("name", list(SOLVERS))
def test_solvers_play_the_seed_examples_to_the_end(resources, name):
    solver = make_solver(name, resources)
    for phrase in SEED_EXAMPLES:
        game, decisions = play(solver, phrase, lives=3)
        assert game.over
        letters = [d.letter for _, d in decisions]
        assert len(letters) == len(set(letters)), "a solver repeated a letter"
        assert all(len(d.prediction) == len(phrase) for _, d in decisions)


def test_lm_solvers_win_the_seed_examples_on_their_own_text(resources):
    # every word of these phrases is in the fixture text, so an LM solver must not lose them
    for name in ("seed", "posterior"):
        records = evaluate(make_solver(name, resources), SEED_EXAMPLES, lives=3)
        assert all(r.won for r in records), (name, [(r.phrase, r.letters) for r in records])


def test_posterior_predicts_the_phrase_from_context(resources):
    solver = make_solver("posterior", resources)
    board = parse_board("_e_be_s o_ _he s___e_e _o___", wrong="")
    d = solver.decide(board)
    assert d.prediction == "members of the supreme court"
    assert d.letter not in "ebsoh" and d.letter in "mfturpc"
    assert 0 < sum(p for _, p in d.predictions) <= 1 + 1e-9


def test_posterior_endgame_searches_the_beam_with_the_misses_left(resources, monkeypatch):
    import wordgames.hangman.solvers.posterior as posterior

    calls = []

    def spy(board, fills, weights, misses, greedy, guessed):
        calls.append((board, fills, list(weights), misses, greedy, guessed))
        return "z"

    monkeypatch.setattr(posterior, "endgame_letter", spy)
    board = parse_board("_e_be_s o_ _he s___e_e _o___", wrong="x", lives=3)
    assert make_solver("posterior", resources).decide(board).letter != "z"  # off by default
    assert not calls
    d = make_solver("posterior", resources, endgame=24, endgame_cover=0.01).decide(board)
    assert d.letter == "z" and len(calls) == 1
    masked, fills, weights, misses, greedy, guessed = calls[0]
    assert masked == board.masked and misses == 1 and guessed == board.guessed
    assert 2 <= len(fills) <= 24 and "members of the supreme court" in fills
    for f in fills:
        assert len(f) == len(masked)
        assert all(m == "_" and c not in guessed or m == c for m, c in zip(masked, f, strict=True))
    assert weights == sorted(weights, reverse=True) and sum(weights) <= 1 + 1e-9
    # a cover no slot reaches (its out-of-vocabulary share is never held): the likeliest letter
    calls.clear()
    assert (
        make_solver("posterior", resources, endgame=24, endgame_cover=1.0).decide(board).letter
        == greedy
    )
    assert not calls


def test_posterior_endgame_plays_the_seed_examples(resources):
    solver = make_solver("posterior", resources, endgame=24, endgame_cover=0.5)
    records = evaluate(solver, SEED_EXAMPLES, lives=3)
    assert all(r.won for r in records), [(r.phrase, r.letters) for r in records]


def test_posterior_does_not_stall_on_unknown_words(resources):
    # "zanzibar" and "quokka" are not in the fixture vocabulary: the character model takes over
    solver = make_solver("posterior", resources)
    game, decisions = play(solver, "a quokka in zanzibar", lives=26)
    assert game.won
    assert any(d.letter_scores for _, d in decisions)


def test_lm_solvers_need_an_lm(resources):
    with pytest.raises(InputError, match="needs a language model"):
        make_solver("posterior", Resources(resources.lexicon, None))
    with pytest.raises(InputError, match="unknown solver"):
        make_solver("oracle", resources)


def test_summary(resources):
    records = evaluate(make_solver("baseline", resources), SEED_EXAMPLES[:2], lives=3)
    s = summarise(records)
    assert s["games"] == 2 and 0 <= s["win_rate"] <= 1 and s["seconds_per_guess"] >= 0
    assert s["wins"] == sum(r.won for r in records)


def test_read_phrases_decodes_html_entities(tmp_path):
    from wordgames.hangman.puzzles import read_phrases

    f = tmp_path / "p.tsv"
    f.write_text("answer\tcategory\nGOOFY &amp; PLUTO\tCharacters\n\t\n")
    assert read_phrases(f) == ["GOOFY & PLUTO"]
