"""Published optimal Wordle results (Alex Selby's, public in alex1770/wordle), keyed by the lists.

The lists are recognised by :attr:`WordleData.fingerprint` (a digest of the guesses and the answers in
their order), so the numbers appear beside ours whatever the files are called. Only results quoted in
the project's issues are stored: totals (the sum of guesses over every answer) for the original and
NYT lists, means for the extended list (which is how they were published).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PublishedLists:
    name: str
    answers: int
    #: mode (``normal``, ``hard-nyt``) -> opener -> published total
    totals: dict[str, dict[str, int]]
    #: mode -> opener -> published mean (when only the mean was published)
    means: dict[str, dict[str, float]]


PUBLISHED: dict[str, PublishedLists] = {
    "9da66b75e64bf27c": PublishedLists(
        "original (2315 answers, 12972 guesses)",
        2315,
        {
            "normal": {
                "salet": 7920,
                "reast": 7923,
                "crate": 7926,
                "trace": 7926,
                "slate": 7928,
                "crane": 7930,
            },
            "hard-nyt": {"salet": 8122, "least": 8127, "reast": 8134, "crate": 8143},
        },
        {},
    ),
    "9cd9eaceedfdb4eb": PublishedLists(
        "NYT August 2022 (2309 answers, 14855 guesses)",
        2309,
        {"normal": {"tarse": 7883}, "hard-nyt": {"salet": 8097}},
        {},
    ),
    "ca4261b69d8d6832": PublishedLists(
        "extended (3158 answers, 14855 guesses)",
        3158,
        {},
        {"normal": {"tarse": 3.5526}, "hard-nyt": {"tarse": 3.6818}},
    ),
}


def published_openers(fingerprint: str, mode: str) -> dict[str, int]:
    """opener -> published total for these lists and mode ({} when none is known)."""
    entry = PUBLISHED.get(fingerprint)
    return dict(entry.totals.get(mode, {})) if entry else {}


def published_result(fingerprint: str, mode: str, opener: str | None = None) -> dict | None:
    """The published optimum for these lists and mode (of ``opener`` when given, else the best):
    ``{"lists", "opener", "mean"[, "total"]}`` (a published total with its mean over the list's
    answers, or a published mean alone); None when unknown."""
    entry = PUBLISHED.get(fingerprint)
    if entry is None:
        return None
    means = dict(entry.means.get(mode, {}))
    totals = entry.totals.get(mode, {})
    means.update({w: round(t / entry.answers, 4) for w, t in totals.items()})
    if opener is None and means:
        opener = min(means, key=means.__getitem__)
    if opener not in means:
        return None
    out = {"lists": entry.name, "opener": opener, "mean": means[opener]}
    if opener in totals:
        out["total"] = totals[opener]
    return out
