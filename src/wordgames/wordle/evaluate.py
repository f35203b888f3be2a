"""Evaluation: play every answer with one strategy, one row per game, and summaries.

Games are played in answer-list order; game ``k`` seeds the strategy's random stream with
``(seed, k)`` (:meth:`Strategy.start_game`), so a run is reproducible. A game stops when solved or
after ``max_guesses`` guesses (a loss; its ``guesses`` is then ``max_guesses``).

Per-game table (Parquet): ``game`` int32, ``answer``, ``strategy``, ``hard`` bool, ``hard_rule``,
``seed``, ``guesses`` int8, ``won`` bool, ``seconds`` float64 (time to play the game, including any
lazy setup such as Q-learning training or the first-guess search on the first game), ``path``
list<string> (the guesses played). Its ``.to_pandas()`` keeps these names and types (strings as
``str``, ``path`` as an object column of string arrays).

Summary per (strategy, mode): games, wins, win_rate, total_guesses, mean_guesses (all games, a loss
counting the guesses made), mean_guesses_won, max_guesses (worst game), losses, the distribution
``n1 .. n{max}`` and ``lost``, seconds and ms_per_game, and for the seed paper's agents the published
win rate and mean number of guesses.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from wordgames.wordle.core import WordleData
from wordgames.wordle.game import DEFAULT_HARD_RULE, play_game
from wordgames.wordle.strategies import make_strategy, select_options

#: Pates & Quinn's published results: (win rate, mean guesses).
PUBLISHED = {"naive": (0.49, 5.45), "mcts": (0.522, 5.04), "qlearning": (0.84, 4.88)}


def evaluate(
    data: WordleData,
    strategy: str,
    *,
    hard: bool = False,
    seed: int = 0,
    max_guesses: int = 6,
    hard_rule: str = DEFAULT_HARD_RULE,
    limit: int | None = None,
    answers: Sequence[int] | None = None,
    options: dict | None = None,
    show_progress: bool = True,
):
    """Play the answers (all, the first ``limit`` or the given indices); returns the per-game table.

    ``options`` are the strategy's own (an option it does not take is an InputError)."""
    import pyarrow as pa

    from wordgames.progress import progress

    limit_option = select_options(strategy, {"max_guesses": max_guesses})  # (if it plans ahead)
    player = make_strategy(strategy, data, hard=hard, seed=seed, **limit_option, **(options or {}))
    indices = list(range(len(data.answers))) if answers is None else list(answers)
    if limit is not None:
        indices = indices[:limit]
    rows: dict[str, list] = {k: [] for k in ("game", "answer", "guesses", "won", "seconds", "path")}
    iterator = progress(
        indices,
        desc=f"wordle {strategy}{' hard' if hard else ''}",
        unit="game",
        disable=not show_progress,
    )
    for k in iterator:
        start = time.perf_counter()
        result = play_game(player, k, max_guesses=max_guesses, hard_rule=hard_rule, game_number=k)
        rows["game"].append(k)
        rows["answer"].append(result.answer)
        rows["guesses"].append(result.n_guesses)
        rows["won"].append(result.won)
        rows["seconds"].append(time.perf_counter() - start)
        rows["path"].append(result.guesses)
    n = len(indices)
    return pa.table(
        {
            "game": pa.array(rows["game"], pa.int32()),
            "answer": pa.array(rows["answer"], pa.string()),
            "strategy": pa.array([strategy] * n, pa.string()),
            "hard": pa.array([hard] * n, pa.bool_()),
            "hard_rule": pa.array([hard_rule if hard else ""] * n, pa.string()),
            "seed": pa.array([seed] * n, pa.int64()),
            "guesses": pa.array(rows["guesses"], pa.int8()),
            "won": pa.array(rows["won"], pa.bool_()),
            "seconds": pa.array(rows["seconds"], pa.float64()),
            "path": pa.array(rows["path"], pa.list_(pa.string())),
            "lists": pa.array([data.fingerprint] * n, pa.string()),
        }
    )


def summarize(games, max_guesses: int | None = None) -> dict:
    """Summary of one per-game table (a single strategy and mode)."""
    guesses = np.asarray(games.column("guesses").to_numpy(), dtype=np.int64)
    won = np.asarray(games.column("won").to_numpy(zero_copy_only=False), dtype=bool)
    seconds = np.asarray(games.column("seconds").to_numpy(), dtype=np.float64)
    n = len(guesses)
    strategy = games.column("strategy")[0].as_py() if n else ""
    hard = bool(games.column("hard")[0].as_py()) if n else False
    top = max_guesses or (int(guesses.max()) if n else 6)
    out = {
        "strategy": strategy,
        "hard": hard,
        "games": n,
        "wins": int(won.sum()),
        "win_rate": float(won.mean()) if n else 0.0,
        "total_guesses": int(guesses.sum()),
        "mean_guesses": float(guesses.mean()) if n else 0.0,
        "mean_guesses_won": float(guesses[won].mean()) if won.any() else None,
        "max_guesses": int(guesses.max()) if n else 0,
        "losses": int(n - won.sum()),
        "distribution": {str(k): int(((guesses == k) & won).sum()) for k in range(1, top + 1)},
        "seconds": float(seconds.sum()),
        "ms_per_game": float(seconds.mean() * 1000) if n else 0.0,
    }
    out["distribution"]["lost"] = out["losses"]
    paper = PUBLISHED.get(strategy)
    out["paper_win_rate"] = paper[0] if paper else None
    out["paper_mean_guesses"] = paper[1] if paper else None
    out.update(_published_optimum(games, strategy, hard))
    return out


