from __future__ import annotations

import numpy as np
import pytest

from wordgames.errors import InputError
from wordgames.vectors.glove import (
    GloveParams,
    GloveState,
    prepare,
    reference_epoch,
    run_epoch,
    train,
)


def tiny_matrix(vocab_size=12, seed=3, density=0.5):
    rng = np.random.default_rng(seed)
    mask = rng.random((vocab_size, vocab_size)) < density
    mask = mask | mask.T
    x = rng.gamma(1.0, 8.0, (vocab_size, vocab_size)) + 0.1
    x = (x + x.T) / 2
    rows, cols = np.nonzero(mask)
    return rows, cols, x[rows, cols]


@pytest.mark.parametrize("bias_eta", [False, True])
def test_update_matches_numpy_reference(bias_eta):
    rows, cols, x = tiny_matrix()
    r, c, logx, fx = prepare(rows, cols, x, x_max=10.0, alpha=0.75, seed=0)
    a = GloveState.init(12, 7, seed=1)
    b = GloveState.init(12, 7, seed=1)
    for _ in range(3):
        loss_fast = run_epoch(a, r, c, logx, fx, eta=0.05, threads=1, bias_eta=bias_eta)
        loss_ref = reference_epoch(b, r, c, logx, fx, eta=0.05, bias_eta=bias_eta)
        assert loss_fast == pytest.approx(loss_ref, rel=1e-4)
    for name in GloveState.FIELDS:
        np.testing.assert_allclose(
            getattr(a, name), getattr(b, name), rtol=2e-4, atol=1e-6, err_msg=name
        )
    assert not np.allclose(a.W, GloveState.init(12, 7, seed=1).W), "the update changed nothing"


def test_loss_falls_and_vectors_fit_log_counts():
    rows, cols, x = tiny_matrix(vocab_size=20, density=0.6)
    state, losses = train(
        rows, cols, x, 20, GloveParams(dim=16, iterations=300, seed=2), show_progress=False
    )
    assert losses[-1] < 0.3 * losses[0]
    assert all(b <= a * 1.05 for a, b in zip(losses, losses[1:], strict=False))
    pred = (state.W[rows] * state.C[cols]).sum(1) + state.bw[rows] + state.bc[cols]
    assert np.corrcoef(pred, np.log(x))[0, 1] > 0.9
    assert state.vectors().shape == (20, 16)


def test_one_thread_is_bit_identical_and_seed_matters():
    rows, cols, x = tiny_matrix()
    p = GloveParams(dim=8, iterations=4, seed=5, threads=1)
    a, la = train(rows, cols, x, 12, p, show_progress=False)
    b, lb = train(rows, cols, x, 12, p, show_progress=False)
    assert la == lb
    assert np.array_equal(a.vectors(), b.vectors())
    c, _ = train(rows, cols, x, 12, GloveParams(dim=8, iterations=4, seed=6), show_progress=False)
    assert not np.array_equal(a.vectors(), c.vectors())


def test_resume_from_checkpoint_equals_uninterrupted(tmp_path):
    rows, cols, x = tiny_matrix()
    p = GloveParams(dim=8, iterations=5, seed=7, threads=1)
    whole, lw = train(rows, cols, x, 12, p, show_progress=False)
    ckpt = tmp_path / "ckpt"
    _, l1 = train(rows, cols, x, 12, p, checkpoint_dir=ckpt, stop_after=2, show_progress=False)
    assert len(l1) == 2 and (ckpt / "state.npz").is_file()
    resumed, l2 = train(rows, cols, x, 12, p, checkpoint_dir=ckpt, show_progress=False)
    assert l2 == lw
    assert np.array_equal(resumed.vectors(), whole.vectors())
    assert not ckpt.exists(), "the checkpoint is removed once training completes"


def test_checkpoint_of_other_settings_is_ignored(tmp_path):
    rows, cols, x = tiny_matrix()
    ckpt = tmp_path / "ckpt"
    train(
        rows,
        cols,
        x,
        12,
        GloveParams(dim=8, iterations=3, seed=1),
        checkpoint_dir=ckpt,
        stop_after=1,
        show_progress=False,
    )
    state, losses = train(
        rows,
        cols,
        x,
        12,
        GloveParams(dim=8, iterations=2, seed=2),
        checkpoint_dir=ckpt,
        show_progress=False,
    )
    fresh, lf = train(
        rows, cols, x, 12, GloveParams(dim=8, iterations=2, seed=2), show_progress=False
    )
    assert losses == lf


def test_two_threads_train_too():
    rows, cols, x = tiny_matrix(vocab_size=30, density=0.7)
    _, losses = train(
        rows, cols, x, 30, GloveParams(dim=8, iterations=20, threads=2), show_progress=False
    )
    assert losses[-1] < 0.5 * losses[0]


def test_rejects_non_positive_counts():
    with pytest.raises(InputError, match="value 0.0 at row 0 is not > 0"):
        prepare(np.array([0]), np.array([1]), np.array([0.0]), 10.0, 0.75, 0)


