"""Every numeric option of every command has a range, and a value outside it is refused in one line.

The commands and options are read from the parser itself, so a new command or option is covered
(and one without a range in ``wordgames.cli.NUMBER_RANGES`` or ``CONFIG_OPTIONS`` fails
``test_every_numeric_option``). An option that carries a config key takes the schema's range.
"""

from __future__ import annotations

import argparse

import pytest

from wordgames.cli import (
    CONFIG_OPTIONS,
    NUMBER_RANGES,
    WordgamesParser,
    build_parser,
    main,
    option_range,
    schema_range,
)


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
            if name and option_range(" ".join(words), name) and callable(action.type):
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


def _below(words, name: str) -> str:
    r = option_range(" ".join(words), name)
    return str(int(r.low) - 1 if r.low_inclusive else int(r.low))


CASES = [(w, n) for w, n, _ in _numeric_options()]


@pytest.mark.parametrize(("words", "option"), CASES, ids=[f"{' '.join(w)} {n}" for w, n in CASES])
def test_a_number_out_of_range_is_refused_in_one_line(words, option, capsys):
    with pytest.raises(SystemExit) as info:
        main([*words, option, _below(words, option)])
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


def test_config_options_name_real_options_and_schema_keys():
    declared = {f"{' '.join(w)} {n}" for w, n, _ in _numeric_options()}
    assert set(CONFIG_OPTIONS) <= declared, set(CONFIG_OPTIONS) - declared
    for key in CONFIG_OPTIONS.values():
        schema_range(key)  # a key without a minimum would leave its option unbounded


#: Options that carry a config key but take a wider range than the schema's (the pipeline only
#: passes validated values, so they never disagree on a value it passes); see below.
WIDER_THAN_THE_SCHEMA = {
    "build vocab --min-count": "cooccur.min_count",
    "build glove --min-count": "cooccur.min_count",
    "build glove --window": "cooccur.window",
    "build cooccur --window": "cooccur.window",
    "build cooccur --chunk-tokens": "cooccur.chunk_tokens",
    "build wordle-matrix --word-length": "wordle.word_length",
    "build wordle-list --length": "wordle_lists.*.length",
    "build wordle-list --min-count": "wordle_lists.*.min_count",
    "build wordle-list --answer-min-count": "wordle_lists.*.answer_min_count",
    "build lm --order": "lm.order",
    "serve --port": "serve.port",
}


@pytest.mark.parametrize("option", sorted(WIDER_THAN_THE_SCHEMA))
def test_an_option_accepts_every_value_its_config_key_allows(option):
    """No value the config schema accepts is refused by the option the pipeline passes it to."""
    command, name = option.rsplit(" ", 1)
    cli, key = option_range(command, name), schema_range(WIDER_THAN_THE_SCHEMA[option])
    assert (cli.low, not cli.low_inclusive) <= (key.low, not key.low_inclusive), option
    assert cli.high is None or (key.high is not None and cli.high >= key.high), option


def test_an_option_with_a_config_key_takes_the_schema_range(monkeypatch, capsys):
    from wordgames.cli import Range

    monkeypatch.setattr("wordgames.cli.schema_range", lambda key: Range(7, True, 9))
    parser = build_parser()
    for value, ok in (("6", False), ("7", True), ("9", True), ("10", False)):
        argv = ["hangman", "solve", "a day", "--lives", value]
        if ok:
            assert parser.parse_args(argv).lives == int(value)
        else:
            with pytest.raises(SystemExit):
                parser.parse_args(argv)
    err = capsys.readouterr().err
    assert "must be at least 7, got 6" in err and "must be at most 9, got 10" in err


def test_min_count_follows_each_command_key(capsys):
    """``--min-count`` is 0 or more for the PMI table (tables.pmi_min_count) but 1 or more for the
    Hangman vocabulary (hangman.min_count): one option name, two config keys."""
    assert option_range("build pmi", "--min-count").low == 0
    assert option_range("build hangman-eval", "--min-count").low == 1
    assert option_range("build guillotine-links", "--min-count").low == 1
    assert NUMBER_RANGES["--min-count"] == (0, True)


def test_an_option_with_a_config_key_defaults_to_the_schemas():
    """A command's own default for an option that carries a config key is the schema's default
    (one source of truth; an option without a default of its own is required or optional)."""
    from wordgames.config import schema_node

    keys = {**CONFIG_OPTIONS, **WIDER_THAN_THE_SCHEMA}
    checked, wrong = 0, {}
    for words, name, action in _numeric_options():
        key = keys.get(f"{' '.join(words)} {name}")
        if key is None or action.default in (None, argparse.SUPPRESS) or action.required:
            continue
        node = schema_node(key)
        if "default" not in node:
            continue
        checked += 1
        if action.default != node["default"]:
            wrong[f"{' '.join(words)} {name}"] = (action.default, key, node["default"])
    assert wrong == {}
    assert checked >= 10
