"""``wordgames hangman solve|assist|eval`` and the build stages ``hangman-domain``,
``hangman-phrases``, ``hangman-eval``, ``hangman-summary``."""

from __future__ import annotations

import argparse
import json
import sys


def register(commands) -> None:
    from wordgames.config import schema_default

    game = commands.game("hangman", "sentence Hangman: play, get hints, evaluate solvers")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--solver", help="baseline, seed or posterior (default: hangman.default_solver)"
        )
        p.add_argument("--lives", type=int, help="wrong letters that lose (default: hangman.lives)")
        p.add_argument(
            "--lm", help="KenLM model (default: the pipeline's LM for hangman.collection)"
        )
        p.add_argument("--unigrams", help="unigram table (default: the pipeline's, beside the LM)")
        p.add_argument(
            "--domain",
            action="store_true",
            help="interpolate the LM with the in-domain LM of hangman.domain.train (built by the "
            "pipeline's hangman_domain rule)",
        )
        p.add_argument("--domain-lm", help="in-domain KenLM model (implies --domain)")
        p.add_argument(
            "--domain-info", help="its JSON of weights and categories (implies --domain)"
        )
        p.add_argument(
            "--no-phrases",
            action="store_true",
            help="play without the phrase lists of hangman.phrases (the ablation)",
        )
        p.add_argument(
            "--phrases-table", help="phrase lists' table (default: the pipeline's hangman_phrases)"
        )
        p.add_argument("--phrases-info", help="the lists' channel weights JSON, beside the table")

    p = game.add_parser(
        "solve",
        parents=[commands.config_parent],
        help="let a solver play a phrase and show every step",
    )
    p.add_argument("phrase")
    p.add_argument("--category", help="the puzzle's category, e.g. Phrase, 'Before & After'")
    common(p)
    p.set_defaults(handler=_solve)

    p = game.add_parser(
        "assist",
        parents=[commands.config_parent],
        help="suggest the next letter for a game in progress",
    )
    p.add_argument("masked", help="the board, '_' for hidden letters, e.g. \"__'_ _ _____ ___\"")
    p.add_argument("--wrong", default="", help="letters already guessed wrong, e.g. xz")
    p.add_argument("--category", help="the puzzle's category, e.g. Phrase, 'Before & After'")
    p.add_argument("--top", type=int, default=5, help="predictions to show")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_assist)

    p = game.add_parser(
        "eval",
        parents=[commands.config_parent],
        help="play a solver on a phrase file and report the win rate",
    )
    p.add_argument(
        "--phrases",
        required=True,
        help="one phrase a line, or a TSV with an 'answer' (and optional 'category') column",
    )
    p.add_argument("--limit", type=int, help="only the first N phrases")
    p.add_argument(
        "--no-categories",
        action="store_true",
        help="hide the TSV's categories from the solver (to measure what they are worth)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_eval)

    b = commands.build.add_parser(
        "hangman-domain", help="the in-domain LM of training answers, weights cross-validated"
    )
    b.add_argument("--train", required=True, help="TSV with 'answer' and 'category' columns")
    b.add_argument("--lm", required=True, help="the prose LM it is interpolated with")
    b.add_argument("--unigrams", help="the prose unigram table (to weigh the word priors)")
    b.add_argument("--orders", type=int, nargs="+", required=True)
    b.add_argument("--weights", type=float, nargs="+", required=True)
    b.add_argument("--folds", type=int, required=True)
    b.add_argument(
        "--class-prior",
        type=float,
        default=schema_default("hangman.domain.class_prior"),
        help="pseudo-words smoothing each category's word-class factors towards 1",
    )
    b.add_argument("--memory", required=True, help="lmplz/build_binary -S memory")
    b.add_argument("--out", required=True, help="KenLM binary")
    b.add_argument("--out-info", required=True, help="JSON of the choice and its evidence")
    b.set_defaults(handler=_build_domain)

    b = commands.build.add_parser(
        "hangman-phrases", help="the phrase lists' table and the list channel's weights (EM)"
    )
    b.add_argument("--train", required=True, help="TSV with 'answer' and 'category' columns")
    b.add_argument("--lm", required=True, help="the prose LM the lists are weighed against")
    b.add_argument(
        "--list",
        dest="lists",
        action="append",
        required=True,
        metavar="NAME=JSON",
        help='a phrase list: NAME=\'{"path": ..., "header": false, "phrase": 1, "type": null, '
        '"label": null, "max_words": 8}\' (hangman.phrases.lists); repeatable',
    )
    b.add_argument("--folds", type=int, required=True)
    b.add_argument("--kappas", type=float, nargs="+", required=True)
    b.add_argument("--out-table", required=True, help="phrase table Parquet")
    b.add_argument("--out-info", required=True, help="JSON of the weights and their evidence")
    b.set_defaults(handler=_build_phrases)

    b = commands.build.add_parser("hangman-eval", help="play one solver on one phrase set")
    b.add_argument("--phrases", required=True)
    b.add_argument("--name", required=True, help="phrase set name")
    b.add_argument("--solver", required=True)
    b.add_argument("--lm", required=True)
    b.add_argument("--unigrams", required=True)
    b.add_argument("--lives", type=int, required=True)
    b.add_argument("--limit", type=int)
    b.add_argument("--min-count", type=int, required=True)
    b.add_argument("--options", required=True, help="solver options as JSON")
    b.add_argument("--variant", help="the row's name in the summary (default: the solver)")
    b.add_argument("--domain-lm", help="in-domain KenLM model to interpolate with")
    b.add_argument("--domain-info", help="its JSON (hangman-domain --out-info)")
    b.add_argument("--phrases-table", help="phrase lists' table (hangman-phrases --out-table)")
    b.add_argument("--phrases-info", help="their weights (hangman-phrases --out-info)")
    b.add_argument("--no-categories", action="store_true", help="hide the phrases' categories")
    b.add_argument("--out", required=True, help="per-game Parquet")
    b.set_defaults(handler=_build_eval)

    b = commands.build.add_parser("hangman-summary", help="summary table of hangman evaluations")
    b.add_argument("--in", dest="games", nargs="+", required=True, help="per-game Parquet files")
    b.add_argument("--out", required=True, help="summary Parquet")
    b.add_argument("--out-table", required=True, help="summary Markdown table")
    b.set_defaults(handler=_build_summary)


# helpers -------------------------------------------------------------------------------------------
def _service(args):
    """The :class:`~wordgames.hangman.service.HangmanService` of a game command's options."""
    from wordgames.hangman.service import HangmanService

    return HangmanService.from_config(
        args.configfile,
        lm=args.lm,
        unigrams=args.unigrams,
        lives=args.lives,
        domain_lm=args.domain_lm,
        domain_info=args.domain_info,
        phrases_table=args.phrases_table,
        phrases_info=args.phrases_info,
    )


def _domain(args) -> bool:
    return bool(args.domain or args.domain_lm or args.domain_info)


def _guess(decision) -> str:
    """A guess and, when a listed phrase decided it, its reason: ``c  (cotton candy: films)``."""
    return decision.letter if decision.reason is None else f"{decision.letter}  ({decision.reason})"


def _print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    print(line.rstrip())
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


# handlers ------------------------------------------------------------------------------------------
def _solve(args) -> int:
    played = _service(args).play(
        args.phrase,
        args.solver,
        category=args.category,
        domain=_domain(args),
        phrase_lists=not args.no_phrases,
    )
    rows = [
        [str(len(s.wrong)), s.board.masked, s.decision.prediction, _guess(s.decision)]
        for s in played.steps
    ]
    header = ["errors", "hint", "prediction", "guess"]
    stages = [s.decision.stage for s in played.steps]
    if len(set(stages)) > 1:  # a solver of one stage (posterior) would repeat its name on each row
        shown = [st if i == 0 or st != stages[i - 1] else "" for i, st in enumerate(stages)]
        rows = [[st, *row] for st, row in zip(shown, rows, strict=True)]
        header = ["stage", *header]  # named where the solver switches stage, blank while it stays
    _print_table(rows, header)
    game = played.game
    outcome = "won" if game.won else "lost"
    print(
        f"\n{played.solver}: {outcome} with {game.errors} wrong of {played.lives} lives, "
        f"{len(game.history)} guesses: {game.masked}"
    )
    return 0


def _assist(args) -> int:
    advice = _service(args).assist(
        args.masked,
        args.wrong,
        args.solver,
        category=args.category,
        domain=_domain(args),
        phrase_lists=not args.no_phrases,
    )
    board, d = advice.board, advice.decision
    preds = d.predictions[: args.top] or [(d.prediction, 1.0)]
    if args.json:
        print(
            json.dumps(
                {
                    "board": board.masked,
                    "wrong": "".join(sorted(board.wrong)),
                    "solver": advice.solver,
                    "category": board.category,
                    "guess": d.letter,
                    "stage": d.stage,
                    "reason": d.reason,
                    "letters": d.letter_scores,
                    "predictions": [{"phrase": p, "probability": w} for p, w in preds],
                }
            )
        )
        return 0
    # a solver of one stage names it after itself ("posterior"): only another stage says something
    stage = "" if d.stage == advice.solver else f", stage {d.stage}"
    print(f"guess: {_guess(d)}   ({advice.solver}{stage})")
    if d.letter_scores:
        print("letters: " + "  ".join(f"{c} {s:.3g}" for c, s in d.letter_scores.items()))
    _print_table([[p, f"{w:.3f}"] for p, w in preds], ["prediction", "probability"])
    return 0


def _eval(args) -> int:
    from wordgames.hangman.evaluate import summarise

    service = _service(args)
    domain = _domain(args)
    records = service.evaluate(
        args.phrases,
        args.solver,
        limit=args.limit,
        domain=domain,
        categories=not args.no_categories,
        phrase_lists=not args.no_phrases,
    )
    solver = service.solver(args.solver, domain, not args.no_phrases)
    summary = {
        "solver": solver.name,
        "phrases": str(args.phrases),
        "lives": service.lives,
        "domain": domain,
        "phrase_lists": solver.res.phrases is not None,
        "categories": not args.no_categories,
        **summarise(records),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        for k, v in summary.items():
            print(f"{k}: {v:.4g}" if isinstance(v, float) else f"{k}: {v}")
    return 0


def _build_eval(args) -> int:
    from wordgames.artifacts import write_parquet
    from wordgames.cli import json_object
    from wordgames.hangman.evaluate import records_table, summarise
    from wordgames.hangman.service import HangmanService

    options = json_object(args.options, "--options")
    service = HangmanService(
        args.unigrams,
        args.lm,
        lives=args.lives,
        default_solver=args.solver,
        min_count=args.min_count,
        options={args.solver: options},
        domain_lm=args.domain_lm,
        domain_info=args.domain_info,
        phrases_table=args.phrases_table,
        phrases_info=args.phrases_info,
    )
    variant = args.variant or args.solver
    records = service.evaluate(
        args.phrases,
        limit=args.limit,
        desc=f"{args.name} {variant}",
        domain=bool(args.domain_lm or args.domain_info),
        categories=not args.no_categories,
    )
    table = records_table(records, phrase_set=args.name, solver=args.solver, variant=variant)
    write_parquet(table, args.out)
    print(
        json.dumps({"phrase_set": args.name, "variant": variant, **summarise(records)}),
        file=sys.stderr,
    )
    return 0


def _build_domain(args) -> int:
    from wordgames.hangman.domain import build

    info = build(
        args.train,
        args.lm,
        args.out,
        args.out_info,
        unigrams=args.unigrams,
        orders=args.orders,
        weights=args.weights,
        folds=args.folds,
        class_prior=args.class_prior,
        memory=args.memory,
    )
    print(
        f"in-domain LM: order {info.order}, weight {info.weight:g} with a category, "
        f"{info.weight_plain:g} without; word prior weight {info.prior_weight:g} / "
        f"{info.prior_weight_plain:g}; {info.answers} answers, {len(info.categories)} categories",
        file=sys.stderr,
    )
    return 0


#: the keys of a --list entry (those of a hangman.phrases.lists entry)
LIST_KEYS = ("path", "header", "phrase", "type", "label", "max_words")


def phrase_lists(items: list[str]) -> list:
    """--list NAME=JSON values as :class:`~wordgames.hangman.phrase_lists.PhraseList`, or a
    one-line error."""
    from wordgames.cli import json_object
    from wordgames.errors import InputError
    from wordgames.hangman.phrase_lists import PhraseList

    lists: dict[str, PhraseList] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name:
            raise InputError(f'--list takes NAME={{"path": ...}}, got {item!r}')
        entry = json_object(text, f"--list {name}")
        unknown = sorted(set(entry) - set(LIST_KEYS))
        if unknown or not isinstance(entry.get("path"), str):
            what = f"unknown key {unknown[0]!r}" if unknown else "no path"
            raise InputError(f"--list {name}: {what} (keys: {', '.join(LIST_KEYS)})")
        if name in lists:
            raise InputError(f"--list {name}: given twice")
        lists[name] = PhraseList.from_config(name, entry, entry["path"])
    return list(lists.values())


def _build_phrases(args) -> int:
    from wordgames.hangman.phrase_channel import build

    info = build(
        phrase_lists(args.lists),
        args.train,
        args.lm,
        args.out_table,
        args.out_info,
        folds=args.folds,
        kappas=args.kappas,
    )
    print(
        f"phrase channel: kappa {info.kappa:g}, lambda {info.lam['']:.3g} pooled; "
        f"{len(info.types)} source types, {info.answers} answers "
        f"({info.selection.get('listed_answers', 0)} listed), {len(info.categories)} categories",
        file=sys.stderr,
    )
    return 0


def _build_summary(args) -> int:
    import pyarrow as pa

    from wordgames.artifacts import atomic_open, read_parquet, write_parquet
    from wordgames.hangman.evaluate import GameRecord, markdown_table, summarise

    rows = []
    for path in args.games:
        t = read_parquet(path)
        recs = [
            GameRecord(**{k: r.get(k) for k in GameRecord.__dataclass_fields__})
            for r in t.to_pylist()
        ]
        first = t.slice(0, 1).to_pylist()
        name = first[0]["phrase_set"] if first else ""
        solver = first[0]["solver"] if first else ""
        variant = first[0].get("variant", solver) if first else ""
        rows.append({"phrase_set": name, "solver": solver, "variant": variant, **summarise(recs)})
    table = pa.Table.from_pylist(rows)
    write_parquet(table, args.out)
    md = args.out_table
    # the Parquet keeps the column names; the table a person reads has words for headers
    columns = [
        ("phrase set", lambda r: r["phrase_set"]),
        ("solver", lambda r: r["variant"]),
        ("games", lambda r: str(r["games"])),
        ("wins", lambda r: str(r["wins"])),
        ("win rate", lambda r: f"{r['win_rate']:.1%}"),
        ("mean wrong letters", lambda r: f"{r['mean_wrong']:.2f}"),
        ("ms per guess", lambda r: f"{1000 * r['seconds_per_guess']:.2f}"),
    ]
    with atomic_open(md) as fh:
        fh.write(markdown_table(columns, rows, text=2))
    return 0
