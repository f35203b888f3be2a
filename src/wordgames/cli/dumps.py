"""``wordgames dumps {lock,plan}``: resolve a config's Wikimedia dumps into its lock file, and
show what a build of them will download and cost before it starts (docs/corpora.md, "Dumps by
wiki, date and job")."""

from __future__ import annotations

import json
import os
import sys


def _merge(base: dict, extra: dict) -> dict:
    """``extra`` over ``base``, mappings merged key by key (as snakemake merges --configfile A B)."""
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _config(paths: list[str]):
    from wordgames.config import load_config, read_yaml
    from wordgames.errors import ConfigError

    raw: dict = {}
    for path in paths:
        raw = _merge(raw, read_yaml(path))
    try:
        return load_config(raw)
    except ConfigError as exc:
        raise ConfigError(f"{' + '.join(paths)}: {exc}") from None


def _lock(args) -> int:
    from wordgames.corpus.dump_plan import size_text
    from wordgames.corpus.dumps import lock

    cfg = _config(args.configfile)
    path, data = lock(cfg, timeout=args.timeout)
    for corpus, entry in data["dumps"].items():
        n = sum(1 + (f.get("index") is not None) for f in entry["files"])
        size = sum(f["size"] + (f["index"] or {}).get("size", 0) for f in entry["files"])
        asked = entry["requested"]["date"]
        date = entry["date"] if asked == entry["date"] else f"{entry['date']} (for {asked})"
        print(f"{corpus}: {entry['wiki']} {date} {entry['job']}: {n} files, {size_text(size)}")
    for name, f in data.get("files", {}).items():
        print(f"{name}: {f['path']}, {size_text(f['size'])}, SHA-1 {f['sha1']}")
    print(f"wrote {path}")
    return 0


def _plan(args) -> int:
    from wordgames.corpus.dump_plan import plan, render

    cfg = _config(args.configfile)
    p = plan(cfg, cores=args.cores or os.cpu_count() or 1, bandwidth_mb_s=args.bandwidth)
    if args.json:
        json.dump(p.as_dict(), sys.stdout, indent=1)
        print()
    else:
        print(render(p))
    return 0


def register(commands) -> None:
    from wordgames.config import DEFAULT_CONFIGFILE

    group = commands.game("dumps", "Wikimedia dumps by wiki, date and job: lock them, plan a build")

    def configfile(p):
        p.add_argument(
            "--configfile",
            nargs="+",
            default=[str(DEFAULT_CONFIGFILE)],
            help="the pipeline config (several: merged in order, as snakemake merges them)",
        )

    p = group.add_parser(
        "lock",
        help="resolve every corpus's dump (dumpstatus.json of the first mirror that answers) "
        "and write dumps.lock",
    )
    configfile(p)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per request")
    p.set_defaults(handler=_lock)

    p = group.add_parser(
        "plan",
        help="files, GB, disk needed, and each corpus stage's projected time and memory here",
    )
    configfile(p)
    p.add_argument(
        "--cores", type=int, default=None, help="cores of the run (default: this machine's)"
    )
    p.add_argument(
        "--bandwidth", type=float, default=5.0, help="MB/s assumed for downloads (default 5)"
    )
    p.add_argument("--json", action="store_true", help="the plan as JSON")
    p.set_defaults(handler=_plan)
