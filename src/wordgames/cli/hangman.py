"""``wordgames hangman solve|assist|eval`` and the build stages ``hangman-eval``, ``hangman-summary``."""

from __future__ import annotations

import argparse
import json
import sys


def register(commands) -> None:
    game = commands.game("hangman", "sentence Hangman: play, get hints, evaluate solvers")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--solver", help="baseline, seed or posterior (default: hangman.default_solver)"
        )
        p.add_argument("--lives", type=int, help="wrong letters that lose (default: hangman.lives)")
        p.add_argument(
            "--lm", help="KenLM model (default: the pipeline's LM for hangman.collection)"
        )
        p.add_argument("--unigrams", help="unigram table (default: the pipeline's, beside the LM)")

    p = game.add_parser(
        "solve",
        parents=[commands.config_parent],
        help="let a solver play a phrase and show every step",
    )
    p.add_argument("phrase")
    common(p)
    p.set_defaults(handler=_solve)

    p = game.add_parser(
        "assist",
        parents=[commands.config_parent],
        help="suggest the next letter for a game in progress",
    )
    p.add_argument("masked", help="the board, '_' for hidden letters, e.g. \"__'_ _ _____ ___\"")
    p.add_argument("--wrong", default="", help="letters already guessed wrong, e.g. xz")
    p.add_argument("--top", type=int, default=5, help="predictions to show")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_assist)

    p = game.add_parser(
        "eval",
        parents=[commands.config_parent],
        help="play a solver on a phrase file and report the win rate",
    )
    p.add_argument(
        "--phrases", required=True, help="one phrase a line, or a TSV with an 'answer' column"
    )
    p.add_argument("--limit", type=int, help="only the first N phrases")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_eval)

    b = commands.build.add_parser("hangman-eval", help="play one solver on one phrase set")
    b.add_argument("--phrases", required=True)
    b.add_argument("--name", required=True, help="phrase set name")
    b.add_argument("--solver", required=True)
    b.add_argument("--lm", required=True)
    b.add_argument("--unigrams", required=True)
    b.add_argument("--lives", type=int, required=True)
    b.add_argument("--limit", type=int)
    b.add_argument("--min-count", type=int, required=True)
    b.add_argument("--options", required=True, help="solver options as JSON")
    b.add_argument("--out", required=True, help="per-game Parquet")
    b.set_defaults(handler=_build_eval)

    b = commands.build.add_parser("hangman-summary", help="summary table of hangman evaluations")
    b.add_argument("--in", dest="games", nargs="+", required=True, help="per-game Parquet files")
    b.add_argument("--out", required=True, help="summary Parquet")
    b.add_argument("--out-table", required=True, help="summary Markdown table")
    b.set_defaults(handler=_build_summary)


# helpers -------------------------------------------------------------------------------------------
def _config(args):
    """(config, lives) of a CLI command."""
    from wordgames.config import load_cli_config
    from wordgames.errors import InputError

    cfg = load_cli_config(args.configfile)
    lives = args.lives if args.lives is not None else cfg.settings.hangman.lives
    if lives < 1:
        raise InputError(f"--lives must be at least 1, got {lives}")
    return cfg, lives


def load_resources(cfg, config_name: str, lm=None, unigrams=None, with_lm: bool = True):
    """The unigram lexicon and (``with_lm``) the KenLM model the pipeline built for the config's
    hangman collection, or the given files; names them on stderr, and fails in one line when one
    is missing (shared by the CLI and ``wordgames serve``)."""
    from wordgames import paths
    from wordgames.artifacts import require
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.solvers import Resources
    from wordgames.lm.model import load_model

    hangman = cfg.settings.hangman
    coll = hangman.collection
    hint = (
        f"build it with the pipeline (snakemake --configfile {config_name}) or give --lm/--unigrams"
    )
    files = [require(unigrams or paths.lm_unigrams(cfg, coll), hint)]
    if with_lm:
        files.append(require(lm or paths.lm_binary(cfg, coll), hint))
    print(f"wordgames: reading {', '.join(map(str, files))}", file=sys.stderr)
    lexicon = Lexicon.from_parquet(files[0], min_count=hangman.min_count)
    model = load_model(str(files[1])) if with_lm else None
    return Resources(lexicon, model)


def _setup(args, cfg=None):
    """(solver, lives) for a CLI command, loading the artifacts the solver needs."""
    from wordgames.errors import InputError
    from wordgames.hangman.solvers import SOLVERS, make_solver

    if cfg is None:
        cfg, lives = _config(args)
    else:
        lives = _config(args)[1]
    name = args.solver or cfg.settings.hangman.default_solver
    if name not in SOLVERS:
        raise InputError(f"unknown solver {name!r}: choose one of {', '.join(SOLVERS)}")
    resources = load_resources(
        cfg, args.configfile, args.lm, args.unigrams, with_lm=SOLVERS[name].needs_lm
    )
    solver = make_solver(name, resources, **cfg.section("hangman").get(name, {}))
    return solver, lives


