"""A tiny order-3 KenLM model trained from tests/data/lm/tiny.txt (seconds, --discount_fallback)."""

from __future__ import annotations

from pathlib import Path

import pytest

TINY = Path(__file__).resolve().parents[1] / "data" / "lm" / "tiny.txt"


def _tools_or_skip():
    from wordgames.errors import ToolMissingError
    from wordgames.lm.train import find_tool

    try:
        find_tool("lmplz")
        find_tool("build_binary")
    except ToolMissingError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def tiny_lm(tmp_path_factory) -> dict[str, Path]:
    from wordgames.lm.train import build_binary, count_unigrams, train_arpa

    _tools_or_skip()
    out = tmp_path_factory.mktemp("tiny-lm")
    arpa = train_arpa(TINY, out / "model.arpa", order=3, memory="100M", discount_fallback=True)
    binary = build_binary(arpa, out / "model.binary", memory="100M")
    unigrams = count_unigrams(TINY, out / "unigrams.parquet")
    return {"arpa": arpa, "binary": binary, "unigrams": unigrams, "tokens": TINY}
