"""La Ghigliottina: how many clue-solution pairs of a game set the links table connects, by pattern,
and how many more the stats stage's PMI table (its co-occurrence window) would add. Then, for the
configured knowledge tables (``guillotine.links.tables``), the pairs each links and the pairs only
the tables link (no other pattern does).

    WORDGAMES_DATA=../shared/data .venv/bin/python benchmarks/guillotine_coverage.py \
        --configfile config/local-it.yaml

Needs the pipeline's guillotine-links table (and pmi.parquet for the last column) of that config and
the game files under ``guillotine.games``; without them it says what is missing and exits with
status 3 (``make bench`` reports it as skipped).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from wordgames import paths
from wordgames.config import load_config_file
from wordgames.guillotine.evidence import LinkIndex
from wordgames.guillotine.games import configured_sets
from wordgames.guillotine.patterns import PATTERNS, TABLE_PATTERNS, WORDNET_PATTERNS


def pmi_pairs(pmi_path, pairs: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The pairs (either order) present in the stats stage's PMI table."""
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE p (a VARCHAR, b VARCHAR)")
    con.executemany("INSERT INTO p VALUES (?, ?)", sorted(pairs))
    rows = con.execute(
        "SELECT p.a, p.b FROM p JOIN read_parquet(?) m ON (m.word1 = p.a AND m.word2 = p.b) "
        "OR (m.word1 = p.b AND m.word2 = p.a)",
        [str(pmi_path)],
    ).fetchall()
    return set(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-it.yaml")
    args = ap.parse_args()
    cfg = load_config_file(args.configfile)
    coll = cfg.section("guillotine")["collection"]
    links_path = paths.guillotine_links(cfg, coll)
    if not links_path.exists():
        print(
            f"missing: {links_path}; build it with snakemake --configfile {args.configfile}",
            file=sys.stderr,
        )
        return 3
    sets = configured_sets(cfg)
    if not sets:
        print(
            "missing: no game file of guillotine.games found; set WORDGAMES_DATA", file=sys.stderr
        )
        return 3
    index = LinkIndex.load(links_path, paths.guillotine_link_words(cfg, coll))
    pmi_path = paths.pmi(cfg, coll)
    wordnet = {PATTERNS.index(p) for p in WORDNET_PATTERNS}
    tables = {PATTERNS.index(p) for p in TABLE_PATTERNS}
    table_rows = []
    print(
        f"{'set':<20} {'pairs':>6} {'linked':>7} {'only wordnet':>13} {'+ PMI table':>12}  "
        "pairs per pattern"
    )
    for name, games in sets.items():
        pairs = [(c, g.solution) for g in games for c in g.clues]
        linked, only_wordnet, by_pattern = set(), 0, Counter()
        for clue, solution in pairs:
            dst, pat, _, _ = index.neighbours(clue)
            hits = {int(p) for d, p in zip(dst, pat, strict=True) if index.words[d] == solution}
            if hits:
                linked.add((clue, solution))
                by_pattern.update(PATTERNS[p] for p in hits)
                only_wordnet += hits <= wordnet
                if hits <= tables:
                    by_pattern["only tables"] += 1
        unlinked = set(pairs) - linked
        extra = len(pmi_pairs(pmi_path, unlinked)) if pmi_path.exists() and unlinked else "-"
        table_rows.append(
            (name, [by_pattern[p] for p in TABLE_PATTERNS], by_pattern["only tables"])
        )
        top = ", ".join(f"{p} {n}" for p, n in by_pattern.most_common(10) if p != "only tables")
        print(
            f"{name:<20} {len(pairs):>6} {len(linked & set(pairs)):>7} {only_wordnet:>13} "
            f"{extra:>12}  {top}"
        )
    print("\nknowledge tables: pairs linked by each, and by them only")
    print("| set | " + " | ".join(TABLE_PATTERNS) + " | only the tables |")
    print("|---|" + "---:|" * (len(TABLE_PATTERNS) + 1))
    for name, counts, only in table_rows:
        print(f"| {name} | " + " | ".join(map(str, counts)) + f" | {only} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
