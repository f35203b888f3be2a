"""benchmarks/scale_projection.py: the fit, the GloVe scaling, the bounds and the wall-time model."""

from __future__ import annotations

import json

import pytest
import scale_projection as proj

STAGES = ["corpus_extract", "corpus_tokenize", "stats_cooccur_merge", "lm", "glove"]


def curve(tmp_path, cpu_of, rss_of=lambda name, n: 100.0):
    runs = []
    for n in (10**6, 10**7, 10**8):
        stages = {
            name: {"jobs": 1, "cpu_s": cpu_of(name, n), "wall_s": cpu_of(name, n) / 2,
                   "rss_mb": rss_of(name, n), "disk_mb": n / 1e6}
            for name in STAGES
        }  # fmt: skip
        runs.append({"tokens": n, "stages": stages})
    path = tmp_path / "scale.json"
    path.write_text(json.dumps({"runs": runs}))
    return path


def test_fit_recovers_a_power_law():
    xs = [1e6, 1e7, 1e8]
    a, b = proj.power_fit(xs, [3 * x**0.9 for x in xs])
    assert a == pytest.approx(3) and b == pytest.approx(0.9)
    assert proj.power_fit(xs[:1], [1.0]) is None


def test_projection_scales_glove_and_bounds_duckdb(tmp_path, capsys):
    path = curve(
        tmp_path,
        cpu_of=lambda name, n: n / 1e6,
        rss_of=lambda name, n: min(2000.0, n / 1e4) if name == "stats_cooccur_merge" else 100.0,
    )
    runs = json.loads(path.read_text())["runs"]
    models = proj.stage_models(runs)
    args = proj.argparse.Namespace(
        glove_dim=600, glove_iterations=50, no_bounds=False, cores_per_node=2, shards=32
    )
    out = proj.project(models, 1e9, args, {"dim": 300, "glove_iterations": 3})
    # every stage linear: 1,000 CPU s at 10^9; GloVe x 50/3 iterations x 600/300 dimensions
    assert out["lm"]["cpu_s"] == pytest.approx(1000, rel=1e-6)
    assert out["glove"]["cpu_s"] == pytest.approx(1000 * 50 / 3 * 2, rel=1e-6)
    # DuckDB's memory limit: the largest measured RSS, not the fit
    assert out["stats_cooccur_merge"]["rss_mb"] == pytest.approx(2000)
    args.no_bounds = True
    unbounded = proj.project(models, 1e9, args, {"dim": 300, "glove_iterations": 3})
    assert unbounded["stats_cooccur_merge"]["rss_mb"] > 2000


def test_sharded_stages_spread_over_nodes_and_glove_bounds_the_wall(tmp_path):
    heavy = {"corpus_extract": 1e5, "glove": 2e5}
    path = curve(tmp_path, cpu_of=lambda name, n: n / heavy.get(name, 1e6))
    models = proj.stage_models(json.loads(path.read_text())["runs"])
    args = proj.argparse.Namespace(
        glove_dim=300, glove_iterations=3, no_bounds=False, cores_per_node=2, shards=32
    )
    out = proj.project(models, 1e9, args, {"dim": 300, "glove_iterations": 3})
    one, _ = proj.wall_time(out, models, 1, args)
    many, bound = proj.wall_time(out, models, 64, args)
    assert many < one  # 32 extract shards over 128 cores instead of 2
    assert bound == "glove"  # one job on one node, whatever the cluster
    # on one node the 2 cores are the limit: 18,000 CPU s over 2 cores
    assert one == pytest.approx(9000)
    # never faster than every core busy
    total = sum(p["cpu_s"] for p in out.values())
    assert one >= total / 2 - 1e-6 and many >= total / 128 - 1e-6


def test_main_needs_a_curve(tmp_path, capsys):
    assert proj.main(["--curve", str(tmp_path / "missing.json")]) == 3
    assert "run benchmarks/scale_curve.py first" in capsys.readouterr().out
