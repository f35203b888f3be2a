"""Samples of a token file by size (wordgames.lm.sample): checked against a plain in-memory
reference, and for what the LM-size curve relies on (size within half a line, whole lines in the
file's order, nested and deterministic for a seed, bounded memory)."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InputError
from wordgames.lm.sample import INFO_NAME, choose, read_info, sample_name, write_samples


def reference(lines: list[bytes], targets: list[int], seed: int) -> dict[int, list[bytes] | None]:
    """The samples the plain way: the whole file in memory, one walk along the random order per
    size, stopping at the prefix whose tokens come closest to the size (None: skipped)."""
    counts = [len(line.split()) for line in lines]
    order = np.flatnonzero(np.array(counts, dtype=np.int64) > 0)
    np.random.default_rng(seed).shuffle(order)
    total = sum(counts)
    out: dict[int, list[bytes] | None] = {}
    for target in targets:
        if target >= total:
            out[target] = None
            continue
        taken, tokens, before = [], 0, 0
        for i in order:
            before = tokens
            taken.append(int(i))
            tokens += counts[i]
            if tokens >= target:
                break
        if len(taken) > 1 and target - before < tokens - target:
            taken.pop()
        keep = set(taken)
        out[target] = [
            line if line.endswith(b"\n") else line + b"\n"
            for i, line in enumerate(lines)
            if i in keep
        ]
    return out


def _write(path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(lines))


texts = st.lists(
    st.lists(st.sampled_from(["a", "bb", "the", "x"]), min_size=0, max_size=9).map(
        lambda ws: (" ".join(ws) + "\n").encode()
    ),
    min_size=1,
    max_size=60,
)


@given(texts, st.lists(st.integers(1, 400), min_size=1, max_size=4, unique=True), st.integers(0, 5))
def test_samples_match_the_in_memory_reference(tmp_path_factory, lines, targets, seed):
    if not any(line.split() for line in lines):
        return  # a file without tokens is refused (below)
    tmp = tmp_path_factory.mktemp("s")
    lines[-1] = lines[-1].rstrip(b"\n")  # no final newline: the last line still comes out whole
    _write(tmp / "tokens.txt", lines)
    samples = write_samples(tmp / "tokens.txt", tmp / "out", targets, seed=seed)
    expected = reference(lines, targets, seed)
    info = read_info(tmp / "out" / INFO_NAME)
    assert info["source_tokens"] == sum(len(line.split()) for line in lines)
    assert info["samples"] == samples
    longest = max(len(line.split()) for line in lines)
    for s in samples:
        written = tmp / "out" / sample_name(s.target)
        if expected[s.target] is None:
            assert s.skipped and not written.exists()
            continue
        got = written.read_bytes().splitlines(keepends=True)
        assert got == expected[s.target]
        assert s.tokens == sum(len(line.split()) for line in got) and s.lines == len(got)
        # within half a line of the size (a sample holds one line at least)
        assert abs(s.tokens - s.target) <= longest / 2 or (s.lines == 1 and s.tokens > s.target)


@given(
    st.lists(st.integers(0, 30), min_size=1, max_size=200),
    st.lists(st.integers(1, 3000), min_size=1, max_size=5, unique=True),
    st.integers(0, 10**6),
)
def test_samples_nest_and_take_no_empty_line(lengths, targets, seed):
    samples, level = choose(lengths, targets, seed)
    total = sum(lengths)
    for i, s in enumerate(samples):
        assert s.skipped == (s.target >= total)
        held = {j for j, lv in enumerate(level) if lv < len(targets) and targets[lv] <= s.target}
        if s.skipped:
            continue
        assert len(held) == s.lines and sum(lengths[j] for j in held) == s.tokens
        assert all(lengths[j] > 0 for j in held)
        for smaller in samples[:i] + samples[i + 1 :]:
            if not smaller.skipped and smaller.target < s.target:
                assert smaller.tokens <= s.tokens and smaller.lines <= s.lines


def _corpus(tmp_path, n=2000):
    rng = np.random.default_rng(7)
    words = [f"w{i}" for i in range(50)]
    lines = [
        (" ".join(rng.choice(words, size=int(rng.integers(1, 25)))) + "\n").encode()
        for _ in range(n)
    ]
    lines[5] = b"\n"  # an empty sentence is never drawn
    _write(tmp_path / "tokens.txt", lines)
    return lines


def test_a_seed_gives_the_same_sample_and_another_seed_another(tmp_path):
    _corpus(tmp_path)
    write_samples(tmp_path / "tokens.txt", tmp_path / "a", [3000, 9000], seed=3)
    write_samples(tmp_path / "tokens.txt", tmp_path / "b", [9000, 3000], seed=3)
    write_samples(tmp_path / "tokens.txt", tmp_path / "c", [3000], seed=4)
    for n in (3000, 9000):
        assert (tmp_path / "a" / f"{n}.txt").read_bytes() == (
            tmp_path / "b" / f"{n}.txt"
        ).read_bytes()
    assert (tmp_path / "a" / "3000.txt").read_bytes() != (tmp_path / "c" / "3000.txt").read_bytes()


def test_lines_are_whole_lines_of_the_input_in_its_order(tmp_path):
    lines = _corpus(tmp_path)
    samples = write_samples(tmp_path / "tokens.txt", tmp_path / "out", [5000, 10**9], seed=0)
    got = (tmp_path / "out" / "5000.txt").read_bytes().splitlines(keepends=True)
    position = {line: i for i, line in reversed(list(enumerate(lines)))}
    assert all(line in position for line in got) and b"\n" not in got
    it = iter(lines)
    assert all(any(line == x for x in it) for line in got)  # a subsequence: the file's order
    assert abs(samples[0].tokens - 5000) <= 12 and samples[1].skipped
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["5000.txt", INFO_NAME]


def test_the_sample_folder_is_replaced_as_a_whole(tmp_path):
    _corpus(tmp_path)
    write_samples(tmp_path / "tokens.txt", tmp_path / "out", [1000, 2000], seed=0)
    write_samples(tmp_path / "tokens.txt", tmp_path / "out", [1500], seed=0)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["1500.txt", INFO_NAME]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.tmp")]


def test_memory_follows_the_lines_not_the_text(tmp_path):
    """The text is never held: about 30 bytes a line, not the ~80 bytes of a line of local-en's
    token file."""
    rng = np.random.default_rng(1)
    word = b"abcdefghij " * 15
    (tmp_path / "tokens.txt").write_bytes(
        b"".join(word[: int(rng.integers(60, 100))] + b"\n" for _ in range(40000))
    )
    size = (tmp_path / "tokens.txt").stat().st_size
    tracemalloc.start()
    try:
        write_samples(tmp_path / "tokens.txt", tmp_path / "out", [10000, 50000], seed=0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < size / 2, (peak, size)


@pytest.mark.parametrize(
    ("targets", "seed", "message"),
    [
        ([0], 0, "at least 1 token"),
        ([5, 5], 0, "repeat"),
        ([5], -1, "seed must be 0 or more"),
    ],
)
def test_bad_sizes_and_seeds_are_refused(tmp_path, targets, seed, message):
    _write(tmp_path / "tokens.txt", [b"a b c\n"] * 4)
    with pytest.raises(InputError, match=message):
        write_samples(tmp_path / "tokens.txt", tmp_path / "out", targets, seed=seed)


def test_a_file_without_tokens_is_refused(tmp_path):
    _write(tmp_path / "tokens.txt", [b"\n", b"  \n"])
    with pytest.raises(InputError, match="no tokens"):
        write_samples(tmp_path / "tokens.txt", tmp_path / "out", [1], seed=0)


def test_cli_writes_the_samples_and_fails_in_one_line(tmp_path):
    _corpus(tmp_path, n=300)
    run = [sys.executable, "-m", "wordgames", "build", "lm-sample", "--seed", "0"]
    ok = subprocess.run(
        run
        + [
            "--in",
            str(tmp_path / "tokens.txt"),
            "--tokens",
            "500",
            "--out-dir",
            str(tmp_path / "o"),
        ],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    info = json.loads((tmp_path / "o" / INFO_NAME).read_text())
    assert info["samples"][0]["target"] == 500 and not info["samples"][0]["skipped"]
    missing = subprocess.run(
        run
        + ["--in", str(tmp_path / "nope.txt"), "--tokens", "5", "--out-dir", str(tmp_path / "p")],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    assert "nope.txt" in missing.stderr
    zero = subprocess.run(
        run
        + ["--in", str(tmp_path / "tokens.txt"), "--tokens", "0", "--out-dir", str(tmp_path / "p")],
        capture_output=True,
        text=True,
    )
    assert zero.returncode == 2 and "must be at least 1" in zero.stderr
