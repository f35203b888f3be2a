"""The sentence Hangman game.

A phrase is shown with its letters masked and everything else (spaces, digits, apostrophes and other
punctuation) revealed: ``it's a sunny day`` -> ``__'_ _ _____ ___``. A guessed letter reveals every
occurrence; the game is lost at the ``lives``-th wrong letter (3 in the seed post) and won when every
letter is revealed. Letters are the 26 ASCII letters after lower-casing and stripping accents
(``café`` plays as ``cafe``); any other character is shown from the start.

:class:`Board` is what a solver sees: the masked phrase, the letters guessed right and wrong, the lives.
The same board is built from a running :class:`Game` or from a masked string typed by a user
(:func:`parse_board`, for ``wordgames hangman assist``).
"""

from __future__ import annotations

import html
import re
import string
import unicodedata
from dataclasses import dataclass, field

from wordgames.config import schema_default
from wordgames.corpus.tokenize import APOSTROPHE_TABLE
from wordgames.errors import GameStateError, InputError

MASK = "_"
#: wrong letters that lose a game unless told otherwise: the config's default (the seed post's 3)
LIVES: int = schema_default("hangman.lives")
LETTERS = frozenset(string.ascii_lowercase)
# A word slot: letters, masks, digits and inner apostrophes (English contractions stay one token).
_SLOT = re.compile(r"[a-z0-9_]+(?:'[a-z0-9_]+)*")


def normalise(text: str) -> str:
    """Lower case, accents stripped from letters, apostrophes as ASCII ``'``, whitespace collapsed."""
    # apostrophes first: NFKD would turn the acute accent used as one into a space
    text = unicodedata.normalize("NFKD", text.translate(APOSTROPHE_TABLE))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.lower().split())


def mask(phrase: str, revealed: set[str] | frozenset[str]) -> str:
    return "".join(MASK if ch in LETTERS and ch not in revealed else ch for ch in phrase)


def slots(masked: str) -> list[str]:
    """The word slots of a masked phrase, in order (punctuation and spaces separate them)."""
    return _SLOT.findall(masked)


def phrase_tokens(text: str) -> list[str]:
    """Tokens of a plain phrase as the corpus tokenizer makes them (lower case, contractions kept)."""
    return slots(normalise(text))


@dataclass(frozen=True)
class Board:
    """A solver's view of a game."""

    masked: str
    right: frozenset[str]
    wrong: frozenset[str]
    lives: int = LIVES
    # the puzzle's category as the show displays it ("Phrase", "Before & After"), if known
    category: str | None = None

    @property
    def guessed(self) -> frozenset[str]:
        return self.right | self.wrong

    @property
    def slots(self) -> list[str]:
        return slots(self.masked)

    @property
    def hidden(self) -> int:
        return self.masked.count(MASK)

    @property
    def revealed_letters(self) -> int:
        return sum(ch in LETTERS for ch in self.masked)

    def open_letters(self) -> list[str]:
        return sorted(LETTERS - self.guessed)


def _check_letters(letters: str, what: str) -> frozenset[str]:
    out = set()
    for ch in normalise(letters):
        if ch in ", ":
            continue
        if ch not in LETTERS:
            raise InputError(f"{what}: {ch!r} is not a letter a-z")
        out.add(ch)
    return frozenset(out)


def parse_board(
    masked: str, wrong: str = "", lives: int = LIVES, category: str | None = None
) -> Board:
    """A board from a masked phrase typed by a user (``__'_ _ _____ ___``) and the wrong letters."""
    text = normalise(masked)
    if not text:
        raise InputError("the masked phrase is empty")
    foreign = sorted({ch for ch in text if ch.isalpha() and ch not in LETTERS})
    if foreign:
        raise InputError(
            f"{masked!r} has letters outside a-z ({''.join(foreign)}): sentence "
            "Hangman plays English phrases"
        )
    if MASK not in text:
        raise GameStateError(f"nothing left to guess in {masked!r}: it has no '{MASK}'")
    if not slots(text):
        raise InputError(f"no word slots in {masked!r}")
    wrong_set = _check_letters(wrong, "--wrong")
    right = frozenset(ch for ch in text if ch in LETTERS)
    clash = sorted(wrong_set & right)
    if clash:
        raise GameStateError(
            f"impossible state: {', '.join(clash)} given as wrong but shown in {masked!r}"
        )
    if not LETTERS - right - wrong_set:
        raise GameStateError(
            f"impossible state: every letter is guessed but {masked!r} has '{MASK}'"
        )
    if len(wrong_set) >= lives:
        raise GameStateError(
            f"the game is already lost: {len(wrong_set)} wrong letters with {lives} lives"
        )
    return Board(
        masked=text, right=right, wrong=wrong_set, lives=lives, category=clean_category(category)
    )


def clean_category(category: str | None) -> str | None:
    """A category as typed (HTML entities decoded, spaces collapsed); None or blank -> None."""
    if category is None:
        return None
    text = " ".join(html.unescape(category).split())
    return text or None


@dataclass
class Game:
    """One game of sentence Hangman."""

    phrase: str
    lives: int = LIVES
    right: set[str] = field(default_factory=set)
    wrong: set[str] = field(default_factory=set)
    history: list[str] = field(default_factory=list)
    category: str | None = None

    def __post_init__(self):
        self.phrase = normalise(self.phrase)
        self.category = clean_category(self.category)
        if self.lives < 1:
            raise InputError(f"lives must be at least 1, got {self.lives}")
        self.letters = frozenset(ch for ch in self.phrase if ch in LETTERS)
        if not self.letters:
            raise InputError(f"the phrase {self.phrase!r} has no letters to guess")

    @property
    def masked(self) -> str:
        return mask(self.phrase, self.right)

    @property
    def errors(self) -> int:
        return len(self.wrong)

    @property
    def won(self) -> bool:
        return self.letters <= self.right

    @property
    def lost(self) -> bool:
        return len(self.wrong) >= self.lives

    @property
    def over(self) -> bool:
        return self.won or self.lost

    def board(self) -> Board:
        return Board(
            self.masked, frozenset(self.right), frozenset(self.wrong), self.lives, self.category
        )

    def guess(self, letter: str) -> bool:
        """Guess one letter; True if it is in the phrase."""
        if self.over:
            raise GameStateError("the game is over")
        letter = normalise(letter)
        if len(letter) != 1 or letter not in LETTERS:
            raise InputError(f"a guess is one letter a-z, got {letter!r}")
        if letter in self.right or letter in self.wrong:
            raise GameStateError(f"{letter!r} was already guessed")
        self.history.append(letter)
        if letter in self.letters:
            self.right.add(letter)
            return True
        self.wrong.add(letter)
        return False
