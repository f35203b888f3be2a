"""Every numeric option of every command has a range, and a value outside it is refused in one line.

The commands and options are read from the parser itself, so a new command or option is covered
(and one without a range in ``wordgames.cli.NUMBER_RANGES`` fails ``test_every_numeric_option``).
"""

from __future__ import annotations

import argparse

import pytest

from wordgames.cli import NUMBER_RANGES, WordgamesParser, build_parser, main


def _commands(parser=None, prefix=()):
    """(command words, parser) of every command that has no subcommands."""
    parser = parser or build_parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix, parser
    for action in subs:
        for name, sub in action.choices.items():
            yield from _commands(sub, (*prefix, name))


def _numeric_options():
    for words, parser in _commands():
        for action in parser._actions:
            name = next((o for o in action.option_strings if o.startswith("--")), None)
            if name in NUMBER_RANGES and callable(action.type):
                yield words, name, action


def test_every_parser_is_a_wordgames_parser():
    assert all(isinstance(p, WordgamesParser) for _, p in _commands())


def test_every_numeric_option_has_a_range():
    plain = [
        f"wordgames {' '.join(w)} {a.option_strings[-1]}"
        for w, p in _commands()
        for a in p._actions
        if a.type in (int, float)
    ]
    assert not plain, f"add these options to wordgames.cli.NUMBER_RANGES: {plain}"


def _below(name: str) -> str:
    bound, inclusive = NUMBER_RANGES[name]
    return str(int(bound) - 1 if inclusive else int(bound))


CASES = [(w, n) for w, n, _ in _numeric_options()]


@pytest.mark.parametrize(("words", "option"), CASES, ids=[f"{' '.join(w)} {n}" for w, n in CASES])
def test_a_number_out_of_range_is_refused_in_one_line(words, option, capsys):
    with pytest.raises(SystemExit) as info:
        main([*words, option, _below(option)])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert len(err.splitlines()) == 1, err
    assert f"argument {option}" in err and "must be" in err


@pytest.mark.parametrize("value", ["nan", "inf", "abc", ""])
def test_not_a_finite_number_is_refused(value, capsys):
    with pytest.raises(SystemExit) as info:
        main(["build", "glove", "--vocab", "v.parquet", "--out-dir", "d", "--eta", value])
    err = capsys.readouterr().err
    assert info.value.code == 2 and len(err.splitlines()) == 1 and "--eta" in err


def test_known_holes_of_issue_12(capsys):
    for argv in (
        ["wordle", "solve", "--top", "-3"],
        ["wordle", "eval", "--strategy", "naive", "--limit", "0"],
        ["hangman", "eval", "--phrases", "f", "--limit", "-1"],
        ["hangman", "assist", "_", "--lives", "-2"],
    ):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2, argv
    assert len(capsys.readouterr().err.splitlines()) == 4


def test_usage_errors_take_one_line(capsys):
    with pytest.raises(SystemExit) as info:
        main(["wordle", "play"])  # --answer is required
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1
    assert err.startswith("wordgames wordle play: error: the following arguments are required")
