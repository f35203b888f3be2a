"""Each lever of the phrase solver in one table: win rates of variants on one phrase set, overall,
by answer length (words) and by category, side by side.

    python benchmarks/hangman_ablation.py --configfile config/local-en.yaml \\
        --phrases $WORDGAMES_DATA/hangman/wheel-of-fortune-valid.tsv --jobs 2 \\
        --variant 'prose=posterior' --variant 'lists=posterior+lists' \\
        --variant 'domain=posterior+domain' --variant 'all=posterior+domain+lists' \\
        --variant 'seed=seed+domain' --variant 'lm30M=posterior+lists@results/x/model.binary'

A variant is ``LABEL=SOLVER[+domain][+lists][+nocategory][@LM]``: the solver, with the in-domain
LM, with the phrase lists' channel, with the categories hidden, on another LM (its unigram table
beside it). Each variant's games are kept in ``--out`` (one JSON per label, reused when there:
delete it to replay); ``--jobs`` variants play at once, one process each.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def parse(spec: str) -> tuple[str, dict]:
    label, _, text = spec.partition("=")
    text, _, lm = text.partition("@")
    solver, *flags = text.split("+")
    unknown = set(flags) - {"domain", "lists", "nocategory"}
    if not label or not solver or unknown:
        raise SystemExit(f"--variant {spec!r}: LABEL=SOLVER[+domain][+lists][+nocategory][@LM]")
    return label, {
        "solver": solver,
        "domain": "domain" in flags,
        "lists": "lists" in flags,
        "categories": "nocategory" not in flags,
        "lm": lm or None,
    }


def play(configfile: str, phrases: str, limit: int | None, label: str, v: dict) -> dict:
    from wordgames.hangman.service import HangmanService

    lm = v["lm"]
    unigrams = str(Path(lm).with_name("unigrams.parquet")) if lm else None
    service = HangmanService.from_config(configfile, lm=lm, unigrams=unigrams)
    t0 = time.perf_counter()
    records = service.evaluate(
        phrases,
        v["solver"],
        limit,
        desc=label,
        domain=v["domain"],
        categories=v["categories"],
        phrase_lists=v["lists"],
    )
    # the category shown or not, the tables group by the puzzle's own
    puzzles = service.phrases(phrases, limit)
    rows = [
        {"phrase": p.phrase, "category": p.category, "won": r.won}
        for p, r in zip(puzzles, records, strict=True)
    ]
    return {"variant": label, "spec": v, "secs": time.perf_counter() - t0, "rows": rows}


def words(phrase: str) -> int:
    from wordgames.hangman.game import phrase_tokens

    return len(phrase_tokens(phrase))


def table(runs: dict[str, dict], name: str, key, top: int) -> None:
    counts = {label: defaultdict(lambda: [0, 0]) for label in runs}
    for label, run in runs.items():
        for row in run["rows"]:
            cell = counts[label][key(row)]
            cell[0] += 1
            cell[1] += row["won"]
    first = next(iter(counts.values()))
    keys = sorted(first, key=lambda k: (-first[k][0], str(k)))[:top]
    print(f"\n| {name} | games | " + " | ".join(f"{label} lost" for label in runs) + " |")
    print("|---|---:|" + "---:|" * len(runs))
    for k in keys:
        lost = [c[k][0] - c[k][1] for c in counts.values()]
        print(f"| {k} | {first[k][0]} | " + " | ".join(str(n) for n in lost) + " |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--phrases", required=True)
    ap.add_argument("--variant", action="append", required=True, metavar="LABEL=SPEC")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default="results/benchmarks/hangman-ablation")
    ap.add_argument("--categories", type=int, default=15, help="rows of the category table")
    args = ap.parse_args()
    variants = dict(parse(s) for s in args.variant)
    out = Path(args.out) / Path(args.phrases).stem
    out.mkdir(parents=True, exist_ok=True)
    runs: dict[str, dict] = {}
    todo = []
    for label in variants:
        path = out / f"{label}.json"
        if path.exists():
            runs[label] = json.loads(path.read_text())
        else:
            todo.append(label)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {
            label: pool.submit(
                play, args.configfile, args.phrases, args.limit, label, variants[label]
            )
            for label in todo
        }
        for label, future in futures.items():
            runs[label] = future.result()
            (out / f"{label}.json").write_text(json.dumps(runs[label]))
    runs = {label: runs[label] for label in variants}
    print(f"{args.phrases}: {len(next(iter(runs.values()))['rows'])} phrases\n")
    print("| variant | spec | won | win rate | s/game |")
    print("|---|---|---:|---:|---:|")
    for label, run in runs.items():
        rows = run["rows"]
        won = sum(r["won"] for r in rows)
        spec = run["spec"]
        text = (
            spec["solver"]
            + "".join(f"+{k}" for k in ("domain", "lists") if spec[k])
            + ("" if spec["categories"] else "+nocategory")
            + (f"@{spec['lm']}" if spec["lm"] else "")
        )
        print(
            f"| {label} | {text} | {won}/{len(rows)} | {100 * won / len(rows):.1f}% | "
            f"{run['secs'] / len(rows):.2f} |"
        )
    table(
        runs, "words", lambda r: f"{min(words(r['phrase']), 5)}{'+' * (words(r['phrase']) >= 5)}", 9
    )
    table(runs, "category", lambda r: r["category"] or "-", args.categories)
    return 0


if __name__ == "__main__":
    sys.exit(main())
