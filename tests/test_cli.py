from __future__ import annotations

import subprocess
import sys

import pytest

from wordgames.cli import main


def test_help_lists_game_commands(capsys):
    try:
        main(["--help"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    assert "build" in out


def test_module_entry_point_runs():
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.startswith("wordgames ")


def test_labelled_options_parse_and_refuse_in_one_line():
    from wordgames.cli import labelled_options
    from wordgames.errors import InputError

    got = labelled_options(["config=", 'greedy={"lookahead": 0}'], "--variant")
    assert got == [("config", {}), ("greedy", {"lookahead": 0})]
    for bad, why in [("x={bad", "not JSON"), ("x=[1]", "not a JSON object"), ("=", "LABEL=JSON")]:
        with pytest.raises(InputError, match=why):
            labelled_options([bad], "--variant")
