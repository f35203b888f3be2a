"""What every browser test shares: Debian's Chromium driven by Playwright (the ``browser`` and
``page`` fixtures, re-exported by conftest.py), the phone and desktop viewports, the checks every
page must pass at both (no sideways scrolling, axe-core with no serious or critical violation)
and the screenshots they leave.

Screenshots go to ``$WORDGAMES_SCREENSHOTS`` when set (the README's come from there), else to a
temporary folder of the test session.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("WORDGAMES_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 60_000  # ms: the machine is shared
#: The widths every page must fit: a common phone and a laptop.
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
#: axe-core impacts that fail a test (minor and moderate ones are reported, not failed).
FAILING_IMPACTS = ("serious", "critical")

_shots: Path | None = None


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A Chromium context (skips, saying why, without Chromium or Playwright)."""
    global _shots
    if not Path(CHROMIUM).is_file() or shutil.which(CHROMIUM) is None:
        pytest.skip(
            f"no Chromium at {CHROMIUM}: apt-get install chromium "
            "(scripts/system-packages.sh installs it as root)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[dev]')")
    if _shots is None:
        chosen = os.environ.get("WORDGAMES_SCREENSHOTS")
        _shots = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
        _shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport=VIEWPORTS["desktop"],
        )
        context.set_default_timeout(TIMEOUT)
        yield context
        context.close()


@pytest.fixture
def page(browser):
    """A new page; the test fails if the page's JavaScript threw."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def screenshot_dir() -> Path:
    """Where this session's screenshots go (the ``browser`` fixture chooses it)."""
    assert _shots is not None, "use the browser fixture first"
    return _shots


def shot(page, name: str) -> Path:
    """A full-page screenshot, ``<name>-<width>.png``; its path."""
    path = screenshot_dir() / f"{name}-{page.viewport_size['width']}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def set_viewport(page, which: str) -> None:
    page.set_viewport_size(VIEWPORTS[which])


def assert_no_sideways_scroll(page, where: str = "") -> None:
    """The page is no wider than the window (nothing scrolls sideways but .table-scroll boxes)."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width > inner:
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                 .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                 .slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '')
                                     + (e.className ? '.' + String(e.className) : ''))"""
        )
        raise AssertionError(f"{where or page.url}: {width} px wide in {inner} px; widest: {wide}")


def axe_problems(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    response = Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
        for v in response["violations"]
        if v.get("impact") in FAILING_IMPACTS
    ]


def assert_accessible(page, where: str = "") -> None:
    problems = axe_problems(page)
    assert not problems, f"{where or page.url}: " + "; ".join(problems)


def check_page(page, name: str, ready=None) -> list[Path]:
    """At the phone and the desktop width: no sideways scroll, no serious axe violation, and a
    screenshot ``<name>-<width>.png``. ``ready(page)``, when given, waits for the page's content
    after each resize. The screenshots' paths."""
    shots = []
    for which in VIEWPORTS:
        set_viewport(page, which)
        if ready is not None:
            ready(page)
        page.wait_for_timeout(150)  # one layout pass after the resize
        where = f"{name} at {page.viewport_size['width']} px"
        assert_no_sideways_scroll(page, where)
        assert_accessible(page, where)
        shots.append(shot(page, name))
    return shots
