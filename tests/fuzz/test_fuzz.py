"""Every fuzz target of tests/fuzz/targets.py, each in its own process under memory and time limits.

``--fuzz-examples N`` (or ``WORDGAMES_FUZZ_EXAMPLES=N``) sets the inputs per target for a long run;
the default is a short run that CI can afford. The inputs tried per target are printed in the
"robustness counts" section of the test summary.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.fuzz

HERE = Path(__file__).resolve().parent
#: Inputs per target in a default (CI) run: the slow targets extract a corpus per input; the
#: 100 MB line has three cases, each run once whatever the count.
DEFAULT_EXAMPLES = {"mediawiki XML reader": 100, "BNC reader": 100, "web JSON API": 500}
DEFAULT_OTHERS = 200
FIXED_EXAMPLES = {"mediawiki 100 MB line": 3}


def _targets() -> list[str]:
    spec = importlib.util.spec_from_file_location("wordgames_fuzz_targets", HERE / "targets.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return sorted(module.TARGETS)


@pytest.fixture
def fuzz_examples(request) -> int | None:
    """--fuzz-examples, else $WORDGAMES_FUZZ_EXAMPLES (tests/conftest.py adds the option)."""
    value = request.config.getoption("--fuzz-examples") or os.environ.get("WORDGAMES_FUZZ_EXAMPLES")
    return int(value) if value else None


#: Targets that fuzz a real server on the tiny pipeline's artifacts (the ``built`` fixture, which
#: skips without KenLM): its config reaches the target process in this variable.
NEEDS_BUILT_CONFIG = {"web JSON API": "WORDGAMES_FUZZ_WEB_CONFIG"}


@pytest.mark.parametrize("name", _targets())
def test_fuzz(name, fuzz_examples, tmp_path, robustness_counts, request):
    examples = (
        FIXED_EXAMPLES.get(name) or fuzz_examples or DEFAULT_EXAMPLES.get(name, DEFAULT_OTHERS)
    )
    env = dict(os.environ)
    if name in NEEDS_BUILT_CONFIG:
        env[NEEDS_BUILT_CONFIG[name]] = str(request.getfixturevalue("built"))
    out = tmp_path / "result.json"
    proc = subprocess.run(
        [
            sys.executable,
            str(HERE / "targets.py"),
            name,
            "--examples",
            str(examples),
            "--sandbox",
            str(tmp_path / "sandbox"),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=max(900, examples * 2),
    )
    last = tmp_path / "sandbox" / "last-input.txt"
    if not out.exists():  # the process itself died (a crash in C code, the time limit)
        pytest.fail(
            f"{name}: the fuzz process died (status {proc.returncode}) on the input "
            f"{last.read_text()[:2000] if last.exists() else '?'}\n{proc.stderr[-3000:]}"
        )
    result = json.loads(out.read_text())
    row = robustness_counts["fuzz"].setdefault(name, {})
    row["inputs"] = row.get("inputs", 0) + result["inputs"]
    row["failures"] = row.get("failures", 0) + (result["failure"] is not None)
    assert result["failure"] is None, f"{name}:\n{result['failure']}"
