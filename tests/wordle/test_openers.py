"""The all-openers branch and bound against exhaustive search: admissible bounds, the same top K.

Every bound must be at most the opener's exact total (the brute-force minimum over trees that open
with it); the search's top K must be the brute force's, ties included; every other opener must carry
a bound above the K-th total.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wordle_reference import INF, brute_force, make, ref_feedback, small_games

from wordgames.errors import InputError
from wordgames.wordle.exact import bounds as B
from wordgames.wordle.exact.openers import OpenerSearch, search_openers
from wordgames.wordle.exact.solver import Solver

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def exact_totals(data, max_guesses, rule):
    return {g: brute_force(data, max_guesses, rule, opener=g) for g in data.guesses}


def ref_one_level(data, cell: list[str], allowed: list[str]) -> int:
    """min over the allowed guesses h of 3m - [h in cell] - (feedback classes of h on the cell)."""
    m = len(cell)
    if m <= 2:
        return 2 * m - 1
    return min(3 * m - (h in cell) - len({ref_feedback(h, a) for a in cell}) for h in allowed)


def ref_caps(word_length: int, kmax: int, rule) -> dict[int, int]:
    """Per pattern: kmax, and in hard mode 3 ** (letters that are not green)."""
    caps = {}
    for code in range(3**word_length):
        digits = [(code // 3**i) % 3 for i in range(word_length)]
        caps[code] = kmax if rule is None else min(kmax, 3 ** (word_length - digits.count(2)))
    return caps


@SETTINGS
@given(small_games, st.sampled_from([None, "nyt", "strict"]))
def test_bounds_are_admissible(game, rule):
    """classes <= cells <= exact, for every opener; both equal a plain-Python computation of
    their formulas; the per-cell bounds handed to the search are each cell's one-level bound."""
    from wordle_reference import ref_allowed

    guesses, answers, max_guesses = game
    data = make(guesses, answers)
    exact = exact_totals(data, max_guesses, rule)
    s = Solver(data, hard=rule is not None, hard_rule=rule, max_guesses=max_guesses)
    reach = B.classes_per_guess(s.all_answers, s.all_guesses, s.M, s.allgreen)
    assert list(reach) == [len({ref_feedback(h, a) for a in answers}) for h in data.guesses]
    kmax = int(reach.max())
    caps = B.class_caps(s.allgreen, len(guesses[0]), kmax, rule is not None)
    assert dict(enumerate(caps.tolist())) == ref_caps(len(guesses[0]), kmax, rule)
    order = np.argsort(-reach, kind="stable").astype(np.int32)
    classes = B.classes_bounds(s.all_answers, s.all_guesses, s.M, s.allgreen, caps)
    per_cell = np.zeros(s.allgreen + 1, dtype=np.int64)
    for g, word in enumerate(data.guesses):
        args = (s.all_answers, order, reach, reach[order], caps)
        cells, complete = B.opener_cells_bound(g, *args, INF, INF, per_cell, s.ctx)
        assert complete
        assert classes[g] <= cells <= exact[word], (word, classes[g], cells, exact[word])
        groups: dict[int, list[str]] = {}
        for a in answers:
            groups.setdefault(ref_feedback(word, a), []).append(a)
        expected, cheap = len(answers), len(answers)
        for p, cell in groups.items():
            if p == data.all_green:
                continue
            m = len(cell)
            cheap += (
                m
                if m <= 1
                else max(2 * m - 1, 3 * m - 1 - min(m, ref_caps(len(word), kmax, rule)[p]))
            )
            allowed = [h for h in data.guesses if ref_allowed(rule, ((word, p),), h)]
            one_level = ref_one_level(data, cell, allowed)
            expected += one_level
            assert per_cell[p] == one_level
        assert cells == expected and classes[g] == cheap
        # stopping early still gives a bound, at least the cutoff
        cut = int(classes[g]) + 1
        early, _ = B.opener_cells_bound(g, *args, cut, INF, per_cell, s.ctx)
        assert early <= cells and (early >= cut or early == cells)


@SETTINGS
@given(small_games, st.sampled_from([None, "nyt", "strict"]), st.data())
def test_opener_value_with_any_beta_and_given_cell_bounds(game, rule, draw):
    """The opener's search, from the cell bounds the openers search hands it or its own, with any
    beta (so the probe rounds stop at different places): exact below beta, a bound at least beta
    and at most the exact total otherwise."""
    guesses, answers, max_guesses = game
    data = make(guesses, answers)
    word = draw.draw(st.sampled_from(data.guesses))
    probes = draw.draw(st.integers(0, 3))
    exact = min(brute_force(data, max_guesses, rule, opener=word), INF)
    s = Solver(data, hard=rule is not None, hard_rule=rule, max_guesses=max_guesses)
    g = data.index[word]
    cells = s.cells(s.all_answers, g)
    given_bounds = dict(zip((c for c, _ in cells), s.cell_bounds(g, cells), strict=True))
    for beta in sorted(
        {min(max(b, 1), INF) for b in (exact - 5, exact - 1, exact, exact + 1, exact + 7, INF)}
    ):
        for bounds in (None, given_bounds):
            fresh = Solver(data, hard=rule is not None, hard_rule=rule, max_guesses=max_guesses)
            v = fresh.opener_value(g, beta, probes=probes, cell_bounds=bounds)
            if exact < beta:
                assert v == exact, (word, beta, v, exact)
            else:
                assert beta <= v <= exact, (word, beta, v, exact)


