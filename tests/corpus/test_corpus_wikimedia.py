"""MediaWiki extraction: cleaning, namespaces, redirects, Wiktionary and Wikiquote, broken input."""

from __future__ import annotations

import bz2

import pyarrow.parquet as pq
import pytest

from wordgames import paths
from wordgames.corpus.mediawiki.dump import iter_pages
from wordgames.corpus.mediawiki.wikitext import clean_wikitext
from wordgames.corpus.mediawiki.wiktionary import RELATED_COLUMNS, parse_wiktionary
from wordgames.corpus.model import Tally
from wordgames.errors import InputError


def _docs(cfg, name, shard="000"):
    return pq.read_table(paths.corpus_extract(cfg, name, shard)).to_pylist()


def test_clean_wikitext_removes_markup_keeps_link_text():
    text = (
        "{{Infobox|a={{nested|{{deeper}}}}}}'''Bold''' [[Target|shown text]] and [[plain]]."
        "<ref>{{cite|x}}</ref> [[File:X.jpg|thumb|caption]] [[Category:Y]] [[de:Z]]\n"
        '{| class="wikitable"\n| cell\n|}\n'
        "<!-- comment -->[https://example.org label] &amp; H<sub>2</sub>O __NOTOC__\n"
        "== References ==\n* a reference"
    )
    assert clean_wikitext(text) == "Bold shown text and plain.\nlabel & H2O"


def test_mediawiki_extraction(make_config, corpus_data, stages):
    cfg = make_config({"w": {"kind": "mediawiki", "source": str(corpus_data / "enwiki-tiny.xml")}})
    summary = stages.extract(cfg, "w", "000")
    docs = {d["doc"]: d["text"] for d in _docs(cfg, "w")}
    assert set(docs) == {"w:Apple", "w:Banana", "w:Cherry"}
    apple = docs["w:Apple"]
    assert "An apple is a round, edible fruit produced by an apple tree." in apple
    assert "It's the most widely grown species in the genus Malus." in apple
    for gone in (
        "cite web",
        "Infobox",
        "caption link",
        "45,000",
        "Fruits",
        "Apfel",
        "Pear\n",
        "hidden",
    ):
        assert gone not in apple
    assert "Don't confuse them with pears." in apple
    text = " ".join(docs.values())
    assert "TALKPAGE" not in text and "TEMPLATEPAGE" not in text and "BROKENPAGE" not in text
    assert summary["skipped"] == {"broken XML fragment": 1}
    assert summary["counts"]["redirects"] == 1
    assert summary["counts"]["pages in other namespaces"] == 2
    redirects = pq.read_table(paths.corpus_shard_table(cfg, "w", "000", "redirects")).to_pylist()
    assert redirects == [{"title": "Apples", "target": "Apple"}]
    titles = pq.read_table(paths.corpus_shard_table(cfg, "w", "000", "titles")).to_pylist()
    assert {"title": "Apples", "is_redirect": True, "target": "Apple"} in titles
    assert {"title": "Cherry", "is_redirect": False, "target": None} in titles


def test_shards_partition_the_pages(make_config, corpus_data, stages):
    source = str(corpus_data / "enwiki-tiny.xml")
    cfg = make_config({"w": {"kind": "mediawiki", "source": source, "shards": 2}})
    s0, s1 = stages.extract(cfg, "w", "000"), stages.extract(cfg, "w", "001")
    names = [d["doc"] for d in _docs(cfg, "w", "000")] + [d["doc"] for d in _docs(cfg, "w", "001")]
    assert sorted(names) == ["w:Apple", "w:Banana", "w:Cherry"]
    assert s0["documents"] and s1["documents"]
    # broken fragments of the shared stream are counted once, not once per shard
    assert (
        s0["skipped"].get("broken XML fragment", 0) + s1["skipped"].get("broken XML fragment", 0)
        == 1
    )


def test_wiktionary_table(make_config, corpus_data, stages):
    cfg = make_config(
        {
            "wt": {
                "kind": "mediawiki",
                "language": "it",
                "source": str(corpus_data / "itwiktionary-tiny.xml"),
                "options": {"wiki": "wiktionary"},
            }
        }
    )
    stages.extract(cfg, "wt", "000")
    rows = pq.read_table(paths.corpus_shard_table(cfg, "wt", "000", "wiktionary")).to_pylist()
    by_lemma = {(r["lemma"], r["pos"]): r for r in rows}
    assert set(by_lemma) == {("porta", "sost"), ("prendere la porta", "loc verb")}
    porta = by_lemma[("porta", "sost")]
    assert porta["definitions"] == [
        "apertura in un muro per entrare e uscire",
        "nel calcio, lo spazio tra i pali",
    ]
    assert porta["examples"] == ["chiudi la porta quando esci", "il pallone è entrato in porta"]
    assert porta["synonyms"] == ["uscio", "ingresso", "portone"]
    assert porta["derived"] == ["portiere", "portineria", "portone"]
    assert porta["proverbs"] == ["a porte chiuse", "sfondare una porta aperta"]
    text = " ".join(d["text"] for d in _docs(cfg, "wt"))
    assert "ENGLISHSECTION" not in text and "chiudi la porta quando esci" in text


