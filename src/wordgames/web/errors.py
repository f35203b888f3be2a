"""HTTP answers for bad input: a status and a one-line ``{"error": ...}``, never a stack trace.

User errors raised by the solver modules (:mod:`wordgames.errors`) keep their message; request
validation errors are reduced to their first problem, named by where it is in the request.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException

from wordgames.errors import (
    ArtifactMissingError,
    ConfigError,
    GameStateError,
    InputError,
    WordgamesError,
)
from wordgames.web import pages
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


#: The error statuses every JSON operation may answer, as the OpenAPI document lists them (403 only
#: on /evalita, whose callbacks are allow-listed; 413 on every one: the size limit is checked before
#: the route, whatever the method).
ERROR_STATUSES = {
    "400": "Malformed or unknown input: bad JSON, an unknown word, solver or option.",
    "403": "A callback host that is not in serve.evalita.callback_hosts.",
    "413": "A request body over serve.max_body bytes.",
    "422": "Well-formed but invalid: a field of the wrong type or out of range, an impossible game "
    "state.",
    "503": "A game this config does not build, or work that outlived serve.search_seconds.",
}

ERROR_SCHEMA = {
    "title": "Error",
    "type": "object",
    "properties": {
        "error": {
            "title": "Error",
            "type": "string",
            "description": f"What is wrong, in one line of at most {MAX_MESSAGE} characters.",
        }
    },
    "required": ["error"],
    "additionalProperties": False,
}


def document_errors(spec: dict) -> dict:
    """The OpenAPI document with the error answers the app really sends: FastAPI documents its own
    422 shape (``HTTPValidationError``), which the handlers below replace by ``{"error": ...}``."""
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    schemas["Error"] = ERROR_SCHEMA
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in spec.get("paths", {}).items():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for status, text in ERROR_STATUSES.items():
                if status == "403" and path != "/evalita":
                    continue
                responses[status] = {"description": text, "content": content}
    return spec


def install(app: FastAPI) -> None:
    generate = app.openapi

    def openapi() -> dict:
        return document_errors(generate())  # FastAPI caches the document; this edit is idempotent

    app.openapi = openapi

    @app.exception_handler(WordgamesError)
    async def _wordgames(request: Request, exc: WordgamesError):
        return error(status_of(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        return error(*describe_validation(exc))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException):
        message = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        path = request.url.path
        if exc.status_code == 404 and pages.wants_html(path, request.headers.get("accept", "")):
            # a browser gets a page it can navigate away from; the JSON API keeps its JSON
            return HTMLResponse(pages.not_found(path, one_line(message)), status_code=404)
        return error(exc.status_code, message)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception):
        # a bug, not the user's fault: the log keeps the traceback, the client gets one line
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error(500, f"internal error ({type(exc).__name__}); see the server log")
