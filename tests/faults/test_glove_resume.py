"""GloVe training killed with SIGKILL resumes from its checkpoint to the very same vectors.

Training runs in a child process (one thread, so a run is bit-identical for a seed). It is killed
by the test-only fault hook of ``wordgames.artifacts`` in the middle of checkpoint writes (each
point: first byte, mid-file, before the rename, at different iterations), and once by a plain
SIGKILL from outside at an arbitrary moment of an iteration. The next run must resume from the last
complete checkpoint and end with vectors equal, byte for byte, to an uninterrupted run's.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from wordgames.artifacts import FAULT_ENV
from wordgames.vectors.glove import GloveParams

pytestmark = pytest.mark.faults

PARAMS = GloveParams(dim=24, iterations=12, seed=3, threads=1)
VOCAB = 400

DRIVER = """
import json, logging, sys, numpy as np
logging.basicConfig(level=logging.INFO)
from wordgames.vectors.glove import GloveParams, train
data = np.load(sys.argv[1])
params = GloveParams(**json.loads(sys.argv[4]))
state, losses = train(data["rows"], data["cols"], data["x"], int(data["vocab"]), params,
                      checkpoint_dir=sys.argv[2], show_progress=False)
np.save(sys.argv[3], state.vectors())
"""


@pytest.fixture(scope="module")
def cooccurrences(tmp_path_factory):
    rng = np.random.default_rng(7)
    n = 1_500_000  # about 50 ms an iteration here, so an outside kill lands inside one
    rows = rng.integers(0, VOCAB, n).astype(np.int32)
    cols = rng.integers(0, VOCAB, n).astype(np.int32)
    x = rng.gamma(1.0, 5.0, n) + 1.0
    folder = tmp_path_factory.mktemp("glove")
    path = folder / "cooc.npz"
    np.savez(path, rows=rows, cols=cols, x=x, vocab=VOCAB)
    # the uninterrupted run is a child process like the runs compared with it: once (CI, 2026-12-02)
    # a test worker's own in-process run differed from every child's in the 7th digit, although a
    # fresh process gives the child's vectors (the cause is not found; docs/robustness.md)
    proc = _start(path, folder)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-3000:]
    return path, np.load(folder / "vectors.npy")


def _start(data: Path, folder: Path, env: dict | None = None) -> subprocess.Popen:
    args = [json.dumps(PARAMS.__dict__)]
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            DRIVER,
            str(data),
            str(folder / "checkpoint"),
            str(folder / "vectors.npy"),
            *args,
        ],
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _resume_and_check(data: Path, folder: Path, reference: np.ndarray) -> str:
    proc = _start(data, folder)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-3000:]
    assert np.array_equal(np.load(folder / "vectors.npy"), reference)
    assert not (folder / "checkpoint").exists(), "the checkpoint is removed once training ends"
    return err


def test_glove_killed_at_each_point_of_checkpoint_writes_resumes_to_the_same_vectors(
    cooccurrences, tmp_path, robustness_counts
):
    """One training killed three times in a row, each run resuming from the checkpoint the one
    before left and being killed at another point of a later write."""
    data, reference = cooccurrences
    state = tmp_path / "checkpoint" / "state.npz"  # counting checkpoint writes, not the pairs file
    for point, nth in (("first-byte", 3), ("mid-file", 2), ("before-rename", 2)):
        proc = _start(data, tmp_path, {FAULT_ENV: f"{point}:{nth}@{state}"})
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == -signal.SIGKILL, err[-3000:]
        assert not (tmp_path / "vectors.npy").exists()
    log = _resume_and_check(data, tmp_path, reference)
    assert "resuming from checkpoint after iteration 4" in log
    row = robustness_counts["faults"].setdefault("glove checkpoint", {})
    row["faults"] = row.get("faults", 0) + 3
    row["outputs checked"] = row.get("outputs checked", 0) + 1


@pytest.mark.parametrize("point", ["mid-file", "before-rename"])
def test_glove_killed_writing_its_pairs_file_reruns_to_the_same_vectors(
    cooccurrences, tmp_path, point
):
    """The shuffled pairs file (beside the checkpoint) cut short by a kill is written anew."""
    data, reference = cooccurrences
    pairs = tmp_path / "checkpoint.pairs.bin"
    proc = _start(data, tmp_path, {FAULT_ENV: f"{point}@{pairs}"})
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == -signal.SIGKILL, err[-3000:]
    _resume_and_check(data, tmp_path, reference)
    assert not pairs.exists(), "the pairs file is removed once training ends"
    assert [p.name for p in tmp_path.iterdir()] == ["vectors.npy"], "no temporaries are left"


def test_glove_killed_mid_iteration_resumes_to_the_same_vectors(
    cooccurrences, tmp_path, robustness_counts
):
    data, reference = cooccurrences
    proc = _start(data, tmp_path)
    checkpoint = tmp_path / "checkpoint"
    deadline = time.monotonic() + 300
    while not any(checkpoint.glob("*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "training ended before its first checkpoint could be seen"
    time.sleep(0.075)  # an iteration and a half later
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "training ended before the kill"
    assert not (tmp_path / "vectors.npy").exists()
    _resume_and_check(data, tmp_path, reference)
    row = robustness_counts["faults"].setdefault("glove checkpoint", {})
    row["faults"] = row.get("faults", 0) + 1
    row["outputs checked"] = row.get("outputs checked", 0) + 1
