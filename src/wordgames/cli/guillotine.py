"""``wordgames guillotine solve|eval``: arguments and printing over
:class:`wordgames.guillotine.service.GuillotineService`, which reads every artifact the config
promises and fails naming the first one missing. The stages (``wordgames build guillotine-*``)
are :mod:`wordgames.cli.guillotine_stages`.

``solve`` prints a table (rank, answer, confidence, clues linked by real evidence) and the evidence
in words of the best answers; the solver's notes and raw link counts only with ``--verbose``. On an
untrained build (no weighting model trained on game sets) it prints what to build instead and exits
with status 3 (:data:`UNTRAINED_STATUS`), unless ``--untrained``."""

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
    solve.add_argument(
        "--untrained",
        action="store_true",
        help="on a build without a trained weighting model, print its hand-weighted ranking "
        f"anyway (marked as such) instead of exiting with status {UNTRAINED_STATUS}",
    )
    solve.add_argument(
        "--verbose",
        dest="show_notes",
        action="store_true",
        help="also the solver's notes and each answer's raw link counts (for developers)",
    )
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


#: the exit status of ``solve`` on an untrained build (no weighting model trained on game sets):
#: not a user's mistake (2) but a build that cannot answer; ``--untrained`` answers anyway (0)
UNTRAINED_STATUS = 3
#: answers whose evidence in words is printed under the table
EXPLAINED = 3


def cmd_solve(args) -> int:
    from wordgames.errors import InputError
    from wordgames.guillotine.service import GuillotineService, check_clues

    check_clues(args.clues)  # before the loading, which takes seconds
    if args.top < 1:
        raise InputError("--top must be at least 1")
    service = GuillotineService.from_config(args.configfile, args.solver)
    solution = service.solve(args.clues, top=args.top)
    status = 0 if solution.trained or args.untrained else UNTRAINED_STATUS
    if args.verbose or args.show_notes:
        for n in solution.notes:
            print(f"note: {n}", file=sys.stderr)
    if args.json:
        body = {**solution.to_dict(), "load_seconds": service.load_seconds}
        print(json.dumps(body, ensure_ascii=False))
        return status
    if status:
        print(f"wordgames: {solution.message}", file=sys.stderr)
        print("wordgames: --untrained prints its hand-weighted ranking anyway", file=sys.stderr)
        return status
    print(f"clues: {' '.join(solution.clues)}   solver: {solution.solver}")
    if not solution.trained:
        print("UNTRAINED BUILD: a hand-weighted ranking, not worth reading:")
    if solution.message:
        print(solution.message)
    if not solution.answers:
        return status
    n = len(solution.clues)
    print(f"{'rank':>4}  {'answer':<18} {'confidence':>10}  {'linked':>6}")
    for i, a in enumerate(solution.answers, 1):
        print(f"{i:>4}  {a.word:<18} {a.confidence:>10.1%}  {a.linked:>4}/{n}")
    for a in solution.answers[:EXPLAINED]:
        print(f"\n{a.word}: {a.linked} of {n} clues linked")
        for link in a.links:
            print(f"  {link.clue} -> {link.text} ({link.source})")
        if args.verbose or args.show_notes:
            for clue, raw in a.evidence.items():
                print(f"  [{clue}: {raw or '-'}]")
    return status


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
