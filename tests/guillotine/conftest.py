"""``config``: a config whose guillotine artifacts the stages built as the rules call them (the
CLI and the service tests use it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from wordgames.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "guillotine"
SENTENCES = """il pane duro fa bene
un gioco duro e leale
una testa dura come il legno
un osso duro da rodere
lo zoccolo duro del partito
il pane caldo e il pane duro
la casa del gioco
"""


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A config whose guillotine artifacts (links, their index, the model) the stages built as the
    rules call them: collection `it` without vectors or tables, evidence games, no Wiktionary."""
    monkeypatch.delenv("WORDGAMES_DATA", raising=False)
    tokens = tmp_path / "tokens.txt"
    tokens.write_text(SENTENCES)
    results = tmp_path / "results"
    links = results / "it" / "guillotine" / "links.parquet"
    words = results / "it" / "guillotine" / "link-words.parquet"
    index = results / "it" / "guillotine" / "links-index"
    rc = main(
        [
            "build",
            "guillotine-links",
            "--in",
            str(tokens),
            "--out",
            str(links),
            "--words-out",
            str(words),
            "--knowledge",
            f"proverb={DATA / 'proverbs.txt'}",
        ]
    )
    assert rc == 0 and links.exists() and words.exists()
    assert (
        main(
            [
                "build",
                "guillotine-links-index",
                "--links",
                str(links),
                "--words",
                str(words),
                "--out",
                str(index),
            ]
        )
        == 0
    )
    raw = {
        "results_dir": str(results),
        "corpora": {"x": {"kind": "text", "language": "it", "source": str(tokens)}},
        "collections": {"it": {"corpora": ["x"]}},
        "cooccur": {"collections": []},
        "guillotine": {
            "evidence_games": [str(DATA / "past.jsonl")],
            # what the links above were built from (solve shows its lines)
            "links": {"knowledge": {"proverb": [str(DATA / "proverbs.txt")]}},
        },
    }
    from wordgames.config import load_config

    solver = load_config(raw).section("guillotine")["solver"]
    assert (
        main(
            [
                "build",
                "guillotine-train",
                "--links-index",
                str(index),
                "--morphit",
                "--evidence",
                str(DATA / "past.jsonl"),
                "--solver-params",
                json.dumps(solver),
                "--out",
                str(results / "guillotine" / "model.json"),
            ]
        )
        == 0
    )
    cfg = tmp_path / "config.yaml"
    cfg.write_text(yaml.safe_dump(raw))
    return cfg
