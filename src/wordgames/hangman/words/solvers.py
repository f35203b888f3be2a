"""Single-word solvers behind one interface: ``guess(board)`` -> a :class:`Guess`.

``pattern``: the classical baseline. The training words that fit the board (same length, shown
letters in place, no guessed letter at a hidden position) are equally likely; guess the letter
most of them contain. When none fits (most of the time late in a game on an unseen word), the
character model's exact posterior decides instead: its Kneser-Ney part only, since the baseline is
the letter n-gram and word pattern (a mixture's network would also make it several times slower).

``ngram``: the character model's exact posterior, always, with the training words' own mass
taken out of it (``exclude_training``: a test word is never a training word, and an order-7 model
memorises them); optionally mixed with the fitting words' letter frequencies with weight
``n / (n + kappa)`` for ``n`` fitting words (off by default: it lost on validation). Letter most
likely present; with ``lookahead`` > 0, on a board of at most ``enumerate`` fillings, the letter of
the best chance to win among the ``lookahead_letters`` likeliest (:mod:`.lookahead`, over the
``lookahead`` likeliest fillings).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from wordgames.config import schema_default
from wordgames.errors import InputError
from wordgames.hangman.game import MASK, Board
from wordgames.hangman.words.charmodel import CharModel, encode
from wordgames.hangman.words.lookahead import best_letter
from wordgames.hangman.words.presence import enumerated_fillings, fillings, posterior

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LOOKAHEAD: int = schema_default("hangman.words.lookahead")
LOOKAHEAD_LETTERS: tuple[int, ...] = tuple(schema_default("hangman.words.lookahead_letters"))


class PatternIndex:
    """The training words by length, as letter codes and a word x letter presence matrix."""

    def __init__(self, words: list[str]):
        by_len: dict[int, list[str]] = {}
        for w in words:
            by_len.setdefault(len(w), []).append(w)
        self.codes = {n: np.stack([encode(w) for w in ws]) for n, ws in by_len.items()}
        self.has = {n: (c[:, :, None] == np.arange(26)).any(axis=1) for n, c in self.codes.items()}

    def fitting(self, masked: str, guessed: frozenset[str]) -> np.ndarray:
        """The presence rows (n x 26 booleans) of the training words that fit the board."""
        return (
            self.has[len(masked)][self.fits(masked, guessed)]
            if len(masked) in self.has
            else (np.zeros((0, 26), dtype=bool))
        )

    def fitting_codes(self, masked: str, guessed: frozenset[str]) -> np.ndarray:
        """The letter codes (n x length) of the training words that fit the board."""
        if len(masked) not in self.codes:
            return np.zeros((0, len(masked)), dtype=np.int64)
        return self.codes[len(masked)][self.fits(masked, guessed)]

    def fits(self, masked: str, guessed: frozenset[str]) -> np.ndarray:
        codes = self.codes[len(masked)]
        ok = np.ones(len(codes), dtype=bool)
        banned = np.zeros(27, dtype=bool)
        banned[[ord(c) - ord("a") for c in guessed]] = True
        for i, ch in enumerate(masked):
            if ch == MASK:
                ok &= ~banned[codes[:, i]]
            else:
                ok &= codes[:, i] == ord(ch) - ord("a")
        return ok


def _open_mask(board: Board) -> np.ndarray:
    out = np.ones(26, dtype=bool)
    out[[ord(c) - ord("a") for c in board.guessed | set(board.masked) - {MASK}]] = False
    return out


def _best(scores: np.ndarray, board: Board) -> str:
    scores = np.where(_open_mask(board), scores, -np.inf)
    return ALPHABET[int(np.argmax(scores))]


@dataclass
class Guess:
    letter: str
    scores: np.ndarray  # 26 probabilities that each letter is in the word
    stage: str  # which evidence decided: "pattern", "model", "mixed" or "lookahead"
    fitting: int  # training words that fit the board


class WordSolver(ABC):
    name: str = ""

    @abstractmethod
    def guess(self, board: Board) -> Guess: ...


def model_presence(
    model: CharModel,
    slot: str,
    guessed: frozenset[str],
    budget: int,
    enumerate: int,
    excluded: np.ndarray | None = None,
    samples: int = 0,
) -> np.ndarray:
    """The character model's presence posterior (:func:`~.presence.posterior`).

    ``excluded``: letter codes of words the answer is known not to be (on this protocol, the
    training words: test words are disjoint from them); their mass is taken out of every Z."""
    p, logz, order = posterior(model, slot, guessed, budget, enumerate, samples)
    if excluded is None or not len(excluded):
        return p
    r = np.exp(model.logprob_codes(excluded, order) - logz)
    rest = 1.0 - r.sum()
    if rest <= 1e-9:  # the model puts (numerically) all its mass on excluded words
        return p
    has = (excluded[:, :, None] == np.arange(26)).any(axis=1)
    without = r @ ~has  # mass of the excluded words without each letter
    out = 1.0 - np.maximum((1.0 - p) - without, 0.0) / rest
    out[p == 0] = 0.0
    return np.clip(out, 0.0, 1.0)


class _ModelMixin:
    model: CharModel
    index: PatternIndex
    budget: int
    enumerate: int
    exclude: bool = False
    samples: int = 0

    _cache: dict[tuple[str, frozenset[str]], np.ndarray]

    def model_presence(self, board: Board) -> np.ndarray:
        # every game of a length opens on the same boards: the first decisions repeat
        key = (board.masked, board.guessed)
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            if len(cache) > 20000:
                cache.clear()
            excluded = (
                self.index.fitting_codes(board.masked, board.guessed) if self.exclude else None
            )
            cache[key] = model_presence(
                self.model,
                board.masked,
                board.guessed,
                self.budget,
                self.enumerate,
                excluded,
                self.samples,
            )
        return cache[key]


class PatternSolver(_ModelMixin, WordSolver):
    name = "pattern"

    def __init__(self, index: PatternIndex, model: CharModel, budget: int, enumerate: int):
        self.index, self.model, self.budget, self.enumerate = index, model, budget, enumerate

    def guess(self, board: Board) -> Guess:
        fit = self.index.fitting(board.masked, board.guessed)
        if len(fit):
            scores = fit.mean(axis=0)
            return Guess(_best(scores, board), scores, "pattern", len(fit))
        scores = self.model_presence(board)
        return Guess(_best(scores, board), scores, "model", 0)


class NgramSolver(_ModelMixin, WordSolver):
    name = "ngram"

    def __init__(
        self,
        index: PatternIndex,
        model: CharModel,
        budget: int,
        enumerate: int,
        kappa: float | None = None,
        exclude: bool = True,
        samples: int = 0,
        lookahead: int = LOOKAHEAD,
        lookahead_letters: tuple[int, ...] = LOOKAHEAD_LETTERS,
    ):
        if kappa is not None and kappa < 0:
            raise InputError(f"kappa must be at least 0, got {kappa}")
        if lookahead < 0:
            raise InputError(f"lookahead must be at least 0, got {lookahead}")
        if not lookahead_letters or any(int(k) < 1 for k in lookahead_letters):
            raise InputError(
                f"lookahead_letters must be one or more widths of at least 1, got "
                f"{list(lookahead_letters)}"
            )
        self.index, self.model, self.budget, self.enumerate = index, model, budget, enumerate
        self.kappa, self.exclude, self.samples = kappa, exclude, samples
        self.lookahead, self.lookahead_letters = lookahead, tuple(int(k) for k in lookahead_letters)

    def guess(self, board: Board) -> Guess:
        scores = self.model_presence(board)
        fit = self.index.fitting(board.masked, board.guessed)
        stage = "model"
        if len(fit) and self.kappa is not None:
            w = len(fit) / (len(fit) + self.kappa)
            scores = w * fit.mean(axis=0) + (1 - w) * scores
            stage = "mixed"
        letter = _best(scores, board)
        if self.lookahead and fillings(board.masked, board.guessed) <= self.enumerate:
            looked = self.look_ahead(board, scores)
            if looked is not None:
                letter, stage = looked, "lookahead"
        return Guess(letter, scores, stage, len(fit))

    def look_ahead(self, board: Board, scores: np.ndarray) -> str | None:
        """The lookahead's letter (:mod:`.lookahead`), or None when fewer than two candidates
        are left to tell apart."""
        codes, logp, where = enumerated_fillings(self.model, board.masked, board.guessed)
        weights = np.exp(logp - logp.max())
        open_ = _open_mask(board)
        if self.exclude:
            training = self.index.fitting_codes(board.masked, board.guessed)
            if len(training):
                keys = _filling_keys(codes, where, open_)
                known = np.isin(keys, _filling_keys(training, where, open_))
                weights[known] = 0.0
        keep = np.argsort(-weights, kind="stable")[: self.lookahead]
        keep = keep[weights[keep] > 0]
        if len(keep) < 2:
            return None
        ranked = [int(i) for i in np.argsort(-np.where(open_, scores, -1.0), kind="stable")]
        first, *then = self.lookahead_letters
        letters = [i for i in ranked if open_[i]][:first]
        lives = board.lives - len(board.wrong)
        best, _ = best_letter(codes[keep], weights[keep], open_, lives, letters, tuple(then))
        return ALPHABET[best]


def _filling_keys(codes: np.ndarray, where: list[int], open_: np.ndarray) -> np.ndarray:
    """One integer per filling of a board: its hidden letters as digits in the base of the open
    letters (so at most the board's count of fillings: no overflow)."""
    digit = np.cumsum(open_) - 1  # an open letter's rank among the open letters
    place = int(open_.sum()) ** np.arange(len(where), dtype=np.int64)
    return digit[codes[:, where]] @ place


SOLVERS = ("pattern", "ngram")


def make_solver(
    name: str,
    index: PatternIndex,
    model: CharModel,
    *,
    budget: int,
    enumerate: int,
    kappa: float | None = None,
    exclude_training: bool = True,
    samples: int = 0,
    lookahead: int = LOOKAHEAD,
    lookahead_letters: tuple[int, ...] = LOOKAHEAD_LETTERS,
) -> WordSolver:
    """A solver by name, with the options of config section ``hangman.words``
    (:func:`solver_options`)."""
    if name == "pattern":
        return PatternSolver(index, model.kneser_ney(), budget, enumerate)
    if name == "ngram":
        return NgramSolver(
            index,
            model,
            budget,
            enumerate,
            kappa,
            exclude_training,
            samples,
            lookahead,
            lookahead_letters,
        )
    raise InputError(f"unknown word solver {name!r}: choose from {', '.join(SOLVERS)}")


def solver_options(words) -> dict:
    """The keyword options of :func:`make_solver` from the config section ``hangman.words``
    (a :class:`wordgames.settings.HangmanWords`): what the CLI and the pipeline pass."""
    keys = (
        "budget",
        "enumerate",
        "kappa",
        "exclude_training",
        "samples",
        "lookahead",
        "lookahead_letters",
    )
    return {k: getattr(words, k) for k in keys}
