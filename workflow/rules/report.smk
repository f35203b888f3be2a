# The report: every evaluation summary in one Markdown page (results/report/report.md).
# Rules files register their summaries in REPORT_SECTIONS as (title, path) pairs.


rule report:
    input:
        [path for _, path in REPORT_SECTIONS],
    output:
        str(paths.report_dir(CFG) / "report.md"),
    log:
        log_path("report"),
    params:
        args=lambda wildcards: " ".join(
            f"--title {shlex.quote(title)} --summary {shlex.quote(str(path))}"
            for title, path in REPORT_SECTIONS
        ),
        config_name=lambda wildcards: ",".join(map(str, workflow.overwrite_configfiles)) or "config/config.yaml",
    shell:
        "{WG} build report {params.args} --config-name {params.config_name:q} --out {output} > {log} 2>&1"


if REPORT_SECTIONS:
    TARGETS.append(rules.report.output[0])
