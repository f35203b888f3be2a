"""La Ghigliottina: an error table of losses of the links solver drawn from the training folds (never
the dev set): what evidence was missing, and which new knowledge table (if any) supplies it.

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_losses.py \
        --configfile config/local-it.yaml --n 50 --seed 0

The pool: every loss (``rank`` != 1) of the evaluation stage's per-game tables of the links solver
(the held-out predictions) over the configured game sets, whose outer ``fold`` is not ``--dev``
(``evalita2020_dev``; its table is not read, and its games are in the dev fold of the other tables,
near-duplicates included), one per game (the clues as a set and the solution; the row of the game's
own set first). ``--n`` losses are drawn from it with ``numpy.random.default_rng(--seed)``.

Each clue of a drawn loss is, with respect to the solution:

* ``linked (old)``: linked in the config's links index by a pattern not in
  :data:`~wordgames.guillotine.patterns.TABLE_PATTERNS` (the corpus, list, wordnet, thesaurus and
  unit patterns);
* ``new only``: linked only by a new knowledge table: in the index by one of ``TABLE_PATTERNS``
  (italwordnet, wikt_synset, quiz, proverb_more, quotation, place), or in that table's raw file
  (``guillotine.links.tables``), where some line's folded tokens hold both the clue's and the
  solution's; a list found only in its raw file is marked ``(file)`` (a pair the links miss);
* ``none``: no link at all. A GloVe cosine and the past games' evidence do not count.

A missing clue is one without an old link (shown in *italics*). The cause of a loss, by the first
rule that applies: ``no candidate`` (``rank`` is None: the solution is not among the ranked
candidates, i.e. not in the first stage's pool or below its cut; ``pool #k`` gives its place in the
pool when it is there), ``missing links`` (the solution is linked to at most 2 of the clues by old
patterns), ``ranking`` (3 or more clues linked by old patterns, and another answer won).

Prints a Markdown table (one row per drawn loss) and a summary; ``--json`` prints the same as JSON.
Needs the per-game tables of the non-dev sets and the links table of the config; exits with status
3 naming what is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from wordgames import paths
from wordgames.config import load_config_file

CAUSES = ("no candidate", "missing links", "ranking")


def load_index(cfg, collection: str):
    """The links index of the collection: the compact one when it is as new as the links table,
    else read from the table."""
    from wordgames.guillotine.evidence import LinkIndex

    table = paths.guillotine_links(cfg, collection)
    compact = paths.guillotine_links_index(cfg, collection)
    meta = compact / "meta.json"
    if meta.exists() and meta.stat().st_mtime >= table.stat().st_mtime:
        return LinkIndex.from_compact(compact)
    return LinkIndex.load(table, paths.guillotine_link_words(cfg, collection))


def game_key(clues, solution: str) -> tuple:
    return tuple(sorted(clues)), solution


def loss_pool(tables: dict[str, list[dict]], dev: str) -> list[dict]:
    """The losses of the per-game tables (set -> rows) outside the ``dev`` fold, one per game: the
    row of the game's own set (set == fold) when there is one, else the first."""
    chosen: dict[tuple, dict] = {}
    for rows in tables.values():
        for r in rows:
            if r["rank"] == 1 or r["fold"] == dev:
                continue
            key = game_key(r["clues"], r["solution"])
            old = chosen.get(key)
            if old is None or (old["set"] != old["fold"] and r["set"] == r["fold"]):
                chosen[key] = r
    return list(chosen.values())


def draw(pool: list, n: int, seed: int) -> list:
    """``n`` items of the pool (all if fewer), drawn without replacement, in pool order."""
    import numpy as np

    rng = np.random.default_rng(seed)
    picked = rng.choice(len(pool), size=min(n, len(pool)), replace=False)
    return [pool[int(k)] for k in sorted(picked)]


def index_patterns(index, clue: str, solution: str) -> set[str]:
    """The patterns linking the clue and the solution in the links index."""
    from wordgames.guillotine.patterns import PATTERNS

    target = index.index.get(solution)
    if target is None:
        return set()
    dst, pat, _, _ = index.neighbours(clue)
    return {PATTERNS[int(p)] for p in pat[dst == target]}


