"""``wordgames guillotine solve|eval``: arguments and printing over
:class:`wordgames.guillotine.service.GuillotineService`, which reads every artifact the config
promises and fails naming the first one missing. The stages (``wordgames build guillotine-*``)
are :mod:`wordgames.cli.guillotine_stages`."""

from __future__ import annotations

import json
import sys

from wordgames.cli import guillotine_stages


def register(commands) -> None:
    game = commands.game("guillotine", "La Ghigliottina: find the word linked to five clues")
    solve = game.add_parser(
        "solve", parents=[commands.config_parent], help="rank answers for five clue words"
    )
    solve.add_argument("clues", nargs="+", metavar="CLUE", help="the five clues (quote phrases)")
    solve.add_argument(
        "--solver",
        choices=["links", "gullever"],
        default="links",
        help="links (default) or gullever (as published)",
    )
    solve.add_argument("--top", type=int, default=10, help="answers shown (default 10)")
    solve.add_argument("--json", action="store_true", help="one JSON object on stdout")
    solve.set_defaults(handler=cmd_solve)

    ev = game.add_parser(
        "eval", parents=[commands.config_parent], help="evaluate a solver on a game file"
    )
    ev.add_argument("--games", required=True, help="game file (.json, .xml, .jsonl, .csv, .tsv)")
    ev.add_argument("--solver", choices=["links", "gullever"], default="links")
    ev.add_argument("--limit", type=int, default=None, help="only the first N games")
    ev.add_argument("--out", default=None, help="also write per-game Parquet here")
    ev.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ev.set_defaults(handler=cmd_eval)
    guillotine_stages.register(commands)


def cmd_solve(args) -> int:
    from wordgames.errors import InputError
    from wordgames.guillotine.service import GuillotineService, check_clues

    check_clues(args.clues)  # before the loading, which takes seconds
    if args.top < 1:
        raise InputError("--top must be at least 1")
    service = GuillotineService.from_config(args.configfile, args.solver)
    solution = service.solve(args.clues, top=args.top)
    clues, result, notes = solution.clues, solution.result, solution.notes
    if args.json:
        print(
            json.dumps(
                {
                    "clues": clues,
                    "solver": args.solver,
                    "load_seconds": service.load_seconds,
                    "seconds": result.seconds,
                    "confident": result.confident,
                    "threshold": result.threshold,
                    "answers": [a.to_dict() for a in result.answers],
                    "notes": notes,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"clues: {' '.join(clues)}   solver: {args.solver}")
    if not result.answers:
        print("no candidate found")
    elif not result.confident:
        print(
            f"no confident answer (best: {result.answers[0].word}, confidence "
            f"{result.answers[0].confidence:.3f} < threshold {result.threshold:.3f})"
        )
    for i, a in enumerate(result.answers, 1):
        print(f"{i:3d}. {a.word:<18} score {a.score:8.3f}   confidence {a.confidence:.3f}")
        if i <= 3:
            for c in clues:
                print(f"       {c:<16} {a.evidence.get(c) or '-'}")
    for n in notes:
        print(f"note: {n}", file=sys.stderr)
    return 0


def cmd_eval(args) -> int:
    from wordgames.errors import InputError
    from wordgames.guillotine.games import read_games
    from wordgames.guillotine.service import GuillotineService

    games = [g for g in read_games(args.games) if g.solution]
    if args.limit is not None:
        if args.limit < 1:
            raise InputError("--limit must be at least 1")
        games = games[: args.limit]
    if not games:
        raise InputError(f"{args.games}: no game with a solution")
    service = GuillotineService.from_config(args.configfile, args.solver)
    ev = service.evaluate(games)
    summary = dict(ev.metrics)
    summary.update(
        {
            "solver": args.solver,
            "games_file": str(args.games),
            "load_seconds": service.load_seconds,
            "ece": ev.ece,
            "notes": ev.notes,
        }
    )
    if args.out:
        from wordgames.artifacts import write_parquet

        write_parquet(ev.table(), args.out)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        for k, v in summary.items():
            print(f"{k:>18}: {v}")
    return 0
