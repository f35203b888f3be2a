# wordgames pipeline: thin. Config validation, then workflow/rules/common.smk (the one place that maps
# the config to paths, through the get_* input functions) and one rules file per stage family. Every
# rule calls `wordgames build <stage>` with explicit input paths, output paths and parameter values
# (docs/pipeline.md), logs to results/logs/ and benchmarks to results/benchmarks/.
from snakemake.utils import min_version

min_version("9.0")


# The offline default, unless the command line names its own config (merging both would leak the
# default corpora into every other configuration).
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"


include: "workflow/rules/common.smk"
include: "workflow/rules/wordle.smk"
include: "workflow/rules/corpora.smk"
include: "workflow/rules/stats.smk"
include: "workflow/rules/glove.smk"
include: "workflow/rules/lm.smk"
include: "workflow/rules/hangman.smk"
include: "workflow/rules/guillotine.smk"
include: "workflow/rules/report.smk"


rule all:
    default_target: True
    input:
        get_targets(),
