"""Evaluation and training of the weighting model, with no game seen on both sides.

Protocol (cross-validation by game set): every configured game set and the evidence games are merged
into one pool of distinct games, each assigned to the first configured set it belongs to (games sharing
4 or more clues count as the same game). For each fold ``F``:

- the past-game evidence and the training games are the pool minus every game sharing >= 4 clues with a
  game of ``F``;
- the features of a training game ``g`` are computed with ``g`` (and its near-duplicates) removed from
  the evidence too, so the model never sees a game's own answer as evidence;
- the model trained that way ranks the games of ``F``.

A set that contains other sets' games (``past_games`` holds the dev and NLP4FUN games) is scored on the
predictions of the folds its games belong to. GUL.LE.VER needs no training and no past games.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from wordgames.guillotine.evidence import PastGames
from wordgames.guillotine.games import Game, overlapping
from wordgames.guillotine.metrics import rank_of, summarize
from wordgames.guillotine.model import Model, fit
from wordgames.guillotine.nested import describe_choice, fit_ranker

log = logging.getLogger(__name__)

PUBLISHED = [
    {
        "set": "evalita2020_test",
        "solver": "GUL.LE.VER (published)",
        "games": 350,
        "accuracy": 0.269,
        "r_at_10": 0.46,
    },
    {
        "set": "evalita2020_dev",
        "solver": "GUL.LE.VER (published outputs)",
        "games": 300,
        "accuracy": 0.323,
        "r_at_10": 0.497,
    },
    {
        "set": "evalita2020_test",
        "solver": "Il Mago della Ghigliottina (published)",
        "games": 350,
        "accuracy": 0.686,
    },
]


def game_key(g: Game) -> tuple:
    return tuple(sorted(g.clues))


def training_groups(
    solver, games: Sequence[Game], pool: PastGames | None, progress: Callable | None = None
) -> list[tuple[np.ndarray, int]]:
    """Feature matrices of training games, each with its own game left out of the evidence."""
    groups = []
    it = progress(games, desc="guillotine: training features", unit=" games") if progress else games
    for g in it:
        past = pool.restricted([g]) if pool is not None else None
        words, X, _ = solver.features(g.clues, past)
        y = words.index(g.solution) if g.solution in words else -1
        groups.append((X, y))
    return groups


def fit_links_model(groups: list[tuple[np.ndarray, int]], l2: float, info: dict | None = None):
    """The links solver's weighting model on these training groups (its features, its
    interaction pairs)."""
    from wordgames.guillotine.solvers.links_features import FEATURES, interaction_pairs

    return fit(
        groups,
        list(FEATURES),
        l2=l2,
        n_games=len(groups),
        info=info,
        interactions=interaction_pairs(),
    )


def train(
    solver,
    games: Sequence[Game],
    pool: PastGames | None,
    l2: float = 1.0,
    progress: Callable | None = None,
    info: dict | None = None,
    calibration_folds: int = 5,
    precision: float = 0.5,
    ranker: str = "logit",
    threads: int = 1,
    select: str = "none",
):
    """The weighting model on ``games`` (``ranker``: ``logit``, ``lgbm`` or ``auto``, chosen on
    these games only: :mod:`wordgames.guillotine.nested`; ``select`` ``groups``: the optional
    feature groups re-decided on the same games first), with its confidence calibrated on
    out-of-fold predictions of the same games (``calibration_folds`` 0: no calibration map)."""
    from wordgames.guillotine.solvers.links_features import FEATURES, interaction_pairs

    groups = training_groups(solver, games, pool, progress)
    meta = dict(info or {})
    meta["trained"] = True
    meta["trained_on"] = ["|".join(game_key(g)) for g in games]
    return fit_ranker(
        groups,
        list(games),
        list(FEATURES),
        interaction_pairs(),
        ranker=ranker,
        l2=l2,
        threads=threads,
        info=meta,
        calibration_folds=calibration_folds,
        precision=precision,
        select=select,
    )


def overlaps_training(model: Model, games: Sequence[Game]) -> int:
    """How many evaluated games share >= 4 clues with a game the model was trained on."""
    keys = model.info.get("trained_on", [])
    if not keys:
        return 0
    trained = [Game(clues=tuple(k.split("|"))) for k in keys]
    return len(overlapping(games, trained))


@dataclass
class Fold:
    name: str
    games: list[Game]


def make_folds(
    sets: dict[str, list[Game]], evidence: Sequence[Game]
) -> tuple[list[Fold], list[Game]]:
    """Distinct games, each in the fold of the first set holding it or a near-duplicate of it
    (>= 4 shared clues); the evidence games of no configured set form the fold ``other_evidence``."""
    pool: list[Game] = []
    fold_of: list[int] = []
    folds: list[Fold] = []
    seen: set[tuple] = set()
    by_clue: dict[str, list[int]] = {}
    for name, games in list(sets.items()) + [("other_evidence", list(evidence))]:
        fold = Fold(name, [])
        folds.append(fold)
        for g in games:
            key = game_key(g)
            if g.solution is None or key in seen:
                continue
            seen.add(key)
            shared: dict[int, int] = {}
            for c in set(g.clues):
                for k in by_clue.get(c, ()):
                    shared[k] = shared.get(k, 0) + 1
            near = [k for k, n in shared.items() if n >= 4]
            target = folds[fold_of[min(near)]] if near else fold
            target.games.append(g)
            for c in set(g.clues):
                by_clue.setdefault(c, []).append(len(pool))
            pool.append(g)
            fold_of.append(folds.index(target))
    return [f for f in folds if f.games], pool


def fold_split(full: PastGames, fold: Fold) -> tuple[PastGames, list[Game]]:
    """The past-game evidence and the training games of a fold: every game of ``full`` minus those
    sharing >= 4 clues with a game of the fold."""
    pool = full.restricted(fold.games)
    return pool, [g for k, g in enumerate(full.games) if k not in pool.excluded]


def _row(g: Game, result, seconds: float, top_n: int = 10) -> dict:
    ranked = result.ranked_words()
    r = rank_of(ranked, g.solution)
    top = result.answers[:top_n]
    return {
        "clues": list(g.clues),
        "solution": g.solution,
        "rank": r,
        "top10": [a.word for a in top],
        "top10_scores": [float(a.score) for a in top],
        "confidence": float(top[0].confidence) if top else 0.0,
        "confident": bool(result.confident),
        "answer": top[0].word if top else None,
        "seconds": seconds,
        # the first stage: rank of the solution in the whole candidate pool, pool size
        "cand_rank": rank_of(result.pool, g.solution),
        "pool_size": len(result.pool),
        # Il Mago's "linked to all five": the solution's rank in that list, its length
        "full_rank": rank_of(result.full, g.solution),
        "full_size": len(result.full),
    }


def solve_all(
    solver,
    games: Sequence[Game],
    top: int,
    past=None,
    progress: Callable | None = None,
    desc: str = "",
) -> list[dict]:
    rows = []
    it = progress(games, desc=desc or "guillotine: solving", unit=" games") if progress else games
    for g in it:
        t0 = time.perf_counter()
        result = (
            solver.solve(g.clues, top=top, past=past)
            if past is not None
            else solver.solve(g.clues, top=top)
        )
        rows.append(_row(g, result, time.perf_counter() - t0))
    return rows


def cross_validate(
    make_links_solver,
    sets: dict[str, list[Game]],
    evidence: PastGames | None,
    l2: float,
    top: int,
    progress: Callable | None = None,
    notes: list[str] | None = None,
    precision: float = 0.5,
    ranker: str = "logit",
    threads: int = 1,
    select: str = "none",
) -> dict[tuple, dict]:
    """Predictions of the links solver for every distinct game, keyed by :func:`game_key`; each
    fold's model (its ``ranker`` choice and, with ``select``, its features) from that fold's
    training games only."""
    ev_games = evidence.games if evidence is not None else []
    folds, pool_games = make_folds(sets, ev_games)
    full = PastGames(games=pool_games)
    preds: dict[tuple, dict] = {}
    solver = make_links_solver(None)
    for fold in folds:
        if not any(fold.name == s for s in sets):
            continue  # the leftover evidence games are only used for training and as evidence
        pool, train_games = fold_split(full, fold)
        msg = (
            f"fold {fold.name}: {len(fold.games)} games; training on {len(train_games)} games; "
            f"{pool.note()}"
        )
        log.info(msg)
        if notes is not None:
            notes.append(msg)
        model = train(
            solver,
            train_games,
            pool,
            l2=l2,
            progress=progress,
            info={"fold": fold.name},
            precision=precision,
            ranker=ranker,
            threads=threads,
            select=select,
        )
        choice = f"fold {fold.name}: {describe_choice(model.info)}"
        log.info(choice)
        if notes is not None:
            notes.append(choice)
        solver.model = model
        rows = solve_all(
            solver,
            fold.games,
            top,
            past=pool,
            progress=progress,
            desc=f"guillotine: links on {fold.name}",
        )
        s = summarize([r["rank"] for r in rows], [r["seconds"] for r in rows])
        log.info(
            "fold %s: accuracy %.3f R@10 %.3f R@100 %.3f MRR %.3f",
            fold.name,
            s["accuracy"],
            s["r_at_10"],
            s["r_at_100"],
            s["mrr"],
        )
        for g, row in zip(fold.games, rows, strict=True):
            row["fold"] = fold.name
            row["excluded_past_games"] = len(pool.excluded)
            preds[game_key(g)] = row
    return preds


def rows_for_set(games: Sequence[Game], preds: dict[tuple, dict]) -> list[dict]:
    out = []
    for g in games:
        row = preds.get(game_key(g))
        if row is None:
            continue
        row = dict(row)
        out.append(row)
    return out


def rows_table(rows: list[dict], set_name: str = "", solver: str = ""):
    """Per-game table; ``set``, ``solver``, ``confidence``, ``rank`` and ``fold`` are what the
    report's reliability plot reads."""
    import pyarrow as pa

    def ints(key):
        return pa.array([r.get(key) for r in rows], pa.int32())

    return pa.table(
        {
            "set": pa.array([set_name] * len(rows), pa.string()),
            "solver": pa.array([solver] * len(rows), pa.string()),
            "clues": pa.array([r["clues"] for r in rows], pa.list_(pa.string())),
            "solution": pa.array([r["solution"] for r in rows], pa.string()),
            "rank": pa.array([r["rank"] for r in rows], pa.int32()),
            "answer": pa.array([r["answer"] for r in rows], pa.string()),
            "confidence": pa.array([r["confidence"] for r in rows], pa.float64()),
            "top10": pa.array([r["top10"] for r in rows], pa.list_(pa.string())),
            "top10_scores": pa.array([r["top10_scores"] for r in rows], pa.list_(pa.float64())),
            "seconds": pa.array([r["seconds"] for r in rows], pa.float64()),
            "fold": pa.array([r.get("fold", "") for r in rows], pa.string()),
            "confident": pa.array([r.get("confident", True) for r in rows], pa.bool_()),
            "cand_rank": ints("cand_rank"),
            "pool_size": ints("pool_size"),
            "full_rank": ints("full_rank"),
            "full_size": ints("full_size"),
        }
    )


