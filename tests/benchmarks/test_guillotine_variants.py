"""benchmarks/guillotine_variants.py: the variant parser (the runs need the pipeline's artifacts)."""

from __future__ import annotations

import guillotine_variants as V
import pytest

from wordgames.guillotine.solvers.links_features import FEATURES


def test_drop_takes_names_and_shell_patterns_in_feature_order():
    v = V.parse_variant("drop=sum_pool,link_*;l2=3")
    assert v["drop"] == [f for f in FEATURES if f.startswith("link_") or f == "sum_pool"]
    assert len(v["drop"]) == 6 and v["l2"] == 3.0


@pytest.mark.parametrize(
    ("text", "named"),
    [("drop=nosuch", "nosuch"), ("drop=vec_*", "vec_*"), ("frobnicate=1", "frobnicate")],
)
def test_unknown_features_and_settings_exit_with_a_message(text, named):
    with pytest.raises(SystemExit) as err:
        V.parse_variant(text)
    assert "unknown" in str(err.value) and repr(named) in str(err.value)
