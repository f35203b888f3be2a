"""The guillotine's public Python API (``wordgames.guillotine.service``) as the README shows it, on
the small config of conftest.py (links, their index, past games and a trained model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import ArtifactMissingError, InputError
from wordgames.guillotine.games import Game, read_games
from wordgames.guillotine.service import GuillotineService, check_clues
from wordgames.guillotine.solvers import load_resources, make_solver

DATA = Path(__file__).resolve().parents[1] / "data" / "guillotine"
CLUES = ["pane", "gioco", "testa", "osso", "zoccolo"]


def test_readme_lines_solve_five_clues(config):
    service = GuillotineService.from_config(config)
    solution = service.solve(["Pane", "gioco", "testa", "osso", "zoccolo"], top=10)
    best = solution.answers[0]
    assert (best.word, solution.solver, solution.clues) == ("duro", "links", CLUES)
    assert 0.0 <= best.confidence <= 1.0 and len(solution.answers) <= 10
    assert best.evidence["pane"].startswith("adj x2")  # "pane duro" twice in the sentences


def test_solve_is_what_the_command_line_prints(config, capsys):
    solution = GuillotineService.from_config(str(config)).solve(CLUES, top=10)
    assert main(["guillotine", "solve", *CLUES, "--configfile", str(config), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [a.to_dict() for a in solution.answers] == cli["answers"]
    assert solution.notes == cli["notes"] and solution.confident == cli["confident"]
    body = solution.to_dict()
    assert list(body) == [
        *("clues", "solver", "seconds", "answers", "notes"),
        *("trained", "confident", "threshold", "message"),
    ]
    assert body["answers"] == cli["answers"]


def test_a_config_object_or_its_path(config):
    from wordgames.config import load_config_file

    cfg = load_config_file(config)
    by_object = GuillotineService.from_config(cfg)
    by_path = GuillotineService.from_config(config)
    assert by_object.files == by_path.files
    assert set(by_path.files) == {"links_index", "evidence", "model", "blacklist", "whitelist"}
    assert by_object.solve(CLUES).answers == by_path.solve(CLUES).answers
    assert by_path.load_seconds > 0 and any("links:" in n for n in by_path.notes)


def test_unknown_clue_and_wrong_count_are_one_line_errors(config):
    service = GuillotineService.from_config(config)
    with pytest.raises(InputError, match=r"^unknown word 'xqzwv': not in the links") as err:
        service.solve([*CLUES[:4], "xqzwv"])
    assert "\n" not in str(err.value)
    with pytest.raises(InputError, match=r"^give exactly 5 clues, got 2$"):
        service.solve(["pane", "gioco"])
    with pytest.raises(InputError, match=r"^clues 2, 4 are empty: "):
        check_clues(["pane", "", "testa", " ", "zoccolo"])
    with pytest.raises(InputError, match=r"^top must be at least 1$"):
        service.solve(CLUES, top=0)


def test_unknown_solver_and_missing_artifact(config):
    with pytest.raises(InputError, match=r"^unknown solver 'oracle': choose one of links, gull"):
        GuillotineService.from_config(config, "oracle")
    service = GuillotineService.from_config(config)
    service.files["model"].unlink()
    with pytest.raises(ArtifactMissingError, match=r"^missing artifact .*model.json \(model of"):
        GuillotineService.from_config(config)


def test_a_past_game_with_four_shared_clues_is_no_evidence(config):
    from wordgames.guillotine.games import overlapping

    service = GuillotineService.from_config(config)
    past = service.resources.past
    game = Game(("monaco", "abito", "dire", "fare", "mezzo"), "mare")  # a game of past.jsonl
    n, k = len(past.games), len(overlapping(past.games, [game]))
    assert k >= 1
    solution = service.solve(list(game.clues))
    assert solution.notes[-1].startswith(f"past games: {n - k} of {n} used; {k} excluded")
    assert past.excluded == set()  # the service's evidence is the same for the next game
    assert service.solve(CLUES).notes[-1].startswith(f"past games: {n} of {n} used; 0 excluded")


def test_evaluate_is_what_guillotine_eval_prints(config, capsys):
    games = [g for g in read_games(DATA / "games.json") if g.solution]
    ev = GuillotineService.from_config(config).evaluate(games)
    args = ["guillotine", "eval", "--games", str(DATA / "games.json"), "--configfile", str(config)]
    assert main([*args, "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    timing = {"seconds_per_game"}
    assert {k: v for k, v in ev.metrics.items() if k not in timing} == {
        k: cli[k] for k in ev.metrics if k not in timing
    }
    assert ev.metrics["games"] == 3 and ev.metrics["accuracy"] >= 1 / 3  # "duro" is found
    assert ev.ece == cli["ece"] and ev.notes == cli["notes"]
    assert any("excluded" in n for n in ev.notes) and ev.table().num_rows == 3


def test_solvers_refuse_unknown_files_and_options(config):
    with pytest.raises(TypeError, match="vectros"):
        load_resources("links", vectros="x.kv")
    res = load_resources("links", morphit=False)
    with pytest.raises(InputError, match=r"^unknown links solver option max_candidate: known"):
        make_solver("links", res, {"max_candidate": 10})
    with pytest.raises(InputError, match=r"^unknown solver 'oracle'"):
        make_solver("oracle", res, {})
    # a service from objects: no evidence at all is a one-line error, not an empty answer
    service = GuillotineService(make_solver("links", res, {}), res)
    with pytest.raises(InputError, match=r"^no evidence available"):
        service.solve(CLUES)


def test_explicit_objects_solve_like_the_config(config):
    from wordgames.guillotine.model import Model

    svc = GuillotineService.from_config(config)
    files = svc.files
    res = load_resources("links", links_index=files["links_index"], evidence=files["evidence"])
    solver = make_solver("links", res, svc.params, Model.load(files["model"]))
    direct = GuillotineService(solver, res, params=svc.params, phrases=svc.phrases)
    assert direct.solve(CLUES).answers == svc.solve(CLUES).answers
    # without the list sources, a list link is said by its two words, not the proverb's line
    bare = GuillotineService(solver, res, params=svc.params).solve(CLUES).answers[0]
    assert [x.text for x in bare.links if x.source == "proverbs"] == ["pane … duro"]
    assert direct.evaluate([Game(tuple(CLUES), "duro")]).metrics["accuracy"] == 1.0
