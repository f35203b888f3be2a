"""The dictd reader on Debian's installed dict-freedict-ita-* dictionaries, checked against the
extraction of the same data in ``{data_dir}/guillotine/knowledge/`` (see its PROVENANCE.md).

That extraction was made from 13 of the 15 packages (ita-swe and ita-tur, whose headwords it lacks,
were left out) and took its glosses from the four dictionaries whose translations are in another
script (bul, ell, jpn, rus): every Latin-script line after the headword counted as a gloss, kept as
written, and lines under 3 characters or holding a non-Latin letter were dropped. The documented
differences follow from that and are asserted one by one below.
"""

from __future__ import annotations

import glob
import re
from collections import defaultdict
from pathlib import Path

import pytest

from wordgames.lexicons.dictd import clean_gloss, read_dictd

DICTD = "/usr/share/dictd/freedict-ita-{}.index"
#: the packages the reference extraction was made from (all of Debian's but ita-swe, ita-tur)
REFERENCE_PACKAGES = ("bul", "deu", "ell", "eng", "fin", "ind", "jpn", "lit", "nor", "pol", "por")
REFERENCE_PACKAGES += ("rus", "spa")
#: the dictionaries it read glosses from: translations in Cyrillic, Greek or Japanese script
OTHER_SCRIPT = ("bul", "ell", "jpn", "rus")
#: its misreadings of two entries: a pronunciation broken over two lines (the second half taken as
#: a gloss, the part of speech lost) and a sub-sense mark kept on a translation
REFERENCE_MISREADS = {("cagione", "ne// <n>"), ("inserzione", "CM 2.")}


def _latin(text: str) -> bool:
    return all(not ch.isalpha() or ord(ch) < 0x250 or 0x1E00 <= ord(ch) <= 0x1EFF for ch in text)


@pytest.fixture
def knowledge(wordgames_data) -> Path:
    missing = [d for d in REFERENCE_PACKAGES if not Path(DICTD.format(d)).is_file()]
    if missing:
        pytest.skip(
            "Debian's dict-freedict-ita-* dictionaries are not installed "
            f"(missing {', '.join(missing)}): run scripts/system-packages.sh"
        )
    return wordgames_data / "guillotine" / "knowledge"


def _tsv(path: Path) -> list[tuple[str, str]]:
    return [tuple(line.split("\t", 1)) for line in path.read_text("utf-8").splitlines()]


def test_headwords_and_parts_of_speech_match(knowledge):
    reference = dict(_tsv(knowledge / "headwords-wikdict-it.tsv"))
    pos: dict[str, set[str]] = defaultdict(set)
    for d in REFERENCE_PACKAGES:
        for e in read_dictd(DICTD.format(d)):
            if e.key:  # ita-eng's "..." entry, whose index key is empty
                pos[e.key].update(p for p in e.pos if p)
    assert set(pos) == set(reference)
    differ = {h for h in reference if ",".join(sorted(pos[h])) != reference[h]}
    # the reference lost cagione's part of speech in its broken head line
    assert differ == {"cagione"} and pos["cagione"] == {"n"} and reference["cagione"] == ""
    # the packages the reference left out add headwords only
    extra = {e.key for d in ("swe", "tur") for e in read_dictd(DICTD.format(d))}
    assert len(extra - set(reference)) > 100


def test_glosses_match_up_to_documented_differences(knowledge):
    ours, translations = set(), set()
    for d in OTHER_SCRIPT:
        for e in read_dictd(DICTD.format(d)):
            ours.update((e.key, g) for g in e.glosses)
            translations.update((e.key, t) for t in e.translations)
    raw = set(_tsv(knowledge / "glosses-wikdict-it.tsv"))
    reference = {(h, clean_gloss(g)) for h, g in raw if clean_gloss(g)} - REFERENCE_MISREADS
    both = ours & reference
    assert len(both) >= 0.99 * len(reference) and len(both) >= 0.99 * len(ours)
    # ours only: glosses the reference's filter dropped (short, or with a Greek letter as in "μm")
    assert all(len(g) < 3 or not _latin(g) for _, g in ours - reference), ours - reference
    # the reference's only: Latin-script translations it took for glosses ("Odrin", "SUS")
    assert (reference - ours) <= translations, (reference - ours) - translations
    # cleaning: no template debris and no sense numbers left in our glosses
    assert not any("}}" in g or re.match(r"\d+\.\s", g) for _, g in ours)


def test_structure_agrees_with_script(knowledge):
    """Where the script tells translations from glosses, the structural reading agrees with it."""
    agree = total = 0
    for d in OTHER_SCRIPT:
        for e in read_dictd(DICTD.format(d)):
            agree += sum(not _latin(t) for t in e.translations) + sum(map(_latin, e.glosses))
            total += len(e.translations) + len(e.glosses)
    assert total > 100_000 and agree / total > 0.998


def test_all_installed_dictionaries_read(knowledge):
    files = sorted(glob.glob(DICTD.format("*")))
    glossed = {Path(f).name for f in files if any(e.glosses for e in read_dictd(f))}
    # every WikDict dictionary carries glosses, the two Ergane ones do not
    assert glossed == {Path(f).name for f in files} - {
        Path(DICTD.format(d)).name for d in ("eng", "deu")
    }
