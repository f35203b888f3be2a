"""Co-occurrence counting speed and peak memory on the Italian prose (>= 8.9M tokens).

Rows: this package's counter (numba pair kernel, sorted chunks spilled to Parquet, DuckDB merge) with
two chunk sizes (the memory bound), and a plain Python dict counter (the tests' reference) on a
prefix of the corpus, scaled to the whole. Each run is a fresh process, so its peak resident memory
(ru_maxrss) is its own. Vocabulary: min count 15, window 10.

    nice .venv/bin/python benchmarks/cooccur_speed.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
from cooccur_data import count_tokens, italian_tokens  # noqa: E402


def _ours(tokens, words, chunk, queue):
    from wordgames.stats.cooccur import count_shard, merge_spills

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        count_shard(tokens, words, Path(tmp) / "spill.parquet", window=10, chunk_tokens=chunk)
        t1 = time.perf_counter()
        rows = merge_spills([Path(tmp) / "spill.parquet"], Path(tmp) / "c.parquet",
                            memory_limit="1GB", threads=2)
        t2 = time.perf_counter()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((t2 - t0, t1 - t0, t2 - t1, rss, rows))


def _python(tokens, words, limit, queue):
    from wordgames.stats.cooccur import reference_counts

    sents, n = [], 0
    with open(tokens, encoding="utf-8") as fh:
        for line in fh:
            toks = line.split()
            sents.append(toks)
            n += len(toks)
            if n >= limit:
                break
    t0 = time.perf_counter()
    table = reference_counts(sents, words, 10)
    sec = time.perf_counter() - t0
    queue.put((sec, n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, len(table)))


def run(target, *args):
    queue = mp.get_context("spawn").Queue()
    proc = mp.get_context("spawn").Process(target=target, args=(*args, queue))
    proc.start()
    out = queue.get()
    proc.join()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--python-tokens", type=int, default=300_000)
    args = ap.parse_args()
    from wordgames.stats.vocab import vocab_from_file

    tokens = italian_tokens()
    n_tokens = count_tokens(tokens)
    words = vocab_from_file(tokens, 15).column("word").to_pylist()
    print(f"corpus {tokens}: {n_tokens:,} tokens, vocabulary {len(words)} (min count 15), "
          f"window 10; load {os.getloadavg()}")
    run(_ours, tokens, words[:100], 100_000)  # compile the numba kernels into the cache
    print(f"{'implementation':38} {'seconds (median)':>16} {'count':>7} {'merge':>7} "
          f"{'Mtok/s':>7} {'peak MB':>8} {'vs ours 4M':>10}")
    rows = []
    for chunk in (4_000_000, 1_000_000):
        res = [run(_ours, tokens, words, chunk) for _ in range(args.repeats)]
        med = statistics.median(r[0] for r in res)
        rows.append((f"numba + spill/merge, chunk {chunk // 1_000_000}M tok", med,
                     statistics.median(r[1] for r in res), statistics.median(r[2] for r in res),
                     max(r[3] for r in res), f"{res[0][4]:,} entries"))
    sec, n, rss, _ = run(_python, tokens, words, args.python_tokens)
    rows.append(("python dict (reference), scaled", sec * n_tokens / n, None, None, rss,
                 f"{n:,} tokens timed"))
    base = rows[0][1]
    for name, med, cnt, mrg, rss, note in rows:
        cnt_s = f"{cnt:7.1f}" if cnt is not None else "      -"
        mrg_s = f"{mrg:7.1f}" if mrg is not None else "      -"
        print(f"{name:38} {med:16.1f} {cnt_s} {mrg_s} {n_tokens / med / 1e6:7.2f} {rss:8.0f} "
              f"{med / base:9.1f}x  ({note})")


if __name__ == "__main__":
    main()
