"""``wordgames hangman word-solve|word-assist|word-eval`` and the build stages ``hangman-words-*``.

Single-word Hangman on the public challenge's protocol (docs/hangman.md, "Single words"). The game
commands read what the pipeline built for a config: the training words and the character model.
"""

from __future__ import annotations

import json
import sys

SPLIT_PARTS = ("train", "test", "validation")


def register(commands) -> None:
    from wordgames.cli import shard_arg

    game = commands.game("hangman", "sentence Hangman: play, get hints, evaluate solvers")

    def common(p) -> None:
        p.add_argument("--solver", help="pattern or ngram (default: hangman.words.default_solver)")
        p.add_argument(
            "--lives", type=int, help="wrong letters that lose (default: hangman.words.lives)"
        )
        p.add_argument("--model", help="character model (default: the pipeline's)")
        p.add_argument("--train", help="training words (default: the pipeline's split)")

    p = game.add_parser(
        "word-solve", parents=[commands.config_parent], help="let a solver play one word"
    )
    p.add_argument("word")
    common(p)
    p.set_defaults(handler=_solve)

    p = game.add_parser(
        "word-assist",
        parents=[commands.config_parent],
        help="suggest the next letter for a single-word game in progress",
    )
    p.add_argument("pattern", help="the board, '_' for hidden letters, e.g. _a__e_")
    p.add_argument("--wrong", default="", help="letters already guessed wrong, e.g. xz")
    p.add_argument("--top", type=int, default=5, help="letters to show")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_assist)

    p = game.add_parser(
        "word-eval",
        parents=[commands.config_parent],
        help="play a solver on the held-out words (or --words) and report the win rate",
    )
    p.add_argument("--words", help="words to play (default: the pipeline's held-out test words)")
    p.add_argument("--limit", type=int, help="only the first N words")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    common(p)
    p.set_defaults(handler=_eval)

    b = commands.build.add_parser(
        "hangman-words-split", help="split the word list into train, test and validation words"
    )
    b.add_argument("--dictionary", required=True)
    b.add_argument("--seed", type=int, required=True)
    b.add_argument("--test-fraction", type=float, required=True)
    b.add_argument("--validation", type=int, required=True)
    for part in SPLIT_PARTS:
        b.add_argument(f"--out-{part}", required=True, help=f"{part} words, one a line")
    b.add_argument("--out-json", required=True, help="seed, sizes and md5 of every part")
    b.set_defaults(handler=_build_split)

    b = commands.build.add_parser(
        "hangman-words-model", help="the character n-gram model of the training words"
    )
    b.add_argument("--train", required=True)
    b.add_argument("--order", type=int, required=True)
    b.add_argument("--dense-order", type=int, required=True)
    b.add_argument(
        "--neural", default="{}", help="JSON of hangman.words.neural (epochs 0 = no network)"
    )
    b.add_argument("--out", required=True, help="model (.npz)")
    b.set_defaults(handler=_build_model)

    b = commands.build.add_parser("hangman-words-eval", help="play one solver on the test words")
    b.add_argument("--train", required=True)
    b.add_argument("--test", required=True)
    b.add_argument("--model", required=True)
    b.add_argument("--solver", required=True)
    b.add_argument("--lives", type=int, required=True)
    b.add_argument("--limit", type=int)
    b.add_argument(
        "--shard", type=shard_arg, default=(0, 1), help="K/N: the K-th of N runs of test words"
    )
    b.add_argument("--options", required=True, help="solver options as JSON")
    b.add_argument("--out", required=True, help="per-game Parquet")
    b.set_defaults(handler=_build_eval)

    b = commands.build.add_parser(
        "hangman-words-merge", help="join the shards of one solver's evaluation, in order"
    )
    b.add_argument("--in", dest="shards", nargs="+", required=True, help="shard Parquet files")
    b.add_argument("--out", required=True, help="per-game Parquet of all the shards")
    b.set_defaults(handler=_build_merge)

    b = commands.build.add_parser(
        "hangman-words-summary", help="summary table of the single-word evaluations"
    )
    b.add_argument("--in", dest="games", nargs="+", required=True, help="per-game Parquet files")
    b.add_argument("--split", required=True, help="the split's JSON")
    b.add_argument("--out", required=True, help="summary Parquet")
    b.add_argument("--out-table", required=True, help="summary Markdown table")
    b.set_defaults(handler=_build_summary)


# helpers -------------------------------------------------------------------------------------------
def _read_words_of(path, name: str, hint: str) -> list[str]:
    from pathlib import Path

    from wordgames.errors import InputError
    from wordgames.hangman.words.dictionary import read_words

    if not Path(path).is_file():
        raise InputError(f"{name} not found: {path} ({hint})")
    return read_words(path)


