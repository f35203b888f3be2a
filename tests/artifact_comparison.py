"""Two runs' artifacts compared: identical bytes, equal once the fields that record how a run went
(durations, dates, the working folder's path) are set aside, or different. The fault tests compare
their runs with it and ``scripts/compare-results.py`` two results folders (importable from any test:
tests/ is on sys.path through its conftest)."""

from __future__ import annotations

import json
import re
from pathlib import Path

#: Folders of the results tree that hold no artifact (one log per job, Snakemake's benchmarks).
NOT_ARTIFACTS = ("logs", "benchmarks")
#: Names of fields (Parquet columns, JSON keys, Markdown table headers) that hold a duration.
TIMING = re.compile(r"second|(^|[_/ ])m?s([_/ )]|$)|elapsed|duration|resumed", re.IGNORECASE)
#: A duration in prose ("This run: 4 s wall, 0 s CPU"). Like ``resumed`` (the records a resumed
#: search read from its checkpoint), it says how a run went, not what it found.
PROSE_TIMING = re.compile(r"\b\d+(\.\d+)? (s|ms|min)\b")
#: The report's run statistics (issue 11): a table and a figure of the run's own CPU times and
#: memory, so nothing in them is expected to repeat from one run to the next.
RUN_STATISTICS_FILES = ("report/figures/benchmarks.svg", "report/tables/benchmarks.html")


def _drop_timing(value):
    if isinstance(value, dict):
        return {k: _drop_timing(v) for k, v in value.items() if not TIMING.search(str(k))}
    if isinstance(value, list):
        return [_drop_timing(v) for v in value]
    return value


def _json(path: Path):
    return _drop_timing(json.loads(path.read_text(encoding="utf-8")))


def _parquet(path: Path):
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    keep = [c for c in table.column_names if not TIMING.search(c)]
    return table.select(keep).to_pylist(), [str(t) for t in table.select(keep).schema.types]


DATE = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?( UTC)?")


def _without(text: str, roots: tuple[Path, ...]) -> str:
    for root in roots:
        text = text.replace(str(root.resolve()), "<wd>")
    return text


def _markdown(path: Path, roots: tuple[Path, ...]):
    """Lines of a Markdown file, with the cells of a table's timing columns, durations in prose,
    dates and the working folders' paths blanked."""
    return _blank_timings(path.read_text(encoding="utf-8"), roots)


def _html(path: Path, roots: tuple[Path, ...]):
    """An HTML table of the report (a Markdown summary rendered) read back as Markdown lines: each
    <tr> a row of cells, the rest text; then blanked like Markdown."""
    text = path.read_text(encoding="utf-8")
    lines = []
    for chunk in re.split(r"(<tr[^>]*>.*?</tr>)", text, flags=re.S):
        if chunk.startswith("<tr"):
            cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", chunk, flags=re.S)
            lines.append("| " + " | ".join(re.sub(r"<[^>]+>", "", c) for c in cells) + " |")
        else:
            # the markup between rows (a newline, </thead><tbody>) must not end the table
            lines.extend(t for t in re.sub(r"<[^>]+>", "", chunk).splitlines() if t.strip())
    return _blank_timings("\n".join(lines), roots)


def _blank_timings(text: str, roots: tuple[Path, ...]):
    out: list = []
    timing: set[int] | None = None  # the timing columns of the table being read
    text = DATE.sub("<date>", _without(text, roots))
    for line in text.splitlines():
        if not line.startswith("|"):
            timing = None
            out.append(PROSE_TIMING.sub("<time>", line))
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if timing is None:  # a table's first row is its header
            timing = {i for i, c in enumerate(cells) if TIMING.search(c)}
        out.append(["" if i in timing else c for i, c in enumerate(cells)])
    return out


def _duckdb(path: Path, roots: tuple[Path, ...]):
    """View names, their SQL with the working folders' paths taken out, and their row counts."""
    import duckdb

    con = duckdb.connect(str(path), read_only=True)
    try:
        views = con.execute(
            "select view_name, sql from duckdb_views() where not internal order by view_name"
        ).fetchall()
        counts = [con.execute(f'select count(*) from "{name}"').fetchone()[0] for name, _ in views]
    finally:
        con.close()
    return [(n, _without(s, roots)) for n, s in views], counts


def _keyed_vectors(path: Path):
    from gensim.models import KeyedVectors

    kv = KeyedVectors.load(str(path))
    return kv.index_to_key, kv.vectors.tobytes(), {k: list(v) for k, v in kv.expandos.items()}


def compare(base: Path, other: Path, base_root: Path, other_root: Path) -> str:
    """ "bytes" when identical, "timing" when equal once durations, dates and the working folder's
    path are set aside (for a DuckDB catalog or gensim file: equal in what they hold), else a short
    description of the difference. ``*_root``: the working folders of the two runs."""
    if base.read_bytes() == other.read_bytes():
        return "bytes"
    if base.as_posix().endswith(RUN_STATISTICS_FILES):
        return "timing"
    suffix = base.suffix
    roots = (base_root, other_root)
    try:
        if suffix == ".json":
            same = _json(base) == _json(other)
        elif suffix == ".parquet":
            same = _parquet(base) == _parquet(other)
        elif suffix == ".md":
            same = _markdown(base, roots) == _markdown(other, roots)
        elif suffix == ".html":
            same = _html(base, roots) == _html(other, roots)
        elif suffix == ".duckdb":
            same = _duckdb(base, roots) == _duckdb(other, roots)
        elif suffix == ".kv":
            same = _keyed_vectors(base) == _keyed_vectors(other)
        else:
            return f"differs ({base.stat().st_size} vs {other.stat().st_size} bytes)"
    except Exception as exc:  # noqa: BLE001 - an unreadable artifact is exactly what we look for
        return f"unreadable ({type(exc).__name__}: {str(exc)[:200]})"
    return "timing" if same else "differs (also without timings)"
