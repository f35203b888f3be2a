"""benchmarks/hangman_words.py: the mixture's weights and the inner network it reuses."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import hangman_words
import pytest

from wordgames.hangman.words.charmodel import fit_char_model
from wordgames.hangman.words.dictionary import read_words
from wordgames.hangman.words.neural import MixedCharModel, mixed
from wordgames.settings import HangmanWordsNeural

WORDS = read_words(Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt")
KN = fit_char_model(WORDS, order=5, dense_order=3)


@dataclasses.dataclass
class Words:
    neural: HangmanWordsNeural


def test_inner_network_is_trained_once_then_read_back(tmp_path):
    words = Words(HangmanWordsNeural(epochs=1, context=3, hidden=8, weight=0.7, seed=0))
    path = tmp_path / "net.npz"
    first = hangman_words._inner_mixture(KN, WORDS, words, str(path))
    assert isinstance(first, MixedCharModel) and first.weight == 0.7 and path.exists()
    again = hangman_words._inner_mixture(KN, WORDS[:5], words, str(path))
    assert again.logprob(WORDS[0]) == pytest.approx(first.logprob(WORDS[0]))
    wider = Words(dataclasses.replace(words.neural, hidden=9))
    with pytest.raises(SystemExit, match="hidden 8; the config says 3, 9"):
        hangman_words._inner_mixture(KN, WORDS, wider, str(path))
    off = Words(dataclasses.replace(words.neural, epochs=0))
    assert hangman_words._inner_mixture(KN, WORDS, off, str(path)) is KN


def test_weights_re_weight_the_mixture_and_one_is_kneser_ney():
    words = Words(HangmanWordsNeural(epochs=1, context=3, hidden=8, weight=0.7, seed=0))
    mix = hangman_words._inner_mixture(KN, WORDS, words, None)
    rows = hangman_words._weighted(mix, "1,0.5")
    assert [w for w, _ in rows] == [1.0, 0.5]
    assert rows[0][1].logprob(WORDS[1]) == pytest.approx(KN.logprob(WORDS[1]))
    half = mixed(KN, mix.neural, 0.5)
    assert rows[1][1].logprob(WORDS[1]) == pytest.approx(half.logprob(WORDS[1]))
    assert hangman_words._weighted(mix, None) == [(0.7, mix)]
    with pytest.raises(SystemExit, match="1.5"):
        hangman_words._weighted(mix, "1.5")
    with pytest.raises(SystemExit, match="needs a mixture"):
        hangman_words._weighted(KN, "0.5")
