"""The tiny test pipeline's config: the union of tests/data/pipeline/*.yaml, read by the pipeline,
fault and web tests alike (importable from any test: tests/ is on sys.path through its conftest)."""

from __future__ import annotations

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def merged_fragments(data: Path | None = None) -> dict:
    """The fragments merged, ``{tests_data}`` pointing at ``data`` (default tests/data)."""
    data = data or REPO / "tests/data"
    merged: dict = {}
    for fragment in sorted((REPO / "tests/data/pipeline").glob("*.yaml")):
        text = fragment.read_text().replace("{tests_data}", str(data)).replace("{repo}", str(REPO))
        merged.update(yaml.safe_load(text) or {})
    return merged
