"""The JSON API on the tiny pipeline's artifacts: answers checked against plain references and the
command line, and bad input answered with a 4xx and one line, never a 500."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.hangman.game import Game
from wordgames.wordle.feedback import feedback, format_letters

pytestmark = pytest.mark.slow


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


# Wordle ----------------------------------------------------------------------------------------
@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_wordle_analysis_matches_a_brute_force_reference(client, services, data):
    wordle = services.wordle.data
    answer = data.draw(st.sampled_from(wordle.answers))
    guesses = data.draw(st.lists(st.sampled_from(wordle.guesses), min_size=0, max_size=2))
    guesses = [g for g in guesses if g != answer]
    hard = data.draw(st.booleans())
    moves = [{"guess": g, "feedback": format_letters(feedback(g, answer), 5)} for g in guesses]
    response = client.post(
        "/api/wordle/analyse", json={"moves": moves, "hard": hard, "strategy": "entropy"}
    )
    if hard and response.status_code == 422:  # a random second guess may break hard mode
        assert "hard mode" in response.json()["error"]
        return
    a = ok(response)
    left = [
        w for w in wordle.answers if all(feedback(g, w) == feedback(g, answer) for g in guesses)
    ]
    assert a["words_left"] == len(left)
    assert a["candidates"] == left[:60]  # the page lists at most 60, in answer-list order
    assert answer in left
    n = len(left)
    s = a["suggestion"]
    cells = Counter(format_letters(feedback(s["word"], w), 5) for w in left)
    assert {c["pattern"]: c["count"] for c in s["cells"]} == dict(cells)
    assert s["expected_left"] == pytest.approx(sum(c * c for c in cells.values()) / n, abs=1e-3)
    assert s["worst_case"] == max(cells.values())
    bits = -sum(c / n * math.log2(c / n) for c in cells.values())
    assert s["bits"] == pytest.approx(bits, abs=1e-3)
    expected = [b["expected_left"] for b in a["best"]]
    assert expected == sorted(expected)
    for first, second in zip(a["best"], a["best"][1:], strict=False):  # ties: the words left first
        if first["expected_left"] == second["expected_left"]:
            assert first["could_be_answer"] >= second["could_be_answer"]
    # "could be the answer" is one of the words left (ties are broken in their favour)
    assert [b["could_be_answer"] for b in a["best"]] == [b["word"] in left for b in a["best"]]


def test_wordle_hidden_game_played_to_the_end_with_hints(client):
    game = ok(client.post("/api/wordle/new", json={"hard": True}))
    moves = []
    result = None
    for _ in range(game["max_guesses"]):
        hint = ok(client.post("/api/wordle/analyse", json={"moves": moves, "hard": True}))
        result = ok(
            client.post(
                "/api/wordle/guess",
                json={"game": game["game"], "guess": hint["suggestion"]["word"]},
            )
        )
        moves.append({"guess": result["guess"], "feedback": result["pattern"]})
        assert result["words_left"] <= hint["words_left"]
        if result["over"]:
            break
    assert result["won"] and result["answer"] == result["guess"] and result["pattern"] == "ggggg"
    again = client.post("/api/wordle/guess", json={"game": game["game"], "guess": "crane"})
    assert again.status_code == 422 and "over" in again.json()["error"]


def test_wordle_hidden_game_refuses_a_guess_hard_mode_forbids(client, services):
    data = services.wordle.data
    opener = "crane"
    for _ in range(50):  # until the opener reveals a letter
        game = ok(client.post("/api/wordle/new", json={"hard": True}))
        first = ok(client.post("/api/wordle/guess", json={"game": game["game"], "guess": opener}))
        shown = {opener[i] for i, m in enumerate(first["pattern"]) if m in "gy"}
        if shown and not first["over"]:
            break
    else:
        pytest.fail("no game revealed a letter of the opener")
    banned = next(w for w in data.guesses if not shown & set(w))
    response = client.post("/api/wordle/guess", json={"game": game["game"], "guess": banned})
    assert response.status_code == 422 and "hard mode" in response.json()["error"]
    assert (
        ok(
            client.post(
                "/api/wordle/guess",
                json={"game": game["game"], "guess": first["answer"] if first["over"] else opener},
            )
        )["turn"]
        == 2
    )


# Hangman ---------------------------------------------------------------------------------------
def _cli(built, *args) -> dict:
    run = subprocess.run(
        [sys.executable, "-m", "wordgames", *args, "--configfile", str(built), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=built.parent,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_hangman_assist_gives_what_the_command_line_gives(client, built):
    a = ok(
        client.post(
            "/api/hangman/assist", json={"board": "__'_ _ _____ ___", "wrong": "xz", "top": 5}
        )
    )
    cli = _cli(built, "hangman", "assist", "__'_ _ _____ ___", "--wrong", "xz", "--top", "5")
    assert a["guess"] == cli["guess"] and a["stage"] == cli["stage"]
    assert [p["phrase"] for p in a["predictions"]] == [p["phrase"] for p in cli["predictions"]]
    assert a["probability"] == pytest.approx(cli["letters"][a["guess"]])
    assert a["guess"] not in "xz" and a["lives_left"] == 1


def test_hangman_play_replays_as_a_real_game(client):
    g = ok(client.post("/api/hangman/play", json={"phrase": "It's a sunny day", "solver": "seed"}))
    game = Game("It's a sunny day", lives=g["lives"])
    for step in g["steps"]:
        assert step["board"] == game.masked
        assert game.guess(step["guess"]) == step["hit"]
    assert game.won == g["won"] and game.masked == g["final"] and game.errors == g["wrong"]


def test_hangman_category_and_domain_as_the_command_line(client, built):
    info = ok(client.get("/api/hangman/info"))
    assert info["domain"] is True and "before_after" in info["categories"]  # the test answers'
    body = {"board": "_ _____ ___", "top": 3, "category": "Phrase", "domain": True}
    a = ok(client.post("/api/hangman/assist", json=body))
    cli = _cli(built, "hangman", "assist", "_ _____ ___", "--top", "3", "--category", "Phrase",
               "--domain")  # fmt: skip
    assert a["category"] == cli["category"] == "Phrase" and a["domain"] is True
    assert a["guess"] == cli["guess"]
    assert [p["phrase"] for p in a["predictions"]] == [p["phrase"] for p in cli["predictions"]]
    play = {"phrase": "a sunny day", "category": "Phrase", "domain": True}
    g = ok(client.post("/api/hangman/play", json=play))
    assert g["category"] == "Phrase" and g["domain"] is True


# La Ghigliottina -------------------------------------------------------------------------------
CLUES = ["monaco", "abito", "dire", "fare", "mezzo"]


def test_guillotine_solve_gives_what_the_command_line_gives(client, built):
    r = ok(client.post("/api/guillotine/solve", json={"clues": CLUES, "top": 10}))
    cli = _cli(built, "guillotine", "solve", *CLUES, "--top", "10")
    assert [a["word"] for a in r["answers"]] == [a["word"] for a in cli["answers"]]
    assert [a["evidence"] for a in r["answers"]] == [a["evidence"] for a in cli["answers"]]
    assert len(r["answers"]) <= 10
    assert all(set(a["evidence"]) == set(CLUES) for a in r["answers"])
    assert any(any(a["evidence"].values()) for a in r["answers"])


# bad input -------------------------------------------------------------------------------------
BAD = [
    (
        "/api/wordle/analyse",
        {"moves": [{"guess": "qqqqq", "feedback": "....."}]},
        400,
        "not in the allowed",
    ),
    (
        "/api/wordle/analyse",
        {"moves": [{"guess": "crane", "feedback": "gx?.."}]},
        400,
        "malformed feedback",
    ),
    (
        "/api/wordle/analyse",
        {"moves": [{"guess": "crane", "feedback": "ggggy"}]},
        422,
        "no word fits",
    ),
    ("/api/wordle/analyse", {"strategy": "magic"}, 400, "unknown strategy"),
    ("/api/wordle/guess", {"game": "nope", "guess": "crane"}, 400, "unknown game"),
    ("/api/hangman/assist", {"board": "a_b", "wrong": "b"}, 422, "impossible state"),
    (
        "/api/hangman/assist",
        {"board": "abcdefghijklmnopqrstuvwx_", "wrong": "yz"},
        422,
        "every letter",
    ),
    ("/api/hangman/assist", {"board": "_____", "wrong": "abc"}, 422, "already lost"),
    ("/api/hangman/assist", {"board": "hello", "wrong": ""}, 422, "nothing left"),
    ("/api/hangman/assist", {"board": "__ __", "wrong": "1"}, 400, "not a letter"),
    ("/api/hangman/assist", {"board": "__", "solver": "oracle"}, 400, "unknown solver"),
    ("/api/hangman/play", {"phrase": "123 !!"}, 400, "no letters"),
    (
        "/api/guillotine/solve",
        {"clues": ["monaco", "abito", "dire", "fare", "qwxzy"]},
        400,
        "unknown word",
    ),
    ("/api/guillotine/solve", {"clues": ["a", "b"]}, 422, "clues"),
    (
        "/api/guillotine/solve",
        {"clues": ["monaco", "abito", "dire", "fare", " "]},
        400,
        "clue 5 is empty",
    ),
    ("/api/guillotine/solve", {"clues": CLUES, "solver": "oracle"}, 400, "unknown solver"),
    ("/api/guillotine/solve", {"clues": CLUES, "top": 0}, 422, "top"),
    ("/api/wordle/analyse", [1, 2], 422, "body"),
]


@pytest.mark.parametrize("path, body, status, words", BAD)
def test_bad_input_gets_a_4xx_and_one_line(client, path, body, status, words):
    r = client.post(path, json=body)
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message


def test_malformed_json_and_wrong_content(client):
    for raw in (b"{not json", b'{"clues": [', b"\xff\xfe", b""):
        r = client.post(
            "/api/guillotine/solve", content=raw, headers={"content-type": "application/json"}
        )
        assert 400 <= r.status_code < 500, (raw, r.text)
        assert "\n" not in r.json()["error"]
    r = client.post(
        "/api/guillotine/solve", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"].startswith("malformed JSON")


def test_oversized_bodies_are_refused_before_any_handler(client, cfg):
    limit = cfg.section("serve")["max_body"]
    big = json.dumps({"board": "_" * (limit + 10)}).encode()
    r = client.post(
        "/api/hangman/assist", content=big, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413 and "too large" in r.json()["error"]

    def chunks():  # no Content-Length: the limit still holds while the body streams in
        for _ in range(limit // 1000 + 2):
            yield b"x" * 1000

    r = client.post(
        "/api/hangman/assist", content=chunks(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413


def test_unknown_routes_and_methods(client):
    assert client.get("/api/nothing").status_code == 404
    assert "error" in client.get("/api/nothing").json()
    assert client.get("/api/guillotine/solve").status_code == 405


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(
                [
                    "moves",
                    "guess",
                    "feedback",
                    "hard",
                    "strategy",
                    "top",
                    "board",
                    "wrong",
                    "solver",
                    "phrase",
                    "clues",
                    "game",
                    "game_id",
                    "w1",
                    "callback",
                    "x",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(
        [
            "/api/wordle/analyse",
            "/api/wordle/guess",
            "/api/wordle/new",
            "/api/hangman/assist",
            "/api/hangman/play",
            "/api/guillotine/solve",
            "/evalita",
        ]
    ),
    body=JSON,
)
def test_no_body_makes_the_server_fail(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code < 500, (path, body, r.text)
    if r.status_code >= 400:
        assert "\n" not in r.json()["error"]


def test_openapi_documents_every_route(client):
    spec = ok(client.get("/openapi.json"))
    for route in (
        "/api/wordle/analyse",
        "/api/wordle/new",
        "/api/wordle/guess",
        "/api/hangman/assist",
        "/api/hangman/play",
        "/api/guillotine/solve",
        "/evalita",
        "/api/status",
    ):
        assert route in spec["paths"], route
    assert spec["paths"]["/evalita"]["post"]["description"]


def test_openapi_documents_the_error_shape_the_app_sends(client):
    """Every JSON operation lists its error answers as {"error": one line}, not FastAPI's
    HTTPValidationError (which the app never sends), and a real 422 and 400 match the document."""
    import jsonschema

    spec = ok(client.get("/openapi.json"))
    assert "HTTPValidationError" not in json.dumps(spec)
    error_ref = {"$ref": "#/components/schemas/Error"}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            for status in ("400", "413", "422", "503"):
                assert responses[status]["content"]["application/json"]["schema"] == error_ref, (
                    method,
                    path,
                    status,
                )
            assert ("403" in responses) == (path == "/evalita"), (method, path)
    error = {**spec["components"]["schemas"]["Error"], "components": spec["components"]}
    bad_type = client.post("/api/wordle/analyse", json={"hard": "yes"})
    malformed = client.post(
        "/api/wordle/analyse", content=b"{", headers={"content-type": "application/json"}
    )
    assert (bad_type.status_code, malformed.status_code) == (422, 400)
    for r in (bad_type, malformed):
        jsonschema.validate(r.json(), error)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"detail": [{"loc": ["body"], "msg": "x"}]}, error)


#: Every JSON operation the app documents, with the status of its success answer.
SUCCESS = {
    ("get", "/api/status"): "200",
    ("get", "/api/wordle/info"): "200",
    ("post", "/api/wordle/analyse"): "200",
    ("post", "/api/wordle/new"): "200",
    ("post", "/api/wordle/guess"): "200",
    ("get", "/api/hangman/info"): "200",
    ("post", "/api/hangman/assist"): "200",
    ("post", "/api/hangman/play"): "200",
    ("get", "/api/guillotine/info"): "200",
    ("post", "/api/guillotine/solve"): "200",
    ("post", "/evalita"): "202",
    ("get", "/evalita/log"): "200",
}


def _success_schema(spec: dict, method: str, path: str) -> dict:
    """The documented success body of an operation, with the components its $refs point into."""
    responses = spec["paths"][path][method]["responses"]
    schema = responses[SUCCESS[method, path]]["content"]["application/json"]["schema"]
    return {**schema, "components": spec["components"]}


def _described(spec: dict, schema: dict, where: str, seen: set) -> None:
    """Every object reachable from ``schema`` lists its properties, each with a description."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return
        seen.add(name)
        schema = spec["components"]["schemas"][name]
        where = name
    if schema.get("type") == "object" and not isinstance(schema.get("additionalProperties"), dict):
        # a bare object (a handler's ``-> dict``): neither its fields nor its values' type
        assert schema.get("properties"), f"{where} is a bare object"
    for name, prop in schema.get("properties", {}).items():
        assert prop.get("description"), f"{where}.{name} has no description"
        _described(spec, prop, f"{where}.{name}", seen)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _described(spec, schema[key], where, seen)
    for option in schema.get("anyOf", []):
        _described(spec, option, where, seen)


