"""benchmarks/guillotine_losses.py: the pool leaves the dev fold out, one row a game; each clue is
linked by an old pattern, only by a new table (in the index or its raw file), or not at all."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from wordgames.guillotine.evidence import LinkIndex
from wordgames.guillotine.table_links import TableSpec

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "guillotine_losses.py"
_SPEC = importlib.util.spec_from_file_location("guillotine_losses", _PATH)
gl = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(gl)


def _row(set_, fold, clues, solution, rank, answer="x"):
    return {
        "set": set_,
        "fold": fold,
        "clues": clues,
        "solution": solution,
        "rank": rank,
        "answer": answer,
        "cand_rank": None,
    }


def test_pool_leaves_out_dev_and_wins_and_keeps_one_row_a_game():
    tables = {
        "past": [
            _row("past", "dev", ["a", "b"], "s", 3),  # a dev game: never
            _row("past", "train", ["c", "d"], "t", None),  # also in train's own table
            _row("past", "past", ["e", "f"], "u", 1),  # a win
            _row("past", "past", ["g", "h"], "v", 2),
        ],
        "train": [_row("train", "train", ["d", "c"], "t", None)],
    }
    pool = gl.loss_pool(tables, "dev")
    assert sorted((r["set"], r["solution"]) for r in pool) == [("past", "v"), ("train", "t")]
    assert gl.draw(pool, 1, 0) == gl.draw(pool, 1, 0) and len(gl.draw(pool, 5, 0)) == 2


def test_clues_old_new_or_none_and_the_cause(tmp_path):
    index = LinkIndex(
        ["acqua", "acqua", "porto"],
        ["pelo", "fonte", "nave"],
        ["adj", "quiz", "near"],
        [3, 1, 2],
    )
    table = tmp_path / "proverbi.tsv"
    table.write_text("proverbio\nQuando il gatto lecca il Pèlo, acqua dal cielo\n", "utf-8")
    spec = TableSpec.from_config(
        "proverb_more", {"reader": "lines", "columns": {"text": "proverbio"}}, str(table)
    )
    files = gl.TableFiles({"proverb_more": [spec]}, {"acqua", "pelo", "fonte", "cielo", "mare"})
    row = _row("past", "past", ["pelo", "fonte", "cielo", "mare", "sale"], "acqua", 7)
    loss = gl.analyse(row, index, files)
    status = {c["clue"]: c["status"] for c in loss["links"]}
    assert status == {
        "pelo": "linked (old)",  # and in the proverbs: not a missing link
        "fonte": "new only",
        "cielo": "new only",
        "mare": "none",
        "sale": "none",
    }
    assert loss["supplied"] == {"fonte": ["quiz"], "cielo": ["proverb_more (file)"]}
    assert (loss["linked_old"], loss["linked_new"], loss["cause"]) == (1, 2, "missing links")
    assert files.find("acqua", "acqua") == {}  # a clue that is the solution: no link
    assert gl.cause_of(None, 5) == "no candidate" and gl.cause_of(4, 3) == "ranking"
    s = gl.summarize([loss])
    assert s["losses_supplied_by_list"] == {"proverb_more": 1, "quiz": 1}
    assert (s["missing_clue_links"], s["missing_supplied"], s["missing_unsupplied"]) == (4, 2, 2)
    assert s["missing_links_reaching_3"] == 1
