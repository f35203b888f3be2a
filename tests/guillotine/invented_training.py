"""The training stage on invented past games, for the tests of the weighting models."""

from __future__ import annotations


def train_on_invented_games(config, tmp_path, **solver) -> dict:
    """Run the guillotine-train stage on 40 invented past games over the fixture's links (two
    known clues each, three unknown words: enough for a booster or an inner cross-validation,
    where the fixture's four games are not), with the config's solver settings updated by
    ``solver``; returns the model file's JSON."""
    import json

    import numpy as np

    from wordgames.cli import main
    from wordgames.config import load_config_file

    rng = np.random.default_rng(0)
    known, answers = ["pane", "gioco", "testa", "osso", "zoccolo"], ["duro", "casa", "morbido"]
    lines = []
    for k in range(40):
        clues = [*rng.choice(known, 2, replace=False), *(f"w{k}x{j}" for j in range(3))]
        lines.append(json.dumps({"clues": clues, "solution": answers[k % 3]}))
    past = tmp_path / "many.jsonl"
    past.write_text("\n".join(lines) + "\n")
    results = config.parent / "results"
    params = {**load_config_file(config).section("guillotine")["solver"], **solver}
    out = results / "guillotine" / "model.json"
    args = [
        "build",
        "guillotine-train",
        "--links-index",
        str(results / "it/guillotine/links-index"),
    ]
    args += ["--morphit", "--evidence", str(past)]
    assert main([*args, "--solver-params", json.dumps(params), "--out", str(out)]) == 0
    return json.loads(out.read_text())
