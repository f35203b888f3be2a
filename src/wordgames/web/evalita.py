"""The Evalita 2020 Ghigliottin-AI game service protocol.

The organisers' server POSTs a game as JSON, ``{"game_id": ..., "w1": ..., ..., "w5": ...,
"callback": URL}``, to each registered system. The system answers at once (here 202 Accepted) and,
within 60 seconds, POSTs the form fields ``game_id``, ``uuid`` (its registration id) and
``solution`` to ``callback``. The solution is the configured solver's top answer.

The callback may only point at the hosts of ``serve.evalita.callback_hosts``: the endpoint must not
let anyone make this server post to an arbitrary address. The last games answered are kept (a
bounded list) and shown by ``GET /evalita/log``.
"""

from __future__ import annotations

import collections
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Literal

from fastapi import APIRouter, BackgroundTasks
from pydantic import Field

from wordgames.errors import InputError, WordgamesError
from wordgames.web.body import RequestBody, ResponseBody
from wordgames.web.errors import Unavailable

log = logging.getLogger(__name__)
LOG_SIZE = 1000


class EvalitaGame(RequestBody):
    game_id: str = Field(..., min_length=1, max_length=200)
    w1: str = Field(..., max_length=100)
    w2: str = Field(..., max_length=100)
    w3: str = Field(..., max_length=100)
    w4: str = Field(..., max_length=100)
    w5: str = Field(..., max_length=100)
    callback: str = Field(..., max_length=2000, description="URL the answer is POSTed to")

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "game_id": "42",
                    "w1": "certificato",
                    "w2": "figlio",
                    "w3": "tragedia",
                    "w4": "stella",
                    "w5": "venere",
                    "callback": "http://127.0.0.1:9000/answer",
                }
            ]
        }
    }


class EvalitaService:
    def __init__(self, guillotine, settings):
        """``settings``: the serve.evalita section (``wordgames.settings.Evalita``)."""
        self.guillotine = guillotine
        self.uuid = settings.uuid
        self.solver = settings.solver
        self.hosts = {h.lower() for h in settings.callback_hosts}
        self.timeout = float(settings.timeout)
        self.answered: collections.deque = collections.deque(maxlen=LOG_SIZE)

    def check(self, game: EvalitaGame) -> None:
        if self.guillotine is None:
            raise Unavailable(
                "the Evalita service needs the guillotine, which this config does not build"
            )
        if not self.uuid:
            raise Unavailable("the Evalita service is off: set serve.evalita.uuid in the config")
        url = urllib.parse.urlsplit(game.callback)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise InputError(f"callback {game.callback!r} is not an http(s) URL")
        try:
            url.port  # noqa: B018 - urlsplit reads the port only when asked
        except ValueError:  # not a number, or over 65535: the POST would fail after the 202
            raise InputError(
                f"callback {game.callback!r}: the port is not a number from 0 to 65535"
            ) from None
        if url.hostname.lower() not in self.hosts:
            from fastapi import HTTPException

            raise HTTPException(
                403, f"callback host {url.hostname!r} is not one of serve.evalita.callback_hosts"
            )

    def answer(self, game: EvalitaGame, received: float) -> dict:
        """Solve the game and POST the answer to its callback; returns what was recorded."""
        clues = [game.w1, game.w2, game.w3, game.w4, game.w5]
        record = {"game_id": game.game_id, "clues": clues, "solution": "", "error": None}
        try:
            result = self.guillotine.solve(clues, self.solver, top=1)
            if result["answers"]:
                record["solution"] = result["answers"][0]["word"]
        except WordgamesError as exc:  # an unknown clue still gets an (empty) answer in time
            record["error"] = str(exc)
        form = urllib.parse.urlencode(
            {"game_id": game.game_id, "uuid": self.uuid, "solution": record["solution"]}
        ).encode()
        request = urllib.request.Request(
            game.callback,
            data=form,
            method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        left = max(1.0, self.timeout - (time.monotonic() - received))
        try:
            with urllib.request.urlopen(request, timeout=left) as response:
                record["callback_status"] = response.status
        except (urllib.error.URLError, OSError) as exc:
            record["callback_status"] = None
            record["error"] = f"callback failed: {exc}"
            log.warning("evalita game %s: callback %s failed: %s", game.game_id, game.callback, exc)
        record["seconds"] = round(time.monotonic() - received, 4)
        self.answered.append(record)
        return record


class Accepted(ResponseBody):
    game_id: str = Field(description="the game's id, as sent")
    status: Literal["accepted"] = Field(description="the game will be answered at its callback")


class Answered(ResponseBody):
    """One game answered, as the log keeps it."""

    game_id: str = Field(description="the game's id, as sent")
    clues: list[str] = Field(description="the five clues w1..w5, as sent")
    solution: str = Field(description="the answer POSTed to the callback; empty when none")
    error: str | None = Field(
        description="why the solution is empty or the callback failed; null when neither"
    )
    callback_status: int | None = Field(
        description="the callback's HTTP status; null when the POST failed"
    )
    seconds: float = Field(description="seconds from receiving the game to the callback's end")


class AnsweredLog(ResponseBody):
    uuid_set: bool = Field(description="whether serve.evalita.uuid is set (the service is on)")
    games: list[Answered] = Field(
        description=f"the last games answered (at most `limit`; {LOG_SIZE} are kept), newest last"
    )


def router(service: EvalitaService) -> APIRouter:
    r = APIRouter(tags=["evalita"])

    @r.post("/evalita", status_code=202, response_model=Accepted)
    def receive(game: EvalitaGame, background: BackgroundTasks) -> dict:
        """A game from the organisers' server (Evalita 2020 Ghigliottin-AI protocol). Accepted at
        once; the answer is POSTed to ``callback`` as form fields game_id, uuid and solution."""
        received = time.monotonic()
        service.check(game)
        background.add_task(service.answer, game, received)
        return {"game_id": game.game_id, "status": "accepted"}

    @r.get("/evalita/log", response_model=AnsweredLog)
    def answered(limit: int = 50) -> dict:
        """The last games answered (at most 1000 are kept), newest last."""
        items = list(service.answered)[-max(1, min(limit, LOG_SIZE)) :]
        return {"uuid_set": bool(service.uuid), "games": items}

    return r
