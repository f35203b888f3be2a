# The reports. The Markdown report (results/report/report.md) stitches the evaluation summaries
# together for terminals. The HTML report is `snakemake --report results/<config>/report.html`
# (`make report`, docs/web.md): the DAG, Snakemake's run statistics and every output marked
# report() below with its caption from workflow/report/: one figure per plotting stage, each
# evaluation's summary table (ours beside the published figures) and every job's benchmark record.


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
config["_report"] = {"config": config_name(), "results": _shown(CFG.results_dir)}


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
    return repeated("--record", [f"{Path(p).parent.name}={p}" for p in input.records])


report: "../report/workflow.rst"


rule report:
    input:
        get_report_summaries(),
    output:
        str(paths.report(CFG)),
    log:
        log_path("report"),
    benchmark:
        bench_path("report")
    params:
        sections=lambda wildcards, input: get_report_titles(wildcards, input),
        titles=[title for title, _ in get_report_sections()],
        config_name=get_config_name,
    shell:
        "wordgames build report {params.sections:q} --config-name {params.config_name:q}"
        " --out {output} > {log} 2>&1"


rule report_table:
    input:
        get_report_table_summary,
    output:
        report(
            str(paths.report_table(CFG, "{section}")),
            caption="../report/table.rst",
            category=get_report_table_title,
            labels={"item": "evaluation summary table"},
        ),
    log:
        log_path("report_table", "{section}"),
    benchmark:
        bench_path("report_table", "{section}")
    params:
        title=get_report_table_title,
        note=get_report_note,
    shell:
        "wordgames build report-table --summary {input} --title {params.title:q}"
        " --note {params.note:q} --out {output} > {log} 2>&1"


rule report_plot_wordle:
    input:
        get_wordle_eval_games(),
    output:
        report(
            str(paths.report_figure(CFG, "wordle-guesses")),
            caption="../report/wordle-guesses.rst",
            category="Wordle",
            labels={"item": "guess distribution"},
        ),
    log:
        log_path("report_plot_wordle"),
    benchmark:
        bench_path("report_plot_wordle")
    params:
        members=[f"{s}-{m}" for s in plan.wordle_strategies(CFG) for m in plan.wordle_modes(CFG)],
        max_guesses=CFG.settings.wordle.max_guesses,
        hard_rule=CFG.settings.wordle.hard_rule,
        note=get_report_note,
    shell:
        "wordgames build plot-wordle --in {input} --max-guesses {params.max_guesses}"
        " --note {params.note:q} --out {output} > {log} 2>&1"


rule report_plot_hangman:
    input:
        unpack(get_report_hangman_inputs),
    output:
        report(
            str(paths.report_figure(CFG, "hangman-win-rates")),
            caption="../report/hangman-win-rates.rst",
            category="Sentence Hangman",
            labels={"item": "win rates"},
        ),
    log:
        log_path("report_plot_hangman"),
    benchmark:
        bench_path("report_plot_hangman")
    params:
        collection=CFG.settings.hangman.collection,
        lives=CFG.settings.hangman.lives,
        note=get_report_note,
    shell:
        "wordgames build plot-hangman --in {input.summary} --manifest {input.manifest}"
        " --note {params.note:q} --out {output} > {log} 2>&1"


rule report_plot_guillotine:
    input:
        get_guillotine_eval_outputs(),
    output:
        recall=report(
            str(paths.report_figure(CFG, "guillotine-recall")),
            caption="../report/guillotine-recall.rst",
            category="La Ghigliottina",
            labels={"item": "recall@k curves"},
        ),
        calibration=report(
            str(paths.report_figure(CFG, "guillotine-calibration")),
            caption="../report/guillotine-calibration.rst",
            category="La Ghigliottina",
            labels={"item": "reliability diagram"},
        ),
    log:
        log_path("report_plot_guillotine"),
    benchmark:
        bench_path("report_plot_guillotine")
    params:
        sets=lambda wildcards: sorted(plan.guillotine_game_sets(CFG)),
        solvers=CFG.settings.guillotine.eval.solvers,
        collection=CFG.settings.guillotine.collection,
        note=get_report_note,
    shell:
        "(wordgames build plot-guillotine-recall --in {input} --note {params.note:q}"
        " --out {output.recall} && wordgames build plot-guillotine-calibration --in {input}"
        " --note {params.note:q} --out {output.calibration}) > {log} 2>&1"


rule report_plot_glove:
    input:
        unpack(get_glove_summaries),
    output:
        report(
            str(paths.report_figure(CFG, "glove-loss")),
            caption="../report/glove-loss.rst",
            category="Word vectors",
            labels={"item": "GloVe loss per iteration"},
        ),
    log:
        log_path("report_plot_glove"),
    benchmark:
        bench_path("report_plot_glove")
    params:
        members=lambda wildcards: plan.glove_collections(CFG),
        labelled=get_labelled_inputs,
        method=CFG.settings.glove.method,
        dim=CFG.settings.glove.dim,
        iterations=CFG.settings.glove.iterations,
        note=get_report_note,
    shell:
        "wordgames build plot-glove --in {params.labelled:q} --note {params.note:q}"
        " --out {output} > {log} 2>&1"


rule report_plot_corpora:
    input:
        unpack(get_collection_manifests),
    output:
        report(
            str(paths.report_figure(CFG, "corpus-sizes")),
            caption="../report/corpus-sizes.rst",
            category="Corpora",
            labels={"item": "corpus sizes"},
        ),
    log:
        log_path("report_plot_corpora"),
    benchmark:
        bench_path("report_plot_corpora")
    params:
        members=lambda wildcards: plan.collections(CFG),
        labelled=get_labelled_inputs,
        note=get_report_note,
    shell:
        "wordgames build plot-corpora --in {params.labelled:q} --note {params.note:q}"
        " --out {output} > {log} 2>&1"


# The run statistics read every job's benchmark record, so they wait for everything else: this
# checkpoint is done once the run's other targets are, and get_benchmark_records lists the records
# then (a rule that gains a benchmark: shows up without a change here).
checkpoint report_run_done:
    input:
        get_run_targets(),
    output:
        str(paths.report_run_done(CFG)),
    log:
        log_path("report_run_done"),
    benchmark:
        bench_path("report_run_done")
    params:
        targets=lambda wildcards, input: len(input),
    shell:
        "wordgames build report-run-done --targets {params.targets} --out {output} > {log} 2>&1"


rule report_benchmarks:
    input:
        done=str(paths.report_run_done(CFG)),
        records=get_benchmark_records,
    output:
        table=report(
            str(paths.report_table(CFG, "benchmarks")),
            caption="../report/benchmarks.rst",
            category="Run statistics",
            labels={"item": "benchmark records table"},
        ),
        plot=report(
            str(paths.report_figure(CFG, "benchmarks")),
            caption="../report/benchmarks.rst",
            category="Run statistics",
            labels={"item": "CPU time and memory per rule"},
        ),
    log:
        log_path("report_benchmarks"),
    benchmark:
        bench_path("report_benchmarks")
    params:
        records=get_benchmark_record_args,
        note=get_report_note,
    shell:
        "wordgames build report-benchmarks {params.records:q} --out-table {output.table}"
        " --out-plot {output.plot} --note {params.note:q} > {log} 2>&1"
