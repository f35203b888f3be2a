"""One config loader for Snakemake and the CLI.

The configuration is YAML validated against the JSON schema in ``wordgames/schemas/`` (one file per
section, joined by ``$ref``). Validation fills in the schema's defaults, so code never repeats a default,
and rejects unknown keys with a message naming the key, before any job runs.

``data_dir`` is the folder of evaluation data (word lists, game sets, phrase sets, local corpora). It
defaults to the environment variable ``WORDGAMES_DATA``. Config values that live under it are written
``{data_dir}/...`` and resolved with :meth:`Config.data_path`, which returns ``None`` when no data folder
is configured, so stages that need the data are left out instead of failing.
"""

from __future__ import annotations

import copy
import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from wordgames.errors import ConfigError
from wordgames.textfiles import read_text

DEFAULT_CONFIGFILE = Path("config/config.yaml")
DATA_ENV = "WORDGAMES_DATA"
DATA_PLACEHOLDER = "{data_dir}"


@cache
def _schema_text(name: str) -> str:
    return resources.files("wordgames.schemas").joinpath(name).read_text(encoding="utf-8")


def _load_schema_file(name: str) -> Any:
    # libyaml when present: the schema is read by every command and every solver import, and the
    # pure-Python loader takes a noticeable fraction of a second for it
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_schema_text(name), Loader=loader)


def _inline_refs(node: Any) -> Any:
    """Replace ``{"$ref": "file.schema.yaml"}`` by that file's schema, recursively."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.endswith(".yaml"):
            return _inline_refs(_load_schema_file(ref))
        return {k: _inline_refs(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(v) for v in node]
    return node


@cache
def schema() -> dict:
    """The whole config schema with every section file inlined."""
    return _inline_refs(_load_schema_file("config.schema.yaml"))


def schema_node(key: str) -> dict:
    """The schema of one config key, dotted (``"hangman.posterior.beam"``); ``*`` steps into a
    mapping's values (``"wordle_lists.*.length"``), ``[]`` into a list's items (``"lm.prune.[]"``)."""
    node = schema()
    for part in key.split("."):
        props = node.get("properties", {})
        if part == "*" and isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        elif part == "[]" and isinstance(node.get("items"), dict):
            node = node["items"]
        elif part in props:
            node = props[part]
        else:
            raise KeyError(f"no config key {key!r} in the schema")
    return node


def schema_default(key: str) -> Any:
    """The schema's default of one config key (a copy: callers may change it)."""
    node = schema_node(key)
    if "default" not in node:
        raise KeyError(f"config key {key!r} has no default in the schema")
    return copy.deepcopy(node["default"])


def schema_defaults(key: str) -> dict[str, Any]:
    """The schema's defaults of every property of a section, e.g. a solver's options."""
    props = schema_node(key).get("properties", {})
    return {name: copy.deepcopy(sub["default"]) for name, sub in props.items() if "default" in sub}


def _validator_with_defaults():
    import jsonschema

    base = jsonschema.Draft202012Validator
    validate_properties = base.VALIDATORS["properties"]

    def set_defaults(validator, properties, instance, sub_schema):
        if isinstance(instance, dict):
            for prop, sub in properties.items():
                if isinstance(sub, dict) and "default" in sub:
                    instance.setdefault(prop, copy.deepcopy(sub["default"]))
        yield from validate_properties(validator, properties, instance, sub_schema)

    return jsonschema.validators.extend(base, {"properties": set_defaults})


def _key_path(path) -> str:
    return ".".join(str(p) for p in path) or "(top level)"


def _describe(error) -> str:
    """One line naming the offending key, with a suggestion for a misspelt one."""
    where = _key_path(error.absolute_path)
    if error.validator == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in set(error.instance) - set(known))
        parts = []
        for key in extra:
            full = f"{where}.{key}" if error.absolute_path else key
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            parts.append(f"unknown config key '{full}'{hint}")
        if parts:
            return "; ".join(parts)
    if error.validator == "required":
        return f"config key '{where}': {error.message}"
    return f"config key '{where}': {error.message}"


def validate(raw: Mapping[str, Any]) -> dict:
    """Validate a config mapping and return a copy with the schema's defaults filled in."""
    data = copy.deepcopy(dict(raw))
    validator = _validator_with_defaults()(schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.path)))
    if errors:
        raise ConfigError(_describe(errors[0]))
    return data


