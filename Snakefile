# wordgames pipeline: thin. Config validation and what every rules file shares in
# workflow/rules/common.smk, then one rules file per stage family, which includes its get_*
# functions (<family>_functions.smk: the config mapped to its rules' inputs and params through
# wordgames.plan and wordgames.paths). Every rule calls `wordgames build <stage>` with explicit input
# paths, output paths and parameter values (docs/pipeline.md), logs to results/logs/ and benchmarks
# to results/benchmarks/. At parse time a family calls functions of common.smk, its own and those
# of families included before it (report.smk reads the Wordle and guillotine outputs).
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
include: "workflow/rules/hangman_sizes.smk"
include: "workflow/rules/hangman_words.smk"
include: "workflow/rules/guillotine.smk"
include: "workflow/rules/report.smk"


# One run at a time per results folder, whatever its working folder (wordgames.run_lock).
_RUN_LOCK = []


onstart:
    from wordgames.errors import ResultsInUseError
    from wordgames.run_lock import hold_results_folder

    try:
        _RUN_LOCK.append(hold_results_folder(CFG.results_dir))
    except ResultsInUseError as exc:
        sys.exit(f"wordgames: error: {exc}")


rule all:
    default_target: True
    input:
        get_targets(),
        get_lost_outputs,
