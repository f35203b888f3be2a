"""Posterior-solver variants on one fold of the Wheel of Fortune *training* answers: where choices
are made without touching the valid split, Harvard or the proverbs.

The in-domain LM and word prior are built (as the ``hangman_domain`` stage does, with the config's
orders, weights and folds) from the training answers outside fold F, then every variant plays the
answers of fold F with their category shown, side by side, on the config's prose LM.

    python benchmarks/hangman_folds.py --configfile config/local-en.yaml --fold 0 --limit 600 \\
        --variant default= --variant 'greedy={"lookahead": 0}' [--losses losses.tsv]

A variant is ``LABEL=JSON`` of posterior options (empty: the config's). Prints one row per variant
(wins, win rate, mean wrong, games only one of the first two variants won) and, with --losses, the
lost games of every variant.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


def main() -> int:
    from wordgames import paths
    from wordgames.cli import labelled_options
    from wordgames.config import load_config_file
    from wordgames.errors import InputError
    from wordgames.hangman import domain as dom
    from wordgames.hangman.evaluate import evaluate, summarise
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.puzzles import read_puzzles
    from wordgames.hangman.scoring import Domain
    from wordgames.hangman.solvers import Resources, make_solver
    from wordgames.lm.model import LanguageModel
    from wordgames.selection import hangman_domain_train

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/local-en.yaml")
    ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--limit", type=int, help="first N answers of the fold")
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=JSON")
    ap.add_argument("--losses", help="write the lost games of every variant to this TSV")
    ap.add_argument("--lm", metavar="MODEL.binary", help="another prose LM (default: the config's)")
    ap.add_argument(
        "--no-domain",
        action="store_true",
        help="the prose LM alone, no category shown (how the sets without categories play)",
    )
    args = ap.parse_args()
    try:
        given = labelled_options(args.variant or ["default="], "--variant")
    except InputError as exc:
        ap.error(str(exc))
    cfg = load_config_file(args.configfile)
    hangman = cfg.settings.hangman
    train = hangman_domain_train(cfg)
    if train is None:
        sys.exit(f"wordgames: error: {args.configfile} sets no hangman.domain.train")
    settings = hangman.domain
    if not 0 <= args.fold < settings.folds:
        sys.exit(f"wordgames: error: --fold must be in [0, {settings.folds - 1}]")
    puzzles = read_puzzles(train)
    inside = [p for p in puzzles if dom.fold_of(p[0], settings.folds) == args.fold]
    outside = [p for p in puzzles if dom.fold_of(p[0], settings.folds) != args.fold]
    heldout = inside[: args.limit] if args.limit else inside
    unigrams = paths.lm_unigrams(cfg, hangman.collection)
    lm_path = args.lm or paths.lm_binary(cfg, hangman.collection)
    lexicon = Lexicon.from_parquet(unigrams, min_count=hangman.min_count)
    lm = LanguageModel(lm_path)
    base = dict(cfg.section("hangman").get("posterior", {}))
    variants = [(label, {**base, **options}) for label, options in given]

    with tempfile.TemporaryDirectory() as tmp:
        fold_train = Path(tmp) / "train.tsv"
        with fold_train.open("w", encoding="utf-8") as fh:
            fh.write("answer\tcategory\n")
            fh.writelines(f"{a}\t{c or ''}\n" for a, c in outside)
        info = dom.build(
            fold_train,
            lm_path,
            Path(tmp) / "domain.binary",
            Path(tmp) / "domain.json",
            unigrams=unigrams,
            orders=settings.orders,
            weights=settings.weights,
            folds=settings.folds,
            class_prior=settings.class_prior,
            memory=cfg.settings.lm.memory,
        )
        domain = (
            None if args.no_domain else Domain(LanguageModel(Path(tmp) / "domain.binary"), info)
        )
        rows, won = [], []
        losses = []
        for label, options in variants:
            solver = make_solver("posterior", Resources(lexicon, lm, domain), **options)
            records = evaluate(
                solver,
                heldout,
                hangman.lives,
                desc=f"fold {args.fold} {label}",
                categories=not args.no_domain,
            )
            s = summarise(records)
            rows.append((label, s))
            won.append([r.won for r in records])
            losses += [(label, r.phrase, r.category or "", r.letters) for r in records if not r.won]
    how = (
        "prose LM alone, no category"
        if args.no_domain
        else f"in-domain LM on the other {len(outside)}; order {info.order}"
    )
    print(
        f"\nWheel of Fortune train fold {args.fold} of {settings.folds}: {len(heldout)} answers "
        f"({how}), {hangman.lives} lives, prose LM {lm_path}\n"
    )
    print("| variant | wins | win rate | mean wrong | s / game |")
    print("|---|---:|---:|---:|---:|")
    for label, s in rows:
        print(
            f"| {label} | {s['wins']} | {s['win_rate']:.1%} | {s['mean_wrong']:.2f} | "
            f"{s['seconds'] / max(s['games'], 1):.3f} |"
        )
    if len(won) > 1:
        only = [sum(a and not b for a, b in zip(won[0], w, strict=True)) for w in won[1:]]
        gained = [sum(b and not a for a, b in zip(won[0], w, strict=True)) for w in won[1:]]
        for (label, _), lost, got in zip(rows[1:], only, gained, strict=True):
            print(f"{label} vs {rows[0][0]}: wins {got} games it lost, loses {lost} it won")
    if args.losses:
        with open(args.losses, "w", encoding="utf-8") as fh:
            fh.write("variant\tphrase\tcategory\tletters\n")
            fh.writelines("\t".join(row) + "\n" for row in losses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
