"""The HTML report's figures, one function per figure, each drawn from artifacts on disk.

Every function takes the artifacts' paths (what the rule declares as inputs) and a ``note`` (the
config's name, printed under the plot) and returns a matplotlib figure; :func:`save` writes it
atomically as SVG or PNG (by the target's suffix). Tables are read generically: the guillotine's
per-game Parquet only needs ``rank`` and ``confidence`` columns, whatever else it holds.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from wordgames.errors import InputError

Paths = Sequence[str | os.PathLike]


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "wordgames", "font.size": 9})  # reproducible SVG ids
    return plt


def save(fig, target: str | os.PathLike, note: str = "") -> Path:
    """Write ``fig`` atomically (SVG or PNG by suffix) with ``note`` in small print at the bottom."""
    from wordgames.artifacts import atomic_path

    plt = _plt()
    if note:
        fig.text(0.995, 0.005, note, ha="right", va="bottom", fontsize=7, color="0.4")
    target = Path(target)
    fmt = target.suffix.lstrip(".").lower()
    if fmt not in ("svg", "png"):
        raise InputError(f"{target}: a figure is written as .svg or .png")
    with atomic_path(target, suffix=target.suffix) as tmp:
        fig.savefig(tmp, format=fmt, dpi=110, metadata={"Date": None} if fmt == "svg" else None)
    plt.close(fig)
    return target


def _read(path, columns=None):
    from wordgames.artifacts import read_parquet, require

    return read_parquet(require(path, "its evaluation stage has not run"), columns=columns)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sound for the small sets of a test config)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# Wordle ----------------------------------------------------------------------------------------
def wordle_guesses(games: Paths, max_guesses: int | None = None):
    """Share of the answers solved in 1, 2, ... guesses (and lost), one panel per mode, one bar
    per strategy (legend: mean guesses)."""
    from wordgames.wordle.evaluate import summarize

    plt = _plt()
    summaries = [summarize(_read(p), max_guesses) for p in games]
    if not summaries:
        raise InputError("no Wordle evaluation to plot")
    modes = [m for m in (False, True) if any(s["hard"] == m for s in summaries)]
    names = list(dict.fromkeys(s["strategy"] for s in summaries))
    labels = list(summaries[0]["distribution"])
    fig, axes = plt.subplots(
        1, len(modes), figsize=(5.2 * len(modes), 3.8), sharey=True, squeeze=False
    )
    palette = plt.get_cmap("tab10")
    x = np.arange(len(labels))
    width = 0.8 / max(len(names), 1)
    for ax, hard in zip(axes[0], modes, strict=True):
        for s in (s for s in summaries if s["hard"] == hard):
            i = names.index(s["strategy"])
            share = np.array([s["distribution"].get(k, 0) for k in labels]) / max(s["games"], 1)
            ax.bar(
                x + (i - (len(names) - 1) / 2) * width,
                share,
                width,
                color=palette(i % 10),
                label=f"{s['strategy']}: {s['mean_guesses']:.3f}",
            )
        ax.set_xticks(x, labels)
        ax.set_xlabel("guesses needed")
        ax.set_title(f"{'hard' if hard else 'normal'} mode, {summaries[0]['games']} answers")
        ax.legend(fontsize="small", title="mean guesses", title_fontsize="small")
    axes[0][0].set_ylabel("share of answers")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


# Hangman ---------------------------------------------------------------------------------------
def hangman_win_rates(summary: str | os.PathLike, lm_tokens: int | None = None):
    """Win rate per phrase set (groups) and solver variant (bars), with 95% Wilson intervals."""
    plt = _plt()
    rows = _read(summary).to_pylist()
    if not rows:
        raise InputError(f"{summary}: no Hangman evaluation to plot")
    for r in rows:  # summaries written before the in-domain variants name the solver only
        r["solver"] = r.get("variant") or r["solver"]
    sets = list(dict.fromkeys(r["phrase_set"] for r in rows))
    solvers = list(dict.fromkeys(r["solver"] for r in rows))
    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(sets) + 2), 3.8))
    palette = plt.get_cmap("tab10")
    width = 0.8 / len(solvers)
    for i, solver in enumerate(solvers):
        xs, ys, lo, hi = [], [], [], []
        for j, name in enumerate(sets):
            r = next((r for r in rows if r["phrase_set"] == name and r["solver"] == solver), None)
            if r is None:
                continue
            a, b = wilson(int(r["wins"]), int(r["games"]))
            xs.append(j + (i - (len(solvers) - 1) / 2) * width)
            ys.append(r["win_rate"])
            lo.append(r["win_rate"] - a)
            hi.append(b - r["win_rate"])
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, color=palette(i % 10), label=solver)
    games = {r["phrase_set"]: r["games"] for r in rows}
    ax.set_xticks(range(len(sets)), [f"{s}\n({games[s]} phrases)" for s in sets])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    size = f", LM on {lm_tokens:,} tokens" if lm_tokens else ""
    ax.set_title(f"Sentence Hangman: games won{size}")
    ax.legend(fontsize="small")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


def short_count(n: int) -> str:
    """1234 -> 1.2k, 5000000 -> 5M, 30012132 -> 30M: three significant digits at most."""
    for unit, scale in (("G", 10**9), ("M", 10**6), ("k", 10**3)):
        if n >= scale:
            return f"{n / scale:.3g}{unit}"
    return str(n)


def hangman_lm_sizes(summary: str | os.PathLike):
    """Win rate against the tokens of the LM (log scale), one line per phrase set (colour) and
    solver (marker and line style), with 95% Wilson intervals; the LM of the whole collection
    (size ``all``) is the open marker at the end of each line."""
    plt = _plt()
    rows = _read(summary).to_pylist()
    if not rows:
        raise InputError(f"{summary}: no LM-size evaluation to plot")
    sets = list(dict.fromkeys(r["phrase_set"] for r in rows))
    solvers = list(dict.fromkeys(r["solver"] for r in rows))
    fig, ax = plt.subplots(figsize=(8.6, 4.2))
    palette = plt.get_cmap("tab10")
    markers, styles = "osD^v<>", ["-", "--", ":", "-."]
    pairs = [(name, solver) for name in sets for solver in solvers]
    for i, name in enumerate(sets):
        for j, solver in enumerate(solvers):
            # lines side by side (a few percent along the log axis), so no interval hides another
            dodge = 1.025 ** (pairs.index((name, solver)) - (len(pairs) - 1) / 2)
            line = sorted(
                (r for r in rows if r["phrase_set"] == name and r["solver"] == solver),
                key=lambda r: r["tokens"],
            )
            if not line:
                continue
            xs = [r["tokens"] * dodge for r in line]
            ys = [r["win_rate"] for r in line]
            bounds = [wilson(int(r["wins"]), int(r["games"])) for r in line]
            colour, marker = palette(i % 10), markers[j % len(markers)]
            ax.errorbar(
                xs,
                ys,
                yerr=[
                    [y - a for y, (a, _) in zip(ys, bounds, strict=True)],
                    [b - y for y, (_, b) in zip(ys, bounds, strict=True)],
                ],
                color=colour,
                marker=marker,
                markersize=4,
                linestyle=styles[j % len(styles)],
                linewidth=1.2,
                capsize=2,
                label=f"{name}, {solver} ({line[-1]['games']} games)",
            )
            full = [r for r in line if r["size"] == "all"]
            ax.scatter(
                [r["tokens"] * dodge for r in full],
                [r["win_rate"] for r in full],
                s=60,
                facecolors="white",
                edgecolors=[colour],
                marker=marker,
                zorder=3,
            )
    ax.set_xscale("log")
    # the sizes themselves as ticks (100k, 1M, ...): a decade grid would hide which LMs exist
    sizes = sorted({int(r["tokens"]) for r in rows})
    ax.set_xticks(sizes, [short_count(n) for n in sizes])
    ax.minorticks_off()
    if len(sizes) > 1:
        ax.set_xlim(sizes[0] / 1.4, sizes[-1] * 1.4)
    ax.set_ylim(0, 1)
    ax.set_xlabel("tokens the LM was trained on (log scale; open marker: the whole collection)")
    ax.set_ylabel("win rate")
    ax.set_title("Sentence Hangman: games won against LM size")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


# La Ghigliottina -------------------------------------------------------------------------------
def _guillotine_label(path) -> tuple[str, str]:
    """(game set, solver) of a per-game file named ``{set}-{solver}.parquet``."""
    stem = Path(path).stem
    name, sep, solver = stem.rpartition("-")
    return (name, solver) if sep else (stem, "")


def _ranks(path) -> tuple[np.ndarray, np.ndarray]:
    table = _read(path)
    missing = {"rank", "confidence"} - set(table.column_names)
    if missing:
        raise InputError(f"{path}: no column {', '.join(sorted(missing))}")
    ranks = np.array([r if r is not None else 0 for r in table.column("rank").to_pylist()])
    conf = np.asarray(table.column("confidence").to_numpy(zero_copy_only=False), dtype=float)
    return ranks, conf


def guillotine_recall(games: Paths, k_max: int = 100):
    """Recall@k (share of games whose solution is among the top k) for k = 1..k_max, one panel per
    game set, one line per solver; k = 1 is the accuracy."""
    plt = _plt()
    data: dict[str, dict[str, np.ndarray]] = {}
    for p in games:
        name, solver = _guillotine_label(p)
        data.setdefault(name, {})[solver] = _ranks(p)[0]
    if not data:
        raise InputError("no guillotine evaluation to plot")
    fig, axes = plt.subplots(
        1, len(data), figsize=(4.2 * len(data), 3.6), sharey=True, squeeze=False
    )
    ks = np.arange(1, k_max + 1)
    for ax, (name, by_solver) in zip(axes[0], data.items(), strict=True):
        n = 0
        for solver, ranks in by_solver.items():
            n = len(ranks)
            found = ranks[ranks > 0]
            curve = np.array([(found <= k).sum() for k in ks]) / max(n, 1)
            ax.step(
                ks,
                curve,
                where="post",
                label=f"{solver}: acc {curve[0]:.3f}, R@10 {curve[min(9, k_max - 1)]:.3f}",
            )
        ax.set_xscale("log")
        ax.set_xlabel("k (answers looked at)")
        ax.set_title(f"{name} ({n} games)")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small")
    axes[0][0].set_ylabel("recall@k")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


def reliability(
    conf: np.ndarray, hit: np.ndarray, bins: int = 10
) -> list[tuple[float, float, int]]:
    """(mean confidence, share correct, games) of each non-empty equal-width confidence bin."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    idx = np.clip(np.digitize(conf, edges[1:-1]), 0, bins - 1)
    out = []
    for b in range(bins):
        m = idx == b
        if m.any():
            out.append((float(conf[m].mean()), float(hit[m].mean()), int(m.sum())))
    return out


