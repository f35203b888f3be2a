"""The posterior solver with the phrase lists' channel (wordgames.hangman.phrase_channel)."""

from __future__ import annotations

import numpy as np
import pytest

from wordgames.hangman.evaluate import play
from wordgames.hangman.game import parse_board
from wordgames.hangman.lexicon import Lexicon
from wordgames.hangman.phrase_channel import ChannelInfo, PhraseChannel, PhraseIndex
from wordgames.hangman.phrase_lists import PhraseList, phrase_table
from wordgames.hangman.solvers import Resources, make_solver
from wordgames.lm.model import LanguageModel


def channel(tmp_path, lam: float) -> PhraseChannel:
    path = tmp_path / "foods.tsv"
    path.write_text("cotton candy\tnoun.food\nbutter churn\tnoun.artifact\n", encoding="utf-8")
    table = phrase_table([PhraseList("wordnet", str(path), phrase=1, type=2, label="WordNet")])
    types = ["wordnet:noun.artifact", "wordnet:noun.food"]
    info = ChannelInfo(
        types=types,
        categories=[],
        kappa=10.0,
        lam={"": lam},
        pi={"": [0.5, 0.5]},
        answers=0,
        train="",
        labels={"wordnet": "WordNet"},
    )
    return PhraseChannel(PhraseIndex(table), info)


@pytest.fixture(scope="module")
def lexicon_lm(tiny_lm):
    return Lexicon.from_parquet(tiny_lm["unigrams"]), LanguageModel(tiny_lm["binary"])


def test_a_listed_phrase_that_fits_decides_and_is_named(lexicon_lm, tmp_path):
    lexicon, lm = lexicon_lm
    solver = make_solver("posterior", Resources(lexicon, lm, phrases=channel(tmp_path, 0.5)))
    # "butter churn" has no o: after o is shown, only "cotton candy" of the lists fits
    d = solver.decide(parse_board("_o__o_ _____", wrong=""))
    assert d.prediction == "cotton candy"
    assert d.reason == "cotton candy: WordNet noun.food"
    assert d.letter in "ctnady"
    assert 0 < sum(p for _, p in d.predictions) <= 1 + 1e-9


def test_no_channel_or_no_fit_gives_no_reason(lexicon_lm, tmp_path):
    lexicon, lm = lexicon_lm
    plain = make_solver("posterior", Resources(lexicon, lm))
    assert plain.decide(parse_board("_o__o_ _____", wrong="")).reason is None
    listed = make_solver("posterior", Resources(lexicon, lm, phrases=channel(tmp_path, 0.5)))
    # a wrong c rules "cotton candy" out, and "butter churn" has no o: no listed phrase fits
    d = listed.decide(parse_board("_o__o_ _____", wrong="c"))
    assert d.reason is None and d.letter != "c"


def test_the_weight_of_the_lists_sets_their_share(lexicon_lm, tmp_path):
    lexicon, lm = lexicon_lm
    board = parse_board("______ _____", wrong="")
    shares = []
    for lam in (1e-9, 0.999):
        solver = make_solver("posterior", Resources(lexicon, lm, phrases=channel(tmp_path, lam)))
        listed, rho = solver._listed(board, *_beam(solver, board))
        assert listed is not None and sorted(listed.norms) == ["butter churn", "cotton candy"]
        shares.append(rho)
    assert 0 <= shares[0] < 0.01 and shares[1] > shares[0]


def test_the_lists_win_a_game_the_lm_alone_cannot_know(lexicon_lm, tmp_path):
    lexicon, lm = lexicon_lm
    plain = make_solver("posterior", Resources(lexicon, lm))
    assert not play(plain, "cotton candy", lives=3)[0].won  # neither word is in the fixture text
    solver = make_solver("posterior", Resources(lexicon, lm, phrases=channel(tmp_path, 0.5)))
    game, decisions = play(solver, "cotton candy", lives=3)
    assert game.won, [d.letter for _, d in decisions]


def _beam(solver, board):
    """The beam's hypotheses and each slot's candidates, as decide() builds them."""
    beam_words, shares = [], []
    for slot in board.slots:
        fit = solver.lexicon.candidates(slot, board.guessed, limit=solver.k)
        words = list(fit.words) or ["<unk>"]
        beam_words.append(words)
        shares.append(fit.counts / fit.mass if fit.mass else [1.0])
    shares = [np.asarray(s, float) for s in shares]
    return solver._beam(beam_words), beam_words, shares
