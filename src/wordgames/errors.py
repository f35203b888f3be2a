"""User-facing errors.

Every problem a user can cause (bad config, bad list, impossible game state, corrupt input) is raised
as a subclass of ``WordgamesError`` with a one-line message naming what is wrong. The CLI prints that
line and exits with status 2, without a traceback; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import re

_LINE_BREAKS = re.compile(r"\s*[\r\n\u2028\u2029\x0b\x0c\x1c-\x1e\x85]+\s*")


class WordgamesError(Exception):
    """Base class: the message is shown to the user as it is, on one line (line breaks that a
    library's text brings in are turned into spaces)."""

    exit_code = 2

    def __str__(self) -> str:
        return _LINE_BREAKS.sub(" ", super().__str__())


class ConfigError(WordgamesError):
    """The configuration is invalid (unknown key, wrong type, missing file it names)."""


class InputError(WordgamesError):
    """An input file or argument is malformed (word list, dump, phrase, game file)."""


class GameStateError(WordgamesError):
    """A game state is impossible (feedback no word fits, guess not allowed, ...)."""


class ToolMissingError(WordgamesError):
    """An external tool (lmplz, build_binary, ...) is not installed."""


class ArtifactMissingError(WordgamesError):
    """An artifact the command needs has not been built by the pipeline yet."""


class DiskFullError(WordgamesError):
    """An artifact could not be written for lack of space; the previous version (if any) is kept."""


class ResultsInUseError(WordgamesError):
    """Another pipeline run holds the results folder."""