def test_openapi_documents_every_success_body(client):
    """No JSON success answer is a bare object: each names its fields, each field described."""
    spec = ok(client.get("/openapi.json"))
    documented = {}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for status in ("200", "202"):
                if status in operation["responses"]:
                    documented[method, path] = status
                    schema = operation["responses"][status]["content"]["application/json"]
                    _described(spec, schema["schema"], f"{method} {path} {status}", set())
    assert documented == SUCCESS


def _json_bytes(body: dict) -> bytes:
    """``body`` as the app's JSONResponse renders it."""
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def test_success_bodies_match_the_document_and_the_handlers(client, services, tmp_path):
    """Real answers of every JSON route, in each of their shapes (solved or not, over or not,
    every solver), validate against the documented schema; those that are deterministic are
    byte for byte what the service returns (the response models change no key, order or type)."""
    import jsonschema

    from wordgames.web.app import status_body

    spec = ok(client.get("/openapi.json"))
    hangman, guillotine = services.hangman, services.guillotine
    answers: list[tuple[str, str, object]] = []  # (method, path, response)

    def call(method: str, path: str, body: dict | None = None, same_as: dict | None = None):
        r = client.get(path) if method == "get" else client.post(path, json=body)
        assert r.status_code == int(SUCCESS[method, path.split("?")[0]]), (path, r.text)
        if same_as is not None:
            assert r.content == _json_bytes(same_as), path
        answers.append((method, path.split("?")[0], r.json()))
        return r.json()

    call("get", "/api/wordle/info")
    unsolved = call("post", "/api/wordle/analyse", {"strategy": "entropy", "top": 3})
    word = unsolved["candidates"][0]
    solved = call("post", "/api/wordle/analyse", {"moves": [{"guess": word, "feedback": "ggggg"}]})
    assert "suggestion" in unsolved and "answer" not in unsolved
    assert solved["answer"] == word and "suggestion" not in solved and "best" not in solved
    opener = unsolved["suggestion"]["word"]
    moves = [(opener, format_letters(feedback(opener, unsolved["candidates"][-1]), 5))]
    call(
        "post",
        "/api/wordle/analyse",
        {"moves": [{"guess": g, "feedback": f} for g, f in moves], "strategy": "entropy"},
        same_as=services.wordle.analyse(moves, False, "entropy", 10),
    )
    game = call("post", "/api/wordle/new", {"hard": False})
    over = None
    for _ in range(game["max_guesses"]):
        over = call("post", "/api/wordle/guess", {"game": game["game"], "guess": word})
        assert ("answer" in over) == over["over"]
        if over["over"]:
            break
    call("get", "/api/hangman/info")
    for solver in hangman.solvers:
        board, wrong = "__'_ _ _____ ___", "xz"
        call(
            "post",
            "/api/hangman/assist",
            {"board": board, "wrong": wrong, "solver": solver, "top": 5},
            same_as=hangman.assist(board, wrong, solver, 5),
        )
        phrase = "It's a sunny day"
        call(
            "post",
            "/api/hangman/play",
            {"phrase": phrase, "solver": solver},
            same_as=hangman.play(phrase, solver),
        )
    for solver in ("links", "gullever"):
        r = call("post", "/api/guillotine/solve", {"clues": CLUES, "solver": solver, "top": 5})
        direct = guillotine.solve(CLUES, solver, 5)
        assert {**r, "seconds": 0} == {**direct, "seconds": 0}  # all but the time
    call("get", "/api/guillotine/info")
    game_id = f"schema-{tmp_path.name}"
    clues = {f"w{i + 1}": c for i, c in enumerate(CLUES)}
    # a callback nobody answers: the game is logged with callback_status null
    refused = f"http://127.0.0.1:{_closed_port()}/answer"
    call("post", "/evalita", {"game_id": game_id, **clues, "callback": refused})
    log = call("get", "/evalita/log?limit=1000")
    assert any(g["game_id"] == game_id and g["callback_status"] is None for g in log["games"])
    call("get", "/api/status", same_as=status_body(services))

    assert {(m, p) for m, p, _ in answers} == set(SUCCESS)
    for method, path, body in answers:
        jsonschema.validate(body, _success_schema(spec, method, path))
    # the schemas could fail: a key the document does not name, a null where a key is left out
    analyse = _success_schema(spec, "post", "/api/wordle/analyse")
    for wrong in ({**unsolved, "answer": None}, {**unsolved, "extra": 1}, {**solved, "turn": "1"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, analyse)


def _closed_port() -> int:
    from wordgames.web.local import free_port

    return free_port()  # free: nothing listens there, so the callback is refused at once


def test_pages_and_report_are_served(client):
    for page in ("/", "/wordle", "/hangman", "/guillotine", "/results"):
        r = client.get(page)
        assert r.status_code == 200 and "<html" in r.text
    r = client.get("/report")
    assert r.status_code == 200 and "Snakemake" in r.text
    assert client.get("/static/../app.py").status_code == 404


def test_html_report_holds_every_figure_with_its_caption(built):
    report = (built.parent / "results" / "report.html").read_text(encoding="utf-8")
    for name in (
        "wordle-guesses.svg",
        "hangman-win-rates.svg",
        "guillotine-recall.svg",
        "guillotine-calibration.svg",
        "glove-loss.svg",
        "corpus-sizes.svg",
        "benchmarks.svg",
        "benchmarks.html",
        "wordle.html",
        "la-ghigliottina.html",
    ):
        assert name in report, name
    for caption in (
        "Wordle guess distribution per strategy and mode",
        "reliability of the confidence",
        "GloVe training loss",
        "Corpus sizes per collection",
        "win rate per solver",
    ):
        assert caption in report, caption
    # each caption names the config and results folder (relative to the working folder: the
    # report is made in built.parent)
    assert f"config {built.name}, results in results." in report


# start-up ----------------------------------------------------------------------------------------
def _serve_exits(configfile, tmp_path) -> subprocess.CompletedProcess:
    """``wordgames serve`` on a config whose artifacts are (partly) missing: it must stop before
    listening, so a port that is never answered is fine."""
    from wordgames.web.local import serve_command

    return subprocess.run(
        serve_command(configfile, 0),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )


def test_serve_fails_in_one_line_naming_a_missing_artifact(built, tmp_path):
    import shutil

    import yaml

    raw = yaml.safe_load(built.read_text())
    results = tmp_path / "results"
    # every artifact of the tiny run but the hangman LM: Wordle loads, then hangman must fail
    shutil.copytree(built.parent / "results", results, ignore=shutil.ignore_patterns("model.*"))
    raw["results_dir"] = str(results)
    configfile = tmp_path / "partial.yaml"
    configfile.write_text(yaml.safe_dump(raw))
    run = _serve_exits(configfile, tmp_path)
    assert run.returncode == 2, run.stderr[-3000:]
    lines = run.stderr.strip().splitlines()
    assert "Traceback" not in run.stderr
    assert lines[-1].startswith("wordgames: error: missing artifact "), lines[-1]
    assert "lm/model.binary" in lines[-1] and str(configfile) in lines[-1]
    # what it read before: the Wordle artifacts, named on stderr
    assert any(line.startswith("wordgames: reading ") and "feedback" in line for line in lines)


def test_serve_names_what_it_reads(server, built):
    log = next(built.parent.glob("serve-*.log")).read_text(encoding="utf-8", errors="replace")
    for name in ("feedback", "optimal-tree-normal", "model.binary", "links-index"):
        assert any(name in line for line in log.splitlines() if "wordgames: reading" in line), name
