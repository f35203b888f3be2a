"""Docs match the code: every config key of the schema is documented in config/README.md."""

from __future__ import annotations

import re

from wordgames.config import schema


def _keys(node, prefix=""):
    for key, sub in node.get("properties", {}).items():
        yield prefix + key
        if isinstance(sub, dict) and sub.get("type") == "object" and sub.get("properties"):
            yield from _keys(sub, prefix + key + ".")


def _expand_braces(item: str) -> list[str]:
    """`a.{b,c}` documents `a.b` and `a.c`."""
    match = re.search(r"\{([^{}]*,[^{}]*)\}", item)
    if not match:
        return [item]
    head, tail = item[: match.start()], item[match.end() :]
    return [x for alt in match.group(1).split(",") for x in _expand_braces(head + alt + tail)]


def test_every_config_key_is_in_config_readme(repo):
    text = (repo / "config" / "README.md").read_text(encoding="utf-8")
    quoted = set()
    for item in re.findall(r"`([^`]+)`", text) + re.findall(r"^#+ (\S+)$", text, re.M):
        quoted.update(_expand_braces(item))
    missing = []
    for key in _keys(schema()):
        leaf = key.rsplit(".", 1)[-1]
        documented = key in quoted or leaf in quoted or any(q.startswith(key + ".") for q in quoted)
        if not documented:
            missing.append(key)
    assert not missing, f"config keys not documented in config/README.md: {missing}"


def test_readme_opens_with_the_two_commands(repo):
    head = (repo / "README.md").read_text(encoding="utf-8").splitlines()[:6]
    text = "\n".join(head)
    assert "make run" in text and "make test" in text
