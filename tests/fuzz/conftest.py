"""The tiny pipeline's built config, shared with the web tests: the web API target fuzzes a real
``wordgames serve`` on it. The fixture is tests/web/conftest.py's own (loaded by path: test folders
are not packages), so both suites build the artifacts once per session and reuse them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "wordgames_web_test_fixtures", Path(__file__).resolve().parents[1] / "web" / "conftest.py"
)
_web = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_web)

built = _web.built
