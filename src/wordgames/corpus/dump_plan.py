"""A look before the leap: what a config's locked dumps will download, the disk they need, and
each corpus stage's projected time and memory on this machine (``wordgames dumps plan``).

Sizes come from the lock (:mod:`wordgames.corpus.dumps`), costs from the measured cost model of
:mod:`wordgames.workflow.resources` (its per-rule lines of peak RSS MB and CPU minutes against
input MiB, with their 1.5x margin, times ``resources.scale``), at each job's input as the pipeline
gives it: an extract shard reads its share of an indexed dump (the dump over the shards) or the
whole file without an index; a tokenize shard reads its extract shard. Projected sizes of what the
stages write are the ratios of the generated 10^7-token dump (docs/scale.md: 44.2 MB of multistream
bz2 gave 26.0 MB of extracted documents, 22.6 MB of sentences, 79.8 MB of merged corpus and 79.7 MB
of collection). Wall time on ``cores`` cores: the jobs of a stage in waves of ``cores``.
"""

from __future__ import annotations

import math
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from wordgames.config import Config
from wordgames.corpus import registry
from wordgames.corpus.dumps import check_files, lock_file, read_lock
from wordgames.workflow import resources as cost_model

_MIB = 1024 * 1024
#: MB written per MB of compressed dump, by the stages after it (docs/scale.md, 10^7 tokens)
DUMP_MB = 44.2
WRITTEN = {"corpus_extract": 26.0, "corpus_tokenize": 22.6, "corpus_merge": 79.8, "collect": 79.7}


@dataclass(frozen=True)
class StageRow:
    corpus: str
    stage: str
    jobs: int
    input_mb: float  # MiB per job
    cpu_min: float  # per job
    wall_min: float  # the stage's jobs on this machine's cores
    peak_mb: float  # one job


@dataclass(frozen=True)
class FileRow:
    corpus: str
    name: str
    size: int


@dataclass(frozen=True)
class Plan:
    lock: str
    locked: str
    files: list[FileRow]
    stages: list[StageRow]
    download_bytes: int
    written_bytes: int
    free_bytes: int | None
    download_dir: str
    cores: int
    bandwidth_mb_s: float
    #: dumps.files: (name, path, size, problem or "") of each, fetched by the lock itself
    others: list[tuple[str, str, int, str]]

    @property
    def disk_bytes(self) -> int:
        return self.download_bytes + self.written_bytes

    def as_dict(self) -> dict:
        return {**asdict(self), "disk_bytes": self.disk_bytes}


def _stage(corpus: str, stage: str, jobs: int, mib: float, cores: int, scale: float) -> StageRow:
    c = cost_model.cost_of(stage)
    cpu = (c.run_base + c.run_per_mb * mib) * scale
    peak = (c.mem_base + c.mem_per_mb * mib) * scale
    return StageRow(corpus, stage, jobs, mib, cpu, cpu * math.ceil(jobs / cores), peak)


def plan(cfg: Config, *, cores: int, bandwidth_mb_s: float) -> Plan:
    path = lock_file(cfg)
    data = read_lock(path) if path is not None else {"dumps": {}}
    scale = cfg.settings.resources.scale
    files: list[FileRow] = []
    stages: list[StageRow] = []
    written = 0.0
    download_dirs = set()
    for c in registry.used_corpora(cfg):
        if c.name not in data.get("dumps", {}):
            continue
        download_dirs.add(c.download_dir)
        dump_bytes = 0
        for s in c.sources:
            for f in (s, s.index):
                if f is not None and f.size is not None:
                    files.append(FileRow(c.name, f.filename, f.size))
            dump_bytes += s.size or 0
        dump_mib = dump_bytes / _MIB
        indexed = any(s.index is not None for s in c.sources)
        share = dump_mib / c.shards if indexed else dump_mib
        transfer = sum(f.size for f in files if f.corpus == c.name) / 1e6 / bandwidth_mb_s / 60
        stages.append(StageRow(c.name, "download", 1, 0.0, 0.0, transfer, 0.0))
        stages.append(_stage(c.name, "corpus_extract", c.shards, share, cores, scale))
        if c.has_text:  # a titles table only (no as_text) has no sentences to tokenise
            extract_mib = dump_mib * WRITTEN["corpus_extract"] / DUMP_MB / c.shards
            stages.append(_stage(c.name, "corpus_tokenize", c.shards, extract_mib, cores, scale))
        written += dump_bytes * sum(WRITTEN.values()) / DUMP_MB
    download_bytes = sum(f.size for f in files)
    where = Path(sorted(download_dirs)[0]) if download_dirs else Path(".")
    probe = where
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    free = shutil.disk_usage(probe).free if probe.exists() else None
    problems = {
        line.split(":", 1)[0].removeprefix("dumps.files."): line for line in check_files(cfg)
    }
    others = [
        (name, f["path"], f["size"], problems.get(name, ""))
        for name, f in data.get("files", {}).items()
    ]
    return Plan(
        others=others,
        lock=str(path),
        locked=data.get("locked", ""),
        files=files,
        stages=stages,
        download_bytes=download_bytes,
        written_bytes=int(written),
        free_bytes=free,
        download_dir=str(where),
        cores=cores,
        bandwidth_mb_s=bandwidth_mb_s,
    )


def _gb(n: float) -> str:
    return f"{n / 1e9:,.2f} GB"


def size_text(n: float) -> str:
    """Bytes in the unit that shows them: 3.7 kB, 12.4 MB, 2.31 GB."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:,.{2 if unit == 'GB' else 1}f} {unit}"
    return f"{int(n)} B"


def render(p: Plan) -> str:
    lines = [f"lock {p.lock} (locked {p.locked})", ""]
    width = max([len(f.name) for f in p.files] + [4])
    lines.append(f"{'corpus':<16} {'file':<{width}} {'size':>10}")
    for f in p.files:
        lines.append(f"{f.corpus:<16} {f.name:<{width}} {size_text(f.size):>10}")
    free = "unknown" if p.free_bytes is None else _gb(p.free_bytes)
    lines += [
        "",
        f"download: {len(p.files)} files, {_gb(p.download_bytes)} ({p.download_bytes:,} bytes)",
        f"disk needed: {_gb(p.disk_bytes)} ({_gb(p.download_bytes)} of downloads, about "
        f"{_gb(p.written_bytes)} written by the corpus stages); free at {p.download_dir}: {free}",
    ]
    for name, where, size, problem in p.others:
        state = problem or "there, SHA-1 as locked"
        lines.append(f"fetched by the lock: {name} {where} ({size_text(size)}): {state}")
    if p.free_bytes is not None and p.disk_bytes > p.free_bytes:
        lines.append("NOT ENOUGH DISK: free some space or set download_dir / results_dir elsewhere")
    lines += [
        "",
        f"projected on {p.cores} cores (cost model of wordgames.workflow.resources; download at "
        f"{p.bandwidth_mb_s:g} MB/s, set with --bandwidth):",
        f"{'corpus':<16} {'stage':<16} {'jobs':>5} {'MiB/job':>9} {'CPU min/job':>12} "
        f"{'wall min':>9} {'peak MB/job':>12}",
    ]
    for s in p.stages:
        lines.append(
            f"{s.corpus:<16} {s.stage:<16} {s.jobs:>5} {s.input_mb:>9,.1f} {s.cpu_min:>12,.2f} "
            f"{s.wall_min:>9,.2f} {s.peak_mb:>12,.0f}"
        )
    total = sum(s.wall_min for s in p.stages)
    lines.append(f"total wall time, stages one after another: {total:,.1f} min")
    return "\n".join(lines)
