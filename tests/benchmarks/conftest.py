"""The benchmark scripts' tests import them as modules: benchmarks/ goes on sys.path (as the
scripts themselves do for each other), once for every test here."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
