"""One source of truth for defaults: where library code keeps a default of its own (a keyword
argument a test or a benchmark may leave out), it must be the config schema's default for the same
setting. Solver and service defaults read the schema directly (tests/hangman, tests/test_settings);
these are the keyword defaults of the stage and library functions, checked here one by one."""

from __future__ import annotations

import inspect

import pytest

from wordgames.config import schema_default, schema_node


def _default(func, name: str):
    return inspect.signature(func).parameters[name].default


def _cases():
    from wordgames.guillotine import corpus_links, evaluate, links, model
    from wordgames.guillotine.service import GuillotineService
    from wordgames.guillotine.solvers.gullever import GulleverSolver
    from wordgames.guillotine.solvers.links import LinksSolver
    from wordgames.lm import train as lm_train
    from wordgames.stats import cooccur
    from wordgames.wordle import evaluate as wordle_evaluate
    from wordgames.wordle import game, list_report, words
    from wordgames.wordle.exact import openers, solver, tree
    from wordgames.wordle.service import WordleService
    from wordgames.wordle.strategies.optimal import OptimalStrategy
    from wordgames.wordle.strategies.qlearning import QLearningStrategy

    max_guesses = [
        WordleService.__init__,
        QLearningStrategy.__init__,
        OptimalStrategy.__init__,
        list_report.solve_list,
        wordle_evaluate.evaluate,
        game.play_game,
        openers.OpenerSearch.__init__,
        solver.Solver.__init__,
        tree.solve_tree,
        tree.best_openers,
    ]
    cases = [(f, "max_guesses", "wordle.max_guesses") for f in max_guesses]
    cases += [
        (QLearningStrategy.__init__, p, f"wordle.qlearning.{p}")
        for p in ("episodes", "alpha", "gamma", "epsilon")
    ]
    cases += [
        (words.load_words, "word_length", "wordle.word_length"),
        (words.load_lists, "word_length", "wordle.word_length"),
        (words.load_lists, "answers", "wordle.answers"),
        (words.load_lists, "guesses", "wordle.guesses"),
        (model.fit, "l2", "guillotine.solver.l2"),
        (evaluate.train, "l2", "guillotine.solver.l2"),
        (links.build_links, "min_count", "guillotine.links.min_count"),
        (links.build_links, "window_min_count", "guillotine.links.window_min_count"),
        (corpus_links.corpus_links, "min_count", "guillotine.links.min_count"),
        (corpus_links.corpus_links, "window_min_count", "guillotine.links.window_min_count"),
        (LinksSolver.solve, "top", "guillotine.eval.top"),
        (GulleverSolver.solve, "top", "guillotine.eval.top"),
        (GuillotineService.evaluate, "top", "guillotine.eval.top"),
        (lm_train.lmplz_command, "order", "lm.order"),
        (lm_train.lmplz_command, "memory", "lm.memory"),
        (lm_train.train_arpa, "order", "lm.order"),
        (lm_train.train_arpa, "memory", "lm.memory"),
        (lm_train.build_binary, "binary_type", "lm.binary_type"),
        (lm_train.build_binary, "memory", "lm.memory"),
        (cooccur.count_shard, "window", "cooccur.window"),
        (cooccur.count_shard, "chunk_tokens", "cooccur.chunk_tokens"),
    ]
    return cases


CASES = _cases()


@pytest.mark.parametrize(
    ("func", "param", "key"), CASES, ids=[f"{f.__qualname__}.{p}" for f, p, _ in CASES]
)
def test_keyword_default_is_the_schemas(func, param, key):
    assert _default(func, param) == schema_default(key)


def test_hard_rule_default_is_the_schemas():
    from wordgames.wordle.exact import solver
    from wordgames.wordle.rules import DEFAULT_HARD_RULE, HARD_RULES

    assert schema_default("wordle.hard_rule") == DEFAULT_HARD_RULE
    assert solver.DEFAULT_HARD_RULE is DEFAULT_HARD_RULE
    assert set(HARD_RULES) == set(schema_node("wordle.hard_rule")["enum"])


def test_wordle_strategy_names_are_the_schemas():
    from wordgames.wordle.strategies import NAMES

    assert list(NAMES) == schema_node("wordle.strategies.[]")["enum"]
    assert list(NAMES) == schema_default("wordle.strategies")


def test_the_link_window_is_off_unless_asked():
    """The one keyword default that is not the schema's, on purpose: the link builders count the
    "near" pattern only when a caller names a window (tests and benchmarks build exact patterns);
    the stage command and the pipeline use the schema's window."""
    from wordgames.guillotine import corpus_links, links

    assert _default(links.build_links, "window") == 0
    assert _default(corpus_links.corpus_links, "window") == 0
    assert schema_default("guillotine.links.window") > 0


def test_a_changed_default_is_noticed():
    def stage(window: int = 11):
        return window

    assert _default(stage, "window") != schema_default("cooccur.window")