def reliability(rows: list[dict], bins: int = 5) -> list[dict]:
    """Per confidence bin (equal width on [0, 1]): games, mean confidence, accuracy."""
    conf = np.array([r["confidence"] for r in rows], dtype=float)
    hit = np.array([1.0 if r["rank"] == 1 else 0.0 for r in rows])
    edges = np.linspace(0, 1, bins + 1)
    out = []
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        m = (conf >= a) & ((conf < b) if b < 1 else (conf <= b))
        out.append(
            {
                "bin_low": float(a),
                "bin_high": float(b),
                "games": int(m.sum()),
                "mean_confidence": float(conf[m].mean()) if m.any() else None,
                "accuracy": float(hit[m].mean()) if m.any() else None,
            }
        )
    return out


def calibration(rows: list[dict], bins: int = 5) -> float:
    """Expected calibration error of the top answer's confidence (0 = perfectly calibrated)."""
    if not rows:
        return 0.0
    n = len(rows)
    return float(
        sum(
            b["games"] / n * abs(b["mean_confidence"] - b["accuracy"])
            for b in reliability(rows, bins)
            if b["games"]
        )
    )


def _reliability_schema():
    import pyarrow as pa

    return pa.schema(
        [
            ("set", pa.string()),
            ("solver", pa.string()),
            ("bin_low", pa.float64()),
            ("bin_high", pa.float64()),
            ("games", pa.int64()),
            ("mean_confidence", pa.float64()),
            ("accuracy", pa.float64()),
        ]
    )


