from __future__ import annotations

import json

import numpy as np
import pyarrow.parquet as pq
import pytest

from wordgames.cli import main
from wordgames.vectors.keyed import load_keyed_vectors, save_vectors


@pytest.fixture
def cooccur(tmp_path, repo):
    tokens = repo / "tests/data/stats/tokens.txt"
    d = tmp_path
    assert (
        main(
            [
                "build",
                "vocab",
                "--in",
                str(tokens),
                "--out",
                str(d / "vocab.parquet"),
                "--min-count",
                "2",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "build",
                "cooccur",
                "--in",
                str(tokens),
                "--vocab",
                str(d / "vocab.parquet"),
                "--out",
                str(d / "spill.parquet"),
                "--window",
                "10",
                "--chunk-tokens",
                "4000000",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "build",
                "cooccur-merge",
                "--in",
                str(d / "spill.parquet"),
                "--out",
                str(d / "cooccur.parquet"),
                "--memory",
                "1GB",
                "--threads",
                "1",
            ]
        )
        == 0
    )
    return d


GLOVE = ["--method", "glove", "--x-max", "10", "--alpha", "0.75", "--eta", "0.05", "--seed", "0"]


def outputs(folder) -> list[str]:
    """The --out-* arguments of the glove stage for files in ``folder``."""
    return [
        "--out-vectors",
        str(folder / "vectors.npy"),
        "--out-vocab",
        str(folder / "vocab.parquet"),
        "--out-kv",
        str(folder / "vectors.kv"),
        "--out-summary",
        str(folder / "train.json"),
    ]


def test_glove_stage_writes_npy_vocab_and_mmap_keyed_vectors(cooccur, repo):
    d = cooccur
    out = d / "glove"
    assert (
        main(
            [
                "build",
                "glove",
                "--cooccur",
                str(d / "cooccur.parquet"),
                "--vocab",
                str(d / "vocab.parquet"),
                *outputs(out),
                *GLOVE,
                "--dim",
                "10",
                "--iterations",
                "3",
                "--threads",
                "1",
            ]
        )
        == 0
    )
    words = pq.read_table(out / "vocab.parquet").column("word").to_pylist()
    vectors = np.load(out / "vectors.npy", mmap_mode="r")
    assert vectors.shape == (len(words), 10) and vectors.dtype == np.float32
    kv = load_keyed_vectors(out / "vectors.kv")
    assert kv.index_to_key == words
    np.testing.assert_array_equal(kv["the"], vectors[words.index("the")])
    assert len(kv.most_similar("king", topn=3)) == 3
    text = (repo / "tests/data/stats/tokens.txt").read_text()
    assert kv.get_vecattr("the", "count") == text.split().count("the")
    summary = json.loads((out / "train.json").read_text())
    assert summary["iterations_done"] == 3 and len(summary["losses"]) == 3
    assert sorted(p.name for p in out.iterdir()) == [
        "train.json",
        "vectors.kv",
        "vectors.npy",
        "vocab.parquet",
    ]  # what it was told, nothing else

    scores = d / "eval.json"
    assert (
        main(
            [
                "build",
                "vectors-eval",
                "--vectors",
                str(out / "vectors.kv"),
                "--out",
                str(scores),
                "--probe",
                "king",
                "--probe",
                "absent",
            ]
        )
        == 0
    )
    result = json.loads(scores.read_text())
    assert set(result) >= {"wordsim353", "simlex999", "analogy", "neighbours"}
    assert list(result["neighbours"]) == ["king"]
    assert result["analogy"]["questions"] > 19000
    assert result["wordsim353"]["oov_percent"] > 90  # tiny vocabulary: almost every pair is OOV


def test_stop_after_keeps_checkpoint_and_resume_completes(cooccur):
    d = cooccur
    args = [
        "build",
        "glove",
        "--cooccur",
        str(d / "cooccur.parquet"),
        "--vocab",
        str(d / "vocab.parquet"),
        *outputs(d / "g"),
        *GLOVE,
        "--dim",
        "6",
        "--iterations",
        "4",
        "--threads",
        "1",
        "--checkpoint-dir",
        str(d / "g/checkpoint"),
    ]
    assert main([*args, "--stop-after", "2"]) == 0
    assert (d / "g/checkpoint/state.npz").is_file()
    assert json.loads((d / "g/train.json").read_text())["iterations_done"] == 2
    assert main(args) == 0
    assert json.loads((d / "g/train.json").read_text())["iterations_done"] == 4
    assert not (d / "g/checkpoint").exists()


def test_word2vec_option_on_the_same_tokens(cooccur, repo):
    d = cooccur
    assert (
        main(
            [
                "build",
                "glove",
                "--tokens",
                str(repo / "tests/data/stats/tokens.txt"),
                "--vocab",
                str(d / "vocab.parquet"),
                *outputs(d / "w2v"),
                *GLOVE[2:],
                "--method",
                "word2vec",
                "--dim",
                "8",
                "--iterations",
                "2",
                "--window",
                "10",
                "--min-count",
                "2",
                "--threads",
                "1",
            ]
        )
        == 0
    )
    kv = load_keyed_vectors(d / "w2v/vectors.kv")
    vocab = pq.read_table(d / "vocab.parquet").column("word").to_pylist()
    assert kv.index_to_key == vocab
    assert (
        main(
            [
                "build",
                "glove",
                "--method",
                "fasttext",
                "--vocab",
                str(d / "vocab.parquet"),
                *outputs(d / "ft"),
                *GLOVE[2:],
                "--dim",
                "8",
                "--iterations",
                "2",
                "--threads",
                "1",
            ]
        )
        == 2
    )  # needs --tokens: a one-line user error


def test_save_vectors_replaces_previous_files(tmp_path):
    words = ["a", "b", "c"]
    for scale in (1.0, 2.0):
        vec = np.arange(12, dtype=np.float32).reshape(3, 4) * scale
        save_vectors(tmp_path / "v.npy", tmp_path / "vocab.parquet", tmp_path / "v.kv", words, vec)
    kv = load_keyed_vectors(tmp_path / "v.kv", mmap=False)
    np.testing.assert_array_equal(kv["c"], np.arange(8, 12, dtype=np.float32) * 2)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
