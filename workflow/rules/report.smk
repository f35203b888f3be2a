# The report: every evaluation summary in one Markdown page (results/report/report.md).


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
        "wordgames build report {params.sections} --config-name {params.config_name:q}"
        " --out {output} > {log} 2>&1"
