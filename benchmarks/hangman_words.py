"""Single-word Hangman solvers side by side: win rate, mean wrong, ms per decision.

Reads what the pipeline built for --configfile (the split's words and the character model of the
training words), or with --validation trains a model on the inner training words and plays the
validation words (the set every option was chosen on). The first --limit words of the part are a
random sample (the split keeps them in hash order).

    python benchmarks/hangman_words.py --configfile config/local-en.yaml [--limit 500]
    python benchmarks/hangman_words.py --configfile config/local-en.yaml --validation --limit 500
    python benchmarks/hangman_words.py --configfile config/local-en.yaml --validation \
        --offset 1000 --limit 1000 --solvers ngram --dense-orders 4,5 --budgets 30000000,300000000
    python benchmarks/hangman_words.py --configfile config/local-en.yaml --validation \
        --limit 1000 --solvers ngram --inner-net /tmp/inner-net.npz --weights 1,0.6

``--dense-orders`` / ``--budgets`` play each solver once per dense order and forward-pass budget
(the same model's sparse orders; only its dense tables differ), side by side. ``--variant
LABEL=JSON`` (repeatable) plays each solver once per set of hangman.words options, e.g.
``--variant config= --variant 'greedy={"lookahead": 0}'``. With --validation and
``hangman.words.neural.epochs`` > 0 the network of the mixture is trained on the inner words too
(about 13 minutes; ``--inner-net PATH`` keeps it there and reads it back on the next run);
``--weights`` plays each Kneser-Ney weight of the mixture (1 = Kneser-Ney alone).
"""

from __future__ import annotations

import argparse
import json
import time


def main() -> int:
    from wordgames import paths
    from wordgames.cli import labelled_options
    from wordgames.config import load_config_file
    from wordgames.errors import InputError
    from wordgames.hangman.words.charmodel import dense_tables, fit_char_model
    from wordgames.hangman.words.dictionary import read_words, split_words
    from wordgames.hangman.words.neural import load_model
    from wordgames.hangman.words.play import evaluate_words, summarise
    from wordgames.hangman.words.solvers import SOLVERS, PatternIndex, make_solver, solver_options

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    ap.add_argument("--limit", type=int, default=500, help="first N words (default 500)")
    ap.add_argument("--offset", type=int, default=0, help="skip the first N words of the part")
    ap.add_argument("--dense-orders", help="comma-separated dense orders (default: the config's)")
    ap.add_argument(
        "--budgets", help="comma-separated forward-pass budgets (default: the config's)"
    )
    ap.add_argument("--validation", action="store_true", help="inner model, validation words")
    ap.add_argument("--inner-net", help="with --validation: the inner network's file (reused)")
    ap.add_argument("--weights", help="comma-separated Kneser-Ney weights of the mixture")
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=JSON")
    ap.add_argument("--json", help="also write the rows to this JSON file")
    args = ap.parse_args()
    try:
        variants = labelled_options(args.variant or ["config="], "--variant")
    except InputError as exc:
        ap.error(str(exc))
    cfg = load_config_file(args.configfile)
    words = cfg.settings.hangman.words
    t0 = time.perf_counter()
    if args.validation:
        found = cfg.data_path(words.dictionary)
        split = split_words(read_words(found), words.seed, words.test_fraction, words.validation)
        train, play = split.inner, split.validation
        model = fit_char_model(train, words.order, min(words.dense_order, words.order))
        model = _inner_mixture(model, train, words, args.inner_net)
        part = "validation"
    else:
        train = read_words(paths.hangman_words_part(cfg, "train"))
        play = read_words(paths.hangman_words_part(cfg, "test"))
        model = load_model(paths.hangman_words_model(cfg))
        part = "test"
    index = PatternIndex(train)
    setup = time.perf_counter() - t0
    play = play[args.offset : args.offset + args.limit]
    dense = [int(d) for d in args.dense_orders.split(",")] if args.dense_orders else [None]
    budgets = [int(float(b)) for b in args.budgets.split(",")] if args.budgets else [None]
    models = _weighted(model, args.weights)
    rows = []
    for name, (weight, base), d in (
        (n, m, d) for n in args.solvers.split(",") for m in models for d in dense
    ):
        variant = base if d is None else dense_tables(base, d)
        for budget, (label, extra) in ((b, v) for b in budgets for v in variants):
            options = {**solver_options(words), **extra}
            if budget is not None:
                options["budget"] = budget
            solver = make_solver(name, index, variant, **options)
            records, times = evaluate_words(solver, play, words.lives)
            rows.append(
                {
                    "solver": name,
                    "variant": label,
                    "part": part,
                    "kn_weight": weight,
                    "dense": variant.dense_order,
                    "budget": options["budget"],
                    **summarise(records, times),
                }
            )
    header = ["solver", "variant", "part", "kn_weight", "dense", "budget", "games", "win_rate"]
    header += ["mean_wrong"]
    header += ["ms_median", "ms_max"]
    print(
        f"setup {setup:.1f} s; {part} words {args.offset}-{args.offset + len(play)}, "
        f"{words.lives} lives"
    )
    print("  ".join(f"{h:>10}" for h in header))
    for r in rows:
        vals = [f"{r[h]:.4g}" if isinstance(r[h], float) else str(r[h]) for h in header]
        print("  ".join(f"{v:>10}" for v in vals))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0


def _inner_mixture(model, train, words, path):
    """The inner Kneser-Ney model, mixed with a network of the inner words when the config
    trains one (read from ``path`` when it exists, else trained and, with ``path``, kept)."""
    import os
    import sys

    from wordgames.hangman.words.neural import NeuralCharModel, fit_neural, mixed

    net = words.neural
    if not net.epochs:
        return model
    if path and os.path.exists(path):
        network = NeuralCharModel.load(path)
        shape = (network.context, network.params["W1"].shape[1])
        if shape != (net.context, net.hidden):
            raise SystemExit(
                f"--inner-net {path}: context {shape[0]}, hidden {shape[1]}; the config says "
                f"{net.context}, {net.hidden} (remove the file to train it again)"
            )
    else:
        network = fit_neural(
            train,
            net.context,
            net.hidden,
            net.epochs,
            seed=net.seed,
            progress=lambda s: print(s, file=sys.stderr, flush=True),
        )
        if path:
            network.save(path)
    return mixed(model, network, net.weight)


def _weighted(model, weights: str | None):
    """(Kneser-Ney weight, model) per requested weight: the mixture re-weighted, 1 = its
    Kneser-Ney part alone."""
    from wordgames.errors import InputError
    from wordgames.hangman.words.neural import MixedCharModel, mixed

    if not isinstance(model, MixedCharModel):
        if weights:
            raise SystemExit("--weights needs a mixture: hangman.words.neural.epochs > 0")
        return [(1.0, model)]
    if not weights:
        return [(model.weight, model)]
    plain = model.kneser_ney()
    out = []
    for text in weights.split(","):
        try:
            w = float(text)
            out.append((w, plain if w == 1 else mixed(plain, model.neural, w)))
        except (ValueError, InputError) as exc:
            raise SystemExit(f"--weights: {text!r}: {exc}") from None
    return out


if __name__ == "__main__":
    raise SystemExit(main())