def _setup(args):
    """(config section hangman.words, solver, lives, paths) of a game command's options."""
    from pathlib import Path

    from wordgames import paths
    from wordgames.config import load_cli_config
    from wordgames.errors import InputError
    from wordgames.hangman.words.neural import load_model
    from wordgames.hangman.words.solvers import PatternIndex, make_solver, solver_options

    cfg = load_cli_config(args.configfile)
    words = cfg.settings.hangman.words
    hint = f"build it with the pipeline (snakemake --configfile {args.configfile})"
    model_path = Path(args.model or paths.hangman_words_model(cfg))
    train_path = args.train or paths.hangman_words_part(cfg, "train")
    if not model_path.is_file():
        raise InputError(f"character model not found: {model_path} ({hint} or give --model)")
    train = _read_words_of(train_path, "training words", f"{hint} or give --train")
    solver = make_solver(
        args.solver or words.default_solver,
        PatternIndex(train),
        load_model(model_path),
        **solver_options(words),
    )
    lives = words.lives if args.lives is None else args.lives
    return cfg, solver, lives


def _letters(scores, top: int) -> list[tuple[str, float]]:
    order = sorted(range(26), key=lambda i: -scores[i])
    return [(chr(ord("a") + i), float(scores[i])) for i in order[:top] if scores[i] > 0]


# handlers ------------------------------------------------------------------------------------------
def _solve(args) -> int:
    from wordgames.errors import InputError
    from wordgames.hangman.words.dictionary import check_word
    from wordgames.hangman.words.play import play_word

    word = check_word(args.word)
    _, solver, lives = _setup(args)
    if lives < 1:
        raise InputError(f"lives must be at least 1, got {lives}")
    game, guesses, _ = play_word(word, solver, lives)
    wrong = 0
    board = "_" * len(word)
    print(f"{'stage':<11}{'errors':<8}{'board':<{len(word) + 2}}{'p':<7}guess")
    for g in guesses:
        p = g.scores[ord(g.letter) - ord("a")]
        print(f"{g.stage:<11}{wrong:<8}{board:<{len(word) + 2}}{p:<7.3f}{g.letter}")
        if g.letter in word:
            board = "".join(c if c == g.letter else b for c, b in zip(word, board, strict=True))
        else:
            wrong += 1
    outcome = "won" if game.won else "lost"
    print(
        f"\n{solver.name}: {outcome} with {len(game.wrong)} wrong of {lives} lives, "
        f"{len(game.history)} guesses: {game.masked}"
    )
    return 0


def _assist(args) -> int:
    from wordgames.errors import InputError
    from wordgames.hangman.game import parse_board

    _, solver, lives = _setup(args)
    board = parse_board(args.pattern, args.wrong, lives)
    if len(board.slots) != 1 or board.slots[0] != board.masked:
        raise InputError(f"{args.pattern!r} is not one word of letters a-z and '_'")
    guess = solver.guess(board)
    letters = _letters(guess.scores, args.top)
    if args.json:
        out = {
            "pattern": board.masked,
            "wrong": "".join(sorted(board.wrong)),
            "guess": guess.letter,
            "stage": guess.stage,
            "fitting_training_words": guess.fitting,
            "letters": [{"letter": c, "p": p} for c, p in letters],
        }
        print(json.dumps(out))
        return 0
    print(
        f"guess {guess.letter} ({solver.name}, {guess.stage}; {guess.fitting} training words fit)"
    )
    for c, p in letters:
        print(f"  {c}  {p:.3f}")
    return 0


def _eval(args) -> int:
    from wordgames import paths
    from wordgames.hangman.words.play import evaluate_words, summarise

    cfg, solver, lives = _setup(args)
    hint = f"build it with the pipeline (snakemake --configfile {args.configfile}) or give --words"
    words = _read_words_of(args.words or paths.hangman_words_part(cfg, "test"), "test words", hint)
    limit = args.limit if args.limit is not None else cfg.settings.hangman.words.limit
    words = words[:limit] if limit else words
    records, times = evaluate_words(solver, words, lives)
    summary = {"solver": solver.name, "lives": lives, **summarise(records, times)}
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:<12} {value:.4g}" if isinstance(value, float) else f"{key:<12} {value}")
    return 0


def _build_split(args) -> int:
    from wordgames.artifacts import atomic_open
    from wordgames.hangman.words.dictionary import read_words, split_words, words_md5

    words = read_words(args.dictionary)
    split = split_words(words, args.seed, args.test_fraction, args.validation)
    for part in SPLIT_PARTS:
        with atomic_open(getattr(args, f"out_{part}")) as fh:
            fh.writelines(w + "\n" for w in getattr(split, part))
    info = {
        "dictionary": str(args.dictionary),
        "dictionary_md5": words_md5(words),
        "seed": args.seed,
        "test_fraction": args.test_fraction,
        "sizes": split.sizes(),
        "md5": split.md5s(),
        "method": "test: first round(fraction * n) words by blake2b('<seed>:<word>'); "
        "validation: first N training words by blake2b('<seed + 1>:<word>')",
    }
    with atomic_open(args.out_json) as fh:
        json.dump(info, fh, indent=1)
        fh.write("\n")
    print(json.dumps(info["sizes"]), file=sys.stderr)
    return 0


