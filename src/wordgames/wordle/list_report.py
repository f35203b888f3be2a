"""One Wordle list's results: the optimal opener and total, proved over every opener, and the greedy
strategies beside it; and the Markdown table of many lists (the pipeline's report section)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordgames.wordle.strategies.base import WordleData


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
) -> dict:
    from wordgames.wordle.evaluate import evaluate, summarize
    from wordgames.wordle.openers import OpenerSearch
    from wordgames.wordle.strategies.optimal import mode_name

    rule = (hard_rule or "nyt") if hard else None
    search = OpenerSearch(data, hard=hard, hard_rule=rule, max_guesses=max_guesses, top=1,
                          workers=workers, checkpoint=checkpoint, progress=progress)
    result = search.run()
    best = result.top_rows()
    optimal = None
    if best:
        total = int(result.values[best[0]])
        optimal = {
            "opener": result.words[best[0]],
            "ties": [result.words[i] for i in best[1:]],
            "total": total,
            "mean": round(total / len(data.answers), 4),
            "proved_over_openers": len(result.words),
            "wall_seconds": round(result.wall, 1),
            "cpu_seconds": round(result.cpu, 1),
        }
    out = {
        "mode": mode_name(hard, rule),
        "answers": len(data.answers),
        "guesses": len(data.guesses),
        "max_guesses": max_guesses,
        "optimal": optimal,
        "strategies": {},
    }
    for name in strategies:
        games = evaluate(data, name, hard=hard, hard_rule=rule or "nyt", max_guesses=max_guesses,
                         show_progress=False)
        s = summarize(games, max_guesses)
        out["strategies"][name] = {
            "opener": s["opener"], "total": s["total_guesses"],
            "mean": round(s["mean_guesses"], 4), "losses": s["losses"],
            "worst": s["max_guesses"],
        }
    return out


def markdown(rows: list[tuple[str, dict, dict]]) -> str:
    """``rows``: (list name, list stats, solution) per list and mode."""
    names = sorted({n for _, _, sol in rows for n in sol["strategies"]})
    head = ["list", "length", "answers", "guesses", "mode", "optimal (proved over every opener)",
            *names]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, stats, sol in rows:
        opt = sol["optimal"]
        if opt is None:
            best = f"none finds every answer in {sol['max_guesses']}"
        else:
            ties = f" (= {', '.join(w.upper() for w in opt['ties'])})" if opt["ties"] else ""
            best = f"**{opt['opener'].upper()}** {opt['total']} / {opt['mean']:.4f}{ties}"
        cells = []
        for n in names:
            s = sol["strategies"].get(n)
            lost = f", {s['losses']} lost" if s and s["losses"] else ""
            cells.append(f"{(s['opener'] or '').upper()} {s['total']} / {s['mean']:.4f}{lost}"
                         if s else "")
        lines.append(f"| {name} | {stats.get('length', '')} | {sol['answers']} | {sol['guesses']} "
                     f"| {sol['mode']} | {best} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
