from __future__ import annotations

from collections import Counter

import numpy as np

from wordgames.guillotine.corpus_links import corpus_links, encode
from wordgames.guillotine.evidence import LinkIndex
from wordgames.guillotine.links import build_links
from wordgames.guillotine.list_links import list_links, song_titles
from wordgames.guillotine.patterns import PATTERNS
from wordgames.guillotine.wordnet import WordnetEntry, read_wordnet, wordnet_links

SENTENCES = [
    "il pane duro non piace",
    "un colpo di testa e un colpo di testa",
    "sale e pepe",
    "il gioco della bottiglia",
    "il gioco per la bottiglia",
    "il capostazione parla",
    "prendo il treno",
]


def _pairs(result, words, name):
    li, ri, cc = result[name]
    allw = list(words) + list(result.get("_extra_words", []))
    return {(allw[a], allw[b]): int(c) for a, b, c in zip(li, ri, cc, strict=True)}


def test_surface_patterns_are_counted():
    arr, words, counts = encode(SENTENCES)
    res = corpus_links(arr, words, counts, lexicon_words={"capo", "stazione", "pane"})
    assert _pairs(res, words, "adj")[("pane", "duro")] == 1
    assert _pairs(res, words, "prep")[("colpo", "testa")] == 2
    assert _pairs(res, words, "conj")[("sale", "pepe")] == 1
    prepart = _pairs(res, words, "prepart")
    assert prepart[("gioco", "bottiglia")] == 2  # "della" and "per la"
    assert _pairs(res, words, "det")[("prendo", "treno")] == 1
    assert _pairs(res, words, "compound")[("capo", "stazione")] == 1
    # nothing crosses a sentence boundary, function words never link
    assert ("piace", "un") not in _pairs(res, words, "adj")
    assert not any("il" in pair for pair in _pairs(res, words, "adj"))


def test_list_links_and_song_titles():
    c = list_links(["Le mele rosse hanno le foglie verdi."], "proverb")
    assert c[("mele", "foglie")] == 1 and c[("foglie", "verdi")] == 1
    assert song_titles(["Artista - Mare d'inverno"]) == ["Mare d'inverno"]


def test_build_links_writes_tables_and_index_reads_both_directions(tmp_path):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("\n".join(SENTENCES) + "\n")
    prov = tmp_path / "prov.txt"
    prov.write_text("Le mele rosse hanno le foglie verdi\n")
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    summary = build_links(
        tokens, out, words, knowledge={"proverb": [prov]}, lexicon_words={"capo", "stazione"}
    )
    assert summary["prep"] >= 1 and summary["proverb"] >= 1
    idx = LinkIndex.load(out, words)
    dst, pat, cnt, direction = idx.neighbours("testa")
    found = Counter()
    for d, p, c, r in zip(dst, pat, cnt, direction, strict=True):
        found[(idx.words[d], PATTERNS[p], int(r))] += int(c)
    assert found[("colpo", "prep", 1)] == 2  # testa is on the right of "colpo di testa"
    assert idx.count("colpo") == 2
    dst, pat, _, _ = idx.neighbours("foglie")
    assert "mele" in {idx.words[d] for d in dst}
    assert idx.neighbours("nonexistent")[0].size == 0
    assert np.all(np.diff(idx.offsets) >= 0)


def test_near_pattern_counts_pairs_within_the_window_in_either_order():
    arr, words, counts = encode(["cane nero corre veloce", "veloce corre il cane", "cane nero"])
    res = corpus_links(arr, words, counts, lexicon_words=set(), window=2, window_min_count=1)
    near = _pairs(res, words, "near")
    key = ("cane", "corre") if ("cane", "corre") in near else ("corre", "cane")
    assert near[key] == 2  # distance 2 in both sentences ("il" counts as a position)
    assert not any("veloce" in p and "cane" in p for p in near)  # 3 apart in each sentence
    res = corpus_links(arr, words, counts, lexicon_words=set(), window=2, window_min_count=3)
    assert len(res["near"][2]) == 0 or res["near"][2].min() >= 3


