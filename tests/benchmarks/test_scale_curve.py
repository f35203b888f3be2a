"""benchmarks/scale_curve.py: the parts that do not run Snakemake (parsing, fitting, the config)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import scale_curve

HEADER = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"


def test_benchmark_tsvs_are_summed_per_rule(tmp_path):
    bench = tmp_path / "benchmarks"
    (bench / "corpus_extract").mkdir(parents=True)
    (bench / "lm").mkdir()
    (bench / "corpus_extract" / "gen-000.tsv").write_text(
        HEADER + "10.5\t0:00:10\t200.0\t900\t150\t160\t1.0\t4.0\t95.0\t9.5\n"
    )
    (bench / "corpus_extract" / "gen-001.tsv").write_text(
        HEADER + "12.0\t0:00:12\t250.5\t900\t150\t160\t1.0\t6.0\t95.0\t11.0\n"
    )
    # a job shorter than Snakemake's first sample has NA measurements
    (bench / "lm" / "gen.tsv").write_text(HEADER + "0.3\t0:00:00\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\n")
    stages = scale_curve.read_benchmarks(tmp_path)
    ex = stages["corpus_extract"]
    assert ex["jobs"] == 2 and ex["cpu_s"] == pytest.approx(20.5) and ex["wall_s"] == 22.5
    assert ex["rss_mb"] == 250.5 and ex["io_out_mb"] == 10.0
    assert stages["lm"] == {
        "jobs": 1,
        "cpu_s": 0.0,
        "wall_s": 0.3,
        "rss_mb": None,
        "io_out_mb": 0.0,
    }


def test_rusage_records_count_a_rerun_job_once(tmp_path):
    path = tmp_path / "rusage.jsonl"
    recs = [
        {"rule": "lm", "log": "/r/logs/lm/gen.log", "wall_s": 5, "cpu_s": 4, "maxrss_mb": 900},
        {"rule": "lm", "log": "/r/logs/lm/gen.log", "wall_s": 7, "cpu_s": 6, "maxrss_mb": 800},
        {"rule": "glove", "log": "/r/logs/glove/gen.log", "wall_s": 3, "cpu_s": 5, "maxrss_mb": 50},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    stages = scale_curve.read_rusage(path)
    assert stages["lm"] == {"jobs": 1, "cpu_s": 6, "wall_s": 7, "rss_mb": 800}
    assert stages["glove"]["cpu_s"] == 5


def test_exponents_and_scaling():
    xs = [1e6, 1e7, 1e8]
    assert scale_curve.fit_exponent(xs, [2 * x**1.1 for x in xs]) == pytest.approx(1.1)
    assert scale_curve.fit_exponent(xs[:1], [3.0]) is None
    # config/README.md: 15 at the ~9M-token local prose, about 200 at billions of tokens
    assert scale_curve.min_count_for(9_000_000) == 15
    assert 150 <= scale_curve.min_count_for(2_000_000_000) <= 250
    assert scale_curve.min_count_for(1_000_000) == 5
    assert [scale_curve.shards_for(n) for n in (1e6, 1e7, 1e8, 1e10)] == [1, 2, 20, 32]


def test_config_is_valid_and_names_the_front_half(tmp_path):
    from types import SimpleNamespace

    manifest = {"tokens": 10_000_000, "lang": "it", "wiki": "itwiki", "date": "20241101"}
    args = SimpleNamespace(cores=2, dim=300, glove_iterations=3, no_index=False)
    path = scale_curve.write_config(tmp_path, tmp_path / "dump", manifest, args, fallback=False)
    want = scale_curve.targets(path)
    names = [Path(w).name for w in want]
    assert names == [
        "vocab.parquet",
        "cooccur.parquet",
        "pmi.parquet",
        "idf.parquet",
        "model.binary",
        "vectors.npy",
    ]
    assert all(w.startswith(str(tmp_path / "results")) for w in want)
    # the corpus reads the generated multistream file through its index
    import yaml

    corpus = yaml.safe_load(path.read_text())["corpora"]["gen"]
    assert corpus["index"].endswith("-pages-articles-multistream-index.txt.bz2")
    assert corpus["source"].endswith("-pages-articles-multistream.xml.bz2")


def test_report_has_a_table_per_run_and_the_exponents():
    def run(size, cpu):
        stage = {"jobs": 1, "cpu_s": cpu, "wall_s": cpu, "rss_mb": 100.0, "disk_mb": 1.0}
        return {"size": size, "tokens": size, "types": 10, "pages": 2, "articles": 1,
                "xml_mb": 1.0, "shards": 1, "min_count": 5, "discount_fallback": False,
                "snakemake_wall_s": cpu, "stages": {"corpus_extract": stage}}  # fmt: skip

    text, fits = scale_curve.report([run(10**6, 2.0), run(10**7, 20.0)])
    assert text.count("| corpus_extract |") == 3  # two tables and the exponents
    assert fits["corpus_extract"]["cpu"] == pytest.approx(1.0)
    assert fits["corpus_extract"]["rss"] == pytest.approx(0.0)
