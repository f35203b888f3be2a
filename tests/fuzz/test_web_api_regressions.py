"""Regressions for what the web JSON API fuzz target (tests/fuzz/targets.py, "web JSON API") found.
They need no built artifacts: the request models and the error handlers are checked on their own."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError

from wordgames.errors import InputError
from wordgames.web import errors
from wordgames.web.evalita import EvalitaGame
from wordgames.web.guillotine import SolveRequest
from wordgames.web.hangman import AssistRequest, PlayRequest
from wordgames.web.wordle import AnalyseRequest, GuessRequest, NewGameRequest

CLUES = '["a", "b", "c", "d", "e"]'
GAME = '"game_id": "1", "w1": "a", "w2": "b", "w3": "c", "w4": "d", "w5": "e"'


@pytest.mark.parametrize(
    "model, body",
    [
        # the server answered 200 to these: pydantic's lax mode read 1, "yes" or "on" as true and
        # "10" as 10, where the OpenAPI document says boolean and integer
        (NewGameRequest, '{"hard": 1}'),
        (NewGameRequest, '{"hard": "yes"}'),
        (AnalyseRequest, '{"hard": "on"}'),
        (AnalyseRequest, '{"top": "10"}'),
        (AssistRequest, '{"board": "___", "top": "3"}'),
        (SolveRequest, '{"clues": ' + CLUES + ', "top": "1e1"}'),
        (GuessRequest, '{"game": "g", "guess": 12345}'),
        (PlayRequest, '{"phrase": 1}'),
        (EvalitaGame, "{" + GAME + ', "callback": 1}'),
    ],
)
def test_request_bodies_refuse_what_their_schema_refuses(model, body):
    with pytest.raises(ValidationError):
        model.model_validate_json(body)


@pytest.mark.parametrize(
    "model, body",
    [
        (NewGameRequest, '{"hard": true}'),
        (AnalyseRequest, '{"moves": [{"guess": "crane", "feedback": "..y.g"}], "top": 3}'),
        (SolveRequest, '{"clues": ' + CLUES + ', "top": 1}'),
        (EvalitaGame, "{" + GAME + ', "callback": "http://127.0.0.1:1/x"}'),
    ],
)
def test_request_bodies_of_the_documented_types_still_pass(model, body):
    model.model_validate_json(body)


def test_an_error_quoting_a_huge_input_is_cut_to_one_short_line():
    # the server echoed a megabyte-long unknown solver name back in its 400
    app = FastAPI()
    errors.install(app)

    @app.post("/x")
    def refuse(body: dict):
        raise InputError(f"unknown solver {body['solver']!r}: choose one of a, b")

    client = TestClient(app)
    answer = client.post("/x", json={"solver": "[" * 100_000 + "\n" + "]" * 100_000})
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert len(message) == errors.MAX_MESSAGE and message.endswith("…")
    assert "\n" not in message and message.startswith("unknown solver '[[[")
    short = client.post("/x", json={"solver": "zz"}).json()["error"]
    assert short == "unknown solver 'zz': choose one of a, b"


@pytest.mark.parametrize("port", ["abc", "99999", "-1"])
def test_an_evalita_callback_with_a_bad_port_is_refused_before_the_202(port):
    # it was accepted, and the answer's POST then died in the background task with InvalidURL (a
    # traceback in the server log, no answer recorded, nothing sent to the organisers)
    from wordgames.settings import Evalita
    from wordgames.web.evalita import EvalitaService

    settings = Evalita(uuid="u", solver="links", callback_hosts=["127.0.0.1"], timeout=5.0)
    service = EvalitaService(guillotine=object(), settings=settings)
    game = EvalitaGame.model_validate_json(
        "{" + GAME + f', "callback": "http://127.0.0.1:{port}/x"}}'
    )
    with pytest.raises(InputError, match="port is not a number from 0 to 65535"):
        service.check(game)
    service.check(
        EvalitaGame.model_validate_json("{" + GAME + ', "callback": "http://127.0.0.1:8/x"}')
    )
