"""GloVe training memory and speed: the whole pairs file in memory vs streamed through a buffer.

Table: results/local-it's co-occurrence (``it``; exit 3 with a line saying what is missing if the
pipeline has not made it), or a synthetic one (``--synthetic N_PAIRS --vocab V``: Zipf-like word
ids, heavy-tailed weights, written as a Parquet under --work). Each configuration trains in a child
process (``child_usage.run_child``: its peak RSS from wait4) for --iterations iterations; rows:
``--buffer-mb 0`` (the whole pairs file in memory) and each --buffer-mb value, optionally this
package's trainer from another source tree (``--baseline-src /work/main/src``: e.g. the in-memory
trainer before issue 22) and Stanford's glove.c (``--stanford DIR`` holding a build: its
``glove`` binary is fed the same pairs as its 16-byte CREC records). Columns: peak RSS MiB, median
s/iteration, final loss, loss ratio to the in-memory row.

    nice .venv/bin/python benchmarks/glove_memory.py --synthetic 33000000 --vocab 41000 \\
        --dim 600 --iterations 2 --threads 2 --buffer-mb 256 64
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
from child_usage import run_child  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
LOCAL_IT = REPO / "results" / "local-it" / "it"

# run in the child: train on the table, sum the vectors as the glove stage does before saving, print
# one JSON line (losses, seconds per iteration)
CHILD = r"""
import json, logging, os, re, resource, sys, time
sys.path.insert(0, sys.argv[1])
args = json.loads(sys.argv[2])
marks = []  # (event, wall s, CPU s, current RSS MiB) at each log line of the trainer
def rss_mb():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
class Marks(logging.Handler):
    def emit(self, record):
        msg = record.getMessage()
        event = "iteration" if re.match(r"iteration \d+/", msg) else msg.split()[0]
        marks.append((event, time.perf_counter(), time.process_time(), rss_mb()))
logging.basicConfig(level=logging.INFO)
logging.getLogger().addHandler(Marks())
from wordgames.vectors import glove
fields = glove.GloveParams.__dataclass_fields__
params = glove.GloveParams(**{k: v for k, v in args["params"].items() if k in fields})
marks.append(("start", time.perf_counter(), time.process_time(), rss_mb()))
if hasattr(glove, "train_parquet"):
    state, losses = glove.train_parquet(args["cooccur"], args["vocab"], params,
                                        work_dir=args["work"], show_progress=False)
else:  # a trainer from before issue 22: columns in memory
    from wordgames.vectors.train import load_cooccur
    rows, cols, x = load_cooccur(args["cooccur"])
    marks.append(("loaded", time.perf_counter(), time.process_time(), rss_mb()))
    state, losses = glove.train(rows, cols, x, args["vocab"], params, show_progress=False)
    del rows, cols, x
vectors = state.take_vectors() if hasattr(state, "take_vectors") else state.vectors()
marks.append(("end", time.perf_counter(), time.process_time(), rss_mb()))
# per iteration: from the mark before it (the shuffle's or the previous iteration's)
its = [(m, marks[k - 1]) for k, m in enumerate(marks) if m[0] == "iteration"]
print(json.dumps({
    "losses": losses,
    "times": [m[1] - p[1] for m, p in its],
    "cpu": [m[2] - p[2] for m, p in its],
    "rss_train": max(m[3] for m, _ in its),
    "rss_before": its[0][1][3],
    "marks": marks,
}))
"""


def synthetic_table(path: Path, n: int, vocab: int, seed: int = 0) -> Path:
    """A co-occurrence Parquet like the pipeline's (i, j int32, weight float64, count int64)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    if path.exists():
        return path
    rng = np.random.default_rng(seed)
    schema = pa.schema(
        [("i", pa.int32()), ("j", pa.int32()), ("weight", pa.float64()), ("count", pa.int64())]
    )
    tmp = path.with_suffix(".tmp")
    with pq.ParquetWriter(tmp, schema, compression="zstd") as writer:
        for s in range(0, n, 1 << 22):
            m = min(1 << 22, n - s)
            # log-uniform ids: frequency ~ 1 / rank, as words are
            ids = np.exp(rng.random((2, m)) * np.log(vocab)).astype(np.int64) - 1
            ids = np.clip(ids, 0, vocab - 1).astype(np.int32)
            weight = (rng.pareto(1.2, m) + 1.0) * 0.5
            count = np.maximum(1, weight.astype(np.int64))
            writer.write_table(pa.table([ids[0], ids[1], weight, count], schema=schema))
    tmp.rename(path)
    return path