def _build_model(args) -> int:
    import dataclasses

    from wordgames.artifacts import atomic_open
    from wordgames.cli import json_object
    from wordgames.config import schema_default
    from wordgames.errors import InputError
    from wordgames.hangman.words.charmodel import fit_char_model
    from wordgames.hangman.words.dictionary import read_words
    from wordgames.hangman.words.neural import fit_neural, mixed
    from wordgames.settings import HangmanWordsNeural

    words = read_words(args.train)
    model = fit_char_model(words, args.order, args.dense_order)
    given = json_object(args.neural, "--neural")
    keys = tuple(f.name for f in dataclasses.fields(HangmanWordsNeural))
    unknown = sorted(set(given) - set(keys))
    if unknown:
        raise InputError(f"--neural: unknown key(s) {', '.join(unknown)}; known: {', '.join(keys)}")
    net = {k: given.get(k, schema_default(f"hangman.words.neural.{k}")) for k in keys}
    if net["epochs"]:
        weight, seed = net.pop("weight"), net.pop("seed")
        if net["context"] > args.order - 1:  # before the training, not after
            raise InputError(
                f"neural context {net['context']} exceeds order - 1 = {args.order - 1}"
            )
        network = fit_neural(
            words, **net, seed=seed, progress=lambda s: print(s, file=sys.stderr, flush=True)
        )
        model = mixed(model, network, weight)
    with atomic_open(args.out, "wb") as fh:
        model.save(fh)
    return 0


def _build_eval(args) -> int:
    from wordgames.artifacts import write_parquet
    from wordgames.cli import json_object
    from wordgames.hangman.words.dictionary import read_words
    from wordgames.hangman.words.neural import load_model
    from wordgames.hangman.words.play import evaluate_words, records_table, shard_of, summarise
    from wordgames.hangman.words.solvers import PatternIndex, make_solver

    options = json_object(args.options, "--options")
    test = read_words(args.test)
    test = shard_of(test[: args.limit] if args.limit else test, *args.shard)
    solver = make_solver(
        args.solver, PatternIndex(read_words(args.train)), load_model(args.model), **options
    )
    records, times = evaluate_words(solver, test, args.lives)
    write_parquet(records_table(records, solver=args.solver), args.out)
    print(json.dumps({"solver": args.solver, **summarise(records, times)}), file=sys.stderr)
    return 0


def _build_merge(args) -> int:
    import pyarrow as pa

    from wordgames.artifacts import read_parquet, write_parquet
    from wordgames.errors import InputError

    tables = [read_parquet(path) for path in args.shards]
    solvers = {s for t in tables for s in t.column("solver").unique().to_pylist()}
    if len(solvers) > 1:
        raise InputError(f"shards of different solvers: {', '.join(sorted(solvers))}")
    try:
        merged = pa.concat_tables(tables)
    except pa.ArrowInvalid as exc:
        raise InputError(f"shards with different columns: {exc}") from None
    write_parquet(merged, args.out)
    print(json.dumps({"shards": len(tables), "games": merged.num_rows}), file=sys.stderr)
    return 0


def _build_summary(args) -> int:
    import pyarrow as pa

    from wordgames.artifacts import atomic_open, read_parquet, write_parquet
    from wordgames.errors import InputError
    from wordgames.hangman.evaluate import markdown_table
    from wordgames.hangman.words.play import read_records, summarise
    from wordgames.textfiles import read_text

    try:
        split = json.loads(read_text(args.split))
    except json.JSONDecodeError as exc:
        raise InputError(f"{args.split}: not JSON ({exc})") from None
    rows = []
    for path in args.games:
        t = read_parquet(path)
        recs = read_records(t)
        solver = t.column("solver")[0].as_py() if t.num_rows else ""
        rows.append(
            {
                "solver": solver,
                **summarise(recs),
                # per-game records keep each game's median: this is the median game's
                "game_ms_median": float(sorted(r.ms_median for r in recs)[len(recs) // 2])
                if recs
                else 0.0,
                "ms_max": max((r.ms_max for r in recs), default=0.0),
            }
        )
    write_parquet(pa.Table.from_pylist(rows), args.out)
    # the Parquet keeps the column names; the table a person reads has words for headers
    columns = [
        ("solver", lambda r: r["solver"]),
        ("games", lambda r: str(r["games"])),
        ("wins", lambda r: str(r["wins"])),
        ("win rate", lambda r: f"{r['win_rate']:.1%}"),
        ("mean wrong letters", lambda r: f"{r['mean_wrong']:.2f}"),
        ("median ms per guess", lambda r: f"{r['game_ms_median']:.2f}"),
        ("slowest guess ms", lambda r: f"{r['ms_max']:.1f}"),
    ]
    sizes = split.get("sizes", {})
    with atomic_open(args.out_table) as fh:
        fh.write(
            f"Held-out words of the split with seed {split.get('seed')} ({sizes.get('test')} test, "
            f"{sizes.get('train')} training words; test md5 {split.get('md5', {}).get('test')}).\n\n"
        )
        fh.write(markdown_table(columns, rows, text=1))
    return 0
