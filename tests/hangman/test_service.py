"""The public Python API of sentence Hangman: :class:`wordgames.hangman.service.HangmanService`,
as the README shows it, on the tiny LM."""

from __future__ import annotations

import inspect

import pytest

from wordgames.config import load_config, schema_defaults
from wordgames.errors import ArtifactMissingError, GameStateError, InputError
from wordgames.hangman.game import Game
from wordgames.hangman.service import HangmanService
from wordgames.hangman.solvers import SOLVERS, make_solver, solver_options


@pytest.fixture(scope="module")
def hangman(tiny_lm):
    return HangmanService(tiny_lm["unigrams"], tiny_lm["binary"])


def test_readme_lines(tiny_lm, capsys):
    # the README's lines, with the tiny LM's files in place of a config's
    hangman = HangmanService(unigrams=tiny_lm["unigrams"], lm=tiny_lm["binary"], lives=3)
    advice = hangman.assist("__'_ _ _____ ___", wrong="xz")
    game = hangman.play("it's a sunny day", solver="seed")
    assert len(advice.guess) == 1 and advice.guess not in "xz" and advice.solver == "posterior"
    assert advice.decision.predictions[0][0] == "it's a sunny day"
    assert game.won and game.steps[0].guess == "e"  # the seed post's frequency order
    assert capsys.readouterr().err.count("wordgames: reading") == 1  # named once, on stderr


def test_from_config_reads_the_pipeline_files_and_the_config(tiny_lm, tmp_path):
    cfg = load_config(
        {
            "results_dir": str(tmp_path / "results"),
            "hangman": {"lives": 5, "default_solver": "seed", "seed": {"candidates": 7}},
        }
    )
    hangman = HangmanService.from_config(cfg, lm=tiny_lm["binary"], unigrams=tiny_lm["unigrams"])
    assert (hangman.lives, hangman.default_solver, hangman.collection) == (5, "seed", "en")
    assert hangman.solver().name == "seed" and hangman.solver().k == 7
    assert hangman.play("a day").lives == 5
    # without --lm/--unigrams it names the pipeline's files and how to build them
    bare = HangmanService.from_config(cfg)
    with pytest.raises(
        ArtifactMissingError, match=r"missing artifact .*unigrams\.parquet.*snakemake"
    ):
        bare.assist("_ ___")


def test_from_a_config_file(tiny_lm, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("hangman:\n  lives: 4\n")
    hangman = HangmanService.from_config(path, unigrams=tiny_lm["unigrams"], lm=tiny_lm["binary"])
    assert hangman.lives == 4 and hangman.assist("_ ___", solver="baseline").lives_left == 4


def test_play_steps_replay_as_a_real_game(hangman):
    for name in SOLVERS:
        played = hangman.play("It's a sunny day", name)
        game = Game("It's a sunny day", lives=played.lives)
        wrong = ""
        for step in played.steps:
            assert step.board.masked == game.masked and step.wrong == wrong
            assert game.guess(step.guess) == step.hit
            wrong += "" if step.hit else step.guess
        assert played.solver == name and played.won == game.won
        assert played.game.masked == game.masked


def test_assist_follows_the_board_and_the_lives(hangman):
    advice = hangman.assist("_e_be_s o_ _he s___e_e _o___", solver="posterior")
    assert advice.decision.prediction == "members of the supreme court"
    assert advice.guess in "mfturpc" and advice.lives_left == 3
    assert hangman.assist("__'_ _ _____ ___", "xz").lives_left == 1


@pytest.mark.parametrize(
    ("board", "wrong", "error", "message"),
    [
        ("a_b", "b", GameStateError, "impossible state"),
        ("_____", "abc", GameStateError, "already lost"),
        ("hello", "", GameStateError, "nothing left"),
        ("__ __", "1", InputError, "not a letter"),
    ],
)
def test_assist_refuses_an_impossible_board(hangman, board, wrong, error, message):
    with pytest.raises(error, match=message):
        hangman.assist(board, wrong)


def test_user_input_is_checked_before_any_file_is_read(tmp_path):
    hangman = HangmanService(tmp_path / "none.parquet", tmp_path / "none.binary")
    with pytest.raises(InputError, match="no letters"):
        hangman.play("12 !!")
    with pytest.raises(InputError, match="unknown solver 'oracle': choose one of baseline"):
        hangman.assist("_ ___", solver="oracle")
    with pytest.raises(ArtifactMissingError, match="none.parquet"):
        hangman.assist("_ ___")
    with pytest.raises(InputError, match="lives must be at least 1"):
        HangmanService(tmp_path / "none.parquet", lives=0)


def test_an_lm_free_solver_reads_no_lm(tiny_lm, tmp_path):
    hangman = HangmanService(tiny_lm["unigrams"], tmp_path / "no.binary")
    assert hangman.play("a day", "baseline").game.over
    with pytest.raises(ArtifactMissingError, match="no.binary"):
        hangman.play("a day", "posterior")
    with pytest.raises(InputError, match="needs a language model"):
        HangmanService(tiny_lm["unigrams"]).play("a day", "seed")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"posterior": {"bem": 8}}, "unknown option 'bem' of solver 'posterior': choose from"),
        ({"baseline": {"beam": 8}}, "unknown option 'beam' of solver 'baseline': it takes none"),
        ({"oracle": {}}, "unknown solver 'oracle'"),
    ],
)
def test_unknown_solver_options_fail_in_one_line(tmp_path, options, message):
    with pytest.raises(InputError, match=message) as info:
        HangmanService(tmp_path / "u.parquet", options=options)
    assert "\n" not in str(info.value)


