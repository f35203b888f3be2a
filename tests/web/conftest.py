"""The tiny pipeline's artifacts and HTML report, built once per test session (shared by the xdist
workers through a lock), and a real ``wordgames serve`` on them."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from tiny_pipeline import merged_fragments

# the browser tests share browser_helpers.py (--import-mode=importlib adds no folder)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_helpers import browser, page  # noqa: E402, F401  (fixtures for every browser test)

REPO = Path(__file__).resolve().parents[2]


def _tiny_config(workdir: Path) -> Path:
    """The union of tests/data/pipeline/*.yaml, as test_pipeline.py builds it."""
    merged: dict = {"results_dir": str(workdir / "results"), **merged_fragments()}
    path = workdir / "config.yaml"
    path.write_text(yaml.safe_dump(merged, sort_keys=False))
    return path


def _snakemake(workdir: Path, configfile: Path, *extra: str) -> None:
    cmd = [
        sys.executable,
        "-m",
        "snakemake",
        "--snakefile",
        str(REPO / "Snakefile"),
        "--directory",
        str(workdir),
        "--configfile",
        str(configfile),
        "--cores",
        "2",
        "--workflow-profile",
        "none",
        *extra,
    ]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=1500)
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(extra) or 'snakemake'} failed:\n{run.stderr[-4000:]}")


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The tiny config (its results and report.html built); the path of its YAML file."""
    from wordgames.errors import ToolMissingError
    from wordgames.lm.train import find_tool

    try:
        find_tool("lmplz")
    except ToolMissingError as exc:
        pytest.skip(f"the tiny pipeline needs KenLM: {exc}")
    prebuilt = os.environ.get("WORDGAMES_TINY_BUILD")
    if prebuilt:  # a folder this fixture built before, reused while iterating on front-ends
        configfile = Path(prebuilt) / "config.yaml"
        if not (Path(prebuilt) / "results" / "report.html").exists():
            pytest.fail(f"WORDGAMES_TINY_BUILD={prebuilt} holds no built tiny pipeline")
        return configfile
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # shared by the workers of this session
    workdir = root / "web-tiny"
    workdir.mkdir(exist_ok=True)
    with open(root / "web-tiny.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first worker builds, the others wait and reuse
        configfile = _tiny_config(workdir)
        report = workdir / "results" / "report.html"
        if not report.exists():
            _snakemake(workdir, configfile)
            _snakemake(workdir, configfile, "--report", str(report))
    return configfile


@pytest.fixture(scope="session")
def cfg(built):
    from wordgames.config import load_cli_config

    return load_cli_config(built)


@pytest.fixture(scope="session")
def services(cfg):
    from wordgames.web.app import load_services

    return load_services(cfg)


@pytest.fixture(scope="session")
def client(services):
    from fastapi.testclient import TestClient

    from wordgames.web.app import create_app

    with TestClient(create_app(services), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="session")
def server(built):
    """A real ``wordgames serve`` (uvicorn) on the tiny config; its base URL."""
    from wordgames.web import local

    with open(built.parent / f"serve-{os.getpid()}.log", "wb") as log:  # a pipe could fill up
        proc, base = local.start(built, log, cwd=built.parent)
        try:
            yield base
        finally:
            local.stop(proc)
