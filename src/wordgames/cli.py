"""The one command line: ``wordgames {wordle,hangman,guillotine,build} ...``.

Each package contributes its commands through a ``register(commands)`` function in its ``cli`` module
(listed in ``COMMAND_MODULES``): game commands go under ``commands.games`` and pipeline stages under
``commands.build`` (``wordgames build <stage> ...``, what the Snakemake rules call). Registering only
builds argparse parsers; heavy imports happen inside the handlers, so ``--help`` stays fast.
Handlers take the parsed ``argparse.Namespace`` and return an exit code (or ``None`` for 0).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from dataclasses import dataclass

from wordgames import __version__
from wordgames.config import DEFAULT_CONFIGFILE
from wordgames.errors import WordgamesError

COMMAND_MODULES = (
    "wordgames.wordle.cli",
    "wordgames.corpus.cli",
    "wordgames.stats.cli",
    "wordgames.vectors.cli",
    "wordgames.lm.cli",
    "wordgames.hangman.cli",
    "wordgames.guillotine.cli",
    "wordgames.report.cli",
    "wordgames.web.cli",
)


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
    parser = argparse.ArgumentParser(
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
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
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
