"""The best Wordle openers, proved over every allowed first guess.

A branch and bound over the openers: every allowed guess gets an admissible lower bound on its
total, cheapest first, and is searched exactly only when its bound does not exclude it. The
incumbent is the ``top``-th best exact total found so far (``INF`` until ``top`` openers are solved);
an opener is excluded once its bound exceeds it, since then at least ``top`` openers beat it.

Levels, each applied only to the openers the previous one did not exclude:

1. ``classes``: from the sizes of the opener's feedback cells alone
   (:func:`wordgames.wordle.exact.bounds.classes_bounds`), every opener in one pass;
2. seeds: the ``2 * top`` openers with the most feedback cells are solved first (with the incumbent
   + 1 as the bound once there is one), to get a good incumbent early;
3. ``cells``: each cell at its one-level bound, the minimum over every allowed next guess
   (:func:`~wordgames.wordle.exact.bounds.opener_cells_bound`, stopping once the bound excludes);
4. ``search``: the exact solver of `wordgames.wordle.exact.solver` with the incumbent + 1 as
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
from pathlib import Path

import numpy as np

from wordgames.errors import InputError
from wordgames.wordle.core import WordleData
from wordgames.wordle.exact import bounds as B
from wordgames.wordle.exact.kernels import INF
from wordgames.wordle.exact.opener_table import FORMAT, KINDS, OpenersResult
from wordgames.wordle.exact.opener_worker import MEMO_CAP, Worker, init_worker, run_task
from wordgames.wordle.exact.scan import partition_stats
from wordgames.wordle.exact.solver import Solver, mode_name

_RANK = {"classes": 0, "cells": 1, "search": 2}
CELLS_BATCH = 32


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
        on_start: Callable[[int], None] | None = None,
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
        # called with the number of records resumed once the checkpoint is read and found good,
        # before any work: what a front-end says up front must not precede a refused checkpoint
        self.on_start = on_start
        n = len(data.guesses)
        self.values = np.zeros(n, dtype=np.int64)
        self.exact = np.zeros(n, dtype=bool)
        self.kinds = ["classes"] * n
        self.seconds = np.zeros(n, dtype=np.float64)
        self.cpu = 0.0
        self._local: Worker | None = None
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
            self._local = Worker(
                self.data, self.hard, self.hard_rule, self.max_guesses, self.memo_cap
            )
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        matrix = np.ascontiguousarray(self.data.matrix)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),  # numba's threads do not survive fork
            initializer=init_worker,
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
                    pending.add(self._pool.submit(run_task, task))
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
        if self.on_start is not None:
            self.on_start(resumed)
        earlier_cpu = float(self.seconds.sum())  # what the checkpoint's runs spent
        ncells, sumsq, ingreen = partition_stats(s.all_answers, G, s.M, s.allgreen)
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
