"""One Wordle list's results: the optimal opener and total, proved over every opener, and the greedy
strategies beside it; and the Markdown table of many lists (the pipeline's report section)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordgames.wordle.core import WordleData


def solve_list(
    data: WordleData,
    *,
    hard: bool = False,
    hard_rule: str | None = None,
    max_guesses: int = 6,
    strategies: Sequence[str] = ("entropy", "expected-size", "minimax"),
    workers: int = 1,
    checkpoint=None,
    progress: Callable[[str], None] | None = None,
    heuristic_openers: int = 0,
) -> dict:
    """With ``heuristic_openers`` = k > 0 the optimal opener is only the best of the top k openers
    by heuristic, each proved exactly (:func:`best_openers`), not a proof over every opener."""
    import time

    from wordgames.wordle.evaluate import evaluate, summarize
    from wordgames.wordle.exact.openers import OpenerSearch
    from wordgames.wordle.exact.solver import mode_name
    from wordgames.wordle.exact.tree import best_openers

    rule = (hard_rule or "nyt") if hard else None
    optimal = None
    if heuristic_openers:
        wall, cpu = time.perf_counter(), time.process_time()
        found = [
            o
            for o in best_openers(
                data, heuristic_openers, hard, hard_rule=rule, max_guesses=max_guesses
            )
            if o.exact and o.value
        ]
        best = [o for o in found if o.value == found[0].value] if found else []
        if best:
            optimal = {
                "opener": best[0].word,
                "ties": [o.word for o in best[1:]],
                "total": best[0].value,
                "proved_over_openers": heuristic_openers,
                "heuristic": True,
                "wall_seconds": round(time.perf_counter() - wall, 1),
                "cpu_seconds": round(time.process_time() - cpu, 1),
            }
    else:
        result = OpenerSearch(
            data,
            hard=hard,
            hard_rule=rule,
            max_guesses=max_guesses,
            top=1,
            workers=workers,
            checkpoint=checkpoint,
            progress=progress,
            replace_foreign_checkpoint=True,
        ).run()
        rows = result.top_rows()
        if rows:
            optimal = {
                "opener": result.words[rows[0]],
                "ties": [result.words[i] for i in rows[1:]],
                "total": int(result.values[rows[0]]),
                "proved_over_openers": len(result.words),
                "heuristic": False,
                "wall_seconds": round(result.wall, 1),
                "cpu_seconds": round(result.cpu, 1),
            }
    if optimal is not None:
        optimal["mean"] = round(optimal["total"] / len(data.answers), 4)
    out = {
        "mode": mode_name(hard, rule),
        "answers": len(data.answers),
        "guesses": len(data.guesses),
        "max_guesses": max_guesses,
        "optimal": optimal,
        "strategies": {},
    }
    for name in strategies:
        games = evaluate(
            data,
            name,
            hard=hard,
            hard_rule=rule or "nyt",
            max_guesses=max_guesses,
            show_progress=False,
        )
        s = summarize(games, max_guesses)
        out["strategies"][name] = {
            "opener": s["opener"],
            "total": s["total_guesses"],
            "mean": round(s["mean_guesses"], 4),
            "losses": s["losses"],
            "worst": s["max_guesses"],
        }
    return out


def markdown(rows: list[tuple[str, dict, dict]]) -> str:
    """``rows``: (list name, list stats, solution) per list and mode."""
    names = sorted({n for _, _, sol in rows for n in sol["strategies"]})
    head = ["list", "length", "answers", "guesses", "mode", "optimal", *names]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, stats, sol in rows:
        opt = sol["optimal"]
        if opt is None:
            best = f"none finds every answer in {sol['max_guesses']}"
        else:
            ties = f" (= {', '.join(w.upper() for w in opt['ties'])})" if opt["ties"] else ""
            scope = (
                f", best of the top {opt['proved_over_openers']} heuristic openers"
                if opt.get("heuristic")
                else ""
            )
            best = f"**{opt['opener'].upper()}** {opt['total']} / {opt['mean']:.4f}{ties}{scope}"
        cells = []
        for n in names:
            s = sol["strategies"].get(n)
            lost = f", {s['losses']} lost" if s and s["losses"] else ""
            cells.append(
                f"{(s['opener'] or '').upper()} {s['total']} / {s['mean']:.4f}{lost}" if s else ""
            )
        lines.append(
            f"| {name} | {stats.get('length', '')} | {sol['answers']} | {sol['guesses']} "
            f"| {sol['mode']} | {best} | " + " | ".join(cells) + " |"
        )
    return "\n".join(lines) + "\n"
