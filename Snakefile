# wordgames pipeline: thin. Config validation and what every rules file shares in
# workflow/rules/common.smk, then one rules file per stage family, which includes its get_*
# functions (<family>_functions.smk: the config mapped to its rules' inputs and params through
# wordgames.plan and wordgames.paths). Every rule calls `wordgames build <stage>` with explicit input
# paths, output paths and parameter values (docs/pipeline.md), logs to results/logs/ and benchmarks
# to results/benchmarks/. At parse time a family calls functions of common.smk, its own and those
# of families included before it (report.smk reads the Wordle and guillotine outputs).
import sys

from snakemake.utils import min_version

from wordgames.run_lock import hold_or_exit
from wordgames.workflow.run_mode import runs_jobs

min_version("9.0")


# The offline default, unless the command line names its own config (merging both would leak the
# default corpora into every other configuration).
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"


include: "workflow/rules/common.smk"


# One run at a time per results folder, whatever its working folder (wordgames.run_lock). Taken
# here, once the config names the folder, because Snakemake builds its DAG (which refuses outputs
# another run has marked incomplete) before its own lock and long before onstart: the run that
# parses first holds the folder, the other is refused by the lock's message. Only a main process
# that will run jobs takes it, so `snakemake -n` and the like work while a run goes.
if workflow.is_main_process and runs_jobs(sys.argv[1:]):
    hold_or_exit(CFG.results_dir)


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


# Again for a run the command line did not show (Snakemake started through its Python API); a
# no-op when this process holds the lock already.
onstart:
    hold_or_exit(CFG.results_dir)


rule all:
    default_target: True
    input:
        get_targets(),
        get_lost_outputs,
