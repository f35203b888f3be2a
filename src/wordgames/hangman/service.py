"""Sentence Hangman as one object: the public Python API the CLI and the web app both call.

A :class:`HangmanService` holds the unigram table and the KenLM model the solvers read (the
pipeline's for the config's ``hangman.collection``, or files given explicitly), the lives and the
default solver (the config's, whose defaults are the schema's: one set for every front-end), and each
solver's options. It checks what a user types (a phrase, a board and its wrong letters, a solver
name, solver options) with the project's one-line errors, and offers the operations: :meth:`play` a
phrase step by step, :meth:`assist` with the next letter for a board, :meth:`evaluate` a phrase set.

The files are read on first use (or by :meth:`load`), after the request has been checked, so a typo
fails at once without waiting for the LM; an LM-free solver never reads the LM.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from wordgames.config import Config, load_cli_config, schema_default
from wordgames.errors import InputError
from wordgames.hangman.domain import DomainInfo
from wordgames.hangman.evaluate import GameRecords, evaluate, play
from wordgames.hangman.game import LIVES, Board, Game, parse_board
from wordgames.hangman.lexicon import MIN_COUNT, Lexicon
from wordgames.hangman.phrase_channel import PhraseChannel
from wordgames.hangman.puzzles import Puzzle, read_puzzles
from wordgames.hangman.scoring import Domain
from wordgames.hangman.solvers import (
    DEFAULT_SOLVER,
    SOLVERS,
    Decision,
    Resources,
    Solver,
    check_options,
    check_solver,
    make_solver,
)
from wordgames.lm.model import LanguageModel

PathLike = str | os.PathLike


@dataclass(frozen=True)
class Step:
    """One guess of a played game: the board the solver saw, its decision and whether it hit."""

    board: Board
    decision: Decision
    hit: bool
    wrong: str  # the wrong letters before this guess, in the order guessed

    @property
    def guess(self) -> str:
        return self.decision.letter


@dataclass(frozen=True)
class PlayedGame:
    """A phrase played to the end by one solver."""

    game: Game
    solver: str
    lives: int
    steps: list[Step]

    @property
    def won(self) -> bool:
        return self.game.won

    def to_pandas(self):
        """The game as a pandas DataFrame, one row per guess: ``turn`` int64 (from 1), ``board``
        str (the masked phrase the solver saw), ``wrong`` str (the wrong letters before the
        guess), ``guess`` str, ``hit`` bool, ``lives_left`` int64 (after the guess), ``stage`` str
        (the solver's stage that chose the letter), ``prediction`` str (the phrase it believed)."""
        import pandas as pd

        steps = self.steps
        lives_left, lives = [], self.lives
        for step in steps:
            lives -= not step.hit
            lives_left.append(lives)
        return pd.DataFrame(
            {
                "turn": pd.Series(range(1, len(steps) + 1), dtype="int64"),
                "board": pd.Series([s.board.masked for s in steps], dtype="str"),
                "wrong": pd.Series([s.wrong for s in steps], dtype="str"),
                "guess": pd.Series([s.guess for s in steps], dtype="str"),
                "hit": pd.Series([s.hit for s in steps], dtype="bool"),
                "lives_left": pd.Series(lives_left, dtype="int64"),
                "stage": pd.Series([s.decision.stage for s in steps], dtype="str"),
                "prediction": pd.Series([s.decision.prediction for s in steps], dtype="str"),
            }
        )


@dataclass(frozen=True)
class Suggestion:
    """The next letter for a board, as one solver decides it."""

    board: Board
    solver: str
    lives: int
    decision: Decision

    @property
    def guess(self) -> str:
        return self.decision.letter

    @property
    def lives_left(self) -> int:
        return self.lives - len(self.board.wrong)


class HangmanService:
    """The solvers on one unigram table and LM, with the lives and default solver of a config.

    ``unigrams`` and ``lm`` are files (read on first use) or loaded objects; ``options`` maps a
    solver name to its options (the config's ``hangman.seed`` / ``hangman.posterior``); ``hint``
    ends the message of a missing file. ``domain_lm`` and ``domain_info`` are the in-domain model's
    files (the ``hangman_domain`` stage's binary and JSON); an operation asked ``domain=True``
    interpolates the LM solvers' prose LM with it. ``phrases_table`` and ``phrases_info`` are the
    phrase lists' channel (the ``hangman_phrases`` stage's Parquet and JSON): when given, the LM
    solvers play with it unless an operation is asked ``phrase_lists=False`` (the ablation).
    """

    def __init__(
        self,
        unigrams: PathLike | Lexicon,
        lm: PathLike | LanguageModel | None = None,
        *,
        lives: int = LIVES,
        default_solver: str = DEFAULT_SOLVER,
        min_count: int = MIN_COUNT,
        options: Mapping[str, Mapping] | None = None,
        collection: str = schema_default("hangman.collection"),
        hint: str | None = None,
        domain_lm: PathLike | None = None,
        domain_info: PathLike | None = None,
        phrases_table: PathLike | None = None,
        phrases_info: PathLike | None = None,
    ):
        if lives < 1:
            raise InputError(f"lives must be at least 1, got {lives}")
        self.options = {name: dict(opts) for name, opts in (options or {}).items()}
        for name, opts in self.options.items():
            check_options(name, opts)
        self.lives = lives
        self.default_solver = default_solver
        self.min_count = min_count
        self.collection = collection
        self.hint = hint
        self._unigrams = unigrams
        self._lm = lm
        self._lexicon = unigrams if isinstance(unigrams, Lexicon) else None
        self._model = lm if isinstance(lm, LanguageModel) else None
        self._domain_files = (domain_lm, domain_info) if domain_lm or domain_info else None
        self._domain: Domain | None = None
        has_phrases = phrases_table or phrases_info
        self._phrases_files = (phrases_table, phrases_info) if has_phrases else None
        self._phrases: PhraseChannel | None = None
        self._solvers: dict[tuple[str, bool, bool], Solver] = {}

    @classmethod
    def from_config(
        cls,
        cfg_or_path: Config | PathLike,
        *,
        lm: PathLike | None = None,
        unigrams: PathLike | None = None,
        lives: int | None = None,
        domain_lm: PathLike | None = None,
        domain_info: PathLike | None = None,
        phrases_table: PathLike | None = None,
        phrases_info: PathLike | None = None,
    ) -> HangmanService:
        """The service of a config (or config file): the LM and unigram table the pipeline built
        for ``hangman.collection`` unless ``lm`` / ``unigrams`` name other files, the config's
        lives (or ``lives``), default solver, ``min_count`` and solver options; the in-domain
        model the pipeline built from ``hangman.domain.train`` (if set) unless ``domain_lm`` /
        ``domain_info`` name other files; the phrase lists' channel the pipeline built from
        ``hangman.phrases`` (if it has lists) unless ``phrases_table`` / ``phrases_info`` name
        other files."""
        from wordgames import paths
        from wordgames.config import DEFAULT_CONFIGFILE
        from wordgames.selection import hangman_domain_train, hangman_phrases_configured

        if isinstance(cfg_or_path, Config):
            cfg, name = cfg_or_path, str(cfg_or_path.source or DEFAULT_CONFIGFILE)
        else:
            cfg, name = load_cli_config(cfg_or_path), str(cfg_or_path)
        hangman = cfg.settings.hangman
        section = cfg.section("hangman")
        has_domain = hangman_domain_train(cfg) is not None
        has_phrases = hangman_phrases_configured(cfg)
        return cls(
            unigrams or paths.lm_unigrams(cfg, hangman.collection),
            lm or paths.lm_binary(cfg, hangman.collection),
            lives=hangman.lives if lives is None else lives,
            default_solver=hangman.default_solver,
            min_count=hangman.min_count,
            options={s: section[s] for s in SOLVERS if s in section},
            collection=hangman.collection,
            hint=f"build it with the pipeline (snakemake --configfile {name}) or give "
            "--lm/--unigrams",
            domain_lm=domain_lm or (paths.hangman_domain_lm(cfg) if has_domain else None),
            domain_info=domain_info or (paths.hangman_domain_info(cfg) if has_domain else None),
            phrases_table=phrases_table
            or (paths.hangman_phrases_table(cfg) if has_phrases else None),
            phrases_info=phrases_info or (paths.hangman_phrases_info(cfg) if has_phrases else None),
        )

    # loading ---------------------------------------------------------------------------------------
    @property
    def solvers(self) -> tuple[str, ...]:
        """The solver names a request may give."""
        return tuple(SOLVERS)

    def load(self, with_lm: bool = True) -> HangmanService:
        """Read the unigram table and (``with_lm``) the LM now, naming them on stderr; a missing
        file fails in one line (:class:`~wordgames.errors.ArtifactMissingError`)."""
        from wordgames.artifacts import require
        from wordgames.lm.model import load_model

        need_lex = self._lexicon is None
        need_lm = with_lm and self._model is None and self._lm is not None
        if not (need_lex or need_lm):
            return self
        hint = {} if self.hint is None else {"hint": self.hint}
        files = []
        if need_lex:
            files.append(require(self._unigrams, **hint))
        if need_lm:
            files.append(require(self._lm, **hint))
        print(f"wordgames: reading {', '.join(map(str, files))}", file=sys.stderr)
        if need_lex:
            self._lexicon = Lexicon.from_parquet(files[0], min_count=self.min_count)
        if need_lm:
            self._model = load_model(str(files[-1]))
        return self

    def load_domain(self) -> Domain:
        """The in-domain model (read on first use); without one, a one-line error."""
        if self._domain is None:
            from wordgames.artifacts import require
            from wordgames.lm.model import load_model

            if self._domain_files is None:
                raise InputError(
                    "no in-domain model: set hangman.domain.train in the config (and build it) "
                    "or give --domain-lm and --domain-info"
                )
            hint = self.hint or "build it with the pipeline (rule hangman_domain)"
            lm_path, info_path = (require(f, hint) for f in self._domain_files)
            print(f"wordgames: reading {lm_path}, {info_path}", file=sys.stderr)
            self._domain = Domain(load_model(str(lm_path)), DomainInfo.read(info_path))
        return self._domain

    @property
    def has_domain(self) -> bool:
        """Whether an in-domain model is configured (it may still have to be built)."""
        return self._domain_files is not None or self._domain is not None

    def load_phrases(self) -> PhraseChannel | None:
        """The phrase lists' channel (read on first use); None when none is configured. A
        configured one not built yet fails in one line
        (:class:`~wordgames.errors.ArtifactMissingError`)."""
        if self._phrases is None and self._phrases_files is not None:
            from wordgames.artifacts import require

            if None in self._phrases_files:
                raise InputError("the phrase lists' channel needs both its table and its info")
            hint = (
                "build it with the pipeline (rule hangman_phrases), name other files "
                "(--phrases-table, --phrases-info) or play without the lists (--no-phrases)"
            )
            table, info = (require(f, hint) for f in self._phrases_files)
            print(f"wordgames: reading {table}, {info}", file=sys.stderr)
            self._phrases = PhraseChannel.load(table, info)
        return self._phrases

    @property
    def has_phrases(self) -> bool:
        """Whether a phrase lists' channel is configured (it may still have to be built)."""
        return self._phrases_files is not None or self._phrases is not None

    def solver(
        self, name: str | None = None, domain: bool = False, phrase_lists: bool = True
    ) -> Solver:
        """The solver of that name (the default one for None), built on first use; ``domain``:
        an LM solver interpolates with the in-domain model; ``phrase_lists``: an LM solver plays
        with the phrase lists' channel, when one is configured."""
        name = name or self.default_solver
        cls = check_solver(name)
        domain = domain and cls.needs_lm
        phrase_lists = phrase_lists and cls.uses_phrases and self.has_phrases
        if domain and not self.has_domain:
            self.load_domain()  # the one-line error, before any file is read
        key = (name, domain, phrase_lists)
        if key not in self._solvers:
            self.load(with_lm=cls.needs_lm)
            resources = Resources(
                self._lexicon,
                self._model if cls.needs_lm else None,
                self.load_domain() if domain else None,
                self.load_phrases() if phrase_lists else None,
            )
            self._solvers[key] = make_solver(name, resources, **self.options.get(name, {}))
        return self._solvers[key]

    # checking what a user types --------------------------------------------------------------------
    def game(self, phrase: str, category: str | None = None) -> Game:
        """A new game of the phrase (a phrase without letters is refused)."""
        return Game(phrase, lives=self.lives, category=category)

    def board(self, masked: str, wrong: str = "", category: str | None = None) -> Board:
        """The board a user typed (``__'_ _ _____ ___``, wrong letters ``xz``); an impossible one
        (a wrong letter shown, the game already lost, nothing hidden) is refused."""
        return parse_board(masked, wrong, lives=self.lives, category=category)

    # operations ------------------------------------------------------------------------------------
    def play(
        self,
        phrase: str,
        solver: str | None = None,
        *,
        category: str | None = None,
        domain: bool = False,
        phrase_lists: bool = True,
    ) -> PlayedGame:
        """Let a solver play the phrase (shown with ``category``, if given) to the end; every
        board, decision and hit."""
        self.game(phrase, category)  # refused before any file is read
        s = self.solver(solver, domain, phrase_lists)
        game, decisions = play(s, phrase, self.lives, category)
        steps = []
        wrong: list[str] = []
        for board, d in decisions:
            hit = d.letter in game.right
            steps.append(Step(board, d, hit, "".join(wrong)))
            if not hit:
                wrong.append(d.letter)
        return PlayedGame(game, s.name, self.lives, steps)

    def assist(
        self,
        masked: str,
        wrong: str = "",
        solver: str | None = None,
        *,
        category: str | None = None,
        domain: bool = False,
        phrase_lists: bool = True,
    ) -> Suggestion:
        """The next letter for a board in progress and the solver's reasons."""
        board = self.board(masked, wrong, category)
        s = self.solver(solver, domain, phrase_lists)
        return Suggestion(board, s.name, self.lives, s.decide(board))

    def phrases(
        self, source: PathLike | list[str] | list[Puzzle], limit: int | None = None
    ) -> list[Puzzle]:
        """The puzzles of a file (one phrase a line, or a TSV with an ``answer`` and optionally a
        ``category`` column) or of a list of phrases or puzzles."""
        if isinstance(source, (str, Path, os.PathLike)):
            return read_puzzles(source, limit)
        puzzles = [Puzzle(p) if isinstance(p, str) else Puzzle(*p) for p in source]
        for p in puzzles:
            self.game(p.phrase, p.category)
        return puzzles[:limit] if limit is not None else puzzles

    def evaluate(
        self,
        phrases: PathLike | list[str] | list[Puzzle],
        solver: str | None = None,
        limit: int | None = None,
        desc: str = "",
        *,
        domain: bool = False,
        categories: bool = True,
        phrase_lists: bool = True,
    ) -> GameRecords:
        """Play a solver on every phrase (a file or a list), shown with its category unless
        ``categories`` is False (with the phrase lists' channel unless ``phrase_lists`` is False);
        one record per game
        (:func:`~wordgames.hangman.evaluate.summarise` sums them up; ``.to_pandas()``: one row per
        phrase, :meth:`~wordgames.hangman.evaluate.GameRecords.to_pandas`)."""
        puzzles = self.phrases(phrases, limit)
        return evaluate(
            self.solver(solver, domain, phrase_lists),
            puzzles,
            self.lives,
            desc=desc,
            categories=categories,
        )