def _print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    print(line.rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


# handlers ------------------------------------------------------------------------------------------
def _solve(args) -> int:
    from wordgames.hangman.evaluate import play
    from wordgames.hangman.game import Game

    cfg, lives = _config(args)
    Game(args.phrase, lives=lives)  # reject a phrase without letters before loading anything
    solver, lives = _setup(args, cfg)
    game, decisions = play(solver, args.phrase, lives)
    rows = []
    errors = 0
    for board, d in decisions:
        rows.append([d.stage, str(errors), board.masked, d.prediction, d.letter])
        errors += d.letter in game.wrong
    _print_table(rows, ["stage", "errors", "hint", "prediction", "guess"])
    outcome = "won" if game.won else "lost"
    print(
        f"\n{solver.name}: {outcome} with {game.errors} wrong of {lives} lives, "
        f"{len(game.history)} guesses: {game.masked}"
    )
    return 0


def _assist(args) -> int:
    from wordgames.hangman.game import parse_board

    cfg, lives = _config(args)
    board = parse_board(args.masked, args.wrong, lives=lives)
    solver, _ = _setup(args, cfg)
    d = solver.decide(board)
    preds = d.predictions[: args.top] or [(d.prediction, 1.0)]
    if args.json:
        print(
            json.dumps(
                {
                    "board": board.masked,
                    "wrong": "".join(sorted(board.wrong)),
                    "solver": solver.name,
                    "guess": d.letter,
                    "stage": d.stage,
                    "letters": d.letter_scores,
                    "predictions": [{"phrase": p, "probability": w} for p, w in preds],
                }
            )
        )
        return 0
    print(f"guess: {d.letter}   ({solver.name}, stage {d.stage})")
    if d.letter_scores:
        print("letters: " + "  ".join(f"{c} {s:.3g}" for c, s in d.letter_scores.items()))
    _print_table([[p, f"{w:.3f}"] for p, w in preds], ["prediction", "probability"])
    return 0


def _eval(args) -> int:
    from wordgames.hangman.evaluate import evaluate, read_phrases, summarise

    cfg, _ = _config(args)
    phrases = read_phrases(args.phrases, args.limit)
    solver, lives = _setup(args, cfg)
    summary = {
        "solver": solver.name,
        "phrases": str(args.phrases),
        "lives": lives,
        **summarise(evaluate(solver, phrases, lives)),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        for k, v in summary.items():
            print(f"{k}: {v:.4g}" if isinstance(v, float) else f"{k}: {v}")
    return 0


def _build_eval(args) -> int:
    from wordgames.artifacts import write_parquet
    from wordgames.errors import InputError
    from wordgames.hangman.evaluate import evaluate, read_phrases, records_table, summarise
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.solvers import SOLVERS, Resources, make_solver
    from wordgames.lm.model import load_model

    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as exc:
        raise InputError(f"--options is not JSON: {exc}") from None
    lexicon = Lexicon.from_parquet(args.unigrams, min_count=args.min_count)
    lm = load_model(args.lm) if SOLVERS.get(args.solver) and SOLVERS[args.solver].needs_lm else None
    solver = make_solver(args.solver, Resources(lexicon, lm), **options)
    phrases = read_phrases(args.phrases, args.limit)
    records = evaluate(solver, phrases, args.lives, desc=f"{args.name} {args.solver}")
    table = records_table(records, phrase_set=args.name, solver=args.solver)
    write_parquet(table, args.out)
    print(
        json.dumps({"phrase_set": args.name, "solver": args.solver, **summarise(records)}),
        file=sys.stderr,
    )
    return 0


def _build_summary(args) -> int:
    import pyarrow as pa

    from wordgames.artifacts import atomic_open, read_parquet, write_parquet
    from wordgames.hangman.evaluate import GameRecord, summarise

    rows = []
    for path in args.games:
        t = read_parquet(path)
        recs = [
            GameRecord(**{k: r[k] for k in GameRecord.__dataclass_fields__}) for r in t.to_pylist()
        ]
        first = t.slice(0, 1).to_pylist()
        name = first[0]["phrase_set"] if first else ""
        solver = first[0]["solver"] if first else ""
        rows.append({"phrase_set": name, "solver": solver, **summarise(recs)})
    table = pa.Table.from_pylist(rows)
    write_parquet(table, args.out)
    md = args.out_table
    cols = ["phrase_set", "solver", "games", "wins", "win_rate", "mean_wrong", "seconds_per_guess"]
    with atomic_open(md) as fh:
        fh.write("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols) + "\n")
        for r in rows:
            vals = [f"{r[c]:.4g}" if isinstance(r[c], float) else str(r[c]) for c in cols]
            fh.write("| " + " | ".join(vals) + " |\n")
    return 0
