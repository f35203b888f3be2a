"""The one command line: ``wordgames {wordle,hangman,guillotine,build} ...``.

Each package contributes its commands through a ``register(commands)`` function in its ``cli`` module
(listed in ``COMMAND_MODULES``): game commands go under ``commands.games`` and pipeline stages under
``commands.build`` (``wordgames build <stage> ...``, what the Snakemake rules call). Registering only
builds argparse parsers; heavy imports happen inside the handlers, so ``--help`` stays fast.
Handlers take the parsed ``argparse.Namespace`` and return an exit code (or ``None`` for 0).

Bad arguments are refused here, for every command at once: every parser is a
:class:`WordgamesParser`, which gives each numeric option (``type=int`` or ``float``) a range: the
config schema's for an option that carries a config key (:data:`CONFIG_OPTIONS`: ``--lives`` is
``hangman.lives``), else the one :data:`NUMBER_RANGES` sets for its name (``--top -3``, ``--limit 0``,
``--lives -1``, ``--eta nan`` fail before any work), and reports any usage error on one line with exit
status 2. A numeric option without a range fails the CLI tests, so a new one gets its range here. User commands log warnings
only (``-v`` shows everything), so an error is the one line they print on standard error; build
stages log at INFO level into their rule's log.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from wordgames import __version__
from wordgames.config import DEFAULT_CONFIGFILE
from wordgames.errors import WordgamesError

COMMAND_MODULES = (
    "wordgames.cli.wordle",
    "wordgames.cli.corpus",
    "wordgames.cli.dumps",
    "wordgames.cli.stats",
    "wordgames.cli.vectors",
    "wordgames.cli.lm",
    "wordgames.cli.hangman",
    "wordgames.cli.hangman_words",
    "wordgames.cli.guillotine",
    "wordgames.cli.report",
    "wordgames.cli.serve",
)


#: Options that carry one config key (the pipeline passes that key): their range is the key's in
#: the config schema, read from it when the option is parsed, not repeated here. By command and
#: option; ``*`` is any entry of a mapping section.
CONFIG_OPTIONS: dict[str, str] = {
    **{f"hangman {c} --lives": "hangman.lives" for c in ("solve", "assist", "eval")},
    "hangman eval --limit": "hangman.limit",
    "build hangman-eval --lives": "hangman.lives",
    "build hangman-eval --limit": "hangman.limit",
    "build hangman-eval --min-count": "hangman.min_count",
    "build hangman-domain --orders": "hangman.domain.orders.[]",
    "build hangman-domain --weights": "hangman.domain.weights.[]",
    "build hangman-domain --folds": "hangman.domain.folds",
    "build hangman-domain --class-prior": "hangman.domain.class_prior",
    "build hangman-phrases --folds": "hangman.phrases.folds",
    "build hangman-phrases --kappas": "hangman.phrases.kappas.[]",
    **{f"hangman word-{c} --lives": "hangman.words.lives" for c in ("solve", "assist", "eval")},
    "hangman word-eval --limit": "hangman.words.limit",
    "build hangman-words-split --seed": "hangman.words.seed",
    "build hangman-words-split --test-fraction": "hangman.words.test_fraction",
    "build hangman-words-split --validation": "hangman.words.validation",
    "build hangman-words-model --order": "hangman.words.order",
    "build hangman-words-model --dense-order": "hangman.words.dense_order",
    "build hangman-words-eval --lives": "hangman.words.lives",
    "build hangman-words-eval --limit": "hangman.words.limit",
    "build glove --dim": "glove.dim",
    "build glove --iterations": "glove.iterations",
    "build glove --x-max": "glove.x_max",
    "build glove --alpha": "glove.alpha",
    "build glove --eta": "glove.eta",
    "build glove --threads": "glove.threads",
    "build glove --buffer-mb": "glove.buffer_mb",
    "build vocab --max-vocab": "cooccur.max_vocab",
    "build pmi --min-count": "tables.pmi_min_count",
    "build idf --min-df": "tables.idf_min_df",
    "build lm --prune": "lm.prune.[]",
    "build lm-sample --tokens": "hangman.lm_sizes.tokens.[]",
    "build lm-sample --seed": "hangman.lm_sizes.seed",
    "build hangman-lm-sizes --limit": "hangman.lm_sizes.limit",
    "build download --attempts": "dumps.attempts",
    "build download --retry-after-max": "dumps.retry_after_max",
    "build guillotine-links --min-count": "guillotine.links.min_count",
    "build guillotine-links --window": "guillotine.links.window",
    "build guillotine-links --window-min-count": "guillotine.links.window_min_count",
    "guillotine eval --limit": "guillotine.eval.limit",
    "build wordle-list --answers": "wordle_lists.*.answers",
    "build wordle-list-solve --heuristic-openers": "wordle_lists.*.heuristic_openers",
    "build wordle-openers --top": "wordle.openers.top",
    "wordle openers --top": "wordle.openers.top",
    **{
        f"{c} --max-guesses": "wordle.max_guesses"
        for c in (
            "wordle play",
            "wordle eval",
            "wordle openers",
            "build wordle-eval",
            "build wordle-summary",
            "build wordle-tree",
            "build wordle-openers",
            "build wordle-list-solve",
            "build plot-wordle",
        )
    },
}

#: The smallest value of every other numeric option, by name, whatever command declares it:
#: ``(bound, inclusive)``; floats must also be finite.
NUMBER_RANGES: dict[str, tuple[float, bool]] = {
    **dict.fromkeys(
        [
            "--top",
            "--limit",
            "--max-guesses",
            "--word-length",
            "--length",
            "--top-k",
            "--max-vocab",
            "--chunk-tokens",
            "--threads",
            "--workers",
            "--jobs",
            "--stop-after",
            "--order",
            "--min-df",
            "--window-min-count",
            "--answers",
            "--cores",
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
            "--size",
        ],
        (0, True),
    ),
    "--progress-every": (0, False),
    "--timeout": (0, False),
    "--bandwidth": (0, False),
}


@dataclass(frozen=True)
class Range:
    """The values a numeric option takes: above ``low`` (or at it, ``low_inclusive``), below
    ``high`` likewise when it is set."""

    low: float
    low_inclusive: bool = True
    high: float | None = None
    high_inclusive: bool = True


def shard_arg(text: str) -> tuple[int, int]:
    """``--shard K/N`` (``K`` alone is ``K/1``): the K-th of N shards, 0 <= K < N."""
    k, _, n = text.partition("/")
    try:
        k, n = int(k), int(n or 1)
    except ValueError:
        k, n = -1, 0
    if not 0 <= k < n:
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N with 0 <= K < N")
    return k, n


def json_object(text: str, flag: str) -> dict:
    """The JSON object an option carries (``--options '{"beam": 8}'``), or a one-line error."""
    import json

    from wordgames.errors import InputError

    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{flag} is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise InputError(f"{flag} is not a JSON object: {text}")
    return value


def labelled_options(specs: list[str], flag: str) -> list[tuple[str, dict]]:
    """(label, options) of each ``LABEL=JSON`` value of a repeatable option (``--variant
    'greedy={"lookahead": 0}'``; no JSON = no options), or a one-line error."""
    from wordgames.errors import InputError

    out = []
    for spec in specs:
        label, sep, text = spec.partition("=")
        if not sep or not label:
            raise InputError(f"{flag} takes LABEL=JSON, got {spec!r}")
        out.append((label, json_object(text, f"{flag} {label}") if text else {}))
    return out


def schema_range(key: str) -> Range:
    """The range the config schema gives a key (its minimum, and maximum if any)."""
    from wordgames.config import schema_node

    node = schema_node(key)
    low, low_inc = (
        (node["minimum"], True) if "minimum" in node else (node["exclusiveMinimum"], False)
    )
    high, high_inc = (
        (node["maximum"], True)
        if "maximum" in node
        else (node.get("exclusiveMaximum"), "exclusiveMaximum" not in node)
    )
    return Range(low, low_inc, high, high_inc)


def option_range(command: str, option: str) -> Range | None:
    """The range of ``option`` of ``command`` (``"build glove"``): the schema's for an option that
    carries a config key (:data:`CONFIG_OPTIONS`), else :data:`NUMBER_RANGES`'; None if neither."""
    key = CONFIG_OPTIONS.get(f"{command} {option}")
    if key is not None:
        return schema_range(key)
    if option in NUMBER_RANGES:
        return Range(*NUMBER_RANGES[option])
    return None


