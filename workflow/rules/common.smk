# Helpers shared by the rules files. CFG (the validated config), WG (the wordgames command) and
# TARGETS come from the Snakefile.


def log_path(rule_name, *parts):
    """results/logs/<rule>/<parts>.log: one log per job."""
    name = "-".join(parts) if parts else rule_name
    return str(paths.logs(CFG, rule_name, f"{name}.log"))


def benchmark_path(rule_name, *parts):
    """results/benchmarks/<rule>/<parts>.tsv: the benchmark record of one job."""
    name = "-".join(parts) if parts else rule_name
    return str(paths.results(CFG, "benchmarks", rule_name, f"{name}.tsv"))


def data_file(value):
    """A config path that may sit under {data_dir}; None when the data folder is not set or lacks it."""
    path = CFG.data_path(value)
    return str(path) if path is not None and path.exists() else None


def run_config_file():
    """The config this run read (every --configfile and --config override, before defaults), for jobs
    that take the whole config: written beside the logs, and rewritten only when it changes so the
    file's time does not re-trigger jobs. data_dir is filled in because cluster jobs may not inherit
    WORDGAMES_DATA."""
    import json

    from wordgames.artifacts import atomic_open

    target = paths.logs(CFG, "run-config.json")
    raw = dict(config)
    if CFG.data_dir is not None and not raw.get("data_dir"):
        raw["data_dir"] = str(CFG.data_dir)
    text = json.dumps(raw, indent=1, sort_keys=True, default=str)
    if not target.exists() or target.read_text() != text:
        with atomic_open(target) as fh:
            fh.write(text)
    return str(target)
