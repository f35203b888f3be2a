"""HTTP answers for bad input: a status and a one-line ``{"error": ...}``, never a stack trace.

User errors raised by the solver modules (:mod:`wordgames.errors`) keep their message; request
validation errors are reduced to their first problem, named by where it is in the request.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from wordgames.errors import (
    ArtifactMissingError,
    ConfigError,
    GameStateError,
    InputError,
    WordgamesError,
)
from wordgames.web.worker import TooSlow

log = logging.getLogger(__name__)

STATUS = {
    InputError: 400,  # malformed or unknown input
    ConfigError: 400,
    GameStateError: 422,  # well-formed but impossible (no word fits, game already lost, ...)
    ArtifactMissingError: 503,  # the config does not build what this game needs
    TooSlow: 503,  # the work outlived serve.search_seconds
}


class Unavailable(ArtifactMissingError):
    """A game or service this server does not offer with its config."""


#: Longest error message sent: a message may quote what the client sent (an unknown solver name of a
#: megabyte), and an error should not echo a whole body back.
MAX_MESSAGE = 500


def one_line(text: str) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 1] + "…"


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


def status_of(exc: WordgamesError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 400


def describe_validation(exc: RequestValidationError) -> tuple[int, str]:
    """(status, message) of the first validation problem: malformed JSON is a 400, a well-formed
    body with a wrong field a 422."""
    errors = exc.errors()
    if not errors:
        return 422, "invalid request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx") or {}
        return 400, f"malformed JSON: {ctx.get('error', first.get('msg', ''))}"
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    return 422, f"{where}: {first.get('msg', 'invalid value')}"


def install(app: FastAPI) -> None:
    @app.exception_handler(WordgamesError)
    async def _wordgames(request: Request, exc: WordgamesError):
        return error(status_of(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        return error(*describe_validation(exc))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException):
        return error(
            exc.status_code, exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        )

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception):
        # a bug, not the user's fault: the log keeps the traceback, the client gets one line
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error(500, f"internal error ({type(exc).__name__}); see the server log")
