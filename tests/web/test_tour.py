"""docs/tour.ipynb, the notebook tour of the three games, executed cell by cell on the test
pipeline's artifacts (its one parameter, the config, comes from ``WORDGAMES_CONFIG``): any cell that
raises fails the test, and so does a tour slower than its budget."""

from __future__ import annotations

import json
import os
import sys
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


def test_the_tour_runs_on_the_test_pipeline(built, tmp_path):
    pytest.importorskip("ipykernel")
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(TOUR, as_version=4)
    assert any("parameters" in c.metadata.get("tags", []) for c in nb.cells)
    client = NotebookClient(
        nb,
        km=venv_kernel(tmp_path),
        timeout=BUDGET,  # per cell; the whole run is checked below
        resources={"metadata": {"path": str(REPO)}},  # the cwd: the tour's paths are the repo's
    )
    env = {**os.environ, "WORDGAMES_CONFIG": str(built)}
    start = time.perf_counter()
    # a CellExecutionError names the cell and its traceback; the kernel is shut down either way
    client.execute(env=env, cleanup_kc=True)
    seconds = time.perf_counter() - start
    assert seconds < BUDGET, f"the tour took {seconds:.0f} s"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert errors == []
    # the config cell read the environment: the tour ran on the tiny pipeline, not the default
    shown = "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for c in code for o in c.outputs
    )
    assert str(built) in shown