@dataclass(frozen=True)
class Config:
    """A validated configuration: the raw mapping with defaults, plus path helpers."""

    raw: dict
    source: Path | None = None
    _data_dir: Path | None = field(default=None, repr=False)

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def section(self, name: str) -> dict:
        return self.raw.get(name, {})

    @cached_property
    def settings(self):
        """The config as typed objects (:class:`wordgames.settings.Settings`)."""
        from wordgames.settings import Settings, from_dict

        return from_dict(Settings, self.raw)

    @property
    def results_dir(self) -> Path:
        return Path(self.raw["results_dir"])

    @property
    def data_dir(self) -> Path | None:
        return self._data_dir

    def data_path(self, value: str | os.PathLike | None) -> Path | None:
        """Resolve a path that may start with ``{data_dir}``; ``None`` if no data folder is set."""
        if value is None:
            return None
        text = str(value)
        if DATA_PLACEHOLDER in text:
            if self._data_dir is None:
                return None
            text = text.replace(DATA_PLACEHOLDER, str(self._data_dir))
        return Path(text).expanduser()

    def require_data_path(self, value: str, what: str) -> Path:
        """Like :meth:`data_path` but fails with a clear message when the file is unavailable."""
        path = self.data_path(value)
        if path is None:
            raise ConfigError(
                f"{what} is under {{data_dir}} but no data folder is set: "
                f"set data_dir in the config or the environment variable {DATA_ENV}"
            )
        if not path.exists():
            raise ConfigError(f"{what}: no such file {path}")
        return path


def _resolve_data_dir(raw: Mapping[str, Any]) -> Path | None:
    value = raw.get("data_dir") or os.environ.get(DATA_ENV)
    return Path(value).expanduser().resolve() if value else None


def load_config(raw: Mapping[str, Any], source: Path | None = None) -> Config:
    """Validate an already-parsed mapping (Snakemake's ``config``, with its overrides)."""
    data = validate(raw)
    return Config(raw=data, source=source, _data_dir=_resolve_data_dir(data))


def read_yaml(path: str | os.PathLike) -> dict:
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"config file not found: {path}")
    try:
        data = yaml.safe_load(read_text(path, ConfigError))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ConfigError(
            f"{path}{where}: not valid YAML ({getattr(exc, 'problem', exc)})"
        ) from None
    except RecursionError:
        raise ConfigError(f"{path}: YAML nested too deeply") from None
    except (ValueError, OverflowError) as exc:  # PyYAML's own: a date 2001-02-30, "\U10001000"
        raise ConfigError(f"{path}: a value YAML cannot read ({exc})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of keys")
    size = _expanded_size(data)
    if size > MAX_CONFIG_VALUES:
        raise ConfigError(
            f"{path}: {size} values once YAML aliases are expanded, more than a "
            f"config has ({MAX_CONFIG_VALUES}): an alias bomb?"
        )
    return data


#: More values than any config has: YAML aliases (``*a``) could otherwise expand a few lines into
#: billions of values for validation to walk ("billion laughs").
MAX_CONFIG_VALUES = 100_000


def _expanded_size(node, memo: dict | None = None) -> int:
    """Values in ``node`` counted as if every alias were copied out (each shared node counted once
    per use, computed once)."""
    memo = {} if memo is None else memo
    key = id(node)
    if key in memo:
        return memo[key]
    if isinstance(node, dict):
        size = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.items())
    elif isinstance(node, list):
        size = 1 + sum(_expanded_size(v, memo) for v in node)
    else:
        size = 1
    memo[key] = size
    return size


def load_config_file(path: str | os.PathLike = DEFAULT_CONFIGFILE) -> Config:
    """Read, validate and fill a config file (what the CLI's ``--configfile`` does)."""
    data = read_yaml(path)  # its errors name the file already
    try:
        return load_config(data, source=Path(path))
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def load_cli_config(path: str | os.PathLike = DEFAULT_CONFIGFILE) -> Config:
    """The config of a CLI command's ``--configfile``.

    Outside a checkout the default ``config/config.yaml`` does not exist: the schema's defaults are
    used then. A file named explicitly must exist.
    """
    path = Path(path)
    if path == DEFAULT_CONFIGFILE and not path.exists():
        return load_config({})
    return load_config_file(path)
