"""Building the Wordle feedback matrix on the default lists (12972 guesses x 2315 answers).

    .venv/bin/python benchmarks/wordle_matrix.py [--runs 5] [--python-rows 500] [--threads N]

Compares, in one run: the numba kernel (parallel over guess rows; the one the pipeline uses), the
straightforward numpy broadcasting version and the pure-Python reference. Medians of ``--runs`` runs
(after one warm-up call that also loads numba's compiled cache); wall-clock and process CPU time
(the CPU time shows the cost when the machine is shared). The pure-Python version is timed on
the first ``--python-rows`` guess rows and scaled to the whole matrix (marked "extrapolated").
All three are checked to agree.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--numpy-runs", type=int, default=3)
    parser.add_argument("--python-rows", type=int, default=500)
    parser.add_argument("--threads", type=int, help="numba threads (default: all cores)")
    args = parser.parse_args()
    import numba
    import numpy as np

    from wordgames.wordle.feedback import build_matrix, build_matrix_numpy, build_matrix_python
    from wordgames.wordle.words import load_lists

    if args.threads:
        numba.set_num_threads(args.threads)
    guesses, answers = load_lists()
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, numba threads {numba.get_num_threads()}, "
        f"Python {platform.python_version()}, numba {numba.__version__}, numpy {np.__version__}"
    )
    print(f"# {len(guesses)} guesses x {len(answers)} answers")

    cpu: dict[str, float] = {}

    def timed(fn, runs, name):
        times, cpus = [], []
        result = None
        for _ in range(runs):
            start, cpu_start = time.perf_counter(), time.process_time()
            result = fn()
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu_start)
        cpu[name] = statistics.median(cpus)
        return statistics.median(times), result

    start = time.perf_counter()
    build_matrix(guesses[:2], answers[:2])
    warm = time.perf_counter() - start
    t_numba, m_numba = timed(lambda: build_matrix(guesses, answers), args.runs, "numba")
    t_numpy, m_numpy = timed(lambda: build_matrix_numpy(guesses, answers), args.numpy_runs, "numpy")
    rows = guesses[: args.python_rows]
    t_rows, m_py = timed(lambda: build_matrix_python(rows, answers), 1, "python")
    t_python = t_rows * len(guesses) / len(rows)
    cpu["python"] *= len(guesses) / len(rows)
    assert np.array_equal(m_numba, m_numpy)
    assert np.array_equal(m_numba[: len(rows)], m_py)
    print(f"{'implementation':<38}{'wall s':>9}{'CPU s':>9}{'wall vs numba':>15}")
    print(f"{'numba (parallel)':<38}{t_numba:>9.3f}{cpu['numba']:>9.3f}{1.0:>15.1f}")
    print(
        f"{'numpy (broadcast, 256-row chunks)':<38}{t_numpy:>9.3f}{cpu['numpy']:>9.3f}"
        f"{t_numpy / t_numba:>15.1f}"
    )
    label = f"pure Python (extrapolated {len(rows)} rows)"
    print(f"{label:<38}{t_python:>9.1f}{cpu['python']:>9.1f}{t_python / t_numba:>15.0f}")
    print(f"# numba first call (load compiled cache or compile): {warm:.2f} s; all results agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
