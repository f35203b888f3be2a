"""The docs site builds with warnings as errors (as `make docs` does): a broken cross-reference, an
anchor that is not there, or a page left out of the tree fails `make test` too, not only `make lint`."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("sphinx", reason="sphinx is not installed (pip install -e '.[dev]')")
pytest.importorskip("myst_nb", reason="myst-nb is not installed (pip install -e '.[dev]')")
pytest.importorskip("furo", reason="the furo theme is not installed (pip install -e '.[dev]')")


def _pages(root):
    """Every page source under root, as a document name (path without suffix)."""
    return {
        p.relative_to(root).with_suffix("").as_posix()
        for suffix in ("*.md", "*.ipynb")
        for p in root.rglob(suffix)
        if "_build" not in p.parts and ".ipynb_checkpoints" not in p.parts
    }


@pytest.fixture(scope="module")
def site(repo, tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-E", "-q"]
    command += ["-b", "html", "-d", str(out / "doctrees"), str(repo / "docs"), str(out / "html")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return done, out / "html"


def test_the_site_builds_without_a_warning(site):
    done, _ = site
    assert done.returncode == 0, f"sphinx-build -W -n failed:\n{done.stderr[-4000:]}"
    assert "WARNING" not in done.stderr, done.stderr[-4000:]


def test_every_page_of_docs_is_on_the_site(repo, site):
    """No page is kept out of the build (exclude_patterns) to make -W pass: each one is rendered."""
    done, html = site
    assert done.returncode == 0, done.stderr[-4000:]
    built = {p.relative_to(html).with_suffix("").as_posix() for p in html.rglob("*.html")}
    missing = _pages(repo / "docs") - built
    assert not missing, f"pages of docs/ not on the site: {sorted(missing)}"
