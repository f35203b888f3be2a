from __future__ import annotations

from collections import Counter

import pytest

from wordgames.stats.vocab import build_vocab, count_words, iter_lines, vocab_from_file

TOKENS = "stats/tokens.txt"


def test_vocab_orders_by_count_then_word_and_applies_min_count(repo):
    table = vocab_from_file(repo / "tests/data" / TOKENS, min_count=5)
    words, counts = table.column("word").to_pylist(), table.column("count").to_pylist()
    assert table.column("id").to_pylist() == list(range(len(words)))
    assert words[0] == "the"
    assert all(c >= 5 for c in counts)
    keys = [(-c, w) for w, c in zip(words, counts, strict=True)]
    assert keys == sorted(keys)
    full = count_words(iter_lines(repo / "tests/data" / TOKENS))
    assert set(words) == {w for w, c in full.items() if c >= 5}
    assert dict(zip(words, counts, strict=True)) == {w: full[w] for w in words}


def test_max_vocab_and_ties():
    table = build_vocab(Counter({"b": 2, "a": 2, "c": 3, "d": 1}), min_count=2, max_vocab=2)
    assert table.column("word").to_pylist() == ["c", "a"]


def test_shards_partition_the_lines(repo):
    path = repo / "tests/data" / TOKENS
    whole = list(iter_lines(path))
    parts = [list(iter_lines(path, k, 3)) for k in range(3)]
    assert sorted(sum(parts, [])) == sorted(whole)
    assert parts[1][0] == whole[1]


def test_non_utf8_input_names_the_file(tmp_path):
    from wordgames.errors import InputError

    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok line\n\xff\xfe broken\n")
    with pytest.raises(InputError, match="bad.txt: not UTF-8"):
        list(iter_lines(bad))
