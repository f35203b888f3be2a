"""The shell's pages in a real browser (Debian's Chromium driven by Playwright against
``wordgames serve`` on the tiny pipeline): Wordle played to the end by the physical keyboard and by
the on-screen keys, then followed; the home, Results and not-found pages. Every page fits a
390 px phone and a 1280 px screen without sideways scrolling and has no serious or critical axe-core
violation (browser_helpers.check_page, which also leaves the screenshots). The Hangman and
Ghigliottina pages are tested in test_browser_games.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from browser_helpers import check_page

pytestmark = pytest.mark.slow
SCORED = "#board .wd-tile.scored"


def _open_wordle(page, server):
    page.goto(server + "/wordle")
    page.wait_for_selector("#strategy option[value=optimal]", state="attached")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('New ')")


def _suggestion_after(page, turn: int) -> str:
    """The analysis panel's next guess once it describes the board after ``turn`` guesses."""
    title = "Analysis before the first guess" if turn == 0 else "Analysis after "
    page.wait_for_function(
        """([title, turn]) => {
             const t = document.getElementById('analysis-title').textContent;
             const words = t.startsWith('Analysis after ') ? t.slice(15).split(', ').length : 0;
             return t.startsWith(title) && words === turn
               && !document.getElementById('suggestion-box').hidden;
           }""",
        arg=[title, turn],
    )
    return page.inner_text("#suggested-word").lower()


def _played_rows(page) -> list[tuple[str, str]]:
    """The board's played rows as (word, colours g/y/b)."""
    rows = []
    tiles = page.query_selector_all(SCORED)
    for start in range(0, len(tiles), 5):
        row = tiles[start : start + 5]
        word = "".join(t.inner_text() for t in row).lower()
        colours = "".join(
            next(c for c in "gyb" if c in (t.get_attribute("class") or "").split()) for t in row
        )
        rows.append((word, colours))
    return rows


def _play_to_the_end(page, type_word, after_first=None) -> str:
    """Play the analysis panel's guesses with ``type_word(word)`` until the game ends; the
    message then shown. ``after_first(page)`` runs after the first guess if the game goes on."""
    page.click("#hint")  # the optimal strategy's guesses, shown beside the board
    message = ""
    for turn in range(6):
        word = _suggestion_after(page, turn)
        type_word(word)
        page.wait_for_function(f"document.querySelectorAll('{SCORED}').length === {5 * (turn + 1)}")
        page.wait_for_function(  # the message comes once the row has turned over
            f"/ after {turn + 1} guess|Solved|Not solved/.test("
            "document.getElementById('message').textContent)"
        )
        message = page.inner_text("#message")
        if "Solved" in message or "Not solved" in message:
            break
        if turn == 0 and after_first is not None:
            _suggestion_after(page, 1)
            after_first(page)
    assert page.inner_text("#error") == ""
    return message


def _check_the_end(page, message: str) -> None:
    assert re.fullmatch(r"\w+! Solved in [1-6]\.", message), message
    rows = _played_rows(page)
    assert rows[-1][1] == "ggggg" and all(c != "ggggg" for _, c in rows[:-1])
    # the keyboard shows what is known: the answer's letters green
    for letter in set(rows[-1][0]):
        assert "g" in page.get_attribute(f"#keyboard button[data-key={letter}]", "class").split()
    assert page.is_visible("#result")
    grid = page.get_attribute("#share-grid", "data-text").splitlines()
    assert grid[0] == f"wordgames Wordle {len(rows)}/6"
    assert [line for line in grid[2:]] == [
        "".join({"g": "\U0001f7e9", "y": "\U0001f7e8", "b": "\u2b1b"}[c] for c in colours)
        for _, colours in rows
    ]


