"""Compare two results folders artifact by artifact: which are byte-identical, which are equal once
their timing fields are set aside, and which differ (with the first differences shown).

    python scripts/compare-results.py BEFORE/results AFTER/results

Logs, benchmark records and the run lock are left out (they record times). Timing fields: JSON keys
and Parquet columns named ``seconds``, ``*_seconds``, ``seconds_*``, ``elapsed*`` or ``load_seconds``,
and Markdown/HTML table cells that hold a time. A DuckDB catalog is compared by its views' SQL (its
file bytes change with every write), gensim vectors by their words and values (the file pickles
the time it was written), Markdown by its lines with timing columns, the "Written" time and every
"N s" of its prose blanked.
The HTML and SVG renderings of run statistics are listed as different: read them. Exit status 1
when anything differs beyond that.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SKIP = re.compile(r"^(logs|benchmarks)/|(^|/)run\.lock$")
# "s": the seconds of one opener in the Wordle openers checkpoint
TIMING = re.compile(
    r"(^|_)seconds($|_)|^elapsed|^ms_per_game$|^s/game$|^ms/game$|^seconds_per_guess$|^(wall|CPU) s$"
    r"|^s$"
)


def files(root: Path) -> dict[str, Path]:
    return {
        str(p.relative_to(root)): p
        for p in sorted(root.rglob("*"))
        if p.is_file() and not SKIP.search(str(p.relative_to(root)))
    }


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not TIMING.search(str(k))}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def json_equal(a: Path, b: Path) -> bool:
    def load(p: Path):
        text = p.read_text(encoding="utf-8")
        if p.suffix == ".jsonl":
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        return json.loads(text)

    return untimed(load(a)) == untimed(load(b))


def parquet_equal(a: Path, b: Path) -> bool:
    import pyarrow.parquet as pq

    ta, tb = pq.read_table(a), pq.read_table(b)
    keep = [c for c in ta.column_names if not TIMING.search(c)]
    if keep != [c for c in tb.column_names if not TIMING.search(c)]:
        return False
    return ta.select(keep).equals(tb.select(keep))


def duckdb_equal(a: Path, b: Path) -> bool:
    import duckdb

    def views(p: Path):
        with duckdb.connect(str(p), read_only=True) as con:
            return con.execute("SELECT view_name, sql FROM duckdb_views() ORDER BY 1").fetchall()

    return views(a) == views(b)


def keyed_vectors_equal(a: Path, b: Path) -> bool:
    """gensim's own format pickles lifecycle events with their time: compare words and vectors."""
    import numpy as np
    from gensim.models import KeyedVectors

    ka, kb = KeyedVectors.load(str(a), mmap="r"), KeyedVectors.load(str(b), mmap="r")
    return ka.index_to_key == kb.index_to_key and np.array_equal(ka.vectors, kb.vectors)


def untimed_table_lines(path: Path) -> list[str]:
    """A Markdown file's lines with the cells of timing columns blanked (by their header)."""
    out, timing = [], set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("|"):
            cells = line.strip("|").split("|")
            if not set(line) <= set("|-: "):
                names = [c.strip() for c in cells]
                if any(TIMING.search(n) for n in names):
                    timing = {i for i, n in enumerate(names) if TIMING.search(n)}
            line = "|".join("" if i in timing else c for i, c in enumerate(cells))
        else:
            timing = set()
            line = re.sub(r"^Written \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$", "Written", line)
            line = re.sub(r"Written \d{4}-\d\d-\d\d \d\d:\d\d UTC", "Written", line)
            line = re.sub(r"\b\d+(\.\d+)? s\b", "N s", line)  # "This run: 17 s wall, 8 s CPU"
        out.append(line)
    return out


def markdown_equal(a: Path, b: Path) -> bool:
    return untimed_table_lines(a) == untimed_table_lines(b)


def text_diff(a: Path, b: Path) -> list[str]:
    la = a.read_text(encoding="utf-8", errors="replace").splitlines()
    lb = b.read_text(encoding="utf-8", errors="replace").splitlines()
    return [f"- {x[:300]}\n+ {y[:300]}" for x, y in zip(la, lb, strict=False) if x != y] + (
        [f"(line counts {len(la)} vs {len(lb)})"] if len(la) != len(lb) else []
    )


def main(argv=None) -> int:
    before, after = (Path(p) for p in (argv or sys.argv[1:]))
    fa, fb = files(before), files(after)
    identical, untimed_equal, different = [], [], []
    for name in sorted(set(fa) | set(fb)):
        if name not in fa or name not in fb:
            different.append((name, ["only in " + ("after" if name in fb else "before")]))
            continue
        a, b = fa[name], fb[name]
        if a.read_bytes() == b.read_bytes():
            identical.append(name)
            continue
        same = {
            ".json": json_equal,
            ".jsonl": json_equal,
            ".parquet": parquet_equal,
            ".duckdb": duckdb_equal,
            ".kv": keyed_vectors_equal,
            ".md": markdown_equal,
        }.get(a.suffix)
        if same is not None and same(a, b):
            untimed_equal.append(name)
        elif a.suffix in (".md", ".html", ".svg", ".txt", ".tsv", ".rst"):
            different.append((name, text_diff(a, b)[:6]))
        else:
            different.append((name, ["binary content differs"]))
    print(f"{len(identical)} byte-identical, {len(untimed_equal)} equal once timing fields are set")
    print(f"aside, {len(different)} different ({before} -> {after}; logs and benchmarks left out)")
    for name in untimed_equal:
        print(f"  timing only: {name}")
    for name, lines in different:
        print(f"  DIFFERENT: {name}")
        for line in lines:
            print("      " + line.replace("\n", "\n      "))
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