class TableFiles:
    """The lines of the configured knowledge tables' raw files, indexed by folded token (only the
    tokens asked for, so the index stays small)."""

    def __init__(self, specs: dict[str, list], words: set[str]):
        from wordgames.guillotine.table_links import table_lines

        self.lines: dict[str, list[str]] = {}
        self.postings: dict[str, dict[str, set[int]]] = {}
        for pattern, entries in specs.items():
            shown_lines, post = [], {}
            for spec in entries:
                for shown, indexed in table_lines(spec):
                    hit = words.intersection(_tokens(indexed))
                    if not hit:
                        continue
                    for w in hit:
                        post.setdefault(w, set()).add(len(shown_lines))
                    shown_lines.append(shown)
            self.lines[pattern], self.postings[pattern] = shown_lines, post

    def find(self, clue: str, solution: str) -> dict[str, str]:
        """Pattern -> the first line of its table holding both the clue and the solution."""
        out = {}
        a, b = set(_tokens(clue)), set(_tokens(solution))
        if not a or not b or a == b:  # a clue that is the solution (a faulty game) links nothing
            return out
        want = a | b
        for pattern, post in self.postings.items():
            common = set.intersection(*(post.get(w, set()) for w in want))
            if common:
                out[pattern] = self.lines[pattern][min(common)]
        return out


def _tokens(text: str) -> list[str]:
    from wordgames.guillotine.games import tokenize

    return tokenize(text)


def clue_links(index, files: TableFiles | None, clue: str, solution: str) -> dict:
    """How one clue is linked to the solution: old patterns, new patterns in the index, new tables
    whose raw file holds the pair (with a line), and the status."""
    from wordgames.guillotine.patterns import TABLE_PATTERNS

    hits = index_patterns(index, clue, solution)
    old = sorted(hits - set(TABLE_PATTERNS))
    new_index = sorted(hits & set(TABLE_PATTERNS))
    new_file = files.find(clue, solution) if files is not None else {}
    new = sorted(set(new_index) | set(new_file))
    status = "linked (old)" if old else "new only" if new else "none"
    return {
        "clue": clue,
        "status": status,
        "old": old,
        "new_index": new_index,
        "new_file": new_file,
        "new": new,
    }


def cause_of(rank: int | None, n_old: int) -> str:
    if rank is None:
        return "no candidate"
    if n_old <= 2:
        return "missing links"
    return "ranking"


def analyse(row: dict, index, files: TableFiles | None) -> dict:
    links = [clue_links(index, files, c, row["solution"]) for c in row["clues"]]
    n_old = sum(c["status"] == "linked (old)" for c in links)
    n_new = sum(c["status"] == "new only" for c in links)
    return {
        "set": row["set"],
        "fold": row["fold"],
        "clues": list(row["clues"]),
        "solution": row["solution"],
        "answer": row["answer"],
        "rank": row["rank"],
        "cand_rank": row.get("cand_rank"),
        "linked_old": n_old,
        "linked_new": n_new,
        "cause": cause_of(row["rank"], n_old),
        "links": links,
        # missing clue -> the new lists linking it (file: only in the raw file)
        "supplied": {
            c["clue"]: [p if p in c["new_index"] else f"{p} (file)" for p in c["new"]]
            for c in links
            if c["status"] == "new only"
        },
    }


def summarize(losses: list[dict]) -> dict:
    causes = Counter(x["cause"] for x in losses)
    by_list: Counter = Counter()
    for x in losses:
        by_list.update({p.removesuffix(" (file)") for ps in x["supplied"].values() for p in ps})
    missing = [c for x in losses for c in x["links"] if c["status"] != "linked (old)"]
    return {
        "losses": len(losses),
        "causes": {c: causes.get(c, 0) for c in CAUSES},
        "losses_supplied": sum(bool(x["supplied"]) for x in losses),
        "losses_supplied_by_list": dict(by_list.most_common()),
        # missing links -> 3+ linked clues with the new lists (the "missing links" rule's bar)
        "missing_links_reaching_3": sum(
            x["cause"] == "missing links" and x["linked_old"] + x["linked_new"] >= 3 for x in losses
        ),
        "missing_clue_links": len(missing),
        "missing_supplied": sum(c["status"] == "new only" for c in missing),
        "missing_unsupplied": sum(c["status"] == "none" for c in missing),
    }


def _rank(x: dict) -> str:
    if x["rank"] is not None:
        return str(x["rank"])
    return f"- (pool #{x['cand_rank']})" if x["cand_rank"] is not None else "- (not in pool)"


