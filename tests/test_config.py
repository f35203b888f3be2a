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