def test_wordle_played_by_the_physical_keyboard_then_followed(page, server):
    _open_wordle(page, server)
    check_page(page, "wordle-start")

    def type_word(word):
        page.keyboard.type(word)
        page.keyboard.press("Enter")

    # the README's screenshots: a game under way, the analysis of its board beside it
    message = _play_to_the_end(page, type_word, after_first=lambda p: check_page(p, "wordle"))
    _check_the_end(page, message)
    played = _played_rows(page)
    check_page(page, "wordle-solved")

    # follow the same game: its first word typed, its tiles clicked to the colours it got; the
    # analysis must then count the words left as the hidden game did after its first guess
    page.check("input[name=mode][value=follow]")
    _suggestion_after(page, 0)
    word, colours = played[0]
    page.keyboard.type(word)
    for i, colour in enumerate(colours):
        for _ in range({"b": 0, "y": 1, "g": 2}[colour]):
            page.click(f"#current-row .wd-tile[data-index='{i}']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('{SCORED}').length === 5")
    assert page.inner_text("#error") == ""
    assert _played_rows(page) == [(word, colours)]
    if colours == "ggggg":  # solved in one: nothing is left to explain
        page.wait_for_function("document.getElementById('left').textContent.startsWith('Solved')")
    else:
        _suggestion_after(page, 1)
        assert len(page.query_selector_all("#why tbody tr")) >= 1
        left = int(re.match(r"(\d+) words? left", page.inner_text("#left")).group(1))
        assert left >= 1
    check_page(page, "wordle-followed")


def test_wordle_played_by_the_on_screen_keys(page, server):
    _open_wordle(page, server)

    def tap(word):
        for letter in word:
            page.click(f"#keyboard button[data-key={letter}]")
        page.click("#keyboard button[data-key=enter]")

    # a word not on the list is refused in words, and the row stays to be corrected
    tap("zzzzz")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert page.query_selector_all(SCORED) == []
    for _ in range(5):
        page.click("#keyboard button[data-key=backspace]")
    assert page.inner_text("#current-row").strip() == ""

    message = _play_to_the_end(page, tap)
    _check_the_end(page, message)


def _guess_list(built) -> list[str]:
    """The tiny config's allowed guesses (the server's list)."""
    path = Path(yaml.safe_load(built.read_text())["wordle"]["guesses"])
    return [w for w in path.read_text().split("\n") if w and not w.startswith("#")]


def test_wordle_in_hard_mode_refuses_a_guess_that_ignores_the_hints(page, server, built):
    _open_wordle(page, server)
    page.check("#hard")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('New hard')")
    page.click("#hint")
    for _ in range(20):  # a game whose first guess reveals a letter (not all grey, not solved)
        first = _suggestion_after(page, 0)
        page.keyboard.type(first)
        page.keyboard.press("Enter")
        page.wait_for_function(  # the row has turned over: the next one takes letters
            "/Genius|after 1 guess/.test(document.getElementById('message').textContent)"
        )
        word, colours = _played_rows(page)[0]
        if colours != "ggggg" and set(colours) != {"b"}:
            break
        page.click("#new-game")
        page.wait_for_function(f"document.querySelectorAll('{SCORED}').length === 0")
    else:
        pytest.fail("20 games in a row revealed no letter on the first guess")
    # the NYT rule: a letter shown green or yellow must be played again; a word without it is refused
    hint = next(ch for ch, c in zip(word, colours, strict=True) if c != "b")
    refused = next(w for w in _guess_list(built) if hint not in w)
    page.keyboard.type(refused)
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "not allowed in hard mode" in page.inner_text("#error")
    assert len(page.query_selector_all(SCORED)) == 5


@pytest.mark.parametrize(
    ("path", "name", "ready"),
    [
        ("/", "index", "#s-wordle:not(:empty)"),
        ("/results", "results", "main h1"),
        ("/no-such-page", "not-found", "main h1"),
    ],
)
def test_pages_fit_a_phone_and_pass_axe(page, server, path, name, ready):
    response = page.goto(server + path)
    assert response.status == (404 if name == "not-found" else 200)
    page.wait_for_selector(ready)
    assert page.is_visible("header.site nav a[href='/results']")
    check_page(page, name)


def test_results_page_shows_the_report_with_its_figures(page, server):
    page.goto(server + "/")
    page.click("header.site >> text=Results")
    page.wait_for_url(server + "/results")
    sections = page.query_selector_all("main section h2")
    assert sections, "no report section shown"
    toc = page.query_selector_all("nav.toc a")
    assert len(toc) == len(sections)
    images = page.query_selector_all("main img")
    assert images, "the report shows no figure"
    for img in images:
        img.scroll_into_view_if_needed()
        assert img.get_attribute("src").startswith("/results/files/")
    page.wait_for_function(
        "[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    assert page.is_visible("a[href='/report']")  # the full Snakemake report, when written
