"""Long exact Wordle searches must not stall the server: they run in a child process (numba holds
the GIL, so in a thread they froze every other request, a guillotine solve of the soak for over
300 s), and one that outlives ``serve.search_seconds`` is stopped and answered 503."""

from __future__ import annotations

import os
import time
from functools import partial

import pytest

from wordgames.web import errors
from wordgames.web.worker import ChildWorker, TooSlow
from wordgames.wordle.feedback import format_letters
from wordgames.wordle.service import WordleService

# the child's handler is time.sleep: a request of n answers after n seconds (None)
SLEEPER = partial(partial, time.sleep)


def test_a_request_over_the_limit_is_stopped_and_the_next_one_answered():
    worker = ChildWorker(SLEEPER, (), seconds=2, what="test sleep", hint=": sleep less")
    worker.start()
    try:
        assert worker.call(0) is None
        first = worker.pid
        assert first != os.getpid()
        with pytest.raises(TooSlow, match=r"test sleep took over 2 s .*: sleep less"):
            worker.call(3600)
        assert worker.restarts == 1
        with pytest.raises(ProcessLookupError):  # killed and reaped, not left sleeping
            os.kill(first, 0)
        assert worker.pid not in (None, first)
        assert worker.call(0) is None  # a fresh child serves the next request
    finally:
        worker.stop()


def test_a_child_grown_over_its_memory_cap_is_started_again():
    worker = ChildWorker(SLEEPER, (), seconds=60, what="test sleep", max_mb=0)
    worker.start()
    try:
        first = worker.pid
        assert worker.call(0) is None
        assert worker.recycled == 1 and worker.pid not in (None, first)
        assert worker.call(0) is None
        assert worker.recycled == 2
    finally:
        worker.stop()


def test_too_slow_answers_503_in_one_line():
    assert errors.status_of(TooSlow("x")) == 503


def _off_tree_position(services):
    """A normal-mode position after one guess that the optimal tree does not reach, with more
    than one word left (what made the soak's searches)."""
    game = services.wordle.game
    data = game.data
    for row in range(len(data.guesses)):
        for answer in range(len(data.answers)):
            state = game.state_for([(row, int(data.matrix[row, answer]))])
            if len(state.candidates) > 1 and game.tree_move(state) is None:
                return state
    pytest.skip("the tiny pipeline's optimal tree reaches every one-guess position")


@pytest.mark.slow
def test_off_tree_optimal_search_runs_in_the_child_and_gives_the_strategys_guess(
    client, services, cfg
):
    service = services.wordle
    assert service.searches is not None and service.searches.pid != os.getpid()
    state = _off_tree_position(services)
    row, pattern = state.history[0]
    data = service.data
    runs = service.search_runs
    response = client.post(
        "/api/wordle/analyse",
        json={
            "moves": [
                {"guess": data.guesses[row], "feedback": format_letters(pattern, data.word_length)}
            ],
            "strategy": "optimal",
        },
    )
    assert response.status_code == 200, response.text
    assert service.search_runs == runs + 1  # searched in the child, not in the server
    # the reference: the same strategy searching in this process
    reference = WordleService.from_config(cfg, hint=service.hint)
    expected = data.guesses[reference.suggest(state, "optimal")]
    assert response.json()["suggestion"]["word"] == expected
