"""Stages ``wordgames build wordle-list``, ``wordle-list-solve`` and ``wordle-lists-summary``: Wordle
lists from a corpus and a lexicon (:mod:`wordgames.wordle.lexicon_lists`), their optimal openers and
the greedy strategies (:mod:`wordgames.wordle.list_report`), and one Markdown table of all lists."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _split(text: str) -> list[str]:
    return [x for x in (t.strip() for t in text.split(",")) if x]


def _write_json(obj: dict, path) -> None:
    """Write ``obj`` atomically and echo it on stderr (the job's log)."""
    from wordgames.artifacts import atomic_open

    with atomic_open(path) as fh:
        json.dump(obj, fh, indent=1)
        fh.write("\n")
    print(json.dumps(obj), file=sys.stderr)


def _build_list(args) -> int:
    from wordgames.wordle.lexicon_lists import build_lists, count_tokens, read_lexicon, write_list

    counts = count_tokens(args.tokens)
    lists = build_lists(
        counts,
        read_lexicon(args.lexicon),
        length=args.length,
        answers=args.answers,
        answer_pos=_split(args.answer_pos),
        min_count=args.min_count,
        answer_min_count=args.answer_min_count,
        fold_accents=args.fold_accents,
        alphabet=args.alphabet,
    )
    source = f"{args.lexicon} forms of {args.length} letters seen in {args.tokens}"
    write_list(
        lists.answers,
        args.out_answers,
        f"Wordle answers: the {len(lists.answers)} most frequent lemma-like {source}",
    )
    write_list(lists.allowed, args.out_allowed, f"Wordle allowed guesses: {source}")
    stats = {
        **lists.stats,
        "lexicon": args.lexicon,
        "tokens": str(args.tokens),
        "fold_accents": args.fold_accents,
        "first_answers": lists.answers[:20],
    }
    _write_json(stats, args.out_json)
    return 0


def _solve(args) -> int:
    from wordgames.wordle.data import make_data
    from wordgames.wordle.exact.openers import stderr_progress
    from wordgames.wordle.list_report import solve_list
    from wordgames.wordle.words import load_lists

    guesses, answers = load_lists(args.answers, args.guesses, args.length)
    data = make_data(guesses, answers)
    hard = args.mode == "hard"
    out = solve_list(
        data,
        hard=hard,
        hard_rule=args.hard_rule,
        max_guesses=args.max_guesses,
        strategies=_split(args.strategies),
        workers=args.workers,
        checkpoint=args.checkpoint,
        progress=stderr_progress,
        heuristic_openers=args.heuristic_openers,
    )
    _write_json(out, args.out)
    return 0


def _summary(args) -> int:
    from wordgames.artifacts import atomic_open
    from wordgames.errors import InputError
    from wordgames.wordle.list_report import markdown

    if len(args.lists) != len(args.solutions) or len(args.names) != len(args.solutions):
        raise InputError("give one --names entry and one --lists file per --solutions file")
    rows = []
    for name, stats_path, sol_path in zip(args.names, args.lists, args.solutions, strict=True):
        stats = json.loads(Path(stats_path).read_text(encoding="utf-8"))
        rows.append((name, stats, json.loads(Path(sol_path).read_text(encoding="utf-8"))))
    text = (
        "Wordle lists built from the corpora and lexicons (docs/wordle.md): total guesses over "
        "every answer / mean, and each strategy's opener. The optimal opener is proved over "
        "every allowed opener unless the cell says otherwise.\n\n" + markdown(rows)
    )
    with atomic_open(args.out_md) as fh:
        fh.write(text)
    print(text, file=sys.stderr, end="")
    return 0


def register(commands) -> None:
    from wordgames.wordle.lexicon_lists import ALPHABET, LEXICONS

    b = commands.build.add_parser("wordle-list", help="Wordle lists from a corpus and a lexicon")
    b.add_argument("--tokens", required=True, type=Path, help="the collection's token file")
    b.add_argument("--lexicon", required=True, choices=LEXICONS)
    b.add_argument("--length", required=True, type=int)
    b.add_argument("--answers", required=True, type=int, help="size of the answer list")
    b.add_argument("--answer-pos", default="noun,adj,verb")
    b.add_argument("--min-count", type=int, default=1)
    b.add_argument("--answer-min-count", type=int, default=5)
    b.add_argument("--fold-accents", action=argparse.BooleanOptionalAction, default=True)
    b.add_argument("--alphabet", default=ALPHABET)
    b.add_argument("--out-answers", required=True, type=Path)
    b.add_argument("--out-allowed", required=True, type=Path)
    b.add_argument("--out-json", required=True, type=Path)
    b.set_defaults(handler=_build_list)

    b = commands.build.add_parser(
        "wordle-list-solve",
        help="a Wordle list's optimal opener (proved over every opener) and greedy strategies",
    )
    b.add_argument("--answers", required=True)
    b.add_argument("--guesses", required=True)
    b.add_argument("--length", required=True, type=int)
    b.add_argument("--mode", choices=("normal", "hard"), default="normal")
    b.add_argument("--hard-rule", choices=("nyt", "strict"), default="nyt")
    b.add_argument("--max-guesses", type=int, default=6)
    b.add_argument("--strategies", default="entropy,expected-size,minimax")
    b.add_argument("--workers", type=int, default=1)
    b.add_argument("--checkpoint", type=Path, help="resume file of the openers search")
    b.add_argument(
        "--heuristic-openers",
        type=int,
        default=0,
        metavar="K",
        help="only the best of the top K heuristic openers, each proved (default 0: "
        "the proof over every opener)",
    )
    b.add_argument("--out", required=True, type=Path)
    b.set_defaults(handler=_solve)

    b = commands.build.add_parser(
        "wordle-lists-summary", help="one Markdown table of the pipeline's Wordle lists"
    )
    b.add_argument("--names", nargs="+", required=True)
    b.add_argument("--lists", nargs="+", required=True, help="each list's JSON statistics")
    b.add_argument("--solutions", nargs="+", required=True, help="each list's solution JSON")
    b.add_argument("--out-md", required=True, type=Path)
    b.set_defaults(handler=_summary)
