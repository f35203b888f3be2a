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
def _service(args):
    """The :class:`~wordgames.hangman.service.HangmanService` of a game command's options."""
    from wordgames.hangman.service import HangmanService

    return HangmanService.from_config(
        args.configfile, lm=args.lm, unigrams=args.unigrams, lives=args.lives
    )


def _print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    print(line.rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


# handlers ------------------------------------------------------------------------------------------
def _solve(args) -> int:
    played = _service(args).play(args.phrase, args.solver)
    rows = [
        [s.decision.stage, str(len(s.wrong)), s.board.masked, s.decision.prediction, s.guess]
        for s in played.steps
    ]
    _print_table(rows, ["stage", "errors", "hint", "prediction", "guess"])
    game = played.game
    outcome = "won" if game.won else "lost"
    print(
        f"\n{played.solver}: {outcome} with {game.errors} wrong of {played.lives} lives, "
        f"{len(game.history)} guesses: {game.masked}"
    )
    return 0


def _assist(args) -> int:
    advice = _service(args).assist(args.masked, args.wrong, args.solver)
    board, d = advice.board, advice.decision
    preds = d.predictions[: args.top] or [(d.prediction, 1.0)]
    if args.json:
        print(
            json.dumps(
                {
                    "board": board.masked,
                    "wrong": "".join(sorted(board.wrong)),
                    "solver": advice.solver,
                    "guess": d.letter,
                    "stage": d.stage,
                    "letters": d.letter_scores,
                    "predictions": [{"phrase": p, "probability": w} for p, w in preds],
                }
            )
        )
        return 0
    print(f"guess: {d.letter}   ({advice.solver}, stage {d.stage})")
    if d.letter_scores:
        print("letters: " + "  ".join(f"{c} {s:.3g}" for c, s in d.letter_scores.items()))
    _print_table([[p, f"{w:.3f}"] for p, w in preds], ["prediction", "probability"])
    return 0


def _eval(args) -> int:
    from wordgames.hangman.evaluate import summarise

    service = _service(args)
    records = service.evaluate(args.phrases, args.solver, limit=args.limit)
    summary = {
        "solver": service.solver(args.solver).name,
        "phrases": str(args.phrases),
        "lives": service.lives,
        **summarise(records),
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
    from wordgames.hangman.evaluate import records_table, summarise
    from wordgames.hangman.service import HangmanService

    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as exc:
        raise InputError(f"--options is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise InputError(f"--options is not a JSON object: {args.options}")
    service = HangmanService(
        args.unigrams,
        args.lm,
        lives=args.lives,
        default_solver=args.solver,
        min_count=args.min_count,
        options={args.solver: options},
    )
    records = service.evaluate(args.phrases, limit=args.limit, desc=f"{args.name} {args.solver}")
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
