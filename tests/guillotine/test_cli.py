from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import yaml

from wordgames.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "guillotine"
SOLVE = ["guillotine", "solve", "pane", "gioco", "testa", "osso", "zoccolo"]


def test_solve_shows_ranked_answers_with_links(config, capsys):
    rc = main([*SOLVE, "--configfile", str(config), "--top", "3"])
    out, err = capsys.readouterr()
    assert rc == 0
    assert re.search(r"^ +1  duro +[\d.]+%  +\d/5$", out, re.M)
    assert "pane -> " in out  # the proverb "Il pane duro fa bene ai denti."
    # the raw counts and the notes are for developers: --verbose
    assert "adj x2" not in out and "note:" not in err
    assert main([*SOLVE, "--configfile", str(config), "--top", "3", "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert "adj x2" in out and "note: " in err  # "pane duro" twice


def test_solve_json_is_one_object(config, capsys):
    rc = main([*SOLVE, "--configfile", str(config), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 0 and data["answers"][0]["word"] == "duro"
    assert set(data["answers"][0]["evidence"]) == {"pane", "gioco", "testa", "osso", "zoccolo"}
    assert any("no GloVe" in n or "not found" in n for n in data["notes"])


def test_unknown_word_and_wrong_clue_count_exit_2(config, capsys):
    rc = main([*SOLVE[:-1], "xqzwv", "--configfile", str(config)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "unknown word 'xqzwv'" in err and len(err.splitlines()) == 1
    rc = main(["guillotine", "solve", "pane", "gioco", "--configfile", str(config)])
    assert rc == 2 and "exactly 5 clues" in capsys.readouterr().err


def test_eval_json_and_bad_file(config, capsys, tmp_path):
    rc = main(
        [
            "guillotine",
            "eval",
            "--games",
            str(DATA / "games.json"),
            "--configfile",
            str(config),
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert rc == 0
    for key in ("games", "accuracy", "r_at_5", "r_at_10", "r_at_100", "mrr", "seconds_per_game"):
        assert key in data
    assert data["games"] == 3 and data["accuracy"] >= 1 / 3  # "duro" is found
    assert any("excluded" in n for n in data["notes"])
    rc = main(
        [
            "guillotine",
            "eval",
            "--games",
            str(DATA / "bad.jsonl"),
            "--configfile",
            str(config),
            "--json",
        ]
    )
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "bad.jsonl line 2" in err and len(err.splitlines()) == 1


def test_links_stage_missing_tokens_exit_2(tmp_path, capsys):
    rc = main(
        [
            "build",
            "guillotine-links",
            "--in",
            str(tmp_path / "none.txt"),
            "--out",
            str(tmp_path / "l.parquet"),
            "--words-out",
            str(tmp_path / "w.parquet"),
        ]
    )
    assert rc == 2 and "tokens file not found" in capsys.readouterr().err


def test_user_commands_read_the_compact_copies_and_fail_on_a_missing_artifact(config, capsys):
    from wordgames.config import load_config_file
    from wordgames.guillotine.service import load_config_resources

    cfg = load_config_file(config)
    fast, found = load_config_resources(cfg, "links", str(config))
    slow, _ = load_config_resources(cfg, "links", str(config), compact=False)
    assert set(found) == {"links_index", "evidence", "model", "blacklist", "whitelist"}
    assert fast.links.words == slow.links.words
    assert np.array_equal(fast.links.cnt, slow.links.cnt)
    found["model"].unlink()
    rc = main([*SOLVE, "--configfile", str(config)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and len(err.splitlines()) == 1
    assert err.startswith(
        f"wordgames: error: missing artifact {found['model']} (model of the links"
    )


def test_vectors_under_an_unset_data_dir_is_a_config_error(config, capsys):
    raw = yaml.safe_load(config.read_text())
    raw["guillotine"]["vectors"] = "{data_dir}/vectors.kv"
    config.write_text(yaml.safe_dump(raw))
    rc = main([*SOLVE, "--configfile", str(config)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "guillotine.vectors {data_dir}/vectors.kv is under {data_dir}" in err


def test_links_stage_missing_wordnet_table_exit_2(tmp_path, capsys):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("il pane duro\n")
    rc = main(
        [
            "build",
            "guillotine-links",
            "--in",
            str(tokens),
            "--out",
            str(tmp_path / "l.parquet"),
            "--words-out",
            str(tmp_path / "w.parquet"),
            "--wordnet",
            str(tmp_path / "none.tsv"),
        ]
    )
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "wordnet table not found" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "l.parquet").exists()


def test_solve_says_no_confident_answer_below_the_models_threshold(config, capsys):
    from wordgames.guillotine.model import Calibration
    from wordgames.guillotine.solvers.links import FEATURES, hand_model

    results = Path(yaml.safe_load(config.read_text())["results_dir"])
    model = hand_model()
    model.info["trained"] = True  # as if trained: the hand weights with a calibration map
    # confidence 0.5 whatever the game
    model.calibration = Calibration(np.array([0.0, 0.0]), 0.0, threshold=0.999)
    model.save(results / "guillotine" / "model.json")
    args = [*SOLVE, "--configfile", str(config)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "No confident answer: the best, duro, has a confidence of 50.0%, below the 99.9%" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["confident"] is False and data["threshold"] == 0.999
    assert data["message"].startswith("No confident answer: the best, duro,")
    # a threshold the best answer reaches: no such line
    model.calibration.threshold = 0.0
    model.save(results / "guillotine" / "model.json")
    assert main(args) == 0
    assert "No confident answer" not in capsys.readouterr().out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["confident"] is True and data["message"] is None
    assert len(FEATURES) == len(model.features)


def test_empty_clues_are_named(config, capsys):
    # issue 12: five empty clues were answered "give exactly 5 clues, got 5"
    rc = main(
        ["guillotine", "solve", "pane", "", "testa", " ", "zoccolo", "--configfile", str(config)]
    )
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "clues 2, 4 are empty" in err


def test_train_stage_refuses_a_misspelt_solver_option(tmp_path, capsys):
    # issue 21: an option the solver does not know was dropped silently
    params = {"l2": 1.0, "confident_precision": 0.5, "cpa": 3.0}
    out = tmp_path / "model.json"
    rc = main(
        ["build", "guillotine-train", "--no-morphit", "--solver-params", json.dumps(params)]
        + ["--out", str(out)]
    )
    err = capsys.readouterr().err.strip()
    assert rc == 2 and len(err.splitlines()) == 1 and not out.exists()
    assert "unknown links solver option cpa: known are " in err
