# The reports. The Markdown report (results/report/report.md) stitches the evaluation summaries
# together for terminals. The HTML report is `snakemake --report results/<config>/report.html`
# (`make report`): it shows the DAG, Snakemake's run statistics and every output marked report()
# below, each with a caption in workflow/report/: one figure per plotting stage, each evaluation's
# summary table (ours beside the published figures) and the run's benchmark records.
# Rules files register their summaries in REPORT_SECTIONS as (title, path) pairs.
import glob as _glob
import re as _re

from snakemake.io import strip_wildcard_constraints as _strip_constraints

# What the captions and figures say about the config that made them.
REPORT_CONFIG = ",".join(map(str, workflow.overwrite_configfiles)) or "config/config.yaml"
REPORT_NOTE = f"config {REPORT_CONFIG}, results in {CFG.results_dir}"
# Everything the run builds before the report: the benchmark records are read once it is done.
_RUN_TARGETS = list(TARGETS)


def _slug(title):
    return _re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


_SECTIONS = {_slug(title): (title, path) for title, path in REPORT_SECTIONS}


report: "../report/workflow.rst"


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
        config_name=REPORT_CONFIG,
    shell:
        "{WG} build report {params.args} --config-name {params.config_name:q} --out {output} > {log} 2>&1"


rule report_table:
    input:
        lambda wildcards: _SECTIONS[wildcards.section][1],
    output:
        report(
            str(paths.report_table(CFG, "{section}")),
            caption="../report/table.rst",
            category=lambda wildcards: _SECTIONS[wildcards.section][0],
            labels={"item": "evaluation summary table"},
        ),
    params:
        title=lambda wildcards: _SECTIONS[wildcards.section][0],
        note=REPORT_NOTE,
    wildcard_constraints:
        section="|".join(_SECTIONS) or "none",
    log:
        log_path("report_table", "{section}"),
    shell:
        "{WG} build report-table --summary {input} --title {params.title:q} --note {params.note:q}"
        " --out {output} > {log} 2>&1"


def get_wordle_games(wildcards):
    return [str(paths.wordle_eval_games(CFG, s, m)) for s in WORDLE_STRATEGIES for m in WORDLE_MODES]


rule report_plot_wordle:
    input:
        get_wordle_games,
    output:
        report(
            str(paths.report_figure(CFG, "wordle-guesses")),
            caption="../report/wordle-guesses.rst",
            category="Wordle",
            labels={"item": "guess distribution"},
        ),
    params:
        max_guesses=WORDLE["max_guesses"],
        hard_rule=WORDLE["hard_rule"],
        note=REPORT_NOTE,
    log:
        log_path("report_plot", "wordle-guesses"),
    shell:
        "{WG} build plot-wordle --in {input} --max-guesses {params.max_guesses}"
        " --note {params.note:q} --out {output} > {log} 2>&1"


rule report_plot_hangman:
    input:
        summary=str(paths.hangman_summary(CFG)),
        manifest=str(paths.collection_manifest(CFG, CFG.section("hangman")["collection"])),
    output:
        report(
            str(paths.report_figure(CFG, "hangman-win-rates")),
            caption="../report/hangman-win-rates.rst",
            category="Sentence Hangman",
            labels={"item": "win rates"},
        ),
    params:
        collection=CFG.section("hangman")["collection"],
        lives=CFG.section("hangman")["lives"],
        note=REPORT_NOTE,
    log:
        log_path("report_plot", "hangman-win-rates"),
    shell:
        "{WG} build plot-hangman --in {input.summary} --manifest {input.manifest}"
        " --note {params.note:q} --out {output} > {log} 2>&1"


rule report_plot_guillotine:
    input:
        lambda wildcards: GUILLOTINE_GAMES,
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
    params:
        collection=CFG.section("guillotine")["collection"],
        note=REPORT_NOTE,
    log:
        log_path("report_plot", "guillotine"),
    shell:
        "({WG} build plot-guillotine-recall --in {input} --note {params.note:q} --out {output.recall}"
        " && {WG} build plot-guillotine-calibration --in {input} --note {params.note:q}"
        " --out {output.calibration}) > {log} 2>&1"