def guillotine_calibration(games: Paths, bins: int = 10):
    """Reliability diagram of the top answer's confidence, one panel per game set, one line per
    solver: the share of games whose top answer is right against the mean confidence of each bin
    (marker area: games); the diagonal is perfect calibration; the legend, under each panel so it
    hides no point, gives the expected calibration error."""
    plt = _plt()
    sets: dict[str, list[tuple[str, np.ndarray, np.ndarray]]] = {}
    for p in games:
        name, solver = _guillotine_label(p)
        ranks, conf = _ranks(p)
        sets.setdefault(name, []).append((solver, ranks, conf))
    if not sets:
        raise InputError("no guillotine evaluation to plot")
    solvers = list(dict.fromkeys(solver for runs in sets.values() for solver, _, _ in runs))
    fig, axes = plt.subplots(
        1, len(sets), figsize=(4.2 * len(sets), 4.6), sharey=True, squeeze=False
    )
    palette = plt.get_cmap("tab10")
    for ax, (name, runs) in zip(axes[0], sets.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="0.6", linestyle="--", linewidth=1, label="calibrated")
        for solver, ranks, conf in runs:
            n = len(ranks)
            if n == 0:
                continue
            colour = palette(solvers.index(solver) % 10)
            points = reliability(conf, (ranks == 1).astype(float), bins)
            ece = sum(k * abs(c - h) for c, h, k in points) / n
            xs, ys, ks = zip(*points, strict=True)
            ax.plot(
                xs,
                ys,
                marker="o",
                markersize=3,
                color=colour,
                linewidth=1,
                label=f"{solver}: ECE {ece:.3f}",
            )
            ax.scatter(
                xs, ys, s=[8 + 80 * k / n for k in ks], color=colour, alpha=0.5, clip_on=False
            )
        # a little room around [0, 1] so points on the edges (always wrong, always right) show
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.03, 1.03)
        ax.set_xlabel("confidence of the top answer")
        ax.set_title(f"{name} ({max(len(ranks) for _, ranks, _ in runs)} games)")
        ax.grid(alpha=0.3)
        ax.legend(
            fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False
        )
    axes[0][0].set_ylabel("share of top answers that are right")
    fig.suptitle("La Ghigliottina: reliability of the confidence")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


