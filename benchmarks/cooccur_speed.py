"""Co-occurrence counting speed and peak memory on the Italian prose (>= 8.9M tokens).

Rows: this package's counter (numba pair kernel, sorted chunks spilled to Parquet) with two chunk
sizes, its DuckDB merge with two memory limits, and a plain Python dict counter (the tests'
reference) on a prefix of the corpus, scaled to the whole. Each run is a fresh process, so its peak
resident memory (ru_maxrss) and CPU time are its own. Vocabulary: min count 15, window 10.

    nice .venv/bin/python benchmarks/cooccur_speed.py [--repeats 2]
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
from cooccur_data import CACHE, count_tokens, italian_tokens  # noqa: E402


def _usage():
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_maxrss / 1024, use.ru_utime + use.ru_stime


def _count(tokens, words, chunk, spill, queue):
    from wordgames.stats.cooccur import count_shard

    t0 = time.perf_counter()
    summary = count_shard(tokens, words, spill, window=10, chunk_tokens=chunk)
    queue.put((time.perf_counter() - t0, *_usage(), f"{summary['rows']:,} spilled rows"))


def _merge(spill, memory, queue):
    from wordgames.stats.cooccur import merge_spills

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        rows = merge_spills([spill], Path(tmp) / "c.parquet", memory_limit=memory, threads=2)
        sec = time.perf_counter() - t0
    queue.put((sec, *_usage(), f"{rows:,} entries"))


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
    queue.put((time.perf_counter() - t0, *_usage(), n, len(table)))


def run(target, *args):
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=target, args=(*args, queue))
    proc.start()
    out = queue.get()
    proc.join()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--python-tokens", type=int, default=300_000)
    args = ap.parse_args()
    from wordgames.stats.vocab import vocab_from_file

    tokens = italian_tokens()
    n_tokens = count_tokens(tokens)
    words = vocab_from_file(tokens, 15).column("word").to_pylist()
    print(
        f"corpus {tokens}: {n_tokens:,} tokens, vocabulary {len(words)} (min count 15), "
        f"window 10; load {os.getloadavg()}"
    )
    CACHE.mkdir(parents=True, exist_ok=True)
    spill = CACHE / "bench-spill.parquet"
    run(_count, tokens, words[:100], 100_000, spill)  # compile the numba kernels into the cache
    rows = []
    for chunk in (4_000_000, 1_000_000):
        res = [run(_count, tokens, words, chunk, spill) for _ in range(args.repeats)]
        rows.append((f"count (numba), chunk {chunk // 1_000_000}M tokens", res))
    for memory in ("1GB", "256MB"):
        res = [run(_merge, spill, memory) for _ in range(args.repeats)]
        rows.append((f"merge (DuckDB), memory limit {memory}", res))
    spill.unlink()
    print(f"{'stage':40} {'wall s (median)':>15} {'CPU s':>7} {'Mtok/s':>7} {'peak MB':>8}")
    for name, res in rows:
        wall = statistics.median(r[0] for r in res)
        print(
            f"{name:40} {wall:15.1f} {statistics.median(r[2] for r in res):7.1f} "
            f"{n_tokens / wall / 1e6:7.2f} {max(r[1] for r in res):8.0f}  ({res[0][3]})"
        )
    count4 = statistics.median(r[0] for r in rows[0][1])
    sec, rss, cpu, n, _ = run(_python, tokens, words, args.python_tokens)
    scaled = sec * n_tokens / n
    print(
        f"{'python dict counter (reference), scaled':40} {scaled:15.1f} {cpu * n_tokens / n:7.1f} "
        f"{n_tokens / scaled / 1e6:7.2f} {rss:8.0f}  ({n:,} tokens timed; peak MB for that "
        f"prefix; {scaled / count4:.0f}x the numba count)"
    )
    print(f"load average at the end {os.getloadavg()} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
