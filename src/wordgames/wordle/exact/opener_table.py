"""What the all-openers proof knows about every opener: :class:`OpenersResult` (exact totals or the
bounds that excluded them), its summary (JSON, ``format`` :data:`FORMAT`) and its table (Parquet).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordgames.wordle.exact.kernels import INF

FORMAT = "wordgames-wordle-openers/1"
KINDS = ("exact", "search", "cells", "classes", "infeasible")


# what is known about every opener ----------------------------------------------------------------
@dataclass
class OpenersResult:
    """Every opener with its exact total or the lower bound that excluded it."""

    words: list[str]
    values: np.ndarray  # int64: exact total, or lower bound; INF = cannot finish in time
    exact: np.ndarray  # bool
    kinds: list[str]  # one of KINDS
    seconds: np.ndarray  # CPU seconds spent on each opener
    top: int
    mode: str
    fingerprint: str
    answers: int
    max_guesses: int
    wall: float = 0.0
    cpu: float = 0.0
    workers: int = 1
    extra: dict = field(default_factory=dict)

    @property
    def incumbent(self) -> int:
        """The ``top``-th best exact total (INF when fewer than ``top`` openers are feasible)."""
        ex = np.sort(self.values[self.exact & (self.values < INF)])
        return int(ex[self.top - 1]) if len(ex) >= self.top else INF

    def ranking(self) -> list[int]:
        """Opener rows, best first: exact totals, then bounds, then infeasible."""
        key = np.where(self.exact, 0, 1)
        return [int(i) for i in np.lexsort((np.array(self.words), key, self.values))]

    def top_rows(self) -> list[int]:
        """The proved best: every opener whose exact total is at most the incumbent (ties kept)."""
        cut = self.incumbent
        if cut >= INF:  # fewer feasible openers than asked: all of them are exact
            cut = INF - 1
        return [i for i in self.ranking() if self.exact[i] and self.values[i] <= cut]

    def check(self) -> None:
        """Every opener is exact or excluded by a bound above the incumbent (else a bug)."""
        cut = self.incumbent
        for i in range(len(self.words)):
            if not self.exact[i] and self.values[i] <= cut and self.values[i] < INF:
                raise RuntimeError(
                    f"opener {self.words[i]!r} is neither solved nor excluded "
                    f"(bound {self.values[i]}, incumbent {cut})"
                )

    def counts(self) -> dict[str, int]:
        out = {k: 0 for k in KINDS}
        for kind in self.kinds:
            out[kind] += 1
        out["top"] = len(self.top_rows())
        return out

    def summary(self) -> dict:
        from wordgames.wordle.published import published_openers

        published = published_openers(self.fingerprint, self.mode)
        top = []
        for rank, i in enumerate(self.top_rows(), start=1):
            word = self.words[i]
            top.append(
                {
                    "rank": rank,
                    "word": word,
                    "total": int(self.values[i]),
                    "mean": round(float(self.values[i]) / self.answers, 4),
                    "published": published.get(word),
                }
            )
        return {
            "format": FORMAT,
            "mode": self.mode,
            "fingerprint": self.fingerprint,
            "answers": self.answers,
            "openers": len(self.words),
            "max_guesses": self.max_guesses,
            "top_k": self.top,
            "incumbent": None if self.incumbent >= INF else self.incumbent,
            "top": top,
            "counts": self.counts(),
            "wall_seconds": round(self.wall, 1),
            "cpu_seconds": round(self.cpu, 1),
            "workers": self.workers,
            **self.extra,
        }

    def table(self):
        import pyarrow as pa

        rank = np.zeros(len(self.words), dtype=np.int32)
        for r, i in enumerate(self.top_rows(), start=1):
            rank[i] = r
        feasible = self.values < INF
        return pa.table(
            {
                "word": pa.array(self.words, pa.string()),
                "rank": pa.array(np.where(rank > 0, rank, 0), pa.int32()).cast(pa.int32()),
                "value": pa.array(np.where(feasible, self.values, 0), pa.int64(), mask=~feasible),
                "exact": pa.array(self.exact),
                "kind": pa.array(self.kinds, pa.string()),
                "cpu_seconds": pa.array(np.round(self.seconds, 4)),
            }
        )
