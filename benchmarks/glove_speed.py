"""GloVe iteration time: this package's numba trainer vs plain numpy, at 100 and 600 dimensions.

Corpus: the Italian prose (>= 8.9M tokens; see cooccur_data.py), min count 15, window 10, which gives a
co-occurrence matrix of ~21-23M non-zero entries. Rows: numba with 1 and 2 threads (median of
--repeats full iterations), numpy vectorised in mini-batches (gather, np.add.at scatter) and numpy one
entry at a time (the tests' reference), both timed on a prefix of the shuffled entries and scaled to
a full iteration. The reference C GloVe ran ~5.5 s per iteration at 100 d on a 9.3M-entry matrix with
2 threads on this machine; the table scales that to our matrix size for comparison.

    nice .venv/bin/python benchmarks/glove_speed.py [--dims 100 600] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cooccur_data import italian_cooccur  # noqa: E402

from wordgames.vectors.glove import GloveState, prepare, reference_epoch, run_epoch  # noqa: E402
from wordgames.vectors.train import load_cooccur  # noqa: E402

C_SECONDS, C_PAIRS = 5.5, 9.3e6  # reference C GloVe, 100 d, 2 threads, this machine (issue 4)


def numpy_batched_epoch(state, rows, cols, logx, fx, eta, batch=8192, limit=None):
    """Mini-batch AdaGrad in numpy: the straightforward vectorised implementation."""
    n = len(rows) if limit is None else min(limit, len(rows))
    loss = 0.0
    for s in range(0, n, batch):
        i, j = rows[s : s + batch], cols[s : s + batch]
        wi, cj = state.W[i], state.C[j]
        diff = np.einsum("ij,ij->i", wi, cj) + state.bw[i] + state.bc[j] - logx[s : s + batch]
        fdiff = fx[s : s + batch] * diff
        loss += float(0.5 * (fdiff * diff).sum())
        g = (eta * fdiff)[:, None]
        gw, gc = g * cj, g * wi
        np.subtract.at(state.W, i, gw / np.sqrt(state.gW[i]))
        np.subtract.at(state.C, j, gc / np.sqrt(state.gC[j]))
        np.add.at(state.gW, i, gw * gw)
        np.add.at(state.gC, j, gc * gc)
        gb = g[:, 0]
        np.subtract.at(state.bw, i, gb / np.sqrt(state.gbw[i]))
        np.subtract.at(state.bc, j, gb / np.sqrt(state.gbc[j]))
        np.add.at(state.gbw, i, gb * gb)
        np.add.at(state.gbc, j, gb * gb)
    return loss / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dims", type=int, nargs="+", default=[100, 600])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--numpy-pairs", type=int, default=1_000_000)
    ap.add_argument("--loop-pairs", type=int, default=20_000)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()

    vocab, cooc = italian_cooccur()
    rows, cols, x = load_cooccur(cooc)
    V = int(max(rows.max(), cols.max())) + 1
    nnz = len(x)
    r, c, logx, fx = prepare(rows, cols, x, 10.0, 0.75, seed=0)
    print(f"co-occurrence {cooc}: vocabulary {V}, non-zero entries {nnz:,}; load {os.getloadavg()}")
    c_scaled = C_SECONDS * nnz / C_PAIRS
    print(f"reference C GloVe (100 d, 2 threads) scaled to this matrix: {c_scaled:.1f} s/iteration")
    header = f"{'implementation':34} {'dim':>4} {'s/iter (median)':>16} {'Mentries/s':>11} {'vs numba 2t':>12}"
    lines = []
    for dim in args.dims:
        results = {}
        for threads in args.threads:
            state = GloveState.init(V, dim, 0)
            run_epoch(state, r[:1000], c[:1000], logx[:1000], fx[:1000], 0.05, threads)  # compile
            times, cpu = [], []
            for _ in range(args.repeats):
                t0, c0 = time.perf_counter(), time.process_time()
                run_epoch(state, r, c, logx, fx, 0.05, threads)
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            results[f"numba, {threads} thread(s)"] = (
                statistics.median(times),
                f"measured; CPU {statistics.median(cpu):.2f} s/iter",
            )
        state = GloveState.init(V, dim, 0)
        k = min(args.numpy_pairs, nnz)
        t0, c0 = time.perf_counter(), time.process_time()
        numpy_batched_epoch(state, r, c, logx, fx, np.float32(0.05), limit=k)
        results["numpy mini-batch (8192)"] = (
            (time.perf_counter() - t0) * nnz / k,
            f"{k:,} entries, scaled; CPU {(time.process_time() - c0) * nnz / k:.1f} s/iter",
        )
        k = min(args.loop_pairs, nnz)
        t0, c0 = time.perf_counter(), time.process_time()
        reference_epoch(state, r[:k], c[:k], logx[:k], fx[:k], 0.05)
        results["numpy one entry at a time"] = (
            (time.perf_counter() - t0) * nnz / k,
            f"{k:,} entries, scaled; CPU {(time.process_time() - c0) * nnz / k:.1f} s/iter",
        )
        base = results.get(f"numba, {max(args.threads)} thread(s)", (None,))[0]
        for name, (sec, how) in results.items():
            ratio = f"{sec / base:.1f}x" if base else "-"
            lines.append(
                f"{name:34} {dim:>4} {sec:>16.2f} {nnz / sec / 1e6:>11.2f} {ratio:>12}  ({how})"
            )
        if dim == 100 and base:
            lines.append(
                f"{'reference C GloVe (scaled)':34} {dim:>4} {c_scaled:>16.2f} "
                f"{nnz / c_scaled / 1e6:>11.2f} {c_scaled / base:>11.1f}x  (quoted 5.5 s on 9.3M)"
            )
    print(header)
    print("\n".join(lines))
    print(
        f"load average at the end {os.getloadavg()} on {os.cpu_count()} CPUs: wall times include "
        "waiting for other processes; CPU s/iter is this process's own CPU time"
    )


if __name__ == "__main__":
    main()