def markdown(losses: list[dict]) -> list[str]:
    out = [
        "| # | set | fold | clues (*missing*) | solution | our answer | rank | linked old/+new "
        "| cause | new list(s) supplying a missing link |",
        "|---:|---|---|---|---|---|---|---|---|---|",
    ]
    for k, x in enumerate(losses, 1):
        clues = " ".join(
            c["clue"] if c["status"] == "linked (old)" else f"*{c['clue']}*" for c in x["links"]
        )
        supplied = "; ".join(f"{c}: {', '.join(ps)}" for c, ps in x["supplied"].items()) or "none"
        out.append(
            f"| {k} | {x['set']} | {x['fold']} | {clues} | {x['solution']} | "
            f"{x['answer'] or '-'} | {_rank(x)} | {x['linked_old']}/+{x['linked_new']} | "
            f"{x['cause']} | {supplied} |"
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    ap.add_argument("--dev", default="evalita2020_dev", help="the fold never looked at")
    ap.add_argument("--n", type=int, default=50, help="losses drawn")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    coll = cfg.section("guillotine")["collection"]
    names = [s for s in cfg.section("guillotine")["games"] if s != args.dev]
    tables = {s: paths.guillotine_eval_games(cfg, s, "links") for s in names}
    links_path = paths.guillotine_links(cfg, coll)
    missing = [str(p) for p in [*tables.values(), links_path] if not Path(p).exists()]
    if not names or missing:
        what = ", ".join(missing) or f"a game set other than {args.dev} in guillotine.games"
        print(
            f"missing: {what}; build it with snakemake --configfile {args.configfile}",
            file=sys.stderr,
        )
        return 3
    import pyarrow.parquet as pq

    from wordgames.guillotine.files import link_tables
    from wordgames.guillotine.patterns import TABLE_PATTERNS

    rows = {s: pq.read_table(p).to_pylist() for s, p in tables.items()}
    pool = loss_pool(rows, args.dev)
    drawn = draw(pool, args.n, args.seed)
    index = load_index(cfg, coll)
    specs = link_tables(cfg)
    words = {t for r in drawn for w in [*r["clues"], r["solution"]] for t in _tokens(w)}
    files = TableFiles(specs, words) if specs else None
    losses = [analyse(r, index, files) for r in drawn]
    summary = summarize(losses)
    folds = Counter(r["fold"] for r in pool)
    info = {
        "config": args.configfile,
        "links": str(links_path),
        "dev": args.dev,
        "sets": names,
        "pool": len(pool),
        "pool_by_fold": dict(folds),
        "drawn": len(drawn),
        "seed": args.seed,
        "tables_configured": sorted(specs),
        "tables_in_index": [p for p in TABLE_PATTERNS if p in index.patterns_present],
        # rebuilt links after the evaluation: the ranks are of the earlier links
        "links_newer_than_eval": links_path.stat().st_mtime
        > max(p.stat().st_mtime for p in tables.values()),
    }
    if args.json:
        print(json.dumps({**info, "summary": summary, "losses": losses}, ensure_ascii=False))
        return 0
    by_fold = ", ".join(f"{f} {n}" for f, n in folds.items())
    print(
        f"{len(pool)} distinct losses of the links solver in the tables of {', '.join(names)} "
        f"outside the fold {args.dev} ({by_fold}); {len(drawn)} drawn with seed {args.seed}. "
        f"New tables configured: {', '.join(info['tables_configured']) or 'none'}; in the links "
        f"index: {', '.join(info['tables_in_index']) or 'none'}."
    )
    if info["links_newer_than_eval"]:
        print(
            "The links table is newer than the evaluation tables: the ranks and answers are of the "
            "links before it, the links columns of the links now."
        )
    print()
    print("\n".join(markdown(losses)))
    s = summary
    print("\n| cause | losses |\n|---|---:|")
    for c, n in s["causes"].items():
        print(f"| {c} | {n} |")
    per_list = ", ".join(f"{p} {n}" for p, n in s["losses_supplied_by_list"].items()) or "-"
    print(
        f"\nlosses with >= 1 missing clue supplied by a new list: {s['losses_supplied']} of "
        f"{s['losses']} (by list: {per_list}); missing links reaching 3 linked clues with them: "
        f"{s['missing_links_reaching_3']} of {s['causes']['missing links']}"
    )
    print(
        f"missing clue-solution links (no old pattern): {s['missing_clue_links']}; a new list "
        f"supplies {s['missing_supplied']}, none supplies {s['missing_unsupplied']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
