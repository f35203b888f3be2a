"""La Ghigliottina: why the links solver's answer was wrong, game by game, from the evaluation
stage's per-game table (its held-out predictions) and the evidence the solver finds.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_errors.py \
        --configfile config/local-it.yaml --set evalita2020_dev --show 50

Each error gets the first cause that applies, by rule (so the table can be recomputed):
``no candidate`` (the solution is not in the first stage's pool), ``cut`` (in the pool, below the
first stage's cut), ``inflection`` (the answer is a form of the solution's lemma: dura for duro),
``missing links`` (the solution is linked to at most 2 of the 5 clues by any channel), ``frequent
word`` (the answer is linked to as many clues and is at least 1 Zipf unit more frequent), and
``ranking`` (the rest: the solution is linked to 3 or more clues and lost to a word as well or better
linked). Link counts come from the solver's evidence strings (a GloVe cosine counts only above the
solver's ``glove_link`` / ``knowledge_link``), computed with the past games of the evaluated set left
out, as in the evaluation. Needs the per-game table and the artifacts of the config; exits with
status 3 naming what is missing.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from wordgames import paths
from wordgames.config import load_config_file


def linked_clues(evidence: dict[str, str], glove_link: float, knowledge_link: float) -> int:
    """Clues whose evidence string holds a link (a cosine only above its threshold)."""
    n = 0
    for text in evidence.values():
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.rpartition(" ")
            if name == "cos" and float(value) <= glove_link:
                continue
            if name == "kcos" and float(value) <= knowledge_link:
                continue
            n += 1
            break
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument("--set", default="evalita2020_dev")
    ap.add_argument("--show", type=int, default=50, help="errors listed one per line")
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    table = paths.guillotine_eval_games(cfg, args.set, "links")
    if not table.exists():
        print(
            f"missing: {table}; build it with snakemake --configfile {args.configfile}",
            file=sys.stderr,
        )
        return 3
    import pyarrow.parquet as pq

    from wordgames.guillotine.evidence import zipf
    from wordgames.guillotine.games import Game
    from wordgames.guillotine.service import load_config_resources
    from wordgames.guillotine.solvers import make_solver
    from wordgames.guillotine.solvers.links import DEFAULTS

    games = pq.read_table(table).to_pylist()
    rows = [r for r in games if r["rank"] != 1]
    # the evidence strings need no weighting model (it only orders them): hand weights, so the
    # table needs no guillotine_train artifact
    res, _ = load_config_resources(cfg, "links", args.configfile, model=False)
    solver = make_solver("links", res, cfg.section("guillotine")["solver"], None)
    lex, past = res.lexicon, res.past
    params = {**DEFAULTS, **cfg.section("guillotine")["solver"]}
    cut = int(params["max_candidates"])
    evaluated = [Game(tuple(r["clues"]), r["solution"]) for r in games]
    pool = past.restricted(evaluated) if past is not None else None
    causes: Counter = Counter()
    listed = []
    for r in rows:
        sol, ans = r["solution"], r["answer"]
        result = solver.solve(list(r["clues"]), top=cut, past=pool)
        ev = {a.word: a.evidence for a in result.answers}
        links = {
            w: linked_clues(ev[w], params["glove_link"], params["knowledge_link"])
            for w in (sol, ans)
            if w in ev
        }
        if r["cand_rank"] is None:
            cause = "no candidate"
        elif r["cand_rank"] > cut:
            cause = "cut"
        elif ans and lex is not None and lex.lemma(ans) == lex.lemma(sol):
            cause = "inflection"
        elif links.get(sol, 0) <= 2:
            cause = "missing links"
        elif ans and links.get(ans, 0) >= links.get(sol, 0) and zipf(ans) >= zipf(sol) + 1:
            cause = "frequent word"
        else:
            cause = "ranking"
        causes[cause] += 1
        listed.append((cause, r, links))
    print(f"{args.set}: {len(rows)} errors of the links solver (held-out predictions)\n")
    print("| cause | errors |\n|---|---:|")
    for cause, n in causes.most_common():
        print(f"| {cause} | {n} |")
    print(
        f"\nthe first {args.show}: cause | clues | solution (rank, clues linked) | answer (clues linked)"
    )
    for cause, r, links in listed[: args.show]:
        print(
            f"{cause} | {' '.join(r['clues'])} | {r['solution']} ({r['rank']}, "
            f"{links.get(r['solution'], '-')}) | {r['answer']} ({links.get(r['answer'], '-')})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
