from __future__ import annotations

import pytest
import yaml

from wordgames.config import load_config, load_config_file, schema, validate
from wordgames.errors import ConfigError


def test_defaults_are_filled_from_schema():
    cfg = load_config({})
    assert cfg["results_dir"] == "results"
    assert cfg.section("wordle")["word_length"] == 5


def test_unknown_top_level_key_is_named_with_suggestion():
    with pytest.raises(
        ConfigError, match=r"unknown config key 'wordl' \(did you mean 'wordle'\?\)"
    ):
        validate({"wordl": {}})


def test_unknown_nested_key_is_named():
    with pytest.raises(ConfigError, match=r"'wordle\.strtegies'"):
        validate({"wordle": {"strtegies": ["naive"]}})


def test_wrong_type_names_the_key():
    with pytest.raises(ConfigError, match=r"wordle\.word_length"):
        validate({"wordle": {"word_length": "five"}})


def test_data_dir_defaults_to_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDGAMES_DATA", str(tmp_path))
    cfg = load_config({})
    assert cfg.data_dir == tmp_path.resolve()
    assert cfg.data_path("{data_dir}/x.txt") == tmp_path.resolve() / "x.txt"


def test_data_path_is_none_without_data_dir(monkeypatch):
    monkeypatch.delenv("WORDGAMES_DATA", raising=False)
    cfg = load_config({})
    assert cfg.data_path("{data_dir}/x.txt") is None
    assert str(cfg.data_path("plain/x.txt")) == "plain/x.txt"
    with pytest.raises(ConfigError, match="WORDGAMES_DATA"):
        cfg.require_data_path("{data_dir}/x.txt", "phrase set")


def test_config_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("wordle: [unclosed\n")
    with pytest.raises(ConfigError, match=r"bad\.yaml.*not valid YAML"):
        load_config_file(bad)
    with pytest.raises(ConfigError, match="config file not found"):
        load_config_file(tmp_path / "missing.yaml")


def test_shipped_configs_validate(repo, monkeypatch):
    monkeypatch.delenv("WORDGAMES_DATA", raising=False)
    configs = sorted((repo / "config").glob("*.yaml"))
    assert configs, "no config files shipped"
    for path in configs:
        load_config_file(path)


def test_every_schema_property_documents_itself():
    """Each leaf key in the schema carries a description (config/README.md is built from them)."""

    def walk(node, where):
        for key, sub in node.get("properties", {}).items():
            assert "description" in sub, f"{where}{key} has no description"
            if sub.get("type") == "object" and sub.get("properties"):
                walk(sub, f"{where}{key}.")

    walk(schema(), "")


def test_pipeline_fragments_validate(repo):
    merged = {}
    for fragment in sorted((repo / "tests/data/pipeline").glob("*.yaml")):
        merged.update(yaml.safe_load(fragment.read_text()) or {})
    validate(merged)


def test_cli_config_uses_defaults_only_for_a_missing_default_file(tmp_path, monkeypatch):
    from wordgames.config import load_cli_config

    monkeypatch.chdir(tmp_path)  # outside a checkout: no config/config.yaml
    assert load_cli_config()["results_dir"] == "results"
    with pytest.raises(ConfigError, match="config file not found"):
        load_cli_config(tmp_path / "named.yaml")


def test_bad_yaml_is_one_line_naming_the_file_once(tmp_path):
    # found by the config fuzzer (issue 12): the YAML problem text spanned two lines, and the
    # file's name was written twice
    path = tmp_path / "c.yaml"
    path.write_bytes(b"a: \x00\n")
    with pytest.raises(ConfigError) as info:
        load_config_file(path)
    message = str(info.value)
    assert "\n" not in message and message.count(str(path)) == 1


def test_config_in_utf16_or_utf32_with_a_mark_is_read(tmp_path):
    # a UTF-32 mark was taken for a UTF-16 one
    for encoding in ("utf-16", "utf-32", "utf-8-sig"):
        path = tmp_path / f"{encoding}.yaml"
        path.write_bytes("threads: 3\n".encode(encoding))
        assert load_config_file(path)["threads"] == 3


