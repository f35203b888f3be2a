"""The LM-size curve's summary: Hangman win rate against the tokens its LM was trained on.

Its inputs are the per-game Parquet files of ``wordgames build hangman-eval`` (one per phrase set,
solver and LM), each labelled with the size of its LM: a sample's target (``1000000``, as in the
``samples.json`` of ``wordgames build lm-sample``) or ``all`` for the LM of the whole collection (the
main evaluation). Only the first ``limit`` games of each file count, so the full point is played on
the same phrases as the samples' points even when the main evaluation played every phrase.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from wordgames.errors import InputError

#: The label of the LM of the whole collection.
FULL = "all"
COLUMNS = ("phrase_set", "solver", "size", "tokens", "games", "wins", "win_rate", "mean_wrong")


def _labelled(item: str) -> tuple[str, Path]:
    label, sep, path = str(item).partition("=")
    if not sep or not label or not path:
        raise InputError(
            f"{item!r}: give each games file as SIZE=PATH (SIZE a sample's tokens or all)"
        )
    return label, Path(path)


def lm_sizes_rows(samples_info: str | os.PathLike, games: Sequence[str], limit: int | None = None):
    """One row (dict of :data:`COLUMNS`) per games file ``SIZE=PATH``: its phrase set and solver,
    its LM's size label and actual tokens, and games, wins, win rate and mean wrong letters over its
    first ``limit`` games (all when None); ordered by phrase set, solver and tokens."""
    from wordgames.artifacts import read_parquet, require
    from wordgames.lm.sample import read_info

    if limit is not None and limit < 1:
        raise InputError(f"the limit must be at least 1, got {limit}")
    info = read_info(samples_info)
    sizes = {str(s.target): s for s in info["samples"]}
    rows = []
    for item in games:
        label, path = _labelled(item)
        if label == FULL:
            tokens = int(info["source_tokens"])
        elif label in sizes and not sizes[label].skipped:
            tokens = sizes[label].tokens
        else:
            known = sorted(k for k, s in sizes.items() if not s.skipped)
            raise InputError(
                f"{item}: no sample of {label} tokens in {samples_info} (samples: "
                f"{', '.join(known) or 'none'}, or {FULL})"
            )
        table = read_parquet(require(path, "its hangman-eval stage has not run"))
        if limit is not None:
            table = table.slice(0, limit)
        missing = {"phrase_set", "solver", "won", "wrong"} - set(table.column_names)
        if missing:
            raise InputError(
                f"{path}: not a hangman-eval games file (no {', '.join(sorted(missing))})"
            )
        if table.num_rows == 0:
            raise InputError(f"{path}: no games")
        first = table.slice(0, 1).to_pylist()[0]
        won = table.column("won").to_pylist()
        wrong = table.column("wrong").to_pylist()
        rows.append(
            {
                "phrase_set": first["phrase_set"],
                "solver": first["solver"],
                "size": label,
                "tokens": tokens,
                "games": len(won),
                "wins": sum(map(bool, won)),
                "win_rate": sum(map(bool, won)) / len(won),
                "mean_wrong": sum(wrong) / len(wrong),
            }
        )
    sets = list(dict.fromkeys(r["phrase_set"] for r in rows))
    solvers = list(dict.fromkeys(r["solver"] for r in rows))
    rows.sort(key=lambda r: (sets.index(r["phrase_set"]), solvers.index(r["solver"]), r["tokens"]))
    return rows, info


def markdown(rows: list[dict], info: dict, limit: int | None = None) -> str:
    """The rows as a Markdown table, with what the sizes are and which were skipped."""
    lines = [
        "| phrase set | solver | tokens | games | win rate | mean wrong |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        tokens = f"{r['tokens']:,}" + (" (all)" if r["size"] == FULL else "")
        lines.append(
            f"| {r['phrase_set']} | {r['solver']} | {tokens} | {r['games']} | "
            f"{100 * r['win_rate']:.1f}% | {r['mean_wrong']:.2f} |"
        )
    first = f"first {limit} phrases" if limit is not None else "every phrase"
    notes = [
        "",
        f"Each LM is trained on a random sample of whole sentences of the collection's "
        f"{int(info['source_tokens']):,} tokens (seed {info['seed']}; the samples are nested), "
        f"with the same settings as the collection's LM; `all` is the LM of the whole collection "
        f"(the main evaluation's games). Games: the {first} of each set.",
    ]
    skipped = [f"{s.target:,}" for s in info["samples"] if s.skipped]
    if skipped:
        notes.append(
            f"Sizes at or above the collection's token count, skipped (the `all` row is that "
            f"point): {', '.join(skipped)}."
        )
    return "\n".join(lines + notes) + "\n"


def write_lm_sizes(
    samples_info: str | os.PathLike,
    games: Sequence[str],
    out: str | os.PathLike,
    out_table: str | os.PathLike,
    limit: int | None = None,
) -> list[dict]:
    """Write the summary as Parquet (:data:`COLUMNS`) and as a Markdown table."""
    import pyarrow as pa

    from wordgames.artifacts import atomic_open, write_parquet

    rows, info = lm_sizes_rows(samples_info, games, limit)
    schema = pa.schema(
        [
            ("phrase_set", pa.string()),
            ("solver", pa.string()),
            ("size", pa.string()),
            ("tokens", pa.int64()),
            ("games", pa.int64()),
            ("wins", pa.int64()),
            ("win_rate", pa.float64()),
            ("mean_wrong", pa.float64()),
        ]
    )
    write_parquet(pa.Table.from_pylist(rows, schema=schema), out)
    with atomic_open(out_table) as fh:
        fh.write(markdown(rows, info, limit))
    return rows
