"""docs/tour.ipynb, the notebook tour of the three games, executed cell by cell on the test
pipeline's artifacts (its one parameter, the config, comes from ``WORDGAMES_CONFIG``): any cell that
raises fails the test, and so does a tour slower than its budget.

The notebook is stored with the outputs of a run on the offline default build; after ``make run``,
``.venv/bin/python tests/web/test_tour.py`` refreshes them the same way (from the repository root).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TOUR = REPO / "docs" / "tour.ipynb"
BUDGET = 300  # seconds for the whole tour; about 20 on the tiny pipeline, alone on 2 cores


def venv_kernel(folder: Path):
    """A kernel manager whose kernel is this interpreter (the venv's), whatever python3 kernel a
    user-wide Jupyter installation would otherwise find first."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    spec = folder / "kernels" / "wordgames-tour"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "wordgames", "language": "python"})
    )
    specs = KernelSpecManager(kernel_dirs=[str(spec.parent)], ensure_native_kernel=False)
    return AsyncKernelManager(kernel_name="wordgames-tour", kernel_spec_manager=specs)


def execute(nb, env: dict, folder: Path) -> float:
    """Run every cell of ``nb`` in place from the repository root; the seconds it took. A
    CellExecutionError names the failing cell and its traceback; the kernel is shut down either
    way."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb,
        km=venv_kernel(folder),
        timeout=BUDGET,  # per cell; the callers check the whole run
        record_timing=False,
        coalesce_streams=True,  # a progress bar's final line, as a terminal shows it
        resources={"metadata": {"path": str(REPO)}},
    )
    start = time.perf_counter()
    client.execute(env=env, cleanup_kc=True)
    return time.perf_counter() - start


def test_the_tour_runs_on_the_test_pipeline(built, tmp_path):
    pytest.importorskip("ipykernel")
    import nbformat

    nb = nbformat.read(TOUR, as_version=4)
    assert any("parameters" in c.metadata.get("tags", []) for c in nb.cells)
    seconds = execute(nb, {**os.environ, "WORDGAMES_CONFIG": str(built)}, tmp_path)
    assert seconds < BUDGET, f"the tour took {seconds:.0f} s"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    assert [o for c in code for o in c.outputs if o.output_type == "error"] == []
    # the config cell read the environment: the tour ran on the tiny pipeline, not the default
    shown = "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for c in code for o in c.outputs
    )
    assert f"config: {built}" in shown


if __name__ == "__main__":
    import nbformat

    os.chdir(REPO)
    tour = nbformat.read(TOUR, as_version=4)
    env = {k: v for k, v in os.environ.items() if k != "WORDGAMES_CONFIG"}  # the default config
    with tempfile.TemporaryDirectory() as folder:
        took = execute(tour, env, Path(folder))
    nbformat.write(tour, TOUR)
    print(f"{TOUR.relative_to(REPO)}: executed in {took:.1f} s")