def test_wiktionary_english_headings():
    page = "==English==\n===Noun===\n# a thing\n==Italian==\n===Noun===\n# una cosa\n====Synonyms====\n* [[oggetto]]"
    assert parse_wiktionary("cosa", page, "it") == [
        {
            "lemma": "cosa",
            "pos": "sost",
            "definitions": ["una cosa"],
            "examples": [],
            "synonyms": ["oggetto"],
            "antonyms": [],
            "derived": [],
            "related": [],
            "proverbs": [],
            "locutions": [],
        }
    ]


def test_wikiquote_quotes_from_bz2(make_config, corpus_data, stages):
    cfg = make_config(
        {
            "q": {
                "kind": "mediawiki",
                "language": "it",
                "source": str(corpus_data / "itwikiquote-tiny.xml.bz2"),
                "options": {"wiki": "wikiquote"},
            }
        }
    )
    stages.extract(cfg, "q", "000")
    quotes = pq.read_table(paths.corpus_shard_table(cfg, "q", "000", "quotes")).to_pylist()
    assert [q["text"] for q in quotes] == [
        "Chiusa una porta si apre un portone.",
        "A porta chiusa non entra il sole.",
        "L'amico si conosce nel momento del bisogno.",
    ]
    assert {q["page"] for q in quotes} == {"Proverbi sulla porta"}
    assert "SOURCELINE" not in _docs(cfg, "q")[0]["text"]


def test_truncated_bz2_fails_with_file_and_offset(corpus_data):
    path = corpus_data / "truncated.xml.bz2"
    with pytest.raises(InputError, match=r"truncated\.xml\.bz2.*byte \d+"):
        list(iter_pages(path, Tally()))


