from __future__ import annotations

import subprocess
import sys

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
