"""The best Wordle openers, proved over every allowed first guess.

A branch and bound over the openers: every allowed guess gets an admissible lower bound on its
total, cheapest first, and is searched exactly only when its bound does not exclude it. The
incumbent is the ``top``-th best exact total found so far (``INF`` until ``top`` openers are solved);
an opener is excluded once its bound exceeds it, since then at least ``top`` openers beat it.

Levels, each applied only to the openers the previous one did not exclude:

1. ``classes``: from the sizes of the opener's feedback cells alone
   (:func:`wordgames.wordle.opener_bounds.classes_bounds`), every opener in one pass;
2. seeds: the ``2 * top`` openers with the most feedback cells are solved first (with the incumbent
   + 1 as the bound once there is one), to get a good incumbent early;
3. ``cells``: each cell at its one-level bound, the minimum over every allowed next guess
   (:func:`~wordgames.wordle.opener_bounds.opener_cells_bound`, stopping once the bound excludes);
4. ``search``: the exact solver of :mod:`wordgames.wordle.strategies.optimal` with the incumbent + 1 as
   its bound (``Solver.opener_value``), in the order of the ``cells`` bounds: it either proves the
   exact total (``exact``) or fails high with a lower bound above the incumbent (``search``).

Because the incumbent only decreases, a bound that excluded an opener once excludes it for good;
openers tied with the ``top``-th total are proved too (the bound is incumbent + 1), so the table ends
with every tie. ``infeasible``: some answer cannot be found within ``max_guesses``.

Work is spread over ``workers`` processes (each keeps its own transposition table across openers);
every result is appended to a checkpoint file (JSON lines) as it arrives, so an interrupted run
resumes where it stopped. Progress lines (openers decided, incumbent, time left) go to stderr.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wordgames.errors import InputError
from wordgames.wordle import opener_bounds as B
from wordgames.wordle import optimal_kernels as K
from wordgames.wordle.core import WordleData
from wordgames.wordle.strategies.optimal import Solver, mode_name

FORMAT = "wordgames-wordle-openers/1"
INF = K.INF
KINDS = ("exact", "search", "cells", "classes", "infeasible")
_RANK = {"classes": 0, "cells": 1, "search": 2}
CELLS_BATCH = 32
#: transposition-table entries a worker keeps before starting a fresh table (about 50 bytes each)
MEMO_CAP = 6_000_000


# one process's work ------------------------------------------------------------------------------
class _Worker:
    """The solver of one process: its transposition table is reused across the openers it gets."""

    def __init__(
        self, data: WordleData, hard: bool, hard_rule: str | None, max_guesses: int, memo_cap: int
    ) -> None:
        self.solver = Solver(data, hard=hard, hard_rule=hard_rule, max_guesses=max_guesses)
        self.memo_cap = memo_cap
        s = self.solver
        self.reach = B.classes_per_guess(s.all_answers, s.all_guesses, s.M, s.allgreen)
        self.kmax = int(self.reach.max())
        self.caps = B.class_caps(s.allgreen, s.letters.shape[1], self.kmax, hard)
        self.order = np.argsort(-self.reach, kind="stable").astype(np.int32)
        self.order_reach = self.reach[self.order]

    def cells(self, rows: list[int], cutoff: int) -> list[tuple]:
        """Per opener: (row, bound, complete, CPU seconds, per-pattern cell bounds or None); the
        cell bounds come back only for an opener the bound did not exclude (its search needs
        them)."""
        s = self.solver
        out = []
        per_cell = np.zeros(s.allgreen + 1, dtype=np.int64)
        for g in rows:
            t = time.process_time()
            bound, complete = B.opener_cells_bound(
                g,
                s.all_answers,
                self.order,
                self.reach,
                self.order_reach,
                s.M,
                s.MT,
                s.answer_rows,
                s.allgreen,
                s.zans,
                s.letters,
                s.mode,
                self.caps,
                cutoff,
                INF,
                per_cell,
            )
            keep = complete and bound < cutoff
            cells = {int(c): int(per_cell[c]) for c in np.flatnonzero(per_cell)} if keep else None
            out.append((g, int(bound), bool(complete), time.process_time() - t, cells))
        return out

    def search(self, g: int, beta: int, cells: dict[int, int] | None = None):
        if len(self.solver.memo) > self.memo_cap:
            self.solver.memo = K.new_memo()
        t = time.process_time()
        v = self.solver.opener_value(g, beta, cell_bounds=cells)
        return g, int(v), time.process_time() - t


_WORKER: _Worker | None = None


def _init_worker(lists, matrix, hard, hard_rule, max_guesses, memo_cap) -> None:
    global _WORKER
    from wordgames.wordle.data import make_data

    guesses, answers = lists
    _WORKER = _Worker(make_data(guesses, answers, matrix), hard, hard_rule, max_guesses, memo_cap)


def _run(task):
    kind, *args = task
    assert _WORKER is not None
    return kind, getattr(_WORKER, kind)(*args)


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


# the search --------------------------------------------------------------------------------------
class OpenerSearch:
    """Branch and bound over every opener (module doc). ``run()`` returns an :class:`OpenersResult`."""

    def __init__(
        self,
        data: WordleData,
        *,
        hard: bool = False,
        hard_rule: str | None = None,
        max_guesses: int = 6,
        top: int = 10,
        workers: int = 1,
        checkpoint: str | os.PathLike | None = None,
        progress: Callable[[str], None] | None = None,
        progress_every: float = 30.0,
        memo_cap: int = MEMO_CAP,
        replace_foreign_checkpoint: bool = False,
    ) -> None:
        if top < 1:
            raise InputError(f"--top must be at least 1, not {top}")
        if workers < 1:
            raise InputError(f"workers must be at least 1, not {workers}")
        self.data = data
        self.hard = bool(hard)
        self.hard_rule = (hard_rule or "nyt") if hard else None
        self.mode = mode_name(self.hard, self.hard_rule)
        self.max_guesses = int(max_guesses)
        self.top = int(top)
        self.workers = int(workers)
        self.checkpoint = Path(checkpoint) if checkpoint else None
        self.progress = progress
        self.progress_every = progress_every
        self.memo_cap = memo_cap
        # a pipeline stage whose lists changed starts over; a user naming a file is told instead
        self.replace_foreign_checkpoint = replace_foreign_checkpoint
        n = len(data.guesses)
        self.values = np.zeros(n, dtype=np.int64)
        self.exact = np.zeros(n, dtype=bool)
        self.kinds = ["classes"] * n
        self.seconds = np.zeros(n, dtype=np.float64)
        self.cpu = 0.0
        self._local: _Worker | None = None
        self._pool = None
        self._log = None
        self._phase = ("starting", 0, 0, time.perf_counter())
        self._last_report = 0.0

    # state ---------------------------------------------------------------------------------------
    def incumbent(self) -> int:
        ex = self.values[self.exact & (self.values < INF)]
        if len(ex) < self.top:
            return INF
        return int(np.partition(ex, self.top - 1)[self.top - 1])

    def beta(self) -> int:
        """The solver's bound: openers tied with the incumbent are proved too."""
        inc = self.incumbent()
        return INF if inc >= INF else inc + 1

    def open(self, g: int) -> bool:
        """Neither solved nor excluded by the current incumbent."""
        return not self.exact[g] and self.values[g] < self.beta()

    def record(self, g: int, value: int, kind: str, seconds: float = 0.0, log: bool = True) -> None:
        value = min(int(value), INF)
        if value >= INF:
            kind = "infeasible"
        self.seconds[g] += seconds
        if self.exact[g]:
            return
        if kind == "exact" or kind == "infeasible":
            self.values[g] = value
            self.exact[g] = kind == "exact"
            self.kinds[g] = kind
        elif value > self.values[g]:
            self.values[g] = value
            self.kinds[g] = kind
        if log and self._log is not None:
            self._log.write(
                json.dumps(
                    {"w": self.data.guesses[g], "v": value, "k": kind, "s": round(seconds, 4)}
                )
                + "\n"
            )
            self._log.flush()

    def _header(self) -> dict:
        return {
            "format": FORMAT,
            "fingerprint": self.data.fingerprint,
            "mode": self.mode,
            "max_guesses": self.max_guesses,
        }

    def _resume(self) -> int:
        """Read the checkpoint (if any) and open it for appending; the number of records read."""
        if self.checkpoint is None:
            return 0
        read = 0
        lines: list[str] = []
        if self.checkpoint.exists() and self.checkpoint.stat().st_size > 0:
            from wordgames.textfiles import read_text

            text = read_text(self.checkpoint)
            lines = text.splitlines()
            try:
                header = json.loads(lines[0]) if lines else None
            except json.JSONDecodeError:
                header = None
            if json.dumps(self._header()).startswith(text):
                lines = []  # a run killed while it wrote the header line: nothing to resume
            elif header != self._header() and self.replace_foreign_checkpoint:
                if self.progress is not None:
                    self.progress(f"{self.checkpoint}: a checkpoint of another search, replaced")
                lines = []
            elif header != self._header():
                raise InputError(
                    f"{self.checkpoint}: a checkpoint of another search ({header!r:.120}); "
                    "delete it or choose another path"
                )
        if lines:
            for number, line in enumerate(lines[1:], start=2):
                rec = self._parse_record(line)
                if rec is None:
                    if number == len(lines):  # the last line of a killed run may be cut short
                        break
                    raise InputError(f"{self.checkpoint} line {number}: not a checkpoint record")
                self.record(*rec, log=False)
                read += 1
            text = "\n".join(lines[: 1 + read]) + "\n"  # drop a cut-short last line
            from wordgames.artifacts import atomic_open

            with atomic_open(self.checkpoint) as fh:
                fh.write(text)
            self._log = open(self.checkpoint, "a", encoding="utf-8")  # noqa: SIM115
        else:
            self.checkpoint.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.checkpoint, "w", encoding="utf-8")  # noqa: SIM115
            self._log.write(json.dumps(self._header()) + "\n")
            self._log.flush()
        return read

    def _parse_record(self, line: str) -> tuple[int, int, str, float] | None:
        """``(guess, value, kind, seconds)`` of a line as :meth:`record` writes it, or None.

        Values are checked as written (an integer total or bound, a known kind, finite seconds): the
        fuzzer of issue 12 fed ``1e400``, ``true`` and ``"s": "x"``, which ended in tracebacks or
        in a total of 1."""
        try:
            rec = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            return None
        if not isinstance(rec, dict):
            return None
        g = self.data.index.get(rec.get("w")) if isinstance(rec.get("w"), str) else None
        value, kind, seconds = rec.get("v"), rec.get("k"), rec.get("s", 0.0)
        if (
            g is None
            or type(value) is not int
            or not 0 <= value <= INF
            or kind not in KINDS
            or type(seconds) not in (int, float)
            or not 0 <= seconds < float("inf")
        ):
            return None
        return g, value, kind, float(seconds)

    # progress ------------------------------------------------------------------------------------
    def _say(self, force: bool = False) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if not force and now - self._last_report < self.progress_every:
            return
        self._last_report = now
        name, done, total, started = self._phase
        inc = self.incumbent()
        decided = int((self.exact | (self.values >= (INF if inc >= INF else inc + 1))).sum())
        best = np.flatnonzero(self.exact)
        lead = ""
        if len(best):
            b = int(best[np.argmin(self.values[best])])
            lead = f", best {self.data.guesses[b].upper()} {self.values[b]}"
        elapsed = now - self._t0
        left = ""
        if done and total > done:
            left = f", phase ~{_clock((now - started) / done * (total - done))} left"
        self.progress(
            f"openers {self.mode}: {decided}/{len(self.values)} decided; {name} {done}/{total}; "
            f"top-{self.top} incumbent {'-' if inc >= INF else inc}{lead}; "
            f"{_clock(elapsed)} elapsed{left}"
        )

    # running tasks -------------------------------------------------------------------------------
    def _start(self) -> None:
        if self.workers == 1:
            self._local = _Worker(
                self.data, self.hard, self.hard_rule, self.max_guesses, self.memo_cap
            )
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        matrix = np.ascontiguousarray(self.data.matrix)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),  # numba's threads do not survive fork
            initializer=_init_worker,
            initargs=(
                (self.data.guesses, self.data.answers),
                matrix,
                self.hard,
                self.hard_rule,
                self.max_guesses,
                self.memo_cap,
            ),
        )

    def _stop(self, interrupted: bool = False) -> None:
        if self._pool is not None:
            if interrupted:  # a worker would otherwise finish its opener (seconds) on its own
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def _drive(
        self, name: str, tasks: Iterator[tuple], total: int, handle: Callable[[str, object], int]
    ) -> None:
        """Run ``tasks`` (made lazily, so each gets the incumbent of the moment it is sent)."""
        self._phase = (name, 0, total, time.perf_counter())
        done = 0

        def finished(kind, result):
            nonlocal done
            done += handle(kind, result)
            self._phase = (name, done, total, self._phase[3])
            self._say()

        if self._local is not None:
            for kind, *args in tasks:
                finished(kind, getattr(self._local, kind)(*args))
            self._say(force=True)
            return
        from concurrent.futures import FIRST_COMPLETED, wait

        pending: set = set()
        source = iter(tasks)
        exhausted = False
        while True:
            while not exhausted and len(pending) < 2 * self.workers:
                task = next(source, None)
                if task is None:
                    exhausted = True
                else:
                    pending.add(self._pool.submit(_run, task))
            if not pending:
                break
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in ready:
                finished(*fut.result())
        self._say(force=True)

    def _handle(self, kind: str, result) -> int:
        if kind == "cells":
            for g, bound, _complete, seconds, cells in result:
                self.record(g, bound, "cells", seconds)
                self.cpu += seconds
                if cells is not None:
                    self._cell_bounds[g] = cells
            return len(result)
        g, value, seconds = result
        self.cpu += seconds
        beta = self._sent_beta.pop(g)
        self.record(g, value, "exact" if value < beta else "search", seconds)
        return 1

    def _searches(self, rows: Iterable[int]) -> Iterator[tuple]:
        for g in rows:
            if self.open(g):
                beta = self.beta()
                self._sent_beta[g] = beta
                yield ("search", g, beta, self._cell_bounds.pop(g, None))

    def _cell_batches(self, rows: list[int]) -> Iterator[tuple]:
        batch: list[int] = []
        for g in rows:
            if self.open(g) and self.kinds[g] == "classes":
                batch.append(g)
            if len(batch) == CELLS_BATCH:
                yield ("cells", batch, self.beta())
                batch = []
        if batch:
            yield ("cells", batch, self.beta())

    # the whole search ----------------------------------------------------------------------------
    def run(self) -> OpenersResult:
        self._t0 = time.perf_counter()
        cpu0 = time.process_time()
        self._sent_beta: dict[int, int] = {}
        self._cell_bounds: dict[int, dict[int, int]] = {}  # from the cells phase to the search
        s = Solver(
            self.data, hard=self.hard, hard_rule=self.hard_rule, max_guesses=self.max_guesses
        )
        G = s.all_guesses
        kmax = int(B.classes_per_guess(s.all_answers, G, s.M, s.allgreen).max())
        caps = B.class_caps(s.allgreen, s.letters.shape[1], kmax, self.hard)
        classes = B.classes_bounds(s.all_answers, G, s.M, s.allgreen, caps)
        for g in range(len(G)):
            self.record(g, int(classes[g]), "classes", log=False)
        resumed = self._resume()
        earlier_cpu = float(self.seconds.sum())  # what the checkpoint's runs spent
        ncells, sumsq, ingreen = K.partition_stats(s.all_answers, G, s.M, s.allgreen)
        seeds = [int(g) for g in np.lexsort((G, sumsq, -ingreen, -ncells))[: 2 * self.top]]
        interrupted = True
        previous = _terminate_on_sigterm()
        try:
            self._start()
            self._say(force=True)
            self._drive("seeds", self._searches(seeds), len(seeds), self._handle)
            order = [int(g) for g in np.lexsort((G, self.values))]
            todo = [g for g in order if self.open(g) and self.kinds[g] == "classes"]
            self._drive("cells", self._cell_batches(todo), len(todo), self._handle)
            order = [int(g) for g in np.lexsort((G, self.values))]
            todo = [g for g in order if self.open(g)]
            self._drive("search", self._searches(todo), len(todo), self._handle)
            interrupted = False
        finally:
            self._stop(interrupted)
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        if self._local is not None:
            self.cpu = 0.0  # the in-process work is in process_time already
        cpu = time.process_time() - cpu0 + self.cpu
        result = OpenersResult(
            words=list(self.data.guesses),
            values=self.values.copy(),
            exact=self.exact.copy(),
            kinds=list(self.kinds),
            seconds=self.seconds.copy(),
            top=self.top,
            mode=self.mode,
            fingerprint=self.data.fingerprint,
            answers=len(self.data.answers),
            max_guesses=self.max_guesses,
            wall=time.perf_counter() - self._t0,
            cpu=cpu,
            workers=self.workers,
            extra={
                "resumed_records": resumed,
                "kmax": kmax,
                "cpu_seconds_all_runs": round(earlier_cpu + cpu, 1),
            },
        )
        result.check()
        return result


def _terminate_on_sigterm():
    """Turn SIGTERM (a killed job) into an exception, so the workers are stopped and the checkpoint
    closed; returns the previous handler (None outside the main thread, where this cannot be set)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def handler(signum, frame):
        raise SystemExit(f"wordgames: stopped by signal {signum}; rerun to resume")

    return signal.signal(signal.SIGTERM, handler)


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s"


def search_openers(data: WordleData, **kwargs) -> OpenersResult:
    """:class:`OpenerSearch` ``(data, **kwargs).run()``."""
    return OpenerSearch(data, **kwargs).run()


def stderr_progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
