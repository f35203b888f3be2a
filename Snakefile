# wordgames pipeline: thin. Config validation, the shared helpers, one rules file per stage family,
# and `rule all`. Every rule calls `wordgames build <stage> ...` (see src/wordgames/), logs to
# results/logs/, and writes its outputs atomically.
import shlex
import sys

from wordgames import paths
from wordgames.config import load_config
from wordgames.errors import ConfigError


# The offline default, unless the command line names its own config (merging both would leak the
# default corpora into every other configuration).
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"



try:
    CFG = load_config(config)
except ConfigError as exc:
    sys.exit(f"wordgames: error: {exc}")

# The interpreter running Snakemake has wordgames installed; jobs call it the same way on a cluster node.
WG = f"{sys.executable} -m wordgames"
# Each rules file appends the final targets of its stage family.
TARGETS = []
# (title, summary.md) pairs that the report stage stitches together.
REPORT_SECTIONS = []


include: "workflow/rules/common.smk"
include: "workflow/rules/wordle.smk"
include: "workflow/rules/corpora.smk"
include: "workflow/rules/stats.smk"
include: "workflow/rules/glove.smk"
include: "workflow/rules/lm.smk"
include: "workflow/rules/hangman.smk"
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
        TARGETS,
        outputs_lost_by_a_kill,
