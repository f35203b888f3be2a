# Sentence Hangman evaluation: every solver in hangman.solvers on every phrase set of
# hangman.phrase_sets whose file exists, on the LM of hangman.collection; per-game Parquet, then a
# summary table (Parquet + Markdown). See docs/hangman.md.
import json

_HM = CFG.section("hangman")
_HM_COLL = _HM["collection"]
_HM_SETS = {
    name: data_file(value)
    for name, value in _HM["phrase_sets"].items()
    if data_file(value) is not None
}

if _HM_COLL in LM_COLLECTIONS and _HM_SETS:
    _HM_GAMES = []
    for _set, _file in _HM_SETS.items():
        for _solver in _HM["solvers"]:
            _out = str(paths.hangman_games(CFG, _set, _solver))
            _HM_GAMES.append(_out)
            rule:
                name: f"hangman_eval_{_set.replace('-', '_')}_{_solver}"
                input:
                    phrases=_file,
                    lm=str(paths.lm_binary(CFG, _HM_COLL)),
                    unigrams=str(paths.lm_unigrams(CFG, _HM_COLL)),
                output:
                    _out,
                params:
                    name=_set,
                    solver=_solver,
                    lives=_HM["lives"],
                    limit=f"--limit {_HM['limit']}" if _HM["limit"] else "",
                    min_count=_HM["min_count"],
                    options=json.dumps(_HM.get(_solver, {})),
                log:
                    log_path("hangman_eval", _set, _solver),
                resources:
                    mem_mb=2000,
                    runtime=120,
                shell:
                    "{WG} build hangman-eval --phrases {input.phrases} --name {params.name}"
                    " --solver {params.solver} --lm {input.lm} --unigrams {input.unigrams}"
                    " --lives {params.lives} {params.limit} --min-count {params.min_count}"
                    " --options '{params.options}' --out {output} > {log} 2>&1"

    rule hangman_summary:
        input:
            _HM_GAMES,
        output:
            summary=str(paths.hangman_summary(CFG)),
            table=str(paths.hangman_summary(CFG).with_suffix(".md")),
        log:
            log_path("hangman_summary"),
        shell:
            "{WG} build hangman-summary --in {input} --out {output.summary} > {log} 2>&1"

    TARGETS.append(str(paths.hangman_summary(CFG)))
    REPORT_SECTIONS.append(("Sentence Hangman", str(paths.hangman_summary(CFG).with_suffix(".md"))))
