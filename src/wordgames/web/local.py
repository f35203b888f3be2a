"""A real ``wordgames serve`` in a subprocess on a free loopback port, and a plain JSON client:
how the web tests and benchmarks/web_load.py drive the server as its users do (over HTTP, not
in-process). Standard library only."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command(configfile: str | Path, port: int) -> list[str]:
    """``wordgames serve`` with this interpreter, as a user runs it."""
    serve = [sys.executable, "-m", "wordgames", "serve"]
    return [*serve, "--configfile", str(configfile), "--port", str(port)]


def post_json(url: str, body: dict, timeout: float = 30) -> tuple[int, dict]:
    """POST ``body`` as JSON; the status and the JSON answer (a 4xx's error body included, ``{}``
    when an error carries none)."""
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, json.loads(raw) if raw else {}


class ServerExited(RuntimeError):
    """The server stopped before it answered (``returncode`` 2: an artifact is missing)."""

    def __init__(self, returncode: int):
        super().__init__(f"the server exited with {returncode} (see its log)")
        self.returncode = returncode


def start(
    configfile: str | Path, log: IO[bytes], cwd: str | Path | None = None, seconds: float = 120
) -> tuple[subprocess.Popen, str]:
    """``wordgames serve --configfile configfile`` with its output in ``log``; once it answers
    /api/status, the process and its base URL. Raises ServerExited or TimeoutError (the process
    then stopped)."""
    port = free_port()
    command = serve_command(configfile, port) + ["--log-level", "warning"]
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/api/status", proc, seconds)
    except BaseException:
        stop(proc)
        raise
    return proc, base


def wait_for(url: str, proc: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServerExited(proc.returncode)
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"the server did not answer {url} within {seconds} s")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
