"""The word list: validation, and the fixed split."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.hangman.words.dictionary import check_word, read_words, split_words, words_md5
from wordgames.hangman.words.play import shard_of

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "hangman-words.txt"


def test_reads_the_fixture():
    words = read_words(FIXTURE)
    assert len(words) == 472 and words == sorted(words)


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("cat\nDog\n", "line 2"),
        ("cat\n\nhat\n", "line 2"),
        ("cat\nca t\n", "line 2"),
        ("a\na\n", "duplicate"),
    ],
)
def test_a_bad_line_is_named(tmp_path, text, what):
    path = tmp_path / "words.txt"
    path.write_text(text)
    with pytest.raises(InputError, match=what) as exc:
        read_words(path)
    assert str(path) in str(exc.value) and "\n" not in str(exc.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(InputError, match="not found"):
        read_words(tmp_path / "nope.txt")


def test_the_split_is_disjoint_and_sized():
    words = read_words(FIXTURE)
    split = split_words(words, seed=20, test_fraction=0.1, validation=40)
    assert len(split.test) == round(0.1 * len(words))
    assert set(split.test).isdisjoint(split.train)
    assert sorted(split.test + split.train) == words
    assert set(split.validation) <= set(split.train)
    assert set(split.inner) == set(split.train) - set(split.validation)
    assert split.sizes() == {"train": 425, "test": 47, "validation": 40, "inner": 385}


def test_the_split_is_a_keyed_hash_order():
    """Test words are the first ones by BLAKE2b of "<seed>:<word>": any machine, any version."""
    words = read_words(FIXTURE)
    split = split_words(words, seed=7, test_fraction=0.1, validation=10)

    def key(w):
        return hashlib.blake2b(f"7:{w}".encode(), digest_size=16).digest()

    assert split.test == sorted(words, key=key)[: len(split.test)]
    assert split == split_words(list(reversed(words)), seed=7, test_fraction=0.1, validation=10)
    assert split.test != split_words(words, seed=8, test_fraction=0.1, validation=10).test


def test_md5_is_of_the_sorted_file():
    assert words_md5(["b", "a"]) == hashlib.md5(b"a\nb\n").hexdigest()


@given(st.sets(st.text("abc", min_size=1, max_size=4), min_size=3, max_size=30), st.integers(0, 99))
def test_parts_always_partition_the_words(words, seed):
    words = sorted(words)
    split = split_words(words, seed, 0.34, 1)
    assert sorted(split.train + split.test) == words
    assert len(split.validation) == 1 and split.validation[0] in split.train


@pytest.mark.parametrize(
    ("fraction", "validation", "what"), [(0.0, 1, "test_fraction"), (0.1, 10_000, "validation")]
)
def test_bad_split_options(fraction, validation, what):
    with pytest.raises(InputError, match=what):
        split_words(read_words(FIXTURE), 1, fraction, validation)


def test_check_word():
    assert check_word(" Help ") == "help"
    with pytest.raises(InputError, match="letters a-z"):
        check_word("don't")


@given(st.lists(st.text("ab", min_size=1, max_size=3)), st.integers(1, 9))
def test_shards_are_runs_that_join_to_the_words(words, shards):
    parts = [shard_of(words, i, shards) for i in range(shards)]
    assert [w for part in parts for w in part] == words
    assert max(map(len, parts)) - min(map(len, parts)) <= 1


@pytest.mark.parametrize(("shard", "shards"), [(2, 2), (-1, 2), (0, 0)])
def test_a_shard_out_of_range_is_refused(shard, shards):
    with pytest.raises(InputError, match="a shard is 0 .. shards - 1"):
        shard_of(["cat"], shard, shards)