@SETTINGS
@given(small_games, st.sampled_from([None, "nyt", "strict"]), st.integers(1, 4))
def test_search_matches_brute_force(game, rule, top):
    guesses, answers, max_guesses = game
    data = make(guesses, answers)
    exact = exact_totals(data, max_guesses, rule)
    result = search_openers(
        data, hard=rule is not None, hard_rule=rule, max_guesses=max_guesses, top=top
    )
    feasible = sorted(v for v in exact.values() if v < INF)
    kth = feasible[top - 1] if len(feasible) >= top else None
    want = sorted((v, w) for w, v in exact.items() if v < INF and (kth is None or v <= kth))
    got = sorted((int(result.values[i]), result.words[i]) for i in result.top_rows())
    assert got == want
    for i, word in enumerate(result.words):
        value = int(result.values[i])
        assert value <= exact[word] or (value >= INF and exact[word] >= INF)  # admissible
        if result.exact[i]:
            assert value == exact[word]
        elif kth is not None:
            assert value > kth  # excluded by a bound above the K-th total
        if result.kinds[i] == "infeasible":
            assert exact[word] >= INF


def test_small_lists_two_workers_and_resume(tmp_path, small_data):
    """Two processes give the same answer as one; a run cut short resumes from its checkpoint."""
    one = search_openers(small_data, top=3)
    ckpt = tmp_path / "openers.jsonl"
    two = search_openers(small_data, top=3, workers=2, checkpoint=ckpt)
    assert [one.words[i] for i in one.top_rows()] == [two.words[i] for i in two.top_rows()]
    assert np.array_equal(one.values[one.top_rows()], two.values[two.top_rows()])

    # cut the checkpoint after a few records (and half a line, as a kill would), then resume
    lines = ckpt.read_text().splitlines()
    records = len(lines) - 1
    assert records > 4
    ckpt.write_text("\n".join(lines[:4]) + "\n" + lines[4][:7])
    resumed = OpenerSearch(small_data, top=3, checkpoint=ckpt).run()
    assert resumed.extra["resumed_records"] == 3
    assert [resumed.words[i] for i in resumed.top_rows()] == [one.words[i] for i in one.top_rows()]
    assert np.array_equal(resumed.values[resumed.top_rows()], one.values[one.top_rows()])
    # the records read were not recomputed: the file has each opener's search once
    words = [
        json.loads(line)["w"]
        for line in ckpt.read_text().splitlines()[1:]
        if json.loads(line)["k"] in ("exact", "search")
    ]
    assert len(words) == len(set(words))

    # a finished checkpoint: nothing left to compute
    again = OpenerSearch(small_data, top=3, checkpoint=ckpt).run()
    assert again.extra["resumed_records"] == len(ckpt.read_text().splitlines()) - 1
    assert [again.words[i] for i in again.top_rows()] == [one.words[i] for i in one.top_rows()]


def test_checkpoint_of_other_lists_is_refused(tmp_path, small_data):
    ckpt = tmp_path / "openers.jsonl"
    search_openers(small_data, top=2, checkpoint=ckpt)
    with pytest.raises(InputError, match="checkpoint of another search"):
        search_openers(small_data, hard=True, top=2, checkpoint=ckpt)
    # a pipeline stage whose lists changed starts over instead
    replaced = OpenerSearch(
        small_data, hard=True, top=2, checkpoint=ckpt, replace_foreign_checkpoint=True
    ).run()
    assert (
        replaced.extra["resumed_records"] == 0 and '"hard-nyt"' in ckpt.read_text().splitlines()[0]
    )
    ckpt.write_text(ckpt.read_text().splitlines()[0] + "\nnot json\n{}\n")
    with pytest.raises(InputError, match="line 2: not a checkpoint record"):
        search_openers(small_data, hard=True, top=2, checkpoint=ckpt)


@pytest.mark.parametrize(
    "record",
    [
        # found by the checkpoint fuzzer (issue 12): OverflowError, ValueError, TypeError tracebacks
        '{"w": "%s", "v": 1e400, "k": "exact"}',
        '{"w": "%s", "v": 3, "k": "exact", "s": "x"}',
        '{"w": "%s", "v": 3, "k": "exact", "s": null}',
        # ... and a total of 1, read from true
        '{"w": "%s", "v": true, "k": "exact"}',
    ],
)
def test_checkpoint_records_of_the_wrong_type_are_refused(tmp_path, small_data, record):
    ckpt = tmp_path / "openers.jsonl"
    search_openers(small_data, top=2, checkpoint=ckpt)
    lines = ckpt.read_text().splitlines()
    lines.insert(1, record % small_data.guesses[0])
    ckpt.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError, match="line 2: not a checkpoint record"):
        search_openers(small_data, top=2, checkpoint=ckpt)


