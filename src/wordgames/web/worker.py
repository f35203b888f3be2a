"""Work that may run for minutes, done in a child process the server can stop.

The exact Wordle search of a position off the optimal tree runs in numba kernels that hold the GIL
for their whole run: in a thread of the server it froze every request (the event loop included)
for as long as it ran, minutes for some positions. In a child process it blocks nothing else, and
a search that outlives its time limit is ended by killing the child, which is then started again.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable

from wordgames.errors import WordgamesError


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return 0.0


class TooSlow(WordgamesError):
    """A request whose work outlived the server's time limit (answered 503)."""


def _serve(conn, make_handler: Callable, args: tuple) -> None:
    """The child: ``handler = make_handler(*args)``, then ``handler(request)`` for each request."""
    handler = make_handler(*args)
    conn.send(("ready", None))
    while True:
        try:
            request = conn.recv()
        except EOFError:  # the server is gone
            return
        try:
            conn.send(("ok", handler(request)))
        except Exception as exc:  # noqa: BLE001 (reported to the server, which answers 500)
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class ChildWorker:
    """One child process answering requests with ``make_handler(*args)`` (both picklable: the
    child is spawned, not forked from a threaded server). Requests are served one at a time; each
    gets at most ``seconds``, its wait for the child included."""

    def __init__(
        self,
        make_handler: Callable,
        args: tuple,
        seconds: float,
        what: str,
        hint: str = "",
        max_mb: float | None = None,
    ):
        self.make_handler, self.args = make_handler, args
        self.seconds, self.what, self.hint = seconds, what, hint
        # a child over max_mb resident after a request is started again: what its handler keeps
        # (the optimal search's transposition table grows with every search) cannot grow unbounded
        self.max_mb = max_mb
        self.recycled = 0
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._proc = None
        self._conn = None
        self.restarts = 0  # children killed for outliving the limit

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def start(self, seconds: float = 600) -> None:
        """Start the child and wait until it is ready (``seconds`` at most)."""
        parent, child = self._ctx.Pipe()
        self._proc = self._ctx.Process(
            target=_serve, args=(child, self.make_handler, self.args), daemon=True
        )
        self._proc.start()
        child.close()
        self._conn = parent
        if not parent.poll(seconds):
            self.stop()
            raise RuntimeError(f"the {self.what} worker did not start within {seconds} s")
        kind, _ = parent.recv()
        if kind != "ready":
            raise RuntimeError(f"the {self.what} worker failed to start")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join()
            self._conn.close()
        self._proc = self._conn = None

    def call(self, request):
        """The child's answer to ``request``; TooSlow when it is not there within the limit (the
        child is then killed and started again, so the next request finds it free)."""
        deadline = time.monotonic() + self.seconds
        if not self._lock.acquire(timeout=self.seconds):
            raise TooSlow(self._too_slow("waiting for the previous one"))
        try:
            if self._proc is None or not self._proc.is_alive():
                self.start()
            self._conn.send(request)
            if not self._conn.poll(max(deadline - time.monotonic(), 0.0)):
                self.stop()
                self.restarts += 1
                self.start()
                raise TooSlow(self._too_slow("and was stopped"))
            kind, value = self._conn.recv()
            if self.max_mb is not None and resident_mb(self._proc.pid) > self.max_mb:
                self.stop()
                self.recycled += 1
                self.start()
        finally:
            self._lock.release()
        if kind != "ok":
            raise RuntimeError(f"{self.what}: {value}")
        return value

    def _too_slow(self, how: str) -> str:
        return (
            f"the {self.what} took over {self.seconds:g} s (serve.search_seconds) {how}{self.hint}"
        )
