"""Shared fixtures: the repository root, the evaluation data folder (skip when absent)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# The machine is shared: a per-example deadline would make timing, not correctness, fail a test. On CI
# the examples are derandomised so a run is reproducible.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

REPO = Path(__file__).resolve().parents[1]
# the pipeline, fault and web tests share tiny_pipeline.py (--import-mode=importlib adds no folder)
sys.path.insert(0, str(Path(__file__).resolve().parent))


def data_dir() -> Path | None:
    value = os.environ.get("WORDGAMES_DATA")
    if value and Path(value).is_dir():
        return Path(value)
    sibling = REPO.parent / "shared" / "data"
    return sibling if sibling.is_dir() else None


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def data_folder() -> Path | None:
    """The evaluation data folder, or None: for tests that check one thing with it and another
    without it."""
    return data_dir()


@pytest.fixture
def wordgames_data() -> Path:
    """The evaluation data folder; tests using it skip with the reason when it is absent."""
    path = data_dir()
    if path is None:
        pytest.skip("evaluation data not available: set WORDGAMES_DATA to the shared data folder")
    return path


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 512 KiB tmpfs, a real full disk (root only; skips otherwise); yields (folder, grow) where
    grow() makes it 4 MiB."""
    import subprocess

    mnt = tmp_path / "tmpfs"
    mnt.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mnt)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(
            f"cannot mount a tmpfs here ({mounted.stderr.strip()}); "
            "the injected-ENOSPC tests cover the same code"
        )

    def grow():
        subprocess.run(["mount", "-o", "remount,size=4m", str(mnt)], check=True)

    try:
        yield mnt, grow
    finally:
        subprocess.run(["umount", str(mnt)], check=False)


# A tiny order-3 KenLM model trained from tests/data/lm/tiny.txt (seconds, --discount_fallback),
# shared by the LM and hangman tests.
TINY_LM_TEXT = REPO / "tests" / "data" / "lm" / "tiny.txt"


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
    arpa = train_arpa(
        TINY_LM_TEXT, out / "model.arpa", order=3, memory="100M", discount_fallback=True
    )
    binary = build_binary(arpa, out / "model.binary", memory="100M")
    unigrams = count_unigrams(TINY_LM_TEXT, out / "unigrams.parquet")
    return {"arpa": arpa, "binary": binary, "unigrams": unigrams, "tokens": TINY_LM_TEXT}


# Counts of the robustness suites (issue 12): inputs tried per fuzzed reader, faults injected per
# pipeline stage, outputs checked after them, partial artifacts and lost files found. Tests add to
# them through the `robustness_counts` fixture; the terminal summary prints them (merged over the
# xdist workers), so the README's numbers come from `make test`.
FUZZ_EXAMPLES_ENV = "WORDGAMES_FUZZ_EXAMPLES"
_COUNTS: dict = {"fuzz": {}, "faults": {}}


def pytest_addoption(parser):
    parser.addoption(
        "--fuzz-examples",
        type=int,
        default=None,
        metavar="N",
        help=f"inputs per fuzzed reader (default: ${FUZZ_EXAMPLES_ENV} or a short CI run)",
    )


@pytest.fixture(scope="session")
def robustness_counts() -> dict:
    return _COUNTS


def _merge_counts(into: dict, new: dict) -> None:
    for kind, table in new.items():
        for name, row in table.items():
            target = into.setdefault(kind, {}).setdefault(name, {})
            for key, value in row.items():
                target[key] = target.get(key, 0) + value


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        import json

        workeroutput["wordgames_robustness"] = json.dumps(_COUNTS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    import json

    data = getattr(node, "workeroutput", {}).get("wordgames_robustness")
    if data:
        _merge_counts(_COUNTS, json.loads(data))


def _table(title: str, rows: dict, columns: list[str]) -> list[str]:
    width = max([len(title), *map(len, rows)])
    lines = [f"{title:<{width}}  " + "  ".join(f"{c:>15}" for c in columns)]
    for name in sorted(rows):
        lines.append(
            f"{name:<{width}}  " + "  ".join(f"{rows[name].get(c, 0):>15}" for c in columns)
        )
    total = {c: sum(r.get(c, 0) for r in rows.values()) for c in columns}
    lines.append(f"{'total':<{width}}  " + "  ".join(f"{total[c]:>15}" for c in columns))
    return lines


def pytest_terminal_summary(terminalreporter):
    if not (_COUNTS["fuzz"] or _COUNTS["faults"]):
        return
    terminalreporter.section("robustness counts (issue 12)")
    if _COUNTS["fuzz"]:
        for line in _table("fuzzed reader", _COUNTS["fuzz"], ["inputs", "failures"]):
            terminalreporter.write_line(line)
    if _COUNTS["faults"]:
        columns = ["faults", "outputs checked", "partial", "lost"]
        for line in _table("stage (rule)", _COUNTS["faults"], columns):
            terminalreporter.write_line(line)
