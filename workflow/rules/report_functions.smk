# The get_* functions of the report rules (report.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_run_targets():
    """Everything but the run statistics (what the report_run_done checkpoint waits for)."""
    return [str(p) for p in plan.run_targets(CFG)]


def get_report_sections():
    return plan.report_sections(CFG)


def get_report_summaries():
    return [str(path) for _, path in get_report_sections()]


def get_report_titles(wildcards, input):
    """--title TITLE --summary PATH of each section."""
    return [
        arg
        for title, path in get_report_sections()
        for arg in ("--title", title, "--summary", str(path))
    ]


def get_report_figure_files():
    return [str(paths.report_figure(CFG, name)) for _, name in plan.report_figure_sections(CFG)]


def get_report_figure_args(wildcards, input):
    """--figure TITLE=PATH of each figure, under the section that shows it (derived: a path)."""
    return repeated(
        "--figure",
        [
            f"{title}={paths.report_figure(CFG, name)}"
            for title, name in plan.report_figure_sections(CFG)
        ],
    )


def get_report_absent_args():
    """--absent TITLE=WHY of each section the report cannot show (no path in it: moving the data
    folder reruns nothing; the data appearing changes the sections, and so reruns the report)."""
    return repeated("--absent", [f"{title}={why}" for title, why in plan.report_absent(CFG)])


def _shown(path):
    """A path as the report shows it: relative to the working folder when inside it, so the same
    run in another folder draws the same figures."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def config_name():
    """The config file(s) of this run as the reports name them (config/config.yaml when the
    command line names none)."""
    return ",".join(map(_shown, workflow.overwrite_configfiles)) or "config/config.yaml"


def get_config_name(wildcards, input):
    """The config file(s) named in the report: shown, but a derived param (it takes ``input``), so
    renaming a config file reruns nothing."""
    return config_name()


def get_report_note(wildcards, input):
    """What a figure or table says of the config that made it (a derived param: renaming the config
    file or moving results_dir reruns nothing)."""
    return f"config {config_name()}, results in {_shown(CFG.results_dir)}"


# The HTML report's description (workflow/report/workflow.rst) sees the config only, so the config
# file's name and the results folder go there, after validation (no schema sees this key).
config["_report"] = {
    "config": config_name(),
    "results": _shown(CFG.results_dir),
    "absent": [f"{title}: {why}" for title, why in plan.report_absent(CFG)],
}


def get_report_table_summary(wildcards):
    return str(plan.report_tables(CFG)[wildcards.section][1])


def get_report_table_title(wildcards):
    return plan.report_tables(CFG)[wildcards.section][0]


def get_report_hangman_inputs(wildcards):
    return {
        "summary": str(paths.hangman_summary(CFG)),
        "manifest": str(paths.collection_manifest(CFG, CFG.settings.hangman.collection)),
    }


def get_glove_summaries(wildcards):
    return {c: str(paths.glove_summary(CFG, c)) for c in plan.glove_collections(CFG)}


def get_collection_manifests(wildcards):
    return {c: str(paths.collection_manifest(CFG, c)) for c in plan.collections(CFG)}


def get_labelled_inputs(wildcards, input):
    """NAME=PATH for every named input (the collection of a training or manifest)."""
    return [f"{k}={v}" for k, v in input.items()]


def get_benchmark_records(wildcards):
    """Every job's benchmark record under results/benchmarks/ (paths.benchmark), read once the
    run is complete (the report_run_done checkpoint), so a new rule's records appear without a
    change here. Only records of jobs in this run's DAG count: a record left by a job the config no
    longer plans (a data set gone, an evaluation switched off) would otherwise pull that job back
    in. The report_benchmarks job's own record is left out: it is written after it."""
    checkpoints.report_run_done.get()
    pattern = str(paths.benchmark(CFG, "*", "*"))
    own = paths.benchmark(CFG, "report_benchmarks").parent
    planned = {str(job.benchmark) for job in workflow.dag.jobs if job.benchmark}
    return sorted(p for p in glob.glob(pattern) if Path(p).parent != own and p in planned)


def get_benchmark_record_args(wildcards, input):
    """--record NAME=PATH of each record, named after its folder (paths.benchmark: the rule)."""
    # a named input of one file is a string, not a list of one
    records = [input.records] if isinstance(input.records, str) else input.records
    return repeated("--record", [f"{Path(p).parent.name}={p}" for p in records])