def bounded(kind: type, bound: float | Range | Callable[[], Range], inclusive: bool = True):
    """An argparse type: ``kind`` (int or float) in a range, and finite. The range is a lower
    ``bound`` (``inclusive`` or not), a :class:`Range`, or a function giving one when a value is
    parsed (so building the parser reads no schema)."""
    noun = "an integer" if kind is int else "a number"

    def the_range() -> Range:
        if isinstance(bound, Range):
            return bound
        if callable(bound):
            return bound()
        return Range(bound, inclusive)

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {noun}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        r = the_range()
        if value < r.low or (value == r.low and not r.low_inclusive):
            least = "at least" if r.low_inclusive else "greater than"
            raise argparse.ArgumentTypeError(f"must be {least} {r.low:g}, got {text}")
        if r.high is not None and (value > r.high or (value == r.high and not r.high_inclusive)):
            most = "at most" if r.high_inclusive else "less than"
            raise argparse.ArgumentTypeError(f"must be {most} {r.high:g}, got {text}")
        return value

    return parse


class WordgamesParser(argparse.ArgumentParser):
    """Numeric options get their range from the schema (:data:`CONFIG_OPTIONS`) or
    :data:`NUMBER_RANGES`; errors take one line."""

    def add_argument(self, *args, **kwargs):
        kind = kwargs.get("type")
        name = next((a for a in args if a.startswith("--")), None)
        command = self.prog.removeprefix("wordgames").strip()
        if kind in (int, float) and name is not None:
            key = CONFIG_OPTIONS.get(f"{command} {name}")
            if key is not None:
                kwargs["type"] = bounded(kind, lambda: schema_range(key))
            elif name in NUMBER_RANGES:
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
    groups: dict[str, argparse._SubParsersAction] = field(default_factory=dict)

    def game(self, name: str, help: str) -> argparse._SubParsersAction:
        """A game command group (``wordgames NAME ...``) whose subcommands the caller adds (the
        same group to every module that asks for ``name``)."""
        if name not in self.groups:
            parser = self.games.add_parser(name, help=help, description=help)
            self.groups[name] = parser.add_subparsers(
                dest="action", required=True, metavar="ACTION"
            )
        return self.groups[name]


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
