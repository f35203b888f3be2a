# The reports. The Markdown report (results/report/report.md) stitches the evaluation summaries
# together for terminals. The HTML report is `snakemake --report results/<config>/report.html`
# (`make report`, docs/web.md): the DAG, Snakemake's run statistics and every output marked
# report() below with its caption from workflow/report/: one figure per plotting stage, each
# evaluation's summary table (ours beside the published figures) and every job's benchmark record.


include: "report_functions.smk"


report: "../report/workflow.rst"


rule report:
    input:
        summaries=get_report_summaries(),
        figures=get_report_figure_files(),
    output:
        str(paths.report(CFG)),
    log:
        log_path("report"),
    benchmark:
        bench_path("report")
    params:
        sections=lambda wildcards, input: get_report_titles(wildcards, input),
        titles=[title for title, _ in get_report_sections()],
        figures=get_report_figure_args,
        # a function: a reason may quote a config value such as {data_dir}/x, no wildcard
        absent=lambda wildcards: get_report_absent_args(),
        config_name=get_config_name,
    shell:
        "wordgames build report {params.sections:q} {params.figures:q} {params.absent:q}"
        " --config-name {params.config_name:q} --out {output} > {log} 2>&1"


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


rule report_plot_hangman_lm_sizes:
    input:
        str(paths.hangman_lm_sizes(CFG, "parquet")),
    output:
        report(
            str(paths.report_figure(CFG, "hangman-lm-sizes")),
            caption="../report/hangman-lm-sizes.rst",
            category="Sentence Hangman",
            labels={"item": "win rate against LM size"},
        ),
    log:
        log_path("report_plot_hangman_lm_sizes"),
    benchmark:
        bench_path("report_plot_hangman_lm_sizes")
    params:
        collection=CFG.settings.hangman.collection,
        lives=CFG.settings.hangman.lives,
        seed=CFG.settings.hangman.lm_sizes.seed,
        note=get_report_note,
    shell:
        "wordgames build plot-hangman-lm-sizes --in {input} --note {params.note:q}"
        " --out {output} > {log} 2>&1"


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