def get_glove_training(wildcards):
    return {c: str(paths.glove_dir(CFG, c) / "train.json") for c in GLOVE_COLLECTIONS}


rule report_plot_glove:
    input:
        unpack(get_glove_training),
    output:
        report(
            str(paths.report_figure(CFG, "glove-loss")),
            caption="../report/glove-loss.rst",
            category="Word vectors",
            labels={"item": "GloVe loss per iteration"},
        ),
    params:
        labelled=lambda wildcards, input: " ".join(f"{k}={v}" for k, v in input.items()),
        dim=CFG.section("glove")["dim"],
        iterations=CFG.section("glove")["iterations"],
        note=REPORT_NOTE,
    log:
        log_path("report_plot", "glove-loss"),
    shell:
        "{WG} build plot-glove --in {params.labelled} --note {params.note:q} --out {output} > {log} 2>&1"


def get_manifests(wildcards):
    return {c: str(paths.collection_manifest(CFG, c)) for c in CFG.section("collections")}


rule report_plot_corpora:
    input:
        unpack(get_manifests),
    output:
        report(
            str(paths.report_figure(CFG, "corpus-sizes")),
            caption="../report/corpus-sizes.rst",
            category="Corpora",
            labels={"item": "corpus sizes"},
        ),
    params:
        labelled=lambda wildcards, input: " ".join(f"{k}={v}" for k, v in input.items()),
        note=REPORT_NOTE,
    log:
        log_path("report_plot", "corpus-sizes"),
    shell:
        "{WG} build plot-corpora --in {params.labelled} --note {params.note:q} --out {output} > {log} 2>&1"


# Benchmark records: every rule with a `benchmark:` file, found from the rules themselves once the
# run is complete (the checkpoint), so a rule that gains one shows up here without a change.
checkpoint report_run_done:
    input:
        _RUN_TARGETS,
    output:
        str(paths.report_dir(CFG) / "run-done"),
    shell:
        "touch {output}"


def _benchmark_rules():
    """{benchmark file: rule} of every benchmark file of this run's rules that exists."""
    found = {}
    for r in workflow.rules:
        if r.benchmark is None or callable(r.benchmark):
            continue
        pattern = _re.sub(r"\{[^{}]*\}", "*", _strip_constraints(str(r.benchmark)))
        for path in sorted(_glob.glob(pattern)):
            found.setdefault(path, r.name)
    return found


def get_benchmark_records(wildcards):
    checkpoints.report_run_done.get()
    return sorted(_benchmark_rules())


rule report_benchmarks:
    input:
        done=str(paths.report_dir(CFG) / "run-done"),
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
    params:
        records=lambda wildcards, input: " ".join(
            f"--record {rule}={path}"
            for path, rule in _benchmark_rules().items()
            if path in set(input.records)
        ),
        note=REPORT_NOTE,
    log:
        log_path("report_benchmarks"),
    shell:
        "{WG} build report-benchmarks {params.records} --out-table {output.table}"
        " --out-plot {output.plot} --note {params.note:q} > {log} 2>&1"


if REPORT_SECTIONS:
    TARGETS.append(rules.report.output[0])
TARGETS += [str(paths.report_table(CFG, s)) for s in _SECTIONS]
if WORDLE_ENABLED and WORDLE_STRATEGIES and WORDLE_MODES:
    TARGETS.append(rules.report_plot_wordle.output[0])
if hasattr(rules, "hangman_summary"):
    TARGETS.append(rules.report_plot_hangman.output[0])
if globals().get("GUILLOTINE_GAMES"):
    TARGETS += list(rules.report_plot_guillotine.output)
if GLOVE_COLLECTIONS:
    TARGETS.append(rules.report_plot_glove.output[0])
if CFG.section("collections"):
    TARGETS.append(rules.report_plot_corpora.output[0])
TARGETS += list(rules.report_benchmarks.output)