def test_truncated_xml_fails_with_offset(tmp_path, corpus_data):
    data = (corpus_data / "enwiki-tiny.xml").read_bytes()
    cut = tmp_path / "cut.xml.bz2"
    cut.write_bytes(bz2.compress(data[: len(data) // 2]))
    with pytest.raises(
        InputError, match=r"cut\.xml\.bz2: XML ends inside a page that starts at byte \d+"
    ):
        list(iter_pages(cut, Tally()))


def test_corrupt_compressed_data(tmp_path):
    bad = tmp_path / "bad.xml.bz2"
    bad.write_bytes(b"BZh91AY&SY" + b"\x00" * 200)
    with pytest.raises(
        InputError, match=r"bad\.xml\.bz2: (corrupt compressed data|compressed stream ends)"
    ):
        list(iter_pages(bad, Tally()))


def test_invalid_header_and_non_xml(tmp_path, corpus_data):
    with pytest.raises(InputError, match="invalid-header.xml"):
        list(iter_pages(corpus_data / "invalid-header.xml", Tally()))
    text = tmp_path / "notes.xml"
    text.write_text("just words\n")
    with pytest.raises(InputError, match="not an XML file"):
        list(iter_pages(text, Tally()))
    utf16 = tmp_path / "u16.xml"
    utf16.write_bytes("<mediawiki></mediawiki>".encode("utf-16"))
    with pytest.raises(InputError, match="UTF-16"):
        list(iter_pages(utf16, Tally()))


def test_real_enwiki_excerpt(wordgames_data):
    """A real export without <siteinfo>, with table markup: streams through without a skip."""
    path = wordgames_data / "corpora/mediawiki/gensim-test-data/enwiki-table-markup.xml.bz2"
    tally = Tally()
    pages = [(p.title, t) for _, p, t in iter_pages(path, tally)]
    assert len(pages) == 5 and not tally.skipped
    cleaned = clean_wikitext(pages[0][1])
    assert "{|" not in cleaned and "|}" not in cleaned and "{{" not in cleaned


def test_real_enwiktionary_italian_sections(wordgames_data):
    """en.wiktionary pages (real export): only the ==Italian== sections become entries."""
    path = wordgames_data / "corpora/mediawiki/wiktextract-tests/test-pages-articles.xml.bz2"
    tally = Tally()
    entries = []
    for _, page, text in iter_pages(path, tally):
        if page.namespace == 0 and page.redirect is None and text:
            entries.extend(parse_wiktionary(page.title, text, "it"))
    assert not tally.skipped
    assert len(entries) >= 40
    assert {"lemma": "aquila", "pos": "sost"}.items() <= next(
        e for e in entries if e["lemma"] == "aquila"
    ).items()
    assert all(e["definitions"] or any(e[c] for c in RELATED_COLUMNS) for e in entries)


def test_real_truncated_xz_dump_names_file_and_offset(wordgames_data):
    folder = wordgames_data / "corpora/mediawiki/xztextfilter-truncated-wikis"
    path = sorted(folder.glob("*.xml.xz"))[0]
    with pytest.raises(
        InputError, match=rf"{path.name}: XML ends inside a page that starts at byte \d+"
    ):
        for _ in iter_pages(path, Tally()):
            pass


def test_malformed_table_and_reference_do_not_leak():
    text = (
        'Intro sentence here.<ref>Broken "quote [ in a ref</ref> After the ref.\n'
        '{| class="wikitable sortable" font-size:80%;"\n|+ caption | x\n! head\n|-\n| cell || cell\n|}\n'
        "Closing words.<ref name=a/>"
    )
    assert clean_wikitext(text) == "Intro sentence here. After the ref.\nClosing words."


# found by the MediaWiki fuzzer (issue 12) ------------------------------------------------------------
HEAD = (
    b'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/"><siteinfo><sitename>W'
    b"</sitename></siteinfo>\n"
)


def _page(title: bytes, text: bytes, ns: bytes = b"0") -> bytes:
    return (
        b"<page><title>" + title + b"</title><ns>" + ns + b"</ns><id>1</id><revision><id>1"
        b"</id><text>" + text + b"</text></revision></page>\n"
    )


def test_a_page_mwxml_cannot_read_is_skipped_and_the_rest_read(tmp_path):
    # an empty title (or a namespace that is not a number) raised from inside mwxml and ended the dump
    dump = tmp_path / "d.xml"
    dump.write_bytes(
        HEAD
        + _page(b"", b"x")
        + _page(b"A", b"y", ns=b"main")
        + _page(b"B", b"kept")
        + b"</mediawiki>\n"
    )
    tally = Tally()
    pages = [(p.title, text) for _, p, text in iter_pages(dump, tally)]
    assert pages == [("B", "kept")]
    assert tally.skipped["malformed page"] == 2


def test_empty_or_foreign_xml_is_one_input_error(tmp_path):
    # an empty file raised AssertionError from mwxml
    for data, message in ((b"", "empty file"), (b"<html><page></page></html>", "not a MediaWiki")):
        path = tmp_path / "d.xml"
        path.write_bytes(data)
        with pytest.raises(InputError, match=message):
            list(iter_pages(path, Tally()))


def test_a_huge_page_is_skipped_in_bounded_time_and_memory(tmp_path, monkeypatch):
    # a 100 MB single-line page took 5 minutes and 2 GB (buffers copied for every read); the same
    # shape, scaled down with the limit, is now read through and counted
    from wordgames.corpus.mediawiki import dump as dump_module

    monkeypatch.setattr(dump_module, "MAX_PAGE_BYTES", 1 << 20)
    monkeypatch.setattr(dump_module, "CHUNK", 1 << 16)
    dump = tmp_path / "d.xml"
    dump.write_bytes(
        HEAD + _page(b"Big", b"word " * 500_000) + _page(b"Small", b"kept") + b"</mediawiki>\n"
    )
    tally = Tally()
    assert [p.title for _, p, _ in iter_pages(dump, tally)] == ["Small"]
    assert tally.skipped == {"page over 1 MB": 1}


def test_page_filter_work_is_linear(tmp_path):
    # reads were served by copying the rest of the buffer each time: quadratic in the page size
    import time

    from wordgames.corpus.mediawiki.dump import MAX_PAGE_BYTES

    def seconds(size: int) -> float:
        dump = tmp_path / f"d{size}.xml"
        dump.write_bytes(HEAD + _page(b"P", b"w" * size) + b"</mediawiki>\n")
        start = time.process_time()
        assert len(list(iter_pages(dump, Tally()))) == 1
        return time.process_time() - start

    small, large = seconds(MAX_PAGE_BYTES // 16), seconds(MAX_PAGE_BYTES // 2)
    assert large < 24 * max(small, 0.01), (small, large)  # 8x the bytes; a square would be 64x


def test_deeply_nested_templates_are_removed():
    # mwparserfromhell's tree builder ran out of stack (RecursionError) from the cleaner, which then
    # refused the page; matching brace runs has no recursion to run out of
    assert clean_wikitext("{{" * 2000 + "x" + "}}" * 2000 + " after") == "after"
    assert clean_wikitext("{{a|" * 2000 + "x" + "}}" * 2000 + " after") == "after"


def test_every_line_break_the_tokenizer_knows_ends_a_cleaned_line():
    # found by the wikitext fuzzer (issue 12): "\r" and "\x1e" stayed inside a "line"
    assert clean_wikitext("one\rtwo\x1ethree\u2028four").splitlines() == [
        "one",
        "two",
        "three",
        "four",
    ]
    assert clean_wikitext("one\rtwo\x1ethree\u2028four").split("\n") == [
        "one",
        "two",
        "three",
        "four",
    ]


# the text cleaner without a parse tree (issue 22): markup the tree let through ------------------------
@pytest.mark.parametrize(
    ("wikitext", "expected"),
    [
        # a template with an unclosed link inside: the parser kept it all as text
        ("{{Infobox\n| name = X\n| image = [[File:a.jpg\n}}\nText here.", "Text here."),
        # nested templates, arguments and parser functions in one span
        ("x {{a|{{{1|}}}|{{#if:{{b}}|c}}}} y", "x y"),
        # a template never closed loses its braces, not the rest of the page
        ("Before. {{broken\nAfter.", "Before. broken\nAfter."),
        # a file whose caption holds links and an external link
        ("[[File:a.jpg|thumb|A [[b|c]] and [http://x.org d]]] After.", "After."),
        # a namespace spelt with an underscore or spaces around it
        ("[[Image:a.svg|nhỏ|cap]][[ file _:b.png|x]] Kept.", "Kept."),
        # a category mentioned with a leading colon: dropped, or its text when it has one
        ("See [[:Category:Fruits]] and [[:Category:Fruits|the fruits]].", "See and the fruits."),
        ("''italics never closed, '''bold''' fine", "italics never closed, bold fine"),
        ("See http://example.org/x?a=1 now.", "See now."),
        (
            "<div>one</div>two<br/>three <math>x^2</math><templatestyles src=a.css />",
            "one\ntwo\nthree",
        ),
        ("[[#Section]] and [[Page#anchor|]] and [[Plain#anchor]]", "Section and Page and Plain"),
        # an HTML table never closed (smallwiki): its tags go, cells apart, rows on their lines
        (
            "<table>\n<tr><td>Garums<td>1020 km\n<tr><th>Ītak</th><td>Reiga</td></tr>",
            "Garums 1020 km\nĪtak Reiga",
        ),
    ],
)
def test_cleaner_markup_fixes(wikitext, expected):
    assert clean_wikitext(wikitext) == expected


def test_cleaner_drops_sections_with_their_subsections():
    text = (
        "Intro.\n== History ==\nOld times.\n=== Notes ===\ngone\n==== deeper ====\ngone too\n"
        "=== Later ===\nKept later.\n== See also ==\n* gone\n=== Sub ===\n* gone\n== Next ==\nKept."
    )
    assert clean_wikitext(text) == "Intro.\nOld times.\nKept later.\nKept."
    assert "gone" in clean_wikitext(text, drop_sections=False)


def test_cleaner_drops_the_site_namespaces():
    drop = frozenset({"tập tin", "thể loại"})
    text = "[[Tập_tin:I speak.svg|liên_kết=https://x|nhỏ|''cap'' [[chữ Nôm]]]]Text [[Thể loại:X]]"
    assert clean_wikitext(text, drop=drop) == "Text"


def test_deeply_nested_links_keep_their_text():
    assert clean_wikitext("[[a|" * 20 + "x" + "]]" * 20) == "x"
    deep = clean_wikitext("[[a|" * 500 + "x" + "]]" * 500)
    assert "[[" not in deep and "]]" not in deep and deep.endswith("x")


def test_cleaner_time_is_linear_in_unclosed_markup():
    import time

    def seconds(n: int) -> float:
        text = "{{a [[b ''c <div> " * n
        text = text.replace("{{", "{{x}} {{", n // 2)
        runs = []
        for _ in range(3):  # the fastest of three: a shared machine's stalls only add time
            start = time.process_time()
            clean_wikitext(text)
            runs.append(time.process_time() - start)
        return min(runs)

    small, large = seconds(4_000), seconds(32_000)
    assert large < 24 * max(small, 0.01), (small, large)  # 8x the text; a square would be 64x