def _published_optimum(games, strategy: str, hard: bool) -> dict:
    """The opener every game started with and, for the optimal strategy on known lists, the
    published optimum for that opener (:mod:`wordgames.wordle.published`)."""
    from wordgames.wordle.published import published_result

    firsts = {p[0] for p in games.column("path").to_pylist() if p}
    opener = firsts.pop() if len(firsts) == 1 else None
    out = {"opener": opener, "published_total": None, "published_mean": None}
    if strategy != "optimal" or "lists" not in games.column_names or games.num_rows == 0:
        return out
    rule = games.column("hard_rule")[0].as_py() or "nyt"
    mode = f"hard-{rule}" if hard else "normal"
    found = published_result(games.column("lists")[0].as_py(), mode, opener)
    if found is not None:
        out["published_total"] = found.get("total")
        out["published_mean"] = found.get("mean")
    return out


def summary_table(summaries: list[dict]):
    """One row per (strategy, mode), distribution columns n1.. and lost."""
    import pyarrow as pa

    keys = sorted(
        {k for s in summaries for k in s["distribution"]}, key=lambda k: (k == "lost", k.zfill(3))
    )
    cols: dict[str, list] = {}
    for s in summaries:
        for k, v in s.items():
            if k != "distribution":
                cols.setdefault(k, []).append(v)
        for k in keys:
            cols.setdefault(f"n{k}" if k != "lost" else "lost", []).append(
                s["distribution"].get(k, 0)
            )
    return pa.table(cols)


def markdown(summaries: list[dict]) -> str:
    """A table a person can read: ours beside the paper's numbers."""
    lines = [
        "| strategy | mode | games | win rate | mean guesses | worst | distribution (1..6, lost) "
        "| ms/game | paper win rate | paper mean | published optimum |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for s in summaries:
        dist = " ".join(str(v) for v in s["distribution"].values())
        paper_win = f"{s['paper_win_rate']:.1%}" if s["paper_win_rate"] is not None else ""
        paper_mean = f"{s['paper_mean_guesses']:.2f}" if s["paper_mean_guesses"] is not None else ""
        lines.append(
            f"| {s['strategy']} | {'hard' if s['hard'] else 'normal'} | {s['games']} "
            f"| {s['win_rate']:.1%} | {s['mean_guesses']:.4f} | {s['max_guesses']} | {dist} "
            f"| {s['ms_per_game']:.1f} | {paper_win} | {paper_mean} | {_published_cell(s)} |"
        )
    return "\n".join(lines) + "\n"


def _published_cell(s: dict) -> str:
    """``7883 / 3.4140 (TARSE)``: a published optimum beside ours (total, mean, opener)."""
    total, mean = s.get("published_total"), s.get("published_mean")
    if mean is None:
        return ""
    text = f"{total} / {mean:.4f}" if total is not None else f"{mean:.4f}"
    return f"{text} ({(s.get('opener') or '').upper()})"


def plot(summaries: list[dict], target) -> None:
    """Grouped bars: share of games solved in 1, 2, ... guesses (and lost) per strategy and mode."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from wordgames.artifacts import atomic_path

    labels = list(summaries[0]["distribution"]) if summaries else []
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(labels) + 2), 4.5))
    width = 0.8 / max(len(summaries), 1)
    x = np.arange(len(labels))
    names = list(dict.fromkeys(s["strategy"] for s in summaries))
    palette = plt.get_cmap("tab10")
    for i, s in enumerate(summaries):  # one colour per strategy, hatched bars for hard mode
        counts = np.array([s["distribution"].get(k, 0) for k in labels], dtype=float)
        share = counts / max(s["games"], 1)
        label = f"{s['strategy']}{' (hard)' if s['hard'] else ''}: {s['mean_guesses']:.3f}"
        ax.bar(
            x + (i - (len(summaries) - 1) / 2) * width,
            share,
            width,
            label=label,
            color=palette(names.index(s["strategy"]) % 10),
            hatch="//" if s["hard"] else None,
            edgecolor="white" if s["hard"] else None,
            linewidth=0,
        )
    ax.set_xticks(x, labels)
    ax.set_xlabel("guesses needed")
    ax.set_ylabel("share of games")
    ax.set_title("Wordle: guesses per game (legend: mean guesses)")
    ax.legend(fontsize="small", ncols=2)
    fig.tight_layout()
    with atomic_path(target, suffix=".png") as tmp:
        fig.savefig(tmp, format="png", dpi=110)
    plt.close(fig)