def test_checkpoint_not_utf8_or_cut_in_its_header_line(tmp_path, small_data):
    ckpt = tmp_path / "openers.jsonl"
    ckpt.write_bytes(b"\x80{}\n")
    with pytest.raises(InputError, match=r"openers\.jsonl line 1 byte 0: not UTF-8"):
        search_openers(small_data, top=2, checkpoint=ckpt)
    # a run killed while it wrote the header left a prefix of it: the next run starts afresh
    search_openers(small_data, top=2, checkpoint=ckpt.with_suffix(".full"))
    header = ckpt.with_suffix(".full").read_text().splitlines()[0]
    ckpt.write_text(header[:20])
    fresh = search_openers(small_data, top=2, checkpoint=ckpt)
    assert fresh.extra["resumed_records"] == 0 and ckpt.read_text().startswith(header + "\n")


def test_table_and_summary(small_data):
    result = search_openers(small_data, top=2)
    table = result.table()
    assert table.num_rows == len(small_data.guesses)
    ranked = [r for r in table.to_pylist() if r["rank"] > 0]
    assert [r["word"] for r in sorted(ranked, key=lambda r: r["rank"])] == [
        result.words[i] for i in result.top_rows()
    ]
    assert all(r["exact"] for r in ranked)
    summary = result.summary()
    assert summary["top"][0]["total"] == min(int(v) for v in result.values[result.exact])
    assert sum(
        summary["counts"][k] for k in ("exact", "search", "cells", "classes", "infeasible")
    ) == len(small_data.guesses)


def test_nothing_feasible():
    data = make(
        ["bat", "cat", "hat", "mat", "pat", "rat", "sat"],
        ["bat", "cat", "hat", "mat", "pat", "rat", "sat"],
    )
    result = search_openers(data, top=2, max_guesses=2)
    assert result.top_rows() == [] and set(result.kinds) == {"infeasible"}


def test_build_stage_and_user_command(tmp_path, small_data, capsys):
    """The stage writes the table, the summary and the Markdown; the user command prints the same
    top K and resumes from its checkpoint."""
    from wordgames.cli import main
    from wordgames.wordle.data import save_data

    matrix, words = tmp_path / "feedback.npy", tmp_path / "words.parquet"
    save_data(small_data, matrix, words)
    out = tmp_path / "openers"
    code = main(
        [
            "build",
            "wordle-openers",
            "--matrix",
            str(matrix),
            "--words",
            str(words),
            "--top",
            "3",
            "--workers",
            "1",
            "--quiet",
            "--checkpoint",
            str(out / "c.jsonl"),
            "--out-table",
            str(out / "o.parquet"),
            "--out-json",
            str(out / "o.json"),
            "--out-md",
            str(out / "o.md"),
        ]
    )
    assert code == 0
    summary = json.loads((out / "o.json").read_text())
    md = (out / "o.md").read_text()
    for row in summary["top"]:
        assert f"| {row['rank']} | {row['word'].upper()} | {row['total']} |" in md
    from wordgames.artifacts import read_parquet

    assert read_parquet(out / "o.parquet").num_rows == len(small_data.guesses)

    capsys.readouterr()
    lists = Path(__file__).resolve().parents[1] / "data" / "wordle"
    args = [
        "wordle",
        "openers",
        "--answers",
        str(lists / "answers-small.txt"),
        "--guesses",
        str(lists / "allowed-small.txt"),
        "--top",
        "3",
        "--quiet",
        "--json",
        "--checkpoint",
        str(tmp_path / "user.jsonl"),
    ]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert [r["word"] for r in first["top"]] == [r["word"] for r in summary["top"]]
    assert main(args) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["top"] == first["top"] and again["resumed_records"] > 0


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        ("crane\nslate\ncrane\n", "line 3: duplicate word 'crane'"),
        ("crane\nslat\n", "line 2: 'slat' has 4 letters"),
        ("crane\ns1ate\n", "line 2: 's1ate' is not made of letters a-z only"),
        ("crane\nzzzzz\n", "line 2: answer 'zzzzz' is not in the allowed guesses"),
    ],
)
def test_bad_lists_fail_in_one_line(tmp_path, capsys, answers, message):
    """A bad list stops the command with one line naming the file and line, status 2."""
    from wordgames.cli import main

    (tmp_path / "a.txt").write_text(answers)
    (tmp_path / "g.txt").write_text("crane\nslate\n")
    code = main(
        [
            "wordle",
            "openers",
            "--answers",
            str(tmp_path / "a.txt"),
            "--guesses",
            str(tmp_path / "g.txt"),
            "--quiet",
        ]
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and message in err[0] and "a.txt" in err[0]
