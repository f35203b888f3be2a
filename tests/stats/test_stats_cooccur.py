from __future__ import annotations

import numpy as np
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.stats.cooccur import (
    count_chunk,
    count_shard,
    encode_chunks,
    merge_spills,
    reference_counts,
)


def fast_counts(sentences, words, window, weighting=True):
    """count_chunk on all sentences at once, expanded to both orders as the merge does."""
    lines = [" ".join(s) for s in sentences]
    word_ids = {w: i for i, w in enumerate(words)}
    table = {}
    for ids, offsets in encode_chunks(lines, word_ids, chunk_tokens=10**9):
        lo, hi, weight, count = count_chunk(ids, offsets, window, len(words), weighting)
        for a, b, w, c in zip(
            lo.tolist(), hi.tolist(), weight.tolist(), count.tolist(), strict=True
        ):
            if a == b:
                table[(a, a)] = (2 * w, 2 * c)
            else:
                table[(a, b)] = (w, c)
                table[(b, a)] = (w, c)
    return table


def assert_same(got, want):
    assert set(got) == set(want)
    for key, (w, c) in want.items():
        assert got[key][1] == c, key
        assert got[key][0] == pytest.approx(w, rel=1e-12), key


def test_hand_example_weights_and_oov_dropped_before_windowing():
    words = ["a", "b", "c"]
    # "x" is out of vocabulary: it is removed first, so a and b are at distance 1, c at 2 from a.
    got = fast_counts([["a", "x", "b", "c"]], words, window=2)
    assert got[(0, 1)] == (1.0, 1)
    assert got[(1, 0)] == (1.0, 1)
    assert got[(0, 2)] == (0.5, 1)
    assert got[(1, 2)] == (1.0, 1)
    assert (0, 0) not in got
    # same word twice at distance 2: both orders count, so the diagonal gets 2 * 1/2
    got = fast_counts([["a", "b", "a"]], words, window=2)
    assert got[(0, 0)] == (1.0, 2)


def test_windows_do_not_cross_lines():
    got = fast_counts([["a"], ["b"], ["a", "c"]], ["a", "b", "c"], window=5)
    assert set(got) == {(0, 2), (2, 0)}


sentences = st.lists(st.lists(st.sampled_from("abcdefg"), max_size=12), max_size=12)


@settings(max_examples=60, deadline=None)
@given(
    sentences=sentences,
    window=st.integers(1, 6),
    vocab_size=st.integers(1, 7),
    weighting=st.booleans(),
)
def test_fast_path_equals_python_reference(sentences, window, vocab_size, weighting):
    words = list("gfedcba")[:vocab_size]  # ids not in alphabetical order, some letters OOV
    assert_same(
        fast_counts(sentences, words, window, weighting),
        reference_counts(sentences, words, window, weighting),
    )


def _read(path):
    t = pq.read_table(path)
    return {
        (i, j): (w, c)
        for i, j, w, c in zip(
            *(t.column(n).to_pylist() for n in ("i", "j", "weight", "count")), strict=True
        )
    }


@settings(max_examples=10, deadline=None)
@given(
    sentences=st.lists(
        st.lists(st.sampled_from("abcde"), min_size=1, max_size=8), min_size=1, max_size=20
    ),
    chunk=st.integers(2, 15),
    shards=st.integers(1, 3),
)
def test_spill_shard_and_merge_equal_in_memory(tmp_path_factory, sentences, chunk, shards):
    tmp = tmp_path_factory.mktemp("cooc")
    tokens = tmp / "tokens.txt"
    tokens.write_text("".join(" ".join(s) + "\n" for s in sentences))
    words = ["e", "a", "b", "c"]
    spills = []
    for k in range(shards):
        spills.append(tmp / f"spill-{k}.parquet")
        count_shard(tokens, words, spills[-1], window=3, chunk_tokens=chunk, shard=k, shards=shards)
    out = tmp / "cooccur.parquet"
    merge_spills(spills, out, memory_limit="200MB")
    got = _read(out)
    assert_same(got, reference_counts(sentences, words, 3))
    t = pq.read_table(out)
    keys = list(zip(t.column("i").to_pylist(), t.column("j").to_pylist(), strict=True))
    assert keys == sorted(keys), "the table is sorted by (i, j)"


def test_spill_file_holds_sorted_chunks(tmp_path, repo):
    from wordgames.stats.vocab import vocab_from_file

    tokens = repo / "tests/data/stats/tokens.txt"
    words = vocab_from_file(tokens, 2).column("word").to_pylist()
    spill = tmp_path / "spill.parquet"
    summary = count_shard(tokens, words, spill, window=4, chunk_tokens=40)
    pf = pq.ParquetFile(spill)
    assert summary["chunks"] > 1 and pf.num_row_groups == summary["chunks"]
    for g in range(pf.num_row_groups):
        rg = pf.read_row_group(g)
        key = rg.column("i").to_numpy().astype(np.int64) * len(words) + rg.column("j").to_numpy()
        assert (np.diff(key) > 0).all()
