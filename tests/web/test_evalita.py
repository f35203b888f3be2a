"""The Evalita 2020 Ghigliottin-AI protocol against a real ``wordgames serve``: a local stand-in for
the organisers' server sends games, records the answers POSTed to its callback and their times."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from wordgames.web.local import post_json

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
GAMES = [
    ["monaco", "abito", "dire", "fare", "mezzo"],
    ["porta", "casa", "mare", "acqua", "pane"],
    ["colpo", "testa", "duro", "fuoco", "sole"],
    ["vento", "tempesta", "onda", "porto", "mare"],
    ["cane", "amico", "uscio", "porta", "casa"],
    ["qwxzy", "abito", "dire", "fare", "mezzo"],  # an unknown clue: still answered, empty
]


class Organisers:
    """The organisers' side: records every form POSTed to /answer with the time it arrived."""

    def __init__(self):
        self.answers: dict[str, dict] = {}
        self.arrived = threading.Condition()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length", 0))
                form = urllib.parse.parse_qs(
                    self.rfile.read(length).decode(), keep_blank_values=True
                )
                record = {k: v[0] for k, v in form.items()}
                record["content_type"] = self.headers.get("Content-Type")
                record["arrived"] = time.monotonic()
                with outer.arrived:
                    outer.answers[record.get("game_id", "?")] = record
                    outer.arrived.notify_all()
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/answer"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def wait(self, ids, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        with self.arrived:
            while not set(ids) <= set(self.answers) and time.monotonic() < deadline:
                self.arrived.wait(timeout=max(0.0, deadline - time.monotonic()))


@pytest.fixture
def organisers():
    o = Organisers()
    yield o
    o.httpd.shutdown()


def test_games_are_answered_at_the_callback_within_60_seconds(server, organisers, cfg):
    sent = {}
    for k, clues in enumerate(GAMES):
        game = {
            "game_id": f"g{k}",
            **{f"w{i + 1}": c for i, c in enumerate(clues)},
            "callback": organisers.url,
        }
        sent[game["game_id"]] = time.monotonic()
        status, body = post_json(server + "/evalita", game)
        assert status == 202 and body == {"game_id": game["game_id"], "status": "accepted"}
    organisers.wait(sent, 60)
    assert set(organisers.answers) == set(sent), "some games got no answer within 60 s"
    times = {}
    for game_id, record in organisers.answers.items():
        times[game_id] = record["arrived"] - sent[game_id]
        assert times[game_id] < 60
        assert record["uuid"] == cfg.section("serve")["evalita"]["uuid"]
        assert record["content_type"] == "application/x-www-form-urlencoded"
        assert set(record) >= {"game_id", "uuid", "solution"}
    statuses = set()
    for k, clues in enumerate(GAMES):  # the answer is the solver's top answer, or empty
        status, solved = post_json(server + "/api/guillotine/solve", {"clues": clues, "top": 1})
        statuses.add(status)
        expected = solved["answers"][0]["word"] if status == 200 else ""
        assert organisers.answers[f"g{k}"]["solution"] == expected
    assert statuses == {200, 400}
    with urllib.request.urlopen(server + "/evalita/log?limit=100", timeout=10) as r:
        log = json.loads(r.read())
    assert {g["game_id"] for g in log["games"]} >= set(sent)
    # as the OpenAPI document says: answered games with the callback's status (200 here)
    import jsonschema

    with urllib.request.urlopen(server + "/openapi.json", timeout=10) as r:
        spec = json.loads(r.read())
    documented = spec["paths"]["/evalita/log"]["get"]["responses"]["200"]["content"]
    schema = documented["application/json"]["schema"]
    jsonschema.validate(log, {**schema, "components": spec["components"]})
    assert {g["callback_status"] for g in log["games"] if g["game_id"] in sent} == {200}
    out = REPO / "results" / "web-tests"
    out.mkdir(parents=True, exist_ok=True)
    (out / "evalita-times.json").write_text(
        json.dumps(
            {
                g: {"seconds": round(t, 4), "solution": organisers.answers[g]["solution"]}
                for g, t in sorted(times.items())
            },
            indent=1,
        )
    )
    print("evalita answer times (s):", {g: round(t, 3) for g, t in sorted(times.items())})


def test_callbacks_elsewhere_and_malformed_games_are_refused(server, organisers):
    game = {"game_id": "x", "w1": "a", "w2": "b", "w3": "c", "w4": "d", "w5": "e"}
    status, body = post_json(server + "/evalita", {**game, "callback": "http://192.0.2.1/answer"})
    assert status == 403 and "callback_hosts" in body["error"]
    status, body = post_json(server + "/evalita", {**game, "callback": "file:///etc/passwd"})
    assert status == 400 and "http" in body["error"]
    status, body = post_json(server + "/evalita", {"game_id": "x", "callback": organisers.url})
    assert status == 422 and "w1" in body["error"]
    time.sleep(0.5)
    assert organisers.answers == {}