def _bias_step(state, i, j, logx, fx, eta, bias_eta):
    """One pair by hand: what the bias of word i must become (the rule, written out)."""
    diff = float(state.W[i] @ state.C[j] + state.bw[i] + state.bc[j] - logx)
    g = fx * diff * (eta if bias_eta else 1.0)
    return state.bw[i] - g / np.sqrt(state.gbw[i]), state.gbw[i] + g * g


@pytest.mark.parametrize("bias_eta", [False, True])
def test_bias_step_is_glove_c_unless_bias_eta(bias_eta):
    state = GloveState.init(3, 4, seed=0)
    state.bw[0] = 2.0  # a large diff, so eta or not makes a visible difference
    r, c = np.array([0], np.int32), np.array([1], np.int32)
    logx, fx = np.array([0.5], np.float32), np.array([0.8], np.float32)
    want_b, want_g = _bias_step(state, 0, 1, 0.5, 0.8, 0.05, bias_eta)
    run_epoch(state, r, c, logx, fx, eta=0.05, threads=1, bias_eta=bias_eta)
    assert state.bw[0] == pytest.approx(want_b, rel=1e-5)
    assert state.gbw[0] == pytest.approx(want_g, rel=1e-5)
    other, _ = _bias_step(GloveState.init(3, 4, seed=0), 0, 1, 0.5, 0.8, 0.05, not bias_eta)
    assert abs(state.bw[0] - other) > 0.1  # the two rules differ by a factor eta = 1/20


def test_bias_eta_changes_training():
    rows, cols, x = tiny_matrix()
    p = GloveParams(dim=8, iterations=3, seed=5)
    a, la = train(rows, cols, x, 12, p, show_progress=False)
    b, lb = train(
        rows, cols, x, 12, GloveParams(**{**p.__dict__, "bias_eta": True}), show_progress=False
    )
    assert la[0] != lb[0] or la[1] != lb[1]
    assert not np.array_equal(a.bw, b.bw)


def test_vector_gradient_is_clipped_and_nan_steps_skipped():
    state = GloveState.init(2, 3, seed=0)
    state.W[0] = 50.0
    state.C[1] = 50.0  # diff ~ 7500: fdiff * other far beyond the clip
    r, c = np.array([0], np.int32), np.array([1], np.int32)
    logx, fx = np.array([0.0], np.float32), np.array([1.0], np.float32)
    run_epoch(state, r, c, logx, fx, eta=0.05, threads=1)
    # clipped gradient 100 * eta = 5, G = 1 before: a step of exactly 5 on every component
    np.testing.assert_allclose(state.W[0], 45.0, rtol=1e-6)
    np.testing.assert_allclose(state.gW[0], 1.0 + 25.0, rtol=1e-6)
    state.C[1, 0] = np.nan
    before = state.W[0].copy()
    loss = run_epoch(state, r, c, logx, fx, eta=0.05, threads=1)
    assert loss == 0.0, "a pair with a nan diff is skipped, loss included"
    assert np.array_equal(state.W[0], before)
    # a non-finite step (here from a corrupt accumulator) skips the vector steps of the pair, bit
    # for bit, but not its bias steps; the numpy reference does the same
    state.C[1, 0] = 1.0
    state.gW[0, 1] = np.nan
    ref = GloveState(**{k: v.copy() for k, v in state.arrays().items()})
    before_w, before_c, before_b = state.W[0].copy(), state.C[1].copy(), state.bw[0]
    run_epoch(state, r, c, logx, fx, eta=0.05, threads=1)
    reference_epoch(ref, r, c, logx, fx, eta=0.05)
    assert np.array_equal(state.W[0], before_w) and np.array_equal(state.C[1], before_c)
    assert state.bw[0] != before_b
    assert np.array_equal(ref.W, state.W) and np.array_equal(ref.C, state.C)


def test_checkpoint_of_the_older_update_rule_is_ignored(tmp_path):
    """A checkpoint written before the glove.c update and the pairs file (no ``update`` in its
    fingerprint) must not be resumed: its order and bias rule differ."""
    import json

    from wordgames.vectors import glove

    rows, cols, x = tiny_matrix()
    p = GloveParams(dim=8, iterations=3, seed=1, threads=1)
    ckpt = tmp_path / "ckpt"
    train(rows, cols, x, 12, p, checkpoint_dir=ckpt, stop_after=1, show_progress=False)
    with np.load(ckpt / "state.npz") as data:
        meta = json.loads(str(data["meta"]))
        arrays = {k: data[k] for k in GloveState.FIELDS}
    assert meta["fingerprint"]["update"] == glove.UPDATE_VERSION
    del meta["fingerprint"]["update"]
    glove.save_checkpoint(ckpt, GloveState(**arrays), meta)
    _, losses = train(rows, cols, x, 12, p, checkpoint_dir=ckpt, show_progress=False)
    _, fresh = train(rows, cols, x, 12, p, show_progress=False)
    assert losses == fresh and len(losses) == 3
