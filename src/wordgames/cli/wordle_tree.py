"""``wordgames build wordle-tree``: prove the optimal Wordle tree for the pipeline's lists and a mode.

Reads the feedback matrix and word index of the ``wordle-matrix`` stage and writes the tree (JSON: the
guesses played for every answer, the opener, the proved total and the openers tried), which
:class:`OptimalStrategy` plays instead of recomputing.
"""

from __future__ import annotations

import json
import sys


def _build_tree(args) -> int:
    from wordgames.wordle.data import load_data
    from wordgames.wordle.exact.tree import solve_tree

    data = load_data(args.matrix, args.words)
    rule = args.hard_rule if args.hard else None
    tree = solve_tree(
        data, args.hard, args.opener, hard_rule=rule, max_guesses=args.max_guesses, top_k=args.top_k
    )
    tree.save(args.out)
    summary = {**tree.summary(), "out": str(args.out)}
    if tree.openers:
        summary["openers"] = [vars(o) for o in tree.openers]
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"wordle optimal tree ({summary['mode']}): opener {tree.opener}, total "
            f"{summary['total_guesses']} (mean {summary['mean_guesses']}, max "
            f"{summary['max_guesses']}) in {summary['seconds']} s -> {args.out}",
            file=sys.stderr,
        )
    return 0


def register(commands) -> None:
    b = commands.build.add_parser(
        "wordle-tree",
        help="prove the optimal Wordle decision tree (JSON) for the pipeline's matrix",
        description="Prove the optimal Wordle decision tree (exact branch and bound) and write it "
        "as JSON for the optimal strategy.",
    )
    b.add_argument("--matrix", required=True, help="the feedback matrix (.npy)")
    b.add_argument("--words", required=True, help="the word index (Parquet)")
    b.add_argument("--hard", action="store_true", help="hard mode")
    b.add_argument(
        "--hard-rule",
        choices=("nyt", "strict"),
        default="nyt",
        help="hard-mode rule (default: %(default)s)",
    )
    b.add_argument(
        "--opener",
        help="first guess to prove the tree for (default: the best of the "
        "top --top-k heuristic openers, each proved)",
    )
    b.add_argument("--top-k", type=int, default=10, help="openers to prove (default: %(default)s)")
    b.add_argument("--max-guesses", type=int, required=True, help="guesses allowed")
    b.add_argument("--out", required=True, help="output JSON")
    b.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    b.set_defaults(handler=_build_tree)
