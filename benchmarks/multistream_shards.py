"""What each shard of a dump reads, with and without the multistream index.

    python benchmarks/multistream_shards.py --dump DIR [--shards 1 4 8] [--stage read extract]

``DIR`` holds ``*-pages-articles-multistream.xml.bz2`` and its ``*-multistream-index.txt.bz2``
(``benchmarks/wikidump.py`` writes both). For every N and every shard k of N, one fresh process runs
shard k, with the index (each shard decompresses its own streams) and without (each shard streams the
whole file and keeps one page in N), one shard after the other, and its CPU seconds, wall seconds and
peak RSS are taken from ``os.wait4``. Stages:

- ``extract``: the pipeline's job, ``wordgames build extract`` (stream, clean, write Parquet); the
  compressed and decompressed bytes are the ones its summary JSON records (``input``);
- ``read``: the pages only (decompress, cut, expat, mwxml; no cleaning): the part the index changes.

Prints a Markdown table per stage (per-shard mean and max; the sum over the N shards as a multiple of
the dump) and writes the rows as JSON (``--out``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from child_usage import run_child  # benchmarks/ is on sys.path when run as a script

SPEC = {"kind": "mediawiki", "language": "it", "max_documents": None, "options": {}}
TABLES = ("redirects", "titles")


def find_dump(folder: Path) -> tuple[Path, Path]:
    (dump,) = sorted(folder.glob("*-pages-articles-multistream.xml.bz2"))
    (index,) = sorted(folder.glob("*-pages-articles-multistream-index.txt.bz2"))
    return dump, index


def run(cmd: list[str], work: Path) -> dict:
    """CPU s, wall s, peak RSS MB and stdout of one child process."""
    child = run_child(cmd, work / "child.stdout", work / "child.stderr")
    if child.returncode != 0:
        err = child.stderr.read_text(errors="replace")
        raise SystemExit(f"{' '.join(cmd[:6])}... failed: {err[-2000:]}")
    return {
        "cpu_s": child.cpu_s,
        "wall_s": child.wall_s,
        "peak_mb": child.peak_mb,
        "stdout": child.stdout.read_text(),
    }


def shard_command(stage, dump, index, shards, shard, work: Path) -> list[str]:
    if stage == "read":
        cmd = [sys.executable, __file__, "--read-shard", str(shard), "--of", str(shards)]
        return cmd + ["--dump-file", str(dump)] + (["--index-file", str(index)] if index else [])
    out = work / f"{shards}-{shard}"
    spec = json.dumps({**SPEC, "shards": shards})
    cmd = [sys.executable, "-m", "wordgames", "build", "extract", "--corpus", "w"]
    cmd += ["--shard", f"{shard:03d}", "--spec", spec, "--files", str(dump)]
    cmd += ["--index", f"{dump}={index}"] if index else []
    cmd += ["--out", str(out / "docs.parquet"), "--summary-out", str(out / "summary.json")]
    return cmd + [x for t in TABLES for x in ("--table-out", f"{t}={out / t}.parquet")]


def read_shard(dump: Path, index: Path | None, shard: int, shards: int) -> dict:
    """The pages of one shard, not cleaned: what reading the dump costs that shard."""
    from wordgames.corpus.mediawiki.dump import iter_pages
    from wordgames.corpus.mediawiki.multistream import Reads, read_index, stream_pages
    from wordgames.corpus.mediawiki.reader import _stream_owner
    from wordgames.corpus.model import Tally

    tally, reads, pages = Tally(), Reads(), 0
    if index is not None:
        owns = _stream_owner([dump], shard, shards)(dump)
        for _page in stream_pages(read_index(dump, index, owns), tally, reads):
            pages += 1
        header = reads.header_compressed
    else:
        for ordinal, _page, _text in iter_pages(dump, tally, reads=reads):
            pages += ordinal % shards == shard
        header = 0
    return {
        "pages": pages,
        "compressed_bytes": reads.compressed + header,
        "decompressed_bytes": reads.decompressed + reads.header_decompressed,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dump", type=Path, help="folder with the multistream dump and its index")
    p.add_argument("--shards", type=int, nargs="+", default=[1, 4, 8])
    p.add_argument("--stage", nargs="+", choices=["read", "extract"], default=["read", "extract"])
    p.add_argument("--out", type=Path, help="rows as JSON")
    p.add_argument("--read-shard", type=int, help=argparse.SUPPRESS)
    p.add_argument("--of", type=int, help=argparse.SUPPRESS)
    p.add_argument("--dump-file", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--index-file", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.read_shard is not None:
        print(json.dumps(read_shard(args.dump_file, args.index_file, args.read_shard, args.of)))
        return
    dump, index = find_dump(args.dump)
    size = dump.stat().st_size
    print(
        f"{dump.name}: {size / 1e6:.1f} MB; index {index.stat().st_size / 1e6:.2f} MB", flush=True
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="multistream-bench-") as tmp:
        for stage in args.stage:
            for with_index in (True, False):
                for n in args.shards:
                    shards = []
                    for k in range(n):
                        cmd = shard_command(
                            stage, dump, index if with_index else None, n, k, Path(tmp)
                        )
                        r = run(cmd, Path(tmp))
                        if stage == "read":
                            got = json.loads(r["stdout"])
                        else:
                            summary = json.loads(r["stdout"])["input"]
                            got = {
                                "compressed_bytes": summary["compressed_bytes"]
                                + summary["header_compressed_bytes"],
                                "decompressed_bytes": summary["decompressed_bytes"]
                                + summary["header_decompressed_bytes"],
                            }
                        del r["stdout"]
                        shards.append({**r, **got})
                    row = summarise(stage, with_index, n, shards, size)
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    print()
    print_table(rows)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


def summarise(stage, with_index, n, shards, size) -> dict:
    def mean(key):
        return sum(s[key] for s in shards) / n

    return {
        "stage": stage,
        "index": with_index,
        "shards": n,
        "compressed_mb_mean": mean("compressed_bytes") / 1e6,
        "compressed_mb_max": max(s["compressed_bytes"] for s in shards) / 1e6,
        "read_x_dump": sum(s["compressed_bytes"] for s in shards) / size,
        "decompressed_mb_mean": mean("decompressed_bytes") / 1e6,
        "cpu_s_mean": mean("cpu_s"),
        "cpu_s_max": max(s["cpu_s"] for s in shards),
        "cpu_s_sum": sum(s["cpu_s"] for s in shards),
        "wall_s_mean": mean("wall_s"),
        "wall_s_max": max(s["wall_s"] for s in shards),
        "peak_mb_max": max(s["peak_mb"] for s in shards),
        "per_shard": shards,
    }


def print_table(rows) -> None:
    print(
        "| stage | index | N | compressed MB read per shard (mean / max) | read, sum over shards "
        "(x dump) | decompressed MB per shard | CPU s per shard (mean / max) | CPU s, all shards | "
        "wall s per shard (mean / max) | peak MB |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['stage']} | {'yes' if r['index'] else 'no'} | {r['shards']} | "
            f"{r['compressed_mb_mean']:.1f} / {r['compressed_mb_max']:.1f} | {r['read_x_dump']:.2f} | "
            f"{r['decompressed_mb_mean']:.1f} | {r['cpu_s_mean']:.1f} / {r['cpu_s_max']:.1f} | "
            f"{r['cpu_s_sum']:.1f} | {r['wall_s_mean']:.1f} / {r['wall_s_max']:.1f} | "
            f"{r['peak_mb_max']:.0f} |"
        )


if __name__ == "__main__":
    main()
