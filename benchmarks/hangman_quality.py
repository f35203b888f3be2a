"""Win rates of the Hangman solvers side by side, on every phrase set, for one or more LMs.

Each LM is ``LABEL=MODEL.binary,UNIGRAMS.parquet`` (default: the pipeline's LM for --configfile), so
the same run compares corpus sizes. Phrase sets are the config's hangman.phrase_sets that exist.

    python benchmarks/hangman_quality.py --configfile config/local-en.yaml [--limit 200] \\
        [--lm 1M=a.binary,a.parquet --lm 5M=b.binary,b.parquet]
"""

from __future__ import annotations

import argparse
import json
import sys


def main() -> int:
    from wordgames import paths
    from wordgames.config import load_config_file
    from wordgames.hangman.evaluate import evaluate, summarise
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.puzzles import read_phrases
    from wordgames.hangman.solvers import SOLVERS, Resources, make_solver
    from wordgames.lm.model import LanguageModel

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--lm", action="append", default=[], metavar="LABEL=MODEL,UNIGRAMS")
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    ap.add_argument("--sets", help="comma-separated phrase set names (default: all found)")
    ap.add_argument("--limit", type=int, help="first N phrases of each set")
    ap.add_argument("--json", help="also write the rows to this JSON file")
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    section = cfg.section("hangman")
    coll = section["collection"]
    models = []
    for spec in args.lm or [f"{coll}={paths.lm_binary(cfg, coll)},{paths.lm_unigrams(cfg, coll)}"]:
        label, _, files = spec.partition("=")
        model, _, unigrams = files.partition(",")
        models.append((label, model, unigrams))
    sets = {}
    for name, value in section["phrase_sets"].items():
        path = cfg.data_path(value)
        if path is not None and path.exists() and (not args.sets or name in args.sets.split(",")):
            sets[name] = read_phrases(path, args.limit)
    if not sets:
        print("no phrase set found: set WORDGAMES_DATA or hangman.phrase_sets", file=sys.stderr)
        return 1
    rows = []
    for label, model, unigrams in models:
        res = Resources(Lexicon.from_parquet(unigrams, section["min_count"]), LanguageModel(model))
        for set_name, phrases in sets.items():
            for name in args.solvers.split(","):
                solver = make_solver(name, res, **section.get(name, {}))
                s = summarise(
                    evaluate(solver, phrases, section["lives"], desc=f"{label} {set_name} {name}")
                )
                rows.append({"lm": label, "set": set_name, "solver": name, **s})
                print(json.dumps(rows[-1]), file=sys.stderr)
    print(
        f"\n{'lm':<8} {'set':<24} {'solver':<10} {'games':>5} {'win %':>6} {'mean wrong':>10} "
        f"{'ms/guess':>8}"
    )
    for r in rows:
        print(
            f"{r['lm']:<8} {r['set']:<24} {r['solver']:<10} {r['games']:>5} "
            f"{100 * r['win_rate']:>6.1f} {r['mean_wrong']:>10.2f} "
            f"{1000 * r['seconds_per_guess']:>8.2f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
