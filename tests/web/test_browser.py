"""Every page in a real browser: Debian's Chromium driven by Playwright against ``wordgames serve``
on the tiny pipeline. Skipped, with the reason, where Chromium or Playwright is not installed
(scripts/system-packages.sh installs Chromium). Screenshots go to results/web-tests/screenshots/."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "results" / "web-tests" / "screenshots"
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


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not Path(CHROMIUM).is_file() or shutil.which(CHROMIUM) is None:
        pytest.skip(
            f"no Chromium at {CHROMIUM}: apt-get install chromium "
            "(scripts/system-packages.sh installs it as root)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install playwright)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1280, "height": 1000},
        )
        context.set_default_timeout(TIMEOUT)
        yield context
        context.close()


@pytest.fixture
def page(browser):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_wordle_game_played_to_the_end_then_followed(page, server):
    page.goto(server + "/wordle")
    page.wait_for_selector("#strategy option[value=optimal]", state="attached")
    page.click("#new-game")
    page.wait_for_function("!document.getElementById('guess-button').disabled")
    status = ""
    for turn in range(1, 7):
        page.click("#hint-button")  # the optimal strategy's next guess, typed in for us
        page.wait_for_function("document.getElementById('guess-input').value.length === 5")
        page.click("#guess-button")
        page.wait_for_function(f"document.querySelectorAll('#board .tile').length === {5 * turn}")
        status = page.inner_text("#status")
        if "Solved" in status or "Not solved" in status:
            break
    assert re.match(r"Solved in [1-6]!", status), status
    assert page.inner_text("#play-error") == ""
    shot(page, "wordle-played")

    # follow the same game: type its first word and click its tiles to the colours it got
    tiles = page.query_selector_all("#board .tile")[:5]
    word = "".join(t.inner_text() for t in tiles).lower()
    colours = [
        next(c for c in ("g", "y", "b") if c in (t.get_attribute("class") or "").split())
        for t in tiles
    ]
    page.fill("#follow-word", word)
    page.dispatch_event("#follow-word", "input")
    for i, colour in enumerate(colours):
        for _ in range({"b": 0, "y": 1, "g": 2}[colour]):
            page.click(f"#follow-tiles .tile[data-index='{i}']")
    page.click("#follow-add")
    page.wait_for_function("document.querySelectorAll('#follow-board .tile').length === 5")
    assert page.inner_text("#follow-error") == ""
    page.wait_for_function("document.getElementById('left').textContent.length > 0")
    left = page.inner_text("#left")
    if colours == ["g"] * 5:  # solved in one (1 game in 51 on the tiny list): nothing to explain
        assert left == f"Solved: {word.upper()}", left
        assert page.query_selector_all("#why tbody tr") == []
    else:
        assert re.fullmatch(r"\d+ words? left", left), left
        page.wait_for_selector("#why tbody tr")
    shot(page, "wordle-followed")


def test_hangman_board_followed_and_a_game_watched(page, server):
    phrase = "it's a sunny day"
    page.goto(server + "/hangman")
    page.wait_for_selector("#solver option", state="attached")
    revealed, wrong = set(), ""
    for _ in range(26):
        board = "".join(ch if not ch.isalpha() or ch in revealed else "_" for ch in phrase)
        page.fill("#board", board)
        page.fill("#wrong", wrong)
        page.click("#assist")
        # the answer to this board: the letter was cleared after the previous one
        page.wait_for_function("document.getElementById('letter').textContent.length === 1")
        page.wait_for_selector("#predictions tbody tr")
        letter = page.inner_text("#letter").lower()
        assert len(letter) == 1 and letter not in revealed and letter not in wrong
        if letter in phrase:
            revealed.add(letter)
        else:
            wrong += letter
        if all(ch in revealed for ch in phrase if ch.isalpha()) or len(wrong) >= 3:
            break
        page.evaluate("document.getElementById('letter').textContent = ''")
    shot(page, "hangman-assist")
    assert page.inner_text("#assist-error") == ""
    page.fill("#phrase", phrase)
    page.click("#play")
    page.wait_for_selector("#steps tbody tr")
    outcome = page.inner_text("#outcome")
    assert re.search(r": (won|lost) with \d wrong of 3 lives", outcome), outcome
    shot(page, "hangman-watch")


def test_guillotine_solved_and_evidence_opened(page, server):
    page.goto(server + "/guillotine")
    page.wait_for_selector("#solver option", state="attached")
    for i, clue in enumerate(["monaco", "abito", "dire", "fare", "mezzo"], 1):
        page.fill(f"#clue{i}", clue)
    page.click("#solve")
    page.wait_for_selector("#answer-0")
    rows = page.query_selector_all("tr.answer")
    assert 1 <= len(rows) <= 10
    assert page.is_hidden("#evidence-0")
    page.click("#answer-0")
    page.wait_for_selector("#evidence-0", state="visible")
    evidence = page.inner_text("#evidence-0")
    for clue in ("monaco", "abito", "dire", "fare", "mezzo"):
        assert clue in evidence
    shot(page, "guillotine")
    page.fill("#clue5", "qwxzy")
    page.click("#solve")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "unknown word" in page.inner_text("#error")


def test_results_page_opens_the_report(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#s-wordle:not(:empty)")
    shot(page, "index")
    page.click("text=Results")
    page.wait_for_url(server + "/results")
    frame = page.frame_locator("#report")
    frame.get_by_text("Wordle", exact=True).first.wait_for(timeout=TIMEOUT)
    frame.get_by_text("Wordle", exact=True).first.click()
    row = frame.locator("tr", has_text="guess distribution").first
    row.locator("a[iconname=information-circle]").click()  # the caption
    frame.get_by_text("Wordle guess distribution per strategy and mode").first.wait_for()
    row.locator("a[iconname=eye]").click()  # the figure itself
    frame.locator("img").first.wait_for()
    shot(page, "results")
