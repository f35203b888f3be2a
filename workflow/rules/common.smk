# Helpers shared by the rules files. CFG (the validated config), WG (the wordgames command) and
# TARGETS come from the Snakefile.


def log_path(rule_name, *parts):
    """results/logs/<rule>/<parts>.log: one log per job."""
    name = "-".join(parts) if parts else rule_name
    return str(paths.logs(CFG, rule_name, f"{name}.log"))


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


def outputs_lost_by_a_kill(wildcards):
    """Outputs a killed run left missing, so rule all asks for them again.

    While a job runs Snakemake marks its outputs incomplete (.snakemake/incomplete/<base64 of the
    path>) and deletes their previous versions; when the job is killed with Snakemake itself (SIGKILL,
    a power cut) the marks stay. Snakemake reruns an incomplete file only when it exists, and a missing
    file only when something downstream needs updating, so a lost intermediate artifact (a vocabulary
    a DuckDB catalog reads, a corpus table the guillotine solver reads) would stay lost. Only marked
    files that are missing and that a rule of this workflow produces are asked for.
    """
    import base64
    import binascii
    import os
    from pathlib import Path

    root = Path(".snakemake", "incomplete")
    lost = []
    for folder, _, names in os.walk(root):
        for name in names:
            parts = Path(folder, name).relative_to(root).parts
            try:
                path = base64.urlsafe_b64decode("".join(p.removeprefix("@") for p in parts)).decode()
            except (binascii.Error, UnicodeDecodeError):
                continue  # not a mark (Snakemake's own bookkeeping files)
            if not os.path.exists(path) and any(
                r.name != "all" and r.is_producer(path) for r in workflow.rules
            ):
                lost.append(path)
    return sorted(lost)
