"""The shuffled pairs file and streamed training (wordgames.vectors.pairs, glove.buffer_mb)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.vectors import pairs as P
from wordgames.vectors.glove import GloveParams, train, train_parquet


def _data(n, vocab=50, seed=0):
    rng = np.random.default_rng(seed)
    return (
        rng.integers(0, vocab, n),
        rng.integers(0, vocab, n),
        rng.gamma(1.0, 5.0, n) + 0.5,
    )


def _write(tmp_path, rows, cols, x, vocab=50, seed=0, **kw):
    n, batches = P.array_batches(rows, cols, x)
    out = P.write_pairs(
        batches, n, tmp_path / "pairs.bin", vocab, x_max=10.0, alpha=0.75, seed=seed, **kw
    )
    return out, np.fromfile(out.path, dtype=P.RECORD)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(n=st.integers(0, 3000), k=st.integers(1, 40), seed=st.integers(0, 3))
def test_shuffle_is_a_permutation_for_every_bucket_count(tmp_path_factory, n, k, seed):
    tmp = tmp_path_factory.mktemp("pairs")
    rows, cols, x = _data(n, seed=seed)
    out, rec = _write(tmp, rows, cols, x, seed=seed, buckets=k)
    assert out.count == n and len(rec) == n
    # the multiset of (i, j, x) is preserved: compare sorted records with the input's
    want = np.empty(n, P.RECORD)
    want["i"], want["j"] = rows, cols
    want["logx"], want["fx"] = np.log(x), np.minimum(1.0, (x / 10.0) ** 0.75)
    key = lambda r: np.lexsort((r["fx"], r["logx"], r["j"], r["i"]))  # noqa: E731
    assert np.array_equal(rec[key(rec)], want[key(want)])
    # the order does not depend on the number of buckets (hence not on buffer_mb)
    _, one = _write(tmp, rows, cols, x, seed=seed, buckets=1)
    assert np.array_equal(rec, one)
    assert out.checksum == pytest.approx(float(x.sum()))
    assert not list(tmp.glob(".pairs.bin.buckets-*")), "the bucket files are removed"


def test_shuffle_really_shuffles_and_is_seeded(tmp_path):
    rows = np.arange(10_000) % 50
    cols = np.arange(10_000) // 200
    x = np.arange(1, 10_001, dtype=np.float64)
    _, a = _write(tmp_path, rows, cols, x, seed=1, buckets=7)
    _, b = _write(tmp_path, rows, cols, x, seed=1, buckets=3)
    _, c = _write(tmp_path, rows, cols, x, seed=2, buckets=7)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    pos = np.argsort(np.argsort(a["logx"]))  # final position of the k-th input entry
    # a uniform permutation: position barely correlated with input order, every decile mixed
    assert abs(np.corrcoef(pos, np.arange(len(pos)))[0, 1]) < 0.05
    first = pos[:1000]
    assert np.histogram(first, bins=10, range=(0, 10_000))[0].min() > 50


def test_bucket_count_fits_the_budget():
    assert P.bucket_count(0, 1 << 20) == 1
    k = P.bucket_count(33_000_000, 256 << 20)
    assert 33_000_000 / k * 56 <= 0.8 * (256 << 20)
    assert P.bucket_count(1000, 256 << 20) == 1


@pytest.mark.parametrize(
    ("rows", "cols", "x", "message"),
    [
        ([0, 1], [1, 2], [1.0, -2.0], "value -2.0 at row 1 is not > 0"),
        ([0, 1], [1, 2], [1.0, np.nan], "value nan at row 1 is not > 0"),
        ([0, 50], [1, 2], [1.0, 2.0], "index i=50 at row 1 is outside the vocabulary of 50"),
        ([0, 1], [-1, 2], [1.0, 2.0], "index j=-1 at row 0 is outside the vocabulary of 50"),
    ],
)
def test_bad_values_fail_with_one_line(tmp_path, rows, cols, x, message):
    with pytest.raises(InputError, match=message) as err:
        _write(tmp_path, np.array(rows), np.array(cols), np.array(x))
    assert "\n" not in str(err.value)
    assert not (tmp_path / "pairs.bin").exists()
    assert not list(tmp_path.iterdir()), "no temporary files are left"


@pytest.mark.parametrize("buffer_mb", [0.25e-3, 0.01, 1.0])
def test_streamed_equals_in_memory_bit_for_bit(buffer_mb):
    rows, cols, x = _data(20_000)
    p = GloveParams(dim=12, iterations=3, seed=4, threads=1, buffer_mb=0)
    whole, lw = train(rows, cols, x, 50, p, show_progress=False)
    q = GloveParams(**{**p.__dict__, "buffer_mb": buffer_mb})
    assert P.block_records(buffer_mb) < 20_000 or buffer_mb == 1.0  # several blocks, mostly
    streamed, ls = train(rows, cols, x, 50, q, show_progress=False)
    assert ls == lw
    for name in ("W", "C", "bw", "bc", "gW", "gC", "gbw", "gbc"):
        assert np.array_equal(getattr(streamed, name), getattr(whole, name)), name
    assert lw[-1] < lw[0], "the loss decreases"


def test_buffer_smaller_than_a_record_is_an_error():
    rows, cols, x = _data(10)
    with pytest.raises(InputError, match="smaller than one 16-byte pair record"):
        train(
            rows, cols, x, 50, GloveParams(dim=4, iterations=1, buffer_mb=1e-6), show_progress=False
        )
    assert P.block_records(16 / (1 << 20)) == 1
    assert P.block_records(0) is None and P.block_records(None) is None


def test_iter_blocks_reads_every_record_once(tmp_path):
    rows, cols, x = _data(1000)
    out, rec = _write(tmp_path, rows, cols, x)
    for size in (1, 7, 999, 1000, 5000):
        buf = np.empty(size, P.RECORD)
        blocks = [b.copy() for b in P.iter_blocks(out.path, buf)]
        assert np.array_equal(np.concatenate(blocks), rec), size
        assert len(blocks) == -(-1000 // size)


def test_parquet_training_streams_and_cleans_up(tmp_path):
    rows, cols, x = _data(5000)
    path = tmp_path / "cooccur.parquet"
    pq.write_table(pa.table({"i": rows, "j": cols, "weight": x}), path, row_group_size=700)
    p = GloveParams(dim=8, iterations=4, seed=1, buffer_mb=0.01)
    a, la = train_parquet(path, 50, p, work_dir=tmp_path / "out", show_progress=False)
    b, lb = train(rows, cols, x, 50, p, show_progress=False)
    assert la == lb and np.array_equal(a.vectors(), b.vectors())
    assert la[-1] < la[0]
    assert not list((tmp_path / "out").iterdir()), "the pairs file is deleted at the end"
    ckpt = tmp_path / "ckpt"
    train_parquet(path, 50, p, checkpoint_dir=ckpt, stop_after=2, show_progress=False)
    assert (ckpt / "state.npz").is_file()
    assert sorted(q.name for q in tmp_path.iterdir()) == ["ckpt", "cooccur.parquet", "out"]


def test_parquet_without_a_column_is_one_line(tmp_path):
    path = tmp_path / "c.parquet"
    pq.write_table(pa.table({"i": [0], "j": [1]}), path)
    with pytest.raises(InputError, match="no column"):
        train_parquet(path, 5, GloveParams(dim=2, iterations=1), show_progress=False)