def reliability_table(rows: list[dict], set_name: str, solver: str, bins: int = 5):
    """The reliability bins of one set and solver as a table (the report's reliability plot)."""
    import pyarrow as pa

    bins_ = [{"set": set_name, "solver": solver, **b} for b in reliability(rows, bins)]
    return pa.Table.from_pylist(bins_, schema=_reliability_schema())


def concat_reliability(tables: list):
    """The reliability tables of every set and solver as one (no rows when no set was evaluated)."""
    import pyarrow as pa

    return pa.concat_tables(tables) if tables else _reliability_schema().empty_table()


def summary_markdown(rows: list[dict], notes: Sequence[str]) -> str:
    head = (
        "| set | solver | games | accuracy | R@5 | R@10 | R@100 | MRR | s/game | ECE | "
        "answered (acc.) | in pool | in cut |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )

    def fmt(v, d=3):
        return "" if v is None else (f"{v:.{d}f}" if isinstance(v, float) else str(v))

    def answered(r):
        if r.get("answered") is None or r.get("answered_accuracy") is None:
            return ""
        return f"{r['answered']:.3f} ({r['answered_accuracy']:.3f})"

    body = "".join(
        f"| {r['set']} | {r['solver']} | {r.get('games', '')} | {fmt(r.get('accuracy'))} | "
        f"{fmt(r.get('r_at_5'))} | {fmt(r.get('r_at_10'))} | {fmt(r.get('r_at_100'))} | "
        f"{fmt(r.get('mrr'))} | {fmt(r.get('seconds_per_game'), 3)} | {fmt(r.get('ece'))} | "
        f"{answered(r)} | {fmt(r.get('pool_recall'))} | {fmt(r.get('cut_recall'))} |\n"
        for r in rows
    )
    pub = "".join(
        f"| {r['set']} | {r['solver']} | {r['games']} | {fmt(r.get('accuracy'))} | | "
        f"{fmt(r.get('r_at_10'))} | | | | | | | |\n"
        for r in PUBLISHED
    )
    text = head + body + pub
    if notes:
        text += "\nNotes:\n" + "".join(f"- {n}\n" for n in notes)
    return text


def summary_row(set_name: str, solver: str, rows: list[dict], cut: int | None = None) -> dict:
    """Metrics of one set and solver, with the calibration error, the share of confident answers
    and their accuracy, and the first stage's recall (solution in the pool; in the first ``cut``)."""
    s = summarize([r["rank"] for r in rows], [r["seconds"] for r in rows])
    s.update({"set": set_name, "solver": solver, "ece": calibration(rows)})
    confident = [r for r in rows if r.get("confident", True)]
    s["answered"] = len(confident) / len(rows) if rows else 0.0
    s["answered_accuracy"] = (
        sum(1 for r in confident if r["rank"] == 1) / len(confident) if confident else None
    )
    if rows and any(r.get("pool_size") for r in rows):
        n = len(rows)
        s["pool_recall"] = sum(1 for r in rows if r.get("cand_rank") is not None) / n
        if cut is not None:
            s["cut_recall"] = (
                sum(1 for r in rows if r.get("cand_rank") is not None and r["cand_rank"] <= cut) / n
            )
    return s
