"""The solver interface: a solver looks at a :class:`~wordgames.hangman.game.Board` and decides."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from wordgames.hangman.game import Board
from wordgames.hangman.lexicon import Lexicon
from wordgames.hangman.phrase_channel import PhraseChannel
from wordgames.hangman.scoring import Domain
from wordgames.lm.model import LanguageModel

_SLOT = re.compile(r"[a-z0-9_]+(?:'[a-z0-9_]+)*")
UNK = "<unk>"


@dataclass
class Resources:
    """What solvers read: the vocabulary with counts, the n-gram LM (None for LM-free solvers),
    the in-domain LM and the phrase lists' channel."""

    lexicon: Lexicon
    lm: LanguageModel | None = None
    domain: Domain | None = None  # the in-domain LM the LM solvers interpolate with, if any
    phrases: PhraseChannel | None = None  # listed phrases the posterior mixes with the LM, if any


@dataclass
class Decision:
    """A solver's move: the letter, the phrase it currently believes, and how it got there."""

    letter: str
    stage: str
    prediction: str
    letter_scores: dict[str, float] = field(default_factory=dict)
    predictions: list[tuple[str, float]] = field(default_factory=list)
    # the listed phrase that decided the letter and its list ("cotton candy: WordNet noun.food")
    reason: str | None = None


def fill(masked: str, words: list[str | None]) -> str:
    """The masked phrase with its slots replaced by ``words`` (None or ``<unk>`` keeps the slot)."""
    it = iter(words)

    def sub(m: re.Match) -> str:
        w = next(it, None)
        return m.group(0) if w is None or w == UNK else w

    return _SLOT.sub(sub, masked)


class Solver(ABC):
    """One solver: ``decide(board)`` returns the next letter to guess (never one already guessed)."""

    name: str = ""
    needs_lm: bool = False
    uses_phrases: bool = False  # reads Resources.phrases (the phrase lists' channel)

    def __init__(self, resources: Resources):
        self.res = resources
        self.lexicon = resources.lexicon

    @abstractmethod
    def decide(self, board: Board) -> Decision: ...

    def fallback_letter(self, board: Board) -> str:
        """The most frequent letter not guessed yet."""
        for ch in self.lexicon.letters_by_frequency():
            if ch not in board.guessed:
                return ch
        raise AssertionError("every letter has been guessed")
