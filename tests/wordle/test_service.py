"""The Wordle service, the game's public Python API: the README's lines, then each operation the
CLI and the web app call (built from lists in memory, or from a config and the pipeline's files)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import SMALL_ANSWERS, SMALL_GUESSES
from wordle_reference import ref_feedback

from wordgames.errors import ArtifactMissingError, GameStateError, InputError
from wordgames.wordle.feedback import format_letters
from wordgames.wordle.service import DEFAULT_STRATEGY, WordleService


@pytest.fixture(scope="module")
def svc(small_lists):
    guesses, answers = small_lists
    return WordleService.from_lists(guesses, answers, say=None)


def test_the_readme_lines(small_lists):
    guesses, answers = small_lists
    # --- as in README.md: from a config it is WordleService.from_config("config/config.yaml")
    svc = WordleService.from_lists(guesses, answers)
    state, solved = svc.replay([("chart", "g.gy.")])
    word = svc.guess_word(svc.suggest(state))
    game = svc.play("crane")
    # ---
    left = [a for a in answers if ref_feedback("chart", a) == svc.parse_feedback("g.gy.")]
    assert not solved and [answers[i] for i in state.candidates] == left
    assert word in guesses and (len(left) > 1 or word == left[0])
    assert game.won and game.guesses[-1] == "crane" and len(game.guesses) <= 6


def test_one_default_strategy_the_optimal(svc):
    assert DEFAULT_STRATEGY == "optimal"
    assert svc.strategy().name == "optimal"
    tree = svc.strategy().tree()
    assert svc.guess_word(svc.suggest(svc.new_state())) == tree.opener
    for answer in ("crane", svc.data.answers[7]):
        assert svc.play(answer).guesses == tree.paths[answer]


def test_replay_checks_every_move(svc):
    data = svc.data
    answer = data.answers[3]
    moves = [(g, format_letters(ref_feedback(g, answer), 5)) for g in ("chart", data.guesses[9])]
    state, solved = svc.replay(moves)
    assert answer in [data.answers[i] for i in state.candidates]
    assert [data.guesses[r] for r, _ in state.history] == ["chart", data.guesses[9]]
    assert svc.replay([(answer.upper(), "ggggg")])[1] is True
    with pytest.raises(InputError, match=r"'zzzzz' is not in the allowed guesses \(71 words"):
        svc.replay([("zzzzz", ".....")])
    with pytest.raises(InputError, match="malformed feedback"):
        svc.replay([("chart", "gq...")])
    with pytest.raises(GameStateError, match="no word fits: no answer gives ggggy for chart"):
        svc.replay([("chart", "ggggy")])
    with pytest.raises(GameStateError, match=r"guess 1 \(chart\) was all green"):
        svc.replay([("chart", "ggggg"), ("crane", ".....")])
    # hard mode: a guess that drops a revealed green is refused, naming the rule
    first = ("chart", format_letters(ref_feedback("chart", "crane"), 5))
    illegal = next(g for g in data.guesses if g[0] != "c")
    with pytest.raises(GameStateError, match=rf"'{illegal}' is not allowed in hard mode \(nyt\)"):
        svc.replay([first, (illegal, ".....")], hard=True)


def test_analyse_suggests_and_ranks(svc):
    out = svc.analyse([], strategy="entropy", top=3)
    assert out["mode"] == "normal" and out["words_left"] == 50 and not out["solved"]
    assert out["suggestion"]["word"] == svc.guess_word(svc.suggest(svc.new_state(), "entropy"))
    assert len(out["best"]) == 3
    expected = [b["expected_left"] for b in out["best"]]
    assert expected == sorted(expected)
    cells = out["suggestion"]["cells"]
    assert sum(c["count"] for c in cells) == 50 and cells[0]["count"] == max(
        c["count"] for c in cells
    )
    done = svc.analyse([("crane", "ggggg")])
    assert done["solved"] and done["answer"] == "crane" and "suggestion" not in done


def _tie_order_holds(ranked: list[tuple[float, bool, str]], left: set[str]) -> int:
    """Equal scores in a listed ranking: a word still possible first, then the more common word
    (wordfreq's English Zipf, looked up here on its own), then alphabetically. Returns how many
    neighbours the frequency decided (so a test can tell it was exercised)."""
    from wordfreq import zipf_frequency

    by_frequency = 0
    for (s1, c1, w1), (s2, c2, w2) in zip(ranked, ranked[1:], strict=False):
        assert c1 == (w1 in left) and c2 == (w2 in left)
        if round(s1, 9) != round(s2, 9):
            continue
        key1 = (not c1, -zipf_frequency(w1, "en"), w1)
        key2 = (not c2, -zipf_frequency(w2, "en"), w2)
        assert key1 < key2, f"{w1} listed before {w2} at the same score"
        by_frequency += c1 == c2 and key1[1] != key2[1]
    return by_frequency


def test_analyse_breaks_ties_by_possible_answer_then_frequency(svc):
    data = svc.data
    by_frequency = 0
    for position in ([], [("chart", format_letters(ref_feedback("chart", "crane"), 5))]):
        out = svc.analyse(position, strategy="entropy", top=len(data.guesses))
        state, _ = svc.replay(position)
        best = out["best"]
        assert len(best) == len(data.guesses)  # every allowed guess, ranked
        ranked = [(b["expected_left"], b["could_be_answer"], b["word"]) for b in best]
        by_frequency += _tie_order_holds(ranked, {data.answers[i] for i in state.candidates})
    # the CLI's table (by the strategy's own score, here the worst case) breaks ties the same way
    order, score, stats = svc.ranked(svc.new_state(), "minimax")
    ranked = [
        (float(score[k]), bool(data.is_candidate_row[stats.rows[k]]), data.guesses[stats.rows[k]])
        for k in order
    ]
    by_frequency += _tie_order_holds(ranked, set(data.answers))
    assert by_frequency > 0  # some ties were decided by the frequency, not only the answers left


def test_analyse_with_one_word_left_lists_only_it(svc):
    data = svc.data
    # a first guess and answer whose feedback leaves that answer alone (not all green)
    answer, guess = next(
        (a, g)
        for a in data.answers
        for g in data.guesses
        if g != a and sum(ref_feedback(g, b) == ref_feedback(g, a) for b in data.answers) == 1
    )
    moves = [(guess, format_letters(ref_feedback(guess, answer), 5))]
    for strategy in ("optimal", "entropy"):
        out = svc.analyse(moves, strategy=strategy, top=5)
        assert out["words_left"] == 1 and out["suggestion"]["word"] == answer
        assert [b["word"] for b in out["best"]] == [answer] and out["suggestion_rank"] == 1


def test_analyse_places_the_suggestion_in_the_ranking_and_says_why(svc):
    from wordgames.wordle.service import OPTIMAL_NOTE

    out = svc.analyse([], top=3)  # optimal: the proved tree's opener
    full = svc.analyse([], top=len(svc.data.guesses))
    words = [b["word"] for b in full["best"]]
    opener = svc.strategy().tree().opener
    assert out["suggestion"]["word"] == opener
    assert out["suggestion_rank"] == words.index(opener) + 1
    assert out["ranking_note"] == OPTIMAL_NOTE and "total number of guesses" in OPTIMAL_NOTE
    assert [b["word"] for b in out["best"]] == words[:3]
    greedy = svc.analyse([], strategy="expected-size", top=3)
    assert greedy["suggestion_rank"] >= 1 and "expected-size" in greedy["ranking_note"]


def test_ranked_uses_the_strategys_score_or_entropy(svc):
    state = svc.new_state()
    order, score, stats = svc.ranked(state, "minimax")
    assert score[order[0]] == score.min()  # minimax ranks by its own (worst case)
    order_e, _, stats_e = svc.ranked(state, "optimal")  # not greedy: entropy ranks
    assert stats_e.entropy[order_e[0]] == pytest.approx(stats_e.entropy.max())


def test_score_guess_of_a_hidden_answer_game(svc):
    data = svc.data
    answer = data.answers.index("crane")
    row, pattern, left = svc.score_guess([], answer, "chart")
    assert data.guesses[row] == "chart" and pattern == ref_feedback("chart", "crane")
    assert left == sum(ref_feedback("chart", a) == pattern for a in data.answers)
    illegal = next(g for g in data.guesses if g[0] != "c")
    with pytest.raises(GameStateError, match="not allowed in hard mode"):
        svc.score_guess([(row, pattern)], answer, illegal, hard=True)
    with pytest.raises(InputError, match="'nope!' is not in the allowed guesses"):
        svc.score_guess([], answer, "nope!")


def test_play_and_evaluate_validate_and_seed(svc):
    with pytest.raises(InputError, match=r"'salet' is not in the answer list \(50 words\)"):
        svc.play("salet")
    with pytest.raises(InputError, match="unknown strategy 'best'"):
        svc.play("crane", "best")
    a = svc.play("crane", "naive", seed=4).guesses
    assert svc.play("crane", "naive", seed=4).guesses == a  # each game seeded from (seed, game)
    table = svc.evaluate("entropy", limit=5, show_progress=False)
    assert table.num_rows == 5 and all(table.column("won").to_pylist())
    hard = svc.evaluate("qlearning", hard=True, hard_rule="strict", limit=3, show_progress=False)
    assert set(hard.column("hard_rule").to_pylist()) == {"strict"}


def test_from_config_reads_the_pipelines_files_and_names_a_missing_one(small_data, tmp_path):
    from wordgames.wordle.data import save_data
    from wordgames.wordle.exact.tree import solve_tree

    results = tmp_path / "results"
    config = tmp_path / "config.yaml"
    config.write_text(
        f"results_dir: {results}\nwordle:\n  answers: {SMALL_ANSWERS}\n"
        f"  guesses: {SMALL_GUESSES}\n  qlearning: {{episodes: 50}}\n  hard_rule: strict\n"
    )
    with pytest.raises(ArtifactMissingError, match=r"missing artifact .*feedback\.npy: build it"):
        WordleService.from_config(config, say=None)
    save_data(small_data, results / "wordle/feedback.npy", results / "wordle/words.parquet")
    notes: list[str] = []
    svc = WordleService.from_config(config, say=notes.append, hint="make it")
    assert isinstance(svc.data.matrix, np.memmap) and svc.hard_rule == "strict"
    assert svc.qlearning["episodes"] == 50 and svc.config.source == config
    with pytest.raises(ArtifactMissingError, match=r"optimal-tree-normal\.json: make it"):
        svc.suggest(svc.new_state())
    assert svc.suggest(svc.new_state(), "entropy") >= 0  # the others need no tree
    tree = solve_tree(small_data)
    tree.save(results / "wordle/optimal-tree-normal.json")
    assert svc.guess_word(svc.suggest(svc.new_state())) == tree.opener
    assert notes[0].startswith("reading ") and notes[-1].endswith("optimal-tree-normal.json")
    # lists of its own instead: built in memory, the tree solved in memory too
    own = WordleService.from_config(
        config, answers=str(SMALL_ANSWERS), guesses=str(SMALL_GUESSES), say=None
    )
    assert own.trees is None and own.tree_path(False) is None
    assert own.guess_word(own.suggest(own.new_state())) == tree.opener