def test_make_solver_refuses_an_unknown_option(hangman):
    resources = hangman.solver("posterior").res
    with pytest.raises(InputError, match="unknown option 'smothing'"):
        make_solver("posterior", resources, smothing=0.2)
    assert make_solver("posterior", resources, smoothing=0.2).smoothing == 0.2


def test_evaluate_a_phrase_file_and_a_list(hangman, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("a sunny day\n\nmembers of the supreme court\nit's a sunny day\n")
    records = hangman.evaluate(f, "baseline", limit=2)
    assert [r.phrase for r in records] == ["a sunny day", "members of the supreme court"]
    assert all(len(r.letters) == r.guesses for r in records)
    assert [r.phrase for r in hangman.evaluate(["A Day"], "seed")] == ["a day"]
    with pytest.raises(InputError, match="no letters"):
        hangman.evaluate(["a day", "42"], "baseline")
    with pytest.raises(InputError, match="phrase file not found"):
        hangman.evaluate(tmp_path / "missing.txt")


@pytest.mark.parametrize("name", list(SOLVERS))
def test_solver_option_defaults_are_the_schemas(name):
    """The solvers' keyword defaults are read from the schema: the same names and values."""
    params = inspect.signature(SOLVERS[name].__init__).parameters
    defaults = {k: p.default for k, p in params.items() if k not in ("self", "resources")}
    assert defaults == solver_options(name)
    if name != "baseline":
        assert defaults == schema_defaults(f"hangman.{name}")


def test_service_defaults_are_the_schemas():
    cfg = load_config({}).settings.hangman
    params = inspect.signature(HangmanService.__init__).parameters
    for name in ("lives", "default_solver", "min_count", "collection"):
        assert params[name].default == getattr(cfg, name), name
    assert list(SOLVERS) == load_config({}).settings.hangman.solvers


@pytest.fixture(scope="module")
def with_domain(tiny_lm, tmp_path_factory):
    """The tiny LM with the in-domain model of the test answers (tests/data/hangman)."""
    from wordgames.hangman.domain import build

    out = tmp_path_factory.mktemp("domain")
    train = tiny_lm["tokens"].parent.parent / "hangman" / "domain-train.tsv"
    build(
        train,
        tiny_lm["binary"],
        out / "d.binary",
        out / "d.json",
        orders=[2],
        weights=[0.3],
        folds=2,
        memory="50M",
    )
    return HangmanService(
        tiny_lm["unigrams"],
        tiny_lm["binary"],
        domain_lm=out / "d.binary",
        domain_info=out / "d.json",
    )


def test_category_and_domain_reach_the_solver(with_domain):
    advice = with_domain.assist("_ _____ ___", category="Before &amp; After", domain=True)
    assert advice.board.category == "Before & After"
    solver = with_domain.solver("posterior", domain=True)
    assert solver.res.domain is not None and solver.res.domain.info.weight == 0.3
    assert with_domain.solver("posterior").res.domain is None  # a separate solver without it
    assert with_domain.solver("baseline", domain=True).res.domain is None  # no LM, no domain
    played = with_domain.play("a sunny day", category="Phrase", domain=True)
    assert played.game.category == "Phrase" and all(
        s.board.category == "Phrase" for s in played.steps
    )


def test_evaluate_shows_tsv_categories_unless_told_not_to(with_domain, tmp_path):
    f = tmp_path / "p.tsv"
    f.write_text("answer\tcategory\nA SUNNY DAY\tPhrase\nCOURT JESTER\tOccupation\n")
    shown = with_domain.evaluate(f, "posterior", domain=True)
    hidden = with_domain.evaluate(f, "posterior", domain=True, categories=False)
    assert [r.category for r in shown] == ["Phrase", "Occupation"]
    assert [r.category for r in hidden] == [None, None]


def test_domain_without_a_model_is_one_line(hangman):
    with pytest.raises(InputError, match="no in-domain model: set hangman.domain.train"):
        hangman.assist("_ ___", domain=True)