def test_pmi_table_lookup_both_orders(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from wordgames.guillotine.evidence import PMITable

    pq.write_table(
        pa.table({"word1": ["pane", "osso"], "word2": ["duro", "Duro"], "pmi": [2.5, 1.5]}),
        tmp_path / "pmi.parquet",
    )
    t = PMITable.load(tmp_path / "pmi.parquet")
    assert t.get("duro", "pane") == 2.5 and t.get("osso", "duro") == 1.5
    assert t.get("pane", "osso") is None and t.get("zzz", "duro") is None


def test_wordnet_gives_locution_and_synonym_links():
    rows = [
        WordnetEntry("n#1", ["colpo_di_stato"]),
        WordnetEntry("n#2", ["casa", "Dimora"]),
        WordnetEntry("n#3", ["pane"], gloss="alimento fatto di farina"),
        WordnetEntry("n#4", ["a_bordo"], phrases=["errore_di_calcolo"]),
        WordnetEntry("n#9", [f"parola{k}" for k in range(20)]),
    ]  # too many to mean synonyms
    links = wordnet_links(rows)
    # "a bordo" has one content word only; the example phrase counts as a locution
    assert links["locution"] == Counter({("colpo", "stato"): 1, ("errore", "calcolo"): 1})
    assert links["synonym"] == Counter({("casa", "dimora"): 1})
    assert links["gloss"] == Counter(
        {("pane", "alimento"): 1, ("pane", "fatto"): 1, ("pane", "farina"): 1}
    )


def test_wordnet_table_is_read_by_header_and_malformed_lines_are_named(tmp_path):
    import pytest

    from wordgames.errors import InputError

    good = tmp_path / "wn.tsv"
    good.write_text("synset\tpos\tlemma\tis_phrase\nn#1\tn\tcolpo_di_stato\tY\n\n")
    assert read_wordnet(good) == [WordnetEntry("n#1", ["colpo_di_stato"])]
    synsets = tmp_path / "synsets.tsv"
    synsets.write_text(
        "synset\twords\tphrase\tgloss\nn#2\tcasa dimora\t\tluogo dove si abita\nn#3\tpane\n"
    )
    assert read_wordnet(synsets) == [
        WordnetEntry("n#2", ["casa", "dimora"], [], "luogo dove si abita"),
        WordnetEntry("n#3", ["pane"], [], ""),
    ]
    bad = tmp_path / "bad.tsv"
    bad.write_text("synset\tpos\tlemma\nn#1\tn\n")
    with pytest.raises(InputError, match="bad.tsv: line 2"):
        read_wordnet(bad)
    noheader = tmp_path / "noheader.tsv"
    noheader.write_text("n#1\tn\tcasa\n")
    with pytest.raises(InputError, match="line 1: a wordnet table needs the columns synset"):
        read_wordnet(noheader)


def test_build_links_with_a_wordnet_table(tmp_path):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("\n".join(SENTENCES) + "\n")
    wn = tmp_path / "wn.tsv"
    wn.write_text("synset\tlemma\nn#1\tcolpo_di_stato\nn#2\tcasa\nn#2\tdimora\n")
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    summary = build_links(tokens, out, words, wordnet=[wn], lexicon_words=set())
    assert summary["locution"] == 1 and summary["synonym"] == 1
    idx = LinkIndex.load(out, words)
    dst, pat, _, _ = idx.neighbours("dimora")
    assert [(idx.words[d], PATTERNS[p]) for d, p in zip(dst, pat, strict=True)] == [
        ("casa", "synonym")
    ]


def test_unit_corpora_link_content_words_of_one_line_within_the_window(tmp_path):
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("\n".join(SENTENCES) + "\n")
    units = tmp_path / "units.txt"
    # one unit a line: pairs never cross a line; 'di' is no content word
    units.write_text(
        "il signore degli anelli\nabito da sera\nalfa beta gamma delta epsilon zeta omega\n"
    )
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    summary = build_links(tokens, out, words, units={"entity": [units]})
    assert summary["entity"] > 0
    idx = LinkIndex.load(out, words)
    linked = {
        (idx.words[d], PATTERNS[p]) for d, p, _, _ in zip(*idx.neighbours("signore"), strict=True)
    }
    assert ("anelli", "entity") in linked
    assert not any(w == "abito" for w, _ in linked)  # another line
    far = {idx.words[d] for d in idx.neighbours("alfa")[0]}
    assert "zeta" in far and "omega" not in far  # at most 5 content words apart


def test_a_glossary_metalanguage_word_links_nothing_in_dictionary_units(tmp_path):
    from wordgames.guillotine.list_links import common_words

    heads = [f"voce{chr(97 + i % 26)}{chr(97 + i // 26)}" for i in range(150)]
    lines = [f"{h} aggettivo di cosa" for h in heads] + ["pane cibo di farina"]
    assert common_words(lines, 0.01) == {"aggettivo", "cosa"}
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("\n".join(SENTENCES) + "\n")
    units = tmp_path / "units.txt"
    units.write_text("\n".join(lines) + "\n")
    out, words = tmp_path / "links.parquet", tmp_path / "words.parquet"
    build_links(tokens, out, words, units={"dictionary": [units], "mwe": [units]})
    idx = LinkIndex.load(out, words)
    found = {
        (idx.words[d], PATTERNS[p]) for d, p, _, _ in zip(*idx.neighbours("aggettivo"), strict=True)
    }
    assert not any(p == "dictionary" for _, p in found)  # left out of the glosses only
    assert any(p == "mwe" for _, p in found)
    pane = {(idx.words[d], PATTERNS[p]) for d, p, _, _ in zip(*idx.neighbours("pane"), strict=True)}
    assert ("farina", "dictionary") in pane
