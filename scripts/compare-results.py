"""Compare two results folders artifact by artifact: which are byte-identical, which are equal once
the fields that record how a run went are set aside, and which differ.

    python scripts/compare-results.py BEFORE/results AFTER/results

The verdicts are the fault tests' (``tests/artifact_comparison.compare``): durations in JSON keys,
Parquet columns, Markdown and HTML table columns and prose, dates and the two folders' paths are set
aside; a DuckDB catalog and a gensim file are compared by what they hold; the report's run
statistics are timing by nature. Logs and benchmark records are left out. Exit status 1 when
anything differs beyond that.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from artifact_comparison import NOT_ARTIFACTS, compare  # noqa: E402


def artifacts(root: Path) -> set[str]:
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and p.relative_to(root).parts[0] not in NOT_ARTIFACTS
    }


def main(argv=None) -> int:
    before, after = (Path(p) for p in (argv or sys.argv[1:]))
    names_before, names_after = artifacts(before), artifacts(after)
    verdicts = {
        name: compare(before / name, after / name, before.parent, after.parent)
        for name in sorted(names_before & names_after)
    }
    verdicts |= {name: "only before" for name in names_before - names_after}
    verdicts |= {name: "only after" for name in names_after - names_before}
    counts = {v: sum(1 for x in verdicts.values() if x == v) for v in ("bytes", "timing")}
    different = {n: v for n, v in sorted(verdicts.items()) if v not in ("bytes", "timing")}
    print(
        f"{counts['bytes']} byte-identical, {counts['timing']} equal once timing fields are set "
        f"aside, {len(different)} different ({before} -> {after}; logs and benchmarks left out)"
    )
    for name, verdict in different.items():
        print(f"  {name}: {verdict}")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
