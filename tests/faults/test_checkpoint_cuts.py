"""The all-openers proof (issue 13) killed at every byte of its checkpoint resumes to the same openers.

The search appends one JSON line per result to its checkpoint and flushes it, and only appends while
it runs, so whatever a SIGKILL leaves on disk is a prefix of the uninterrupted run's file. Every
prefix is tried, for both modes and both callers (the pipeline stage, which replaces a checkpoint of
another search, and the user command, which refuses one): the resumed search must prove the same
openers with the same totals, and leave a checkpoint that the next run reads back to them again.
The fuzz target "wordle openers checkpoint" adds mangled and hostile checkpoints.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.wordle.data import make_data
from wordgames.wordle.exact.openers import OpenerSearch
from wordgames.wordle.words import load_lists

pytestmark = pytest.mark.faults

LISTS = Path(__file__).resolve().parents[1] / "data" / "wordle"


@pytest.fixture(scope="module")
def small_data():
    guesses, answers = load_lists(LISTS / "answers-small.txt", LISTS / "allowed-small.txt")
    return make_data(guesses, answers)


def _proved(result) -> list[tuple[str, int]]:
    return [(result.words[i], int(result.values[i])) for i in result.top_rows()]


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_openers_killed_at_every_byte_of_the_checkpoint_resume_to_the_same_openers(
    small_data, tmp_path, hard, robustness_counts
):
    def search(path, stage: bool):
        return OpenerSearch(
            small_data, hard=hard, top=3, checkpoint=path, replace_foreign_checkpoint=stage
        ).run()

    full = tmp_path / "full.jsonl"
    reference = _proved(search(full, True))
    data = full.read_bytes()
    assert data.count(b"\n") > 4, "the search wrote too few records to cut"
    cut = tmp_path / "cut.jsonl"
    wrong = []
    for n in range(len(data) + 1):
        for stage in (True, False):
            cut.write_bytes(data[:n])
            resumed = _proved(search(cut, stage))
            again = _proved(search(cut, False))
            if resumed != reference or again != reference:
                wrong.append(f"cut at byte {n} (stage={stage}): {resumed}, then {again}")
    row = robustness_counts["faults"].setdefault("wordle openers checkpoint (every byte)", {})
    row["faults"] = row.get("faults", 0) + 2 * (len(data) + 1)
    row["outputs checked"] = row.get("outputs checked", 0) + 4 * (len(data) + 1)
    row["partial"] = row.get("partial", 0) + len(wrong)
    assert not wrong, f"{len(wrong)} cuts resumed to other openers than {reference}: {wrong[:5]}"
