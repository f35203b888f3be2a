"""``wordgames build wordle-tree``: prove the optimal Wordle tree for a config's lists and mode.

Writes ``paths.wordle_optimal_tree(cfg, mode)`` (JSON: the guesses played for every answer, the
opener, the proved total and the openers tried), which :class:`OptimalStrategy` loads instead of
recomputing. With ``--matrix``/``--words`` it reads the pipeline's matrix; otherwise it uses the
config's lists (or ``--answers``/``--guesses``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _build_tree(args) -> int:
    from wordgames import paths
    from wordgames.config import load_cli_config
    from wordgames.wordle.strategies.optimal import mode_name, solve_tree

    cfg = load_cli_config(args.configfile)
    section = cfg.section("wordle")
    if args.matrix and args.words:
        from wordgames.wordle.data import load_data

        data = load_data(args.matrix, args.words)
    else:
        from wordgames.wordle.data import data_for_config

        data = data_for_config(cfg, args.answers, args.guesses)
    rule = (args.hard_rule or section.get("hard_rule", "nyt")) if args.hard else None
    max_guesses = args.max_guesses or section.get("max_guesses", 6)
    tree = solve_tree(data, args.hard, args.opener, hard_rule=rule, max_guesses=max_guesses,
                      top_k=args.top_k)
    out = Path(args.out) if args.out else paths.wordle_optimal_tree(cfg, mode_name(args.hard, rule))
    tree.save(out)
    summary = {**tree.summary(), "out": str(out)}
    if tree.openers:
        summary["openers"] = [vars(o) for o in tree.openers]
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"wordle optimal tree ({summary['mode']}): opener {tree.opener}, total "
              f"{summary['total_guesses']} (mean {summary['mean_guesses']}, max "
              f"{summary['max_guesses']}) in {summary['seconds']} s -> {out}", file=sys.stderr)
    return 0


def register(commands) -> None:
    b = commands.build.add_parser(
        "wordle-tree", parents=[commands.config_parent],
        help="prove the optimal Wordle decision tree (JSON) for the config's lists",
        description="Prove the optimal Wordle decision tree (exact branch and bound) and write it "
        "as JSON where the optimal strategy looks for it.",
    )
    b.add_argument("--answers", help="answer list (default: the config's)")
    b.add_argument("--guesses", help="allowed guesses (default: the config's)")
    b.add_argument("--matrix", help="the pipeline's feedback matrix (.npy), with --words")
    b.add_argument("--words", help="the pipeline's word index (Parquet), with --matrix")
    b.add_argument("--hard", action="store_true", help="hard mode")
    b.add_argument("--hard-rule", choices=("nyt", "strict"), help="hard-mode rule (default: config)")
    b.add_argument("--opener", help="first guess to prove the tree for (default: the best of the "
                   "top --top-k heuristic openers, each proved)")
    b.add_argument("--top-k", type=int, default=10, help="openers to prove (default: %(default)s)")
    b.add_argument("--max-guesses", type=int, help="guesses allowed (default: config, 6)")
    b.add_argument("--out", help="output JSON (default: results/wordle/optimal-tree-<mode>.json)")
    b.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    b.set_defaults(handler=_build_tree)
