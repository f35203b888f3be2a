"""Newton's fit of the conditional logit against a plain reference: scipy's L-BFGS on the same
objective, run to a tight tolerance."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from wordgames.guillotine.model import logit_nll, newton_logit


def reference_nll(Z, bounds, ys, w, l2):
    """The objective game by game, written out."""
    total = 0.5 * l2 * float(w @ w)
    for g, y in enumerate(ys):
        s = Z[bounds[g] : bounds[g + 1]] @ w
        total += float(np.log(np.exp(s - s.max()).sum()) + s.max() - (Z[y] @ w))
    return total


def reference_minimum(Z, bounds, ys, l2):
    def objective(w):
        nll, p = logit_nll(Z, bounds, ys, w, l2)
        return nll, Z.T @ p - Z[ys].sum(axis=0) + l2 * w

    res = minimize(
        objective,
        np.zeros(Z.shape[1]),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 20000, "gtol": 1e-10, "ftol": 1e-15},
    )
    return res.x, res.fun


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    games=st.integers(1, 25),
    d=st.integers(1, 6),
    l2=st.sampled_from([0.1, 1.0, 3.0]),
)
def test_newton_reaches_the_lbfgs_minimum(seed, games, d, l2):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 12, size=games)
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    Z = rng.normal(size=(bounds[-1], d)) * rng.uniform(0.2, 3.0, size=d)
    ys = bounds[:-1] + rng.integers(0, sizes)
    w, nll, steps = newton_logit(Z, bounds, ys, l2)
    assert np.isclose(nll, reference_nll(Z, bounds, ys, w, l2), rtol=1e-12, atol=1e-12)
    w_ref, nll_ref = reference_minimum(Z, bounds, ys, l2)
    assert nll <= nll_ref + 1e-9 * max(1.0, abs(nll_ref))
    np.testing.assert_allclose(w, w_ref, atol=1e-4)
    assert steps < 50
