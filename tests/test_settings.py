"""The typed config objects match the schema section by section, so code reading them never needs
a default of its own."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from wordgames.config import load_config, schema
from wordgames.settings import Settings


def _classes(cls, node: dict, where: str):
    """(dataclass, schema node, dotted key) of every object section, recursively."""
    yield cls, node, where
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        sub = node["properties"][f.name] if f.name in node.get("properties", {}) else None
        tp = hints[f.name]
        if sub is None:
            continue
        if dataclasses.is_dataclass(tp):
            yield from _classes(tp, sub, f"{where}.{f.name}")
        elif typing.get_origin(tp) is dict and dataclasses.is_dataclass(typing.get_args(tp)[1]):
            yield from _classes(
                typing.get_args(tp)[1], sub["additionalProperties"], f"{where}.{f.name}.*"
            )


@pytest.mark.parametrize(
    "cls,node,where",
    list(_classes(Settings, schema(), "config")),
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_every_class_has_exactly_the_schema_properties(cls, node, where):
    fields = [f.name for f in dataclasses.fields(cls)]
    assert sorted(fields) == sorted(node["properties"]), where
    for f in dataclasses.fields(cls):
        assert f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING, (
            f"{where}.{f.name}: the default lives in the schema"
        )


def test_settings_carry_the_schema_defaults_and_overrides(repo):
    cfg = load_config({"glove": {"dim": 7}, "corpora": {"x": {"kind": "text", "source": "a.txt"}}})
    s = cfg.settings
    assert s.glove.dim == 7 and s.glove.iterations == 50  # override, then the schema's default
    assert s.corpora["x"].options.layout == "lines" and s.corpora["x"].shards == 1
    assert s.guillotine.solver.l2 == 1.0 and s.wordle.qlearning.episodes == 20000
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.glove.dim = 3  # type: ignore[misc]


def test_a_collection_overrides_cooccur_and_glove_values_for_itself_only():
    from wordgames.errors import ConfigError
    from wordgames.selection import collection_cooccur, collection_glove

    cfg = load_config(
        {
            "cooccur": {"min_count": 15},
            "glove": {"iterations": 30},
            "corpora": {"x": {"kind": "text", "source": "a.txt"}},
            "collections": {
                "prose": {"corpora": ["x"]},
                "lexical": {
                    "corpora": ["x"],
                    "cooccur": {"min_count": 3},
                    "glove": {"iterations": 50},
                },
            },
        }
    )
    assert collection_cooccur(cfg, "lexical").min_count == 3
    assert collection_cooccur(cfg, "prose").min_count == 15
    assert collection_glove(cfg, "lexical").iterations == 50
    assert collection_glove(cfg, "prose").iterations == 30
    assert collection_glove(cfg, "lexical").dim == cfg.settings.glove.dim  # the rest inherited
    with pytest.raises(ConfigError, match="unknown collection 'nope'"):
        collection_glove(cfg, "nope")
    with pytest.raises(ConfigError, match="shards"):  # only the per-collection keys are allowed
        load_config(
            {
                "corpora": {"x": {"kind": "text", "source": "a.txt"}},
                "collections": {"c": {"corpora": ["x"], "cooccur": {"shards": 2}}},
            }
        )
