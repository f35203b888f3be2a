"""The one command line: ``wordgames {wordle,hangman,guillotine,build} ...``.

Each package contributes its commands through a ``register(commands)`` function in its ``cli`` module
(listed in ``COMMAND_MODULES``): game commands go under ``commands.games`` and pipeline stages under
``commands.build`` (``wordgames build <stage> ...``, what the Snakemake rules call). Registering only
builds argparse parsers; heavy imports happen inside the handlers, so ``--help`` stays fast.
Handlers take the parsed ``argparse.Namespace`` and return an exit code (or ``None`` for 0).

Bad arguments are refused here, for every command at once: every parser is a
:class:`WordgamesParser`, which gives each numeric option (``type=int`` or ``float``) the range that
:data:`NUMBER_RANGES` sets for its name (``--top -3``, ``--limit 0``, ``--lives -1``, ``--eta nan``
fail before any work) and reports any usage error on one line with exit status 2. A numeric option
without a range fails the CLI tests, so a new one gets its range here. User commands log warnings
only (``-v`` shows everything), so an error is the one line they print on standard error; build
stages log at INFO level into their rule's log.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import math
import sys
from dataclasses import dataclass

from wordgames import __version__
from wordgames.config import DEFAULT_CONFIGFILE
from wordgames.errors import WordgamesError

COMMAND_MODULES = (
    "wordgames.cli.wordle",
    "wordgames.cli.corpus",
    "wordgames.cli.stats",
    "wordgames.cli.vectors",
    "wordgames.cli.lm",
    "wordgames.cli.hangman",
    "wordgames.cli.guillotine",
    "wordgames.cli.report",
    "wordgames.cli.serve",
)


#: The smallest value of each numeric option, by name, whatever command declares it: ``(bound,
#: inclusive)``; floats must also be finite.
NUMBER_RANGES: dict[str, tuple[float, bool]] = {
    **dict.fromkeys(
        [
            "--top",
            "--limit",
            "--lives",
            "--max-guesses",
            "--word-length",
            "--length",
            "--top-k",
            "--max-vocab",
            "--chunk-tokens",
            "--threads",
            "--workers",
            "--dim",
            "--iterations",
            "--stop-after",
            "--order",
            "--min-df",
            "--window-min-count",
            "--answers",
        ],
        (1, True),
    ),
    **dict.fromkeys(
        [
            "--seed",
            "--window",
            "--min-count",
            "--answer-min-count",
            "--prune",
            "--heuristic-openers",
            "--port",
            "--targets",
        ],
        (0, True),
    ),
    **dict.fromkeys(["--x-max", "--alpha", "--eta", "--progress-every"], (0, False)),
}


def bounded(kind: type, bound: float, inclusive: bool):
    """An argparse type: ``kind`` (int or float) at least (or above) ``bound``, and finite."""
    noun = "an integer" if kind is int else "a number"

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {noun}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        if value < bound or (value == bound and not inclusive):
            least = "at least" if inclusive else "greater than"
            raise argparse.ArgumentTypeError(f"must be {least} {bound:g}, got {text}")
        return value

    return parse


class WordgamesParser(argparse.ArgumentParser):
    """Numeric options get their range from :data:`NUMBER_RANGES`; errors take one line."""

    def add_argument(self, *args, **kwargs):
        kind = kwargs.get("type")
        name = next((a for a in args if a.startswith("--")), None)
        if kind in (int, float) and name in NUMBER_RANGES:
            kwargs["type"] = bounded(kind, *NUMBER_RANGES[name])
        return super().add_argument(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} --help)\n")


@dataclass
class Commands:
    """The subparser groups a package adds its commands to."""

    games: argparse._SubParsersAction
    build: argparse._SubParsersAction
    config_parent: argparse.ArgumentParser

    def game(self, name: str, help: str) -> argparse._SubParsersAction:
        """A game command group (``wordgames NAME ...``) whose subcommands the caller adds."""
        parser = self.games.add_parser(name, help=help, description=help)
        return parser.add_subparsers(dest="action", required=True, metavar="ACTION")


def _config_parent() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--configfile",
        default=str(DEFAULT_CONFIGFILE),
        help="pipeline config whose artifacts to use (default: %(default)s)",
    )
    return parent


def build_parser() -> argparse.ArgumentParser:
    parser = WordgamesParser(
        prog="wordgames",
        description="Language resources from text corpora, and solvers for Wordle, "
        "sentence Hangman and La Ghigliottina.",
    )
    parser.add_argument("--version", action="version", version=f"wordgames {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    games = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build_parser_ = games.add_parser(
        "build", help="run one pipeline stage (what the Snakemake rules call)"
    )
    build = build_parser_.add_subparsers(dest="stage", required=True, metavar="STAGE")
    commands = Commands(games=games, build=build, config_parent=_config_parent())
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):  # that package is not part of this build
                continue
            raise
        module.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    quiet = logging.INFO if args.command == "build" else logging.WARNING
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else quiet,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.error("no command given")
    try:
        return int(handler(args) or 0)
    except WordgamesError as exc:
        print(f"wordgames: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("wordgames: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
