# What every rules file shares: the validated config (CFG) and corpus registry (CORPORA), the wildcard
# constraints, the log and benchmark paths, the external()/digest_of()/as_json() helpers and the
# targets of rule all. Each family's get_* functions (inputs, digests and params of its rules) are
# in <family>_functions.smk, which <family>.smk includes. What a config builds comes from
# wordgames.plan, where each artifact lives from wordgames.paths; both are plain Python that the CLI
# uses too. Conventions: docs/pipeline.md.
import glob
import json
import re
import sys
from pathlib import Path

from wordgames import paths, plan
from wordgames.config import load_config
from wordgames.corpus import registry
from wordgames.corpus.io import TABLE_SCHEMAS
from wordgames.digests import DigestCache
from wordgames.workflow import option, option_list, repeated, switch, use_this_environment
from wordgames.errors import ConfigError

try:
    CFG = load_config(config)
    # the corpus registry, and the checks of every name the config refers to, before any job runs
    CORPORA = {c.name: c for c in registry.used_corpora(CFG)}
    plan.targets(CFG)
except ConfigError as exc:
    sys.exit(f"wordgames: error: {exc}")
for _note in plan.guillotine_link_notes(CFG):
    print(f"note: {_note}", file=sys.stderr)

# Jobs run `wordgames` from the environment running Snakemake, also when it is not activated.
use_this_environment()
# Every corpus table a shard's extraction writes (empty when its kind has none of that table).
SHARD_TABLES = sorted(TABLE_SCHEMAS)
# Content digests of inputs outside results_dir (see wordgames.digests); a dry run writes nothing.
DIGESTS = DigestCache(writable=lambda: not workflow.dryrun)


def _names(values):
    """A wildcard constraint matching exactly these names ((?!) matches nothing)."""
    return "|".join(re.escape(str(v)) for v in values) or "(?!)"


wildcard_constraints:
    corpus=_names(CORPORA),
    coll=_names(plan.collections(CFG)),
    shard="[0-9]{3}",
    table=_names(SHARD_TABLES),
    part="[0-9]+",
    parts="[0-9]+",
    strategy=_names(plan.wordle_strategies(CFG)),
    mode="normal|hard",
    tree_mode="normal|hard-nyt|hard-strict",
    phrase_set=_names(plan.hangman_phrase_sets(CFG)),
    solver="baseline|seed|posterior",
    # a solver, with the in-domain LM and the categories (plan.hangman_variants)
    variant=r"(baseline|seed|posterior)(\+domain)?(\+category)?",
    wn_lang=_names(plan.guillotine_wordnet_exports(CFG)),
    section=_names(plan.report_tables(CFG)),


# naming: logs and benchmarks -----------------------------------------------------------------------
def log_path(rule_name, *wildcards):
    """results/logs/<rule>/<wildcards>.log (wildcards as "{name}" patterns)."""
    return str(paths.log(CFG, rule_name, *wildcards))


def bench_path(rule_name, *wildcards):
    """results/benchmarks/<rule>/<wildcards>.tsv: Snakemake's benchmark table of the job."""
    return str(paths.benchmark(CFG, rule_name, *wildcards))


def external(files):
    """Inputs from outside results_dir: their modification time never reruns a job (ancient); their
    content does, through the rule's digest param."""
    return [ancient(str(f)) for f in files]


def digest_of(files, *strings):
    return DIGESTS.files(files, [str(s) for s in strings])


def as_json(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# targets -------------------------------------------------------------------------------------------
def get_targets():
    return [str(p) for p in plan.targets(CFG)]


def get_lost_outputs(wildcards):
    """Outputs a killed run left missing, so rule all asks for them again.

    While a job runs Snakemake marks its outputs incomplete (.snakemake/incomplete/<base64 of the
    path>) and deletes their previous versions; when the job is killed with Snakemake itself (SIGKILL,
    a power cut) the marks stay. Snakemake reruns an incomplete file only when it exists, and a missing
    file only when something downstream needs updating, so a lost intermediate artifact (a vocabulary
    a DuckDB catalog reads, a corpus table the guillotine solver reads) would stay lost. Only marked
    files that are missing and that a rule of this workflow produces are asked for.
    """
    import base64
    import binascii
    import os
    from pathlib import Path

    root = Path(".snakemake", "incomplete")
    lost = []
    for folder, _, names in os.walk(root):
        for name in names:
            parts = Path(folder, name).relative_to(root).parts
            try:
                path = base64.urlsafe_b64decode(
                    "".join(p.removeprefix("@") for p in parts)
                ).decode()
            except (binascii.Error, UnicodeDecodeError):
                continue  # not a mark (Snakemake's own bookkeeping files)
            if not os.path.exists(path) and any(
                r.name != "all" and r.is_producer(path) for r in workflow.rules
            ):
                lost.append(path)
    return sorted(lost)


# The input-sized mem_mb, runtime and threads callables of the heavy rules (issue 22).
include: "resources_functions.smk"
