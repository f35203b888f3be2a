"""HTML tables of the HTML report: evaluation summaries and the run's benchmark records.

An evaluation stage writes its summary in Markdown (ours beside the published figures); the report
shows the same table as an HTML page. Benchmark records are the TSV files Snakemake writes for
every rule with a ``benchmark:`` directive (seconds, max RSS, CPU time, ...): they are read
generically, whatever rules have them, labelled ``RULE=PATH`` by the report rule.
"""

from __future__ import annotations

import csv
import html
import os
from collections.abc import Sequence
from pathlib import Path

from wordgames.artifacts import atomic_open, require
from wordgames.errors import InputError

STYLE = (
    "body{font-family:system-ui,sans-serif;font-size:14px;margin:1em}"
    "table{border-collapse:collapse}th,td{border-bottom:1px solid #ddd;padding:2px 8px;"
    "text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "caption{text-align:left;font-weight:bold;margin-bottom:.4em}.muted{color:#666}"
)


def page(title: str, body: str) -> str:
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
        f"</title><style>{STYLE}</style></head><body>{body}</body></html>\n"
    )


def write_page(target: str | os.PathLike, title: str, body: str) -> Path:
    with atomic_open(target) as fh:
        fh.write(page(title, body))
    return Path(target)


def summary_page(summary: str | os.PathLike, title: str, note: str = "") -> str:
    """An evaluation's Markdown summary as an HTML page."""
    import markdown

    text = require(summary, "its evaluation stage has not run").read_text(encoding="utf-8")
    body = f"<h2>{html.escape(title)}</h2>" + markdown.markdown(text, extensions=["tables"])
    if note:
        body += f"<p class='muted'>{html.escape(note)}</p>"
    return page(title, body)


# benchmark records -----------------------------------------------------------------------------
NUMERIC = (
    "s",
    "max_rss",
    "max_vms",
    "max_uss",
    "max_pss",
    "io_in",
    "io_out",
    "mean_load",
    "cpu_time",
)


def read_benchmark(path: str | os.PathLike) -> list[dict]:
    """The rows of one Snakemake benchmark TSV (one per repeat), numbers as floats."""
    path = Path(path)
    with open(require(path, "its rule has not run"), encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    if not rows or "s" not in rows[0]:
        raise InputError(f"{path}: not a Snakemake benchmark file (no 's' column)")
    out = []
    for r in rows:
        rec = dict(r)
        for key in NUMERIC:
            if key in rec:
                try:
                    rec[key] = float(rec[key])
                except (TypeError, ValueError):
                    rec[key] = None  # "NA" when the process was too short to sample
        out.append(rec)
    return out


def benchmark_records(items: Sequence[str]) -> list[dict]:
    """One record per ``RULE=PATH`` item (the first repeat), with the job's name (the path's stem)."""
    records = []
    for item in items:
        rule, sep, path = item.partition("=")
        if not sep:
            raise InputError(f"benchmark {item!r}: give RULE=PATH")
        first = read_benchmark(path)[0]
        records.append({"rule": rule, "job": Path(path).stem, "path": path, **first})
    return records


def _cell(value, digits: int = 1) -> str:
    if value is None:
        return "<td class='num'>NA</td>"
    if isinstance(value, float):
        return f"<td class='num'>{value:,.{digits}f}</td>"
    return f"<td>{html.escape(str(value))}</td>"


def benchmark_table(records: list[dict]) -> str:
    """Per-job records and per-rule totals as HTML."""
    if not records:
        return (
            "<p>No rule of this run has a <code>benchmark:</code> file yet: the records "
            "appear here as soon as rules declare one.</p>"
        )
    cols = [
        ("rule", "rule", 0),
        ("job", "job", 0),
        ("s", "wall s", 2),
        ("cpu_time", "CPU s", 2),
        ("max_rss", "max RSS MB", 1),
        ("io_in", "read MB", 1),
        ("io_out", "written MB", 1),
        ("mean_load", "mean load %", 0),
    ]
    by_rule: dict[str, list[dict]] = {}
    for r in records:
        by_rule.setdefault(r["rule"], []).append(r)

    def total(rows, key, agg):
        vals = [r.get(key) for r in rows if r.get(key) is not None]
        return agg(vals) if vals else None

    head = "<tr>" + "".join(f"<th>{label}</th>" for _, label, _ in cols[1:]) + "</tr>"
    summary = (
        "<table><caption>Per rule: jobs, total wall and CPU seconds, largest resident "
        "memory</caption><tr><th>rule</th><th>jobs</th><th>wall s</th><th>CPU s</th>"
        "<th>max RSS MB</th></tr>"
    )
    for rule, rows in sorted(by_rule.items()):
        summary += (
            f"<tr><td>{html.escape(rule)}</td><td class='num'>{len(rows)}</td>"
            + _cell(total(rows, "s", sum), 2)
            + _cell(total(rows, "cpu_time", sum), 2)
            + _cell(total(rows, "max_rss", max), 1)
            + "</tr>"
        )
    summary += "</table>"
    detail = "<table><caption>Every job</caption><tr><th>rule</th>" + head[4:]
    for r in sorted(records, key=lambda r: (r["rule"], r["job"])):
        detail += "<tr>" + "".join(_cell(r.get(key), d) for key, _, d in cols) + "</tr>"
    detail += "</table>"
    return summary + "<br>" + detail


def benchmark_figure(records: list[dict]):
    """Total CPU seconds and the largest resident memory of each rule's jobs."""
    from wordgames.report.figures import _plt

    plt = _plt()
    rules = sorted({r["rule"] for r in records})
    fig, axes = plt.subplots(1, 2, figsize=(9.0, 0.35 * max(len(rules), 2) + 1.4), sharey=True)
    if not rules:
        for ax in axes:
            ax.text(0.5, 0.5, "no benchmark records yet", ha="center", transform=ax.transAxes)
        return fig
    cpu = [sum(r.get("cpu_time") or 0.0 for r in records if r["rule"] == x) for x in rules]
    rss = [max((r.get("max_rss") or 0.0) for r in records if r["rule"] == x) for x in rules]
    axes[0].barh(rules, cpu, color="#4c72b0")
    axes[0].set_xlabel("CPU seconds, all jobs of the rule")
    axes[1].barh(rules, rss, color="#dd8452")
    axes[1].set_xlabel("largest resident memory of a job (MB)")
    axes[0].invert_yaxis()
    fig.suptitle("Run statistics from the rules' benchmark files")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig
