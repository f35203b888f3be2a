"""The README's Python API lines, run as written on the test pipeline's artifacts (only the config
file named differs), and what they print checked against the CLI's answers to the same questions."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from wordgames.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_python() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### From Python") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def run_cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def test_the_readme_lines_run_and_agree_with_the_cli(built, capsys):
    code = readme_python()
    assert code.count('"config/config.yaml"') == 3
    exec(compile(code.replace('"config/config.yaml"', repr(str(built))), "README.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()

    suggestion, guesses, letter, won, *answers = lines
    assert re.fullmatch(r"[a-z]{5}", suggestion)
    played = run_cli("wordle", "play", "--configfile", str(built), "--answer", "crane")
    cli_guesses = re.findall(r"^\d+\. ([A-Z]{5}) ", played, re.M)
    assert eval(guesses) == [g.lower() for g in cli_guesses] and cli_guesses[-1] == "CRANE"
    assert re.fullmatch(r"[a-z]", letter) and letter not in "xz"
    assert won in ("True", "False")
    assert 1 <= len(answers) <= 5
    words = [a.split()[0] for a in answers]
    solved = json.loads(
        run_cli(
            "guillotine",
            *("solve", "monaco", "abito", "dire", "fare", "mezzo"),
            *("--configfile", str(built), "--top", "5", "--json"),
        )
    )
    assert words == [a["word"] for a in solved["answers"]]
