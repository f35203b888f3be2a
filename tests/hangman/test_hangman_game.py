from __future__ import annotations

import pytest

from wordgames.errors import GameStateError, InputError
from wordgames.hangman.game import Game, mask, normalise, parse_board, phrase_tokens, slots

SEED_EXAMPLES = {
    "describe what is needed": "________ ____ __ ______",
    "an honor roll of online options": "__ _____ ____ __ ______ _______",
    "members of the supreme court": "_______ __ ___ _______ _____",
    "it's a sunny day": "__'_ _ _____ ___",
}


@pytest.mark.parametrize("phrase,masked", SEED_EXAMPLES.items())
def test_seed_examples_are_masked(phrase, masked):
    game = Game(phrase)
    assert game.masked == masked
    assert game.board().slots == slots(masked)


def test_digits_and_punctuation_are_revealed():
    assert mask(normalise("Room 101, please!"), set()) == "____ 101, ______!"
    assert mask(normalise("Café’s"), set()) == "____'_"


def test_a_letter_reveals_every_occurrence():
    game = Game("an honor roll of online options")
    assert game.guess("o")
    assert game.masked == "__ _o_o_ _o__ o_ o__i__ o__io__".replace("i", "_")
    assert game.masked.count("o") == "an honor roll of online options".count("o")
    assert game.guess("n")
    assert game.masked == "_n _ono_ _o__ o_ on__n_ o___on_"


def test_lost_at_the_third_wrong_letter():
    game = Game("it's a sunny day")
    for letter in "qxz":
        assert not game.over
        assert not game.guess(letter)
    assert game.lost and not game.won and game.errors == 3
    with pytest.raises(GameStateError):
        game.guess("a")


def test_lives_are_configurable():
    game = Game("it's a sunny day", lives=5)
    for letter in "qxzw":
        game.guess(letter)
    assert not game.over
    game.guess("v")
    assert game.lost


def test_won_when_every_letter_is_revealed():
    game = Game("It's a sunny day")
    for letter in "itsaunyd":
        game.guess(letter)
    assert game.won and game.errors == 0 and game.masked == "it's a sunny day"


def test_bad_guesses():
    game = Game("day")
    with pytest.raises(InputError):
        game.guess("1")
    with pytest.raises(InputError):
        game.guess("ab")
    game.guess("d")
    with pytest.raises(GameStateError, match="already"):
        game.guess("D")


def test_phrase_without_letters_is_rejected():
    with pytest.raises(InputError, match="no letters"):
        Game("1984 !!")


def test_phrase_tokens_keep_contractions():
    assert phrase_tokens("It's a sunny day, isn't it?") == [
        "it's",
        "a",
        "sunny",
        "day",
        "isn't",
        "it",
    ]


def test_parse_board():
    board = parse_board("__'_ _ _____ ___", wrong="xz")
    assert board.right == frozenset() and board.wrong == {"x", "z"}
    assert board.slots == ["__'_", "_", "_____", "___"]
    board = parse_board("__'s a s____ _a_", wrong="x")
    assert board.right == {"s", "a"}
    assert board.open_letters() == sorted(set("abcdefghijklmnopqrstuvwxyz") - {"s", "a", "x"})


@pytest.mark.parametrize(
    "masked,wrong,message",
    [
        ("__'s a s____ _a_", "sx", "impossible state"),
        ("__'_ _ _____ ___", "xyz", "already lost"),
        ("__'_ _ _____ ___", "x1", "not a letter"),
        ("it's a sunny day", "", "nothing left"),
        ("", "", "empty"),
    ],
)
def test_parse_board_rejects_impossible_states(masked, wrong, message):
    with pytest.raises((GameStateError, InputError), match=message):
        parse_board(masked, wrong, lives=3)
