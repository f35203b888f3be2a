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


def train(
    solver,
    games: Sequence[Game],
    pool: PastGames | None,
    l2: float = 1.0,
    progress: Callable | None = None,
    info: dict | None = None,
) -> Model:
    from wordgames.guillotine.solvers.links import FEATURES, interaction_pairs

    groups = training_groups(solver, games, pool, progress)
    meta = dict(info or {})
    meta["trained"] = True
    meta["trained_on"] = ["|".join(game_key(g)) for g in games]
    return fit(
        groups,
        list(FEATURES),
        l2=l2,
        n_games=len(games),
        info=meta,
        interactions=interaction_pairs(),
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
        "answer": top[0].word if top else None,
        "seconds": seconds,
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
) -> dict[tuple, dict]:
    """Predictions of the links solver for every distinct game, keyed by :func:`game_key`."""
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
        model = train(solver, train_games, pool, l2=l2, progress=progress, info={"fold": fold.name})
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


def rows_table(rows: list[dict]):
    import pyarrow as pa

    return pa.table(
        {
            "clues": pa.array([r["clues"] for r in rows], pa.list_(pa.string())),
            "solution": pa.array([r["solution"] for r in rows], pa.string()),
            "rank": pa.array([r["rank"] for r in rows], pa.int32()),
            "answer": pa.array([r["answer"] for r in rows], pa.string()),
            "confidence": pa.array([r["confidence"] for r in rows], pa.float64()),
            "top10": pa.array([r["top10"] for r in rows], pa.list_(pa.string())),
            "top10_scores": pa.array([r["top10_scores"] for r in rows], pa.list_(pa.float64())),
            "seconds": pa.array([r["seconds"] for r in rows], pa.float64()),
            "fold": pa.array([r.get("fold", "") for r in rows], pa.string()),
        }
    )


def calibration(rows: list[dict], bins: int = 5) -> float:
    """Expected calibration error of the top answer's confidence (0 = perfectly calibrated)."""
    if not rows:
        return 0.0
    conf = np.array([r["confidence"] for r in rows])
    hit = np.array([1.0 if r["rank"] == 1 else 0.0 for r in rows])
    edges = np.linspace(0, 1, bins + 1)
    ece = 0.0
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        m = (conf >= a) & ((conf < b) if b < 1 else (conf <= b))
        if m.any():
            ece += m.mean() * abs(conf[m].mean() - hit[m].mean())
    return float(ece)


def summary_markdown(rows: list[dict], notes: Sequence[str]) -> str:
    head = (
        "| set | solver | games | accuracy | R@5 | R@10 | R@100 | MRR | s/game | ECE |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )

    def fmt(v, d=3):
        return "" if v is None else (f"{v:.{d}f}" if isinstance(v, float) else str(v))

    body = "".join(
        f"| {r['set']} | {r['solver']} | {r.get('games', '')} | {fmt(r.get('accuracy'))} | "
        f"{fmt(r.get('r_at_5'))} | {fmt(r.get('r_at_10'))} | {fmt(r.get('r_at_100'))} | "
        f"{fmt(r.get('mrr'))} | {fmt(r.get('seconds_per_game'), 3)} | {fmt(r.get('ece'))} |\n"
        for r in rows
    )
    pub = "".join(
        f"| {r['set']} | {r['solver']} | {r['games']} | {fmt(r.get('accuracy'))} | | "
        f"{fmt(r.get('r_at_10'))} | | | | |\n"
        for r in PUBLISHED
    )
    text = head + body + pub
    if notes:
        text += "\nNotes:\n" + "".join(f"- {n}\n" for n in notes)
    return text


def summary_row(set_name: str, solver: str, rows: list[dict]) -> dict:
    s = summarize([r["rank"] for r in rows], [r["seconds"] for r in rows])
    s.update({"set": set_name, "solver": solver, "ece": calibration(rows)})
    return s