def run_ours(name, src: Path, cooccur: Path, vocab: int, params: dict, work: Path) -> dict:
    args = {"cooccur": str(cooccur), "vocab": vocab, "params": params, "work": str(work)}
    out, err = work / f"{name}.out", work / f"{name}.err"
    usage = run_child([sys.executable, "-c", CHILD, str(src), json.dumps(args)], out, err)
    if usage.returncode != 0:
        tail = err.read_text(errors="replace")[-2000:]
        raise SystemExit(f"{name}: child failed with status {usage.returncode}:\n{tail}")
    result = json.loads(out.read_text().strip().splitlines()[-1])
    return {"peak_mb": usage.peak_mb, **result}


def run_stanford(binary: Path, cooccur: Path, vocab: int, params: dict, work: Path) -> dict:
    """glove.c on the same pairs: its CREC records (int word1, int word2, double val; 1-based ids),
    shuffled by our pairs order (glove.c's own shuffle tool would do as well)."""
    import numpy as np

    from wordgames.vectors.pairs import RECORD, parquet_batches, write_pairs

    crec = work / "cooccur.shuf.bin"
    vocab_file = work / "vocab.txt"
    if not crec.exists():
        n, batches = parquet_batches(cooccur)
        pairs = write_pairs(batches, n, work / "ours.bin", vocab, x_max=1.0, alpha=1.0, seed=0)
        dt = np.dtype([("w1", "<i4"), ("w2", "<i4"), ("val", "<f8")])
        with open(crec, "wb") as fh:
            for s in range(0, n, 1 << 22):
                rec = np.fromfile(pairs.path, RECORD, count=1 << 22, offset=s * RECORD.itemsize)
                out = np.empty(len(rec), dt)
                out["w1"], out["w2"] = rec["i"] + 1, rec["j"] + 1
                out["val"] = np.exp(rec["logx"].astype(np.float64))
                out.tofile(fh)
        pairs.path.unlink()
        vocab_file.write_text("".join(f"w{k} 1\n" for k in range(vocab)))
    cmd = [
        str(binary),
        "-input-file", str(crec), "-vocab-file", str(vocab_file),
        "-save-file", str(work / "stanford-vectors"), "-vector-size", str(params["dim"]),
        "-threads", str(params["threads"]), "-iter", str(params["iterations"]),
        "-eta", str(params["eta"]), "-alpha", str(params["alpha"]),
        "-x-max", str(params["x_max"]), "-binary", "1", "-verbose", "2", "-seed", "1",
    ]  # fmt: skip
    out, err = work / "stanford.out", work / "stanford.err"
    usage = run_child(cmd, out, err)
    text = err.read_text(errors="replace")
    if usage.returncode != 0:
        raise SystemExit(f"glove.c failed with status {usage.returncode}:\n{text[-2000:]}")
    losses = [float(v) for v in re.findall(r"iter: \d+, cost: ([\d.eE+-]+)", text)]
    per_iter = usage.wall_s / max(1, len(losses))  # includes its start: an upper bound
    cpu = usage.cpu_s / max(1, len(losses))
    return {"peak_mb": usage.peak_mb, "losses": losses, "times": [per_iter], "cpu": [cpu]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--synthetic", type=int, metavar="N_PAIRS", help="a synthetic table instead")
    ap.add_argument("--vocab", type=int, default=41_000, help="synthetic vocabulary size")
    ap.add_argument("--dim", type=int, default=600)
    ap.add_argument("--iterations", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--buffer-mb", type=float, nargs="+", default=[256, 64])
    ap.add_argument("--no-in-memory", action="store_true", help="skip the --buffer-mb 0 row")
    ap.add_argument(
        "--bias-eta", action="store_true", help="our rows with glove.bias_eta (the older bias step)"
    )
    ap.add_argument("--baseline-src", type=Path, help="another source tree's trainer as a row")
    ap.add_argument("--stanford", type=Path, help="folder of a glove.c build (its glove binary)")
    ap.add_argument("--work", type=Path, help="folder for the table and temporary files")
    args = ap.parse_args()

    work = args.work or Path(tempfile.gettempdir()) / "wordgames-glove-memory"
    work.mkdir(parents=True, exist_ok=True)
    if args.synthetic:
        cooccur = synthetic_table(
            work / f"synthetic-{args.synthetic}-{args.vocab}.parquet", args.synthetic, args.vocab
        )
        vocab = args.vocab
    else:
        cooccur, vocab_path = LOCAL_IT / "cooccur.parquet", LOCAL_IT / "vocab.parquet"
        if not cooccur.exists() or not vocab_path.exists():
            print(
                f"missing {cooccur} (or vocab.parquet beside it): run the local-it pipeline "
                "(snakemake --configfile config/local-it.yaml) or pass --synthetic N --vocab V"
            )
            return 3
        import pyarrow.parquet as pq

        vocab = pq.ParquetFile(vocab_path).metadata.num_rows
    import pyarrow.parquet as pq

    nnz = pq.ParquetFile(cooccur).metadata.num_rows
    print(
        f"table {cooccur}: {nnz:,} pairs, vocabulary {vocab:,}; dim {args.dim}, "
        f"{args.iterations} iterations, {args.threads} threads; load {os.getloadavg()}"
    )
    params = {
        "dim": args.dim,
        "iterations": args.iterations,
        "threads": args.threads,
        "x_max": 10.0,
        "alpha": 0.75,
        "eta": 0.05,
        "seed": 0,
        "bias_eta": args.bias_eta,
    }
    rows = {}
    src = REPO / "src"
    for mb in ([] if args.no_in_memory else [0]) + args.buffer_mb:
        name = "in memory (--buffer-mb 0)" if mb == 0 else f"streamed, --buffer-mb {mb:g}"
        rows[name] = run_ours(
            f"ours-{mb:g}", src, cooccur, vocab, {**params, "buffer_mb": mb}, work
        )
        print(f"  {name}: done, load {os.getloadavg()}", flush=True)
    if args.baseline_src:
        name = f"trainer of {args.baseline_src}"
        rows[name] = run_ours("baseline", args.baseline_src, cooccur, vocab, params, work)
    if args.stanford:
        rows["Stanford glove.c"] = run_stanford(
            args.stanford / "glove", cooccur, vocab, params, work
        )
    base = next(iter(rows.values()))["losses"][-1]
    print(
        f"\n{'trainer':34} {'peak RSS MiB':>12} {'RSS training':>12} {'s/iter (median)':>16} "
        f"{'CPU s/iter':>10} {'final loss':>11} {'loss ratio':>10}"
    )
    for name, r in rows.items():
        loss = r["losses"][-1] if r["losses"] else float("nan")
        print(
            f"{name:34} {r['peak_mb']:12.0f} {r.get('rss_train', float('nan')):12.0f} "
            f"{statistics.median(r['times']):16.2f} {statistics.median(r['cpu']):10.2f} "
            f"{loss:11.6f} {loss / base:10.4f}"
        )
    print(
        "(peak RSS: the child's maximum, wait4; RSS training: the largest current RSS seen at the "
        "end of an iteration; s/iter: wall, median; CPU s/iter: all threads; loss ratio: to the "
        f"first row; load average at the end {os.getloadavg()})"
    )
    for p in work.glob("*.bin"):
        if p.name != "cooccur.shuf.bin":
            p.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