def test_config_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes("results_dir: café\n".encode("latin-1"))
    with pytest.raises(ConfigError, match=r"c\.yaml line 1 byte 16: not UTF-8 text \(byte 0xe9\)"):
        load_config_file(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # found by the config fuzzer (issue 12): each raised an exception other than ConfigError
        ("?\n", "unknown config key 'None'"),  # a key that is not a string reached difflib
        ("a: " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),  # PyYAML's recursion
        (
            "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
            "alias bomb",
        ),  # a million values for the validator to walk
        ("a: 2001-02-30\n", "a value YAML cannot read"),  # PyYAML's ValueError
        ('a: "\\U10001000"\n', "a value YAML cannot read"),  # chr() out of range
    ],
)
def test_hostile_yaml_is_one_config_error(tmp_path, text, message):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_config_file(path)


def test_wordle_list_of_an_unknown_collection_fails_before_any_job(tmp_path):
    # found while extending the config fuzzer to wordle_lists (issue 12): the config loaded and the
    # plan asked for a token file that no rule makes, which Snakemake reported in many lines
    from wordgames import plan

    path = tmp_path / "c.yaml"
    path.write_text("wordle_lists:\n  x: {collection: nowhere, lexicon: lemminflect, length: 5}\n")
    cfg = load_config_file(path)
    with pytest.raises(ConfigError, match=r"wordle_lists\.x\.collection: unknown collection"):
        plan.targets(cfg)


def test_glove_params_defaults_are_the_schemas():
    import dataclasses

    from wordgames.config import schema_defaults
    from wordgames.vectors.glove import GloveParams

    defaults = schema_defaults("glove")
    fields = {f.name: f.default for f in dataclasses.fields(GloveParams)}
    # threads: the schema's null means the config's top-level threads, resolved by the caller
    assert fields.pop("threads") == 1 and defaults["threads"] is None
    assert fields == {k: defaults[k] for k in fields}
    assert all(type(fields[k]) is float for k in ("x_max", "alpha", "eta"))


def test_schema_lookups():
    from wordgames.config import schema_default, schema_defaults, schema_node

    assert schema_default("hangman.lives") == 3
    assert schema_node("wordle_lists.*.length")["maximum"] == 10
    assert schema_node("lm.prune.[]")["minimum"] == 0
    assert schema_defaults("hangman.seed") == {"candidates": 50, "stage1_reveal": 4}
    with pytest.raises(KeyError, match="no config key 'hangman.lifes'"):
        schema_node("hangman.lifes")
    d = schema_default("hangman.solvers")
    d.append("x")  # a copy: the schema is not changed
    assert schema_default("hangman.solvers") == ["baseline", "seed", "posterior"]


#: defaults config/README.md abbreviates
README_SHORTHAND = {"wordle_lists.*.alphabet": "a..z"}


def test_config_readme_defaults_are_the_schemas(repo):
    """Every default the config README shows in backticks is the schema's (the README repeats
    them for readers; the schema is the source)."""
    import re

    from wordgames.config import schema_node

    section, checked, wrong = None, 0, []
    for line in (repo / "config" / "README.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\w+)", line)
        if heading:
            section = heading.group(1)
            continue
        row = re.match(r"\| `([a-z_.]+)` \| `([^`|]*)` \|", line)
        if not row:
            continue
        key, shown = row.groups()
        for full in (f"{section}.{key}", f"{section}.*.{key}", key):
            try:
                node = schema_node(full)
                break
            except KeyError:
                continue
        else:
            wrong.append(f"{key}: not a config key")
            continue
        checked += 1
        if README_SHORTHAND.get(full) == shown:
            continue
        if yaml.safe_load(shown) != node.get("default"):
            wrong.append(f"{full}: README {shown}, schema {node.get('default')!r}")
    assert checked > 100 and not wrong, wrong