# vectors and corpora ---------------------------------------------------------------------------
def _labelled(items: Sequence[str]) -> list[tuple[str, Path]]:
    """``LABEL=PATH`` items (a path alone is labelled by its folder's name)."""
    out = []
    for item in items:
        label, sep, path = str(item).partition("=")
        out.append((label, Path(path)) if sep else (Path(item).parent.name, Path(item)))
    return out


def read_json(path: Path) -> dict:
    """A stage's JSON output (it must exist; a one-line error when it is not JSON)."""
    from wordgames.artifacts import require

    try:
        return json.loads(require(path, "its stage has not run").read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not JSON ({exc})") from None


def glove_loss(trainings: Sequence[str]):
    """Mean weighted squared error per co-occurrence entry after each GloVe iteration, one line per
    collection (``COLLECTION=train.json``)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    for label, path in _labelled(trainings):
        info = read_json(path)
        losses = info.get("losses") or []
        if not losses:  # word2vec / fastText report no per-iteration loss
            continue
        p = info.get("params", {})
        ax.plot(
            range(1, len(losses) + 1),
            losses,
            marker="o",
            markersize=3,
            label=f"{label}: {info.get('words', '?'):,} words, {p.get('dim', '?')} d, "
            f"{info.get('nnz', 0):,} entries",
        )
    ax.set_xlabel("iteration")
    ax.set_ylabel("loss per entry")
    ax.set_yscale("log")
    ax.set_title("GloVe training loss")
    ax.grid(alpha=0.3)
    if ax.lines:
        ax.legend(fontsize="small")
    else:
        ax.text(
            0.5,
            0.5,
            "no GloVe run with a loss (word2vec or fastText)",
            ha="center",
            transform=ax.transAxes,
        )
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


def corpus_sizes(manifests: Sequence[str]):
    """Tokens of each member corpus, grouped by collection (``COLLECTION=corpora.json``), on a log
    scale, each bar labelled with its tokens, sentences and documents."""
    plt = _plt()
    rows = []
    for label, path in _labelled(manifests):
        info = read_json(path)
        for c in info.get("corpora", []):
            rows.append(
                (
                    label,
                    c.get("name", "?"),
                    int(c.get("tokens", 0)),
                    int(c.get("sentences", 0)),
                    int(c.get("documents", 0)),
                )
            )
    if not rows:
        raise InputError("no corpus manifest to plot")
    fig, ax = plt.subplots(figsize=(7.0, 0.45 * len(rows) + 1.4))
    palette = plt.get_cmap("tab10")
    collections = list(dict.fromkeys(r[0] for r in rows))
    y = np.arange(len(rows))[::-1]
    ax.barh(
        y, [max(r[2], 1) for r in rows], color=[palette(collections.index(r[0]) % 10) for r in rows]
    )
    ax.set_yticks(y, [f"{r[0]}: {r[1]}" for r in rows])
    ax.set_xscale("log")
    top = max(r[2] for r in rows) * 30
    ax.set_xlim(1, top)
    for yi, r in zip(y, rows, strict=True):
        text = (
            f"{r[2]:,} tokens, {r[3]:,} sentences, {r[4]:,} docs"
            if r[2]
            else "no running text: tables only"
        )
        # a long bar holds its label (white, inside its end), a short one has it after its end:
        # either way no label runs past the figure's edge
        inside = r[2] > 1 and math.log(r[2]) / math.log(top) > 0.55
        ax.text(
            max(r[2], 1) * (0.85 if inside else 1.15),
            yi,
            text,
            va="center",
            ha="right" if inside else "left",
            color="white" if inside else "black",
            fontsize=7,
        )
    ax.set_xlabel("tokens (log scale)")
    ax.set_title("Corpus sizes per collection")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig
