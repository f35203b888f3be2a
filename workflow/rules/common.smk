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
