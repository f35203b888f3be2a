"""Fuzz targets: every reader of user input fed with hypothesis-generated hostile inputs.

Each target is a hypothesis strategy and a check. ``python tests/fuzz/targets.py NAME`` runs one
target in this process, under limits set for it alone: the address space (``RLIMIT_AS``, what the
process has mapped after its imports plus ``--memory-mb``) and a per-input limit of CPU time
(``ITIMER_PROF``: CPU time, so a machine loaded by other work does not trip it). The
only failure a reader may show is a :class:`~wordgames.errors.WordgamesError` whose message is one
line (what the CLI prints before exiting with status 2); any other exception, an input that takes
longer than its limit, a memory error, or a file written outside the sandbox's ``results/`` and
``input/`` folders (or next to the sandbox) is a failure. The result (inputs tried, the failure with
hypothesis's falsifying example) is written as JSON; the last input is kept in ``last-input.txt``
so that a crash in C code still names it. tests/fuzz/test_fuzz.py runs every target.

To fuzz a new reader (the web app's JSON API, for one), add a function decorated with
``@target(name)`` that returns ``(strategy, check)``; ``check(value, sandbox)`` gets the sandbox
folder (inputs go under ``sandbox.input``, artifacts under ``sandbox.results``).
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import json
import lzma
import os
import resource
import shutil
import signal
import stat
import sys
import time
import traceback
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from wordgames.errors import WordgamesError

TARGETS: dict[str, tuple[Callable, float]] = {}


def target(name: str, time_limit: float = 5.0):
    """Register a fuzz target: a function returning (strategy, check(value, sandbox))."""

    def register(fn):
        TARGETS[name] = (fn, time_limit)
        return fn

    return register


@dataclass
class Sandbox:
    root: Path

    @property
    def input(self) -> Path:
        return self.root / "input"

    @property
    def results(self) -> Path:
        return self.root / "results"

    def reset(self) -> None:
        for folder in (self.input, self.results):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)

    def stray_files(self) -> list[str]:
        """Files and folders written anywhere under the sandbox but input/ and results/."""
        allowed = {"input", "results", "last-input.txt", "work"}
        stray = [p.name for p in self.root.iterdir() if p.name not in allowed]
        stray += [str(p) for p in (self.root / "work").rglob("*")]
        return stray


class Hang(BaseException):  # noqa: N818 - not an Exception: readers must not swallow it
    """An input took longer than the target's time limit."""


# building blocks ---------------------------------------------------------------------------------
ENCODINGS = ["utf-8", "utf-8", "utf-8", "utf-8-sig", "latin-1", "utf-16", "cp1252", "utf-32"]


def encoded(text_strategy):
    """Text in some encoding; characters the encoding lacks are replaced."""
    return st.tuples(text_strategy, st.sampled_from(ENCODINGS)).map(
        lambda pair: pair[0].encode(pair[1], errors="replace")
    )


def mangled(data_strategy):
    """Bytes, sometimes cut short or with random bytes spliced in."""

    @st.composite
    def build(draw):
        data = draw(data_strategy)
        how = draw(st.sampled_from(["as is", "as is", "truncated", "spliced", "junk"]))
        if how == "truncated" and data:
            data = data[: draw(st.integers(0, len(data) - 1))]
        elif how == "spliced":
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.binary(max_size=16)) + data[at:]
        elif how == "junk":
            data = draw(st.binary(max_size=200))
        return data

    return build()


WIKI_TOKENS = [
    "[[",
    "]]",
    "{{",
    "}}",
    "{{{",
    "}}}",
    "[",
    "]",
    "|",
    "=",
    "==",
    "===",
    "'''",
    "''",
    "{|",
    "|}",
    "|-",
    "<ref>",
    "</ref>",
    "<ref name=a/>",
    "<!--",
    "-->",
    "<nowiki>",
    "</nowiki>",
    "<math>",
    "</math>",
    "<br/>",
    "<div>",
    "</div>",
    "<table>",
    "&amp;",
    "&lt;",
    "&#x1F600;",
    "&#99999999;",
    "&bogus;",
    "[[File:x.jpg|thumb|",
    "[[Category:",
    "[[it:",
    "[[:en:",
    "#REDIRECT [[",
    "__TOC__",
    "\n",
    "\n*",
    "\n**",
    "\n#",
    "\n#:",
    "\n:",
    "\n;",
    "\n== Note ==\n",
    "\n=== {{-sost-|it}} ===\n",
    "\n== {{-it-}} ==\n",
    "\n==Italian==\n",
    "{{-sin-}}",
    "{{-prov-|it}}",
    "http://x.org",
    "[http://x.org x]",
    "word",
    "parola",
    "città",
    "l'amore",
    " ",
    "«",
    "»",
    "\t",
    "\x00",
    "\ufeff",
    "\u202e",
    "\ud7ff",
    "😀",
]
wikitext = st.lists(st.sampled_from(WIKI_TOKENS) | st.text(max_size=8), max_size=60).map("".join)


def nested_templates(depth: int) -> str:
    return "{{" * depth + "x" + "}}" * depth


@st.composite
def mediawiki_dump(draw) -> tuple[str, bytes]:
    """(file name, bytes) of a MediaWiki export: pages of generated wikitext, then mangled."""
    pages = []
    for i in range(draw(st.integers(0, 4))):
        title = draw(st.text(max_size=20))
        text = draw(wikitext | st.integers(1, 3000).map(nested_templates))
        ns = draw(st.sampled_from(["0", "0", "1", "x", ""]))
        redirect = '<redirect title="T"/>' if draw(st.booleans()) and i % 3 == 0 else ""
        raw = draw(st.booleans()) and i == 1  # unescaped text: often not well-formed
        body = text if raw else escape(text)
        pages.append(
            f"<page><title>{escape(title)}</title><ns>{ns}</ns><id>{i}</id>{redirect}"
            f"<revision><id>{i}</id><text>{body}</text></revision></page>\n"
        )
    doctype = draw(
        st.sampled_from(
            [
                "",
                "",
                '<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
                '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
                '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">'
                '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]>',
                '<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
            ]
        )
    )
    entity_use = "&g;" if "ENTITY g" in doctype else "&x;" if "SYSTEM" in doctype else ""
    siteinfo = draw(
        st.sampled_from(
            [
                '<siteinfo><sitename>W</sitename><namespaces><namespace key="6">File</namespace>'
                "</namespaces></siteinfo>",
                "",
                "<siteinfo>",
            ]
        )
    )
    xml = (
        f'<?xml version="1.0"?>{doctype}<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/">'
        f"{siteinfo}{entity_use}\n{''.join(pages)}</mediawiki>\n"
    )
    data = draw(mangled(encoded(st.just(xml))))
    compression = draw(st.sampled_from(["", "", ".bz2", ".gz", ".xz"]))
    data = {"": lambda b: b, ".bz2": bz2.compress, ".gz": gzip.compress, ".xz": lzma.compress}[
        compression
    ](data)
    if compression and draw(st.booleans()):
        data = data[: draw(st.integers(0, max(0, len(data) - 1)))]
    return f"dump.xml{compression}", data


def _import_extraction() -> None:
    """Import what extraction uses before the memory limit is set: pyarrow reserves its memory
    pools when first imported, which a limited address space would refuse."""
    import mwparserfromhell  # noqa: F401
    import mwxml  # noqa: F401
    import pyarrow.parquet  # noqa: F401

    import wordgames.corpus.bnc  # noqa: F401
    import wordgames.corpus.extract  # noqa: F401


def extract(
    sandbox: Sandbox, kind: str, source: Path, options: dict | None = None, language: str = "en"
) -> dict:
    """The extraction stage of one corpus, called with the paths and values its rule passes (see
    workflow/rules/corpora.smk), writing under the sandbox's results folder."""
    from wordgames import paths
    from wordgames.config import load_config
    from wordgames.corpus.extract import extract_shard
    from wordgames.corpus.io import TABLE_SCHEMAS
    from wordgames.corpus.registry import Corpus, corpus, local_files, missing_sources
    from wordgames.errors import InputError

    entry = {"kind": kind, "language": language, "source": str(source), "options": options or {}}
    cfg = load_config({"results_dir": str(sandbox.results), "corpora": {"fuzzed": entry}})
    c = corpus(cfg, "fuzzed")
    for message in missing_sources(cfg, c):
        raise InputError(message)
    return extract_shard(
        Corpus.from_spec("fuzzed", c.spec(), []),
        local_files(cfg, c, missing_ok=True),
        "000",
        paths.corpus_extract(cfg, "fuzzed", "000"),
        paths.corpus_shard_summary(cfg, "fuzzed", "000"),
        {t: paths.corpus_shard_table(cfg, "fuzzed", "000", t) for t in TABLE_SCHEMAS},
    )


# targets -----------------------------------------------------------------------------------------
@target("mediawiki XML reader", time_limit=20.0)
def mediawiki_reader():
    _import_extraction()

    def check(value, sandbox):
        name, data = value
        path = sandbox.input / name
        path.write_bytes(data)
        wiki = ["wikipedia", "wiktionary", "wikiquote"][len(data) % 3]
        extract(sandbox, "mediawiki", path, {"wiki": wiki}, language=["en", "it"][len(data) % 2])

    return mediawiki_dump(), check


@target("mediawiki 100 MB line", time_limit=60.0)
def mediawiki_long_line():
    """A 100 MB line in a page, between pages or in the header, through the extraction stage."""
    _import_extraction()
    head = (
        b'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/"><siteinfo><sitename>W'
        b"</sitename></siteinfo>"
    )
    page = (
        b"<page><title>T</title><ns>0</ns><id>1</id><revision><id>1</id><text>%s</text>"
        b"</revision></page>"
    )

    def check(where, sandbox):
        line = b"lorem ipsum dolor sit amet " * (100_000_000 // 27)
        parts = {
            "in a page": [head, page % line, page % b"kept", b"</mediawiki>"],
            "between pages": [head, page % b"kept", line, page % b"also", b"</mediawiki>"],
            "in the header": [head[:-11], line, head[-11:], page % b"x", b"</mediawiki>"],
        }
        path = sandbox.input / "dump.xml"
        with open(path, "wb") as fh:
            for part in parts[where]:
                fh.write(part)
        del line
        summary = extract(sandbox, "mediawiki", path, {"wiki": "wikipedia"})
        assert summary["documents"] == {"in a page": 1, "between pages": 2}[where]

    return st.sampled_from(["in a page", "between pages", "in the header"]), check


@target("wikitext cleaner")
def wikitext_cleaner():
    from wordgames.corpus.mediawiki.wikiquote import parse_wikiquote
    from wordgames.corpus.mediawiki.wikitext import clean_fragment, clean_wikitext
    from wordgames.corpus.mediawiki.wiktionary import parse_wiktionary

    def check(text, sandbox):
        for line in clean_wikitext(text).splitlines():
            assert line.strip() and "\n" not in line
        clean_fragment(text)
        parse_wiktionary("t", text, "it")
        parse_wiktionary("t", text, "en")
        parse_wikiquote("t", text)

    return wikitext | st.integers(1, 5000).map(nested_templates) | st.text(), check


MARKER = "the outside file must never be read"


@st.composite
def bnc_archive(draw) -> tuple[str, list]:
    """(zip or folder, members): members are (name, content, is symlink)."""
    names = st.sampled_from(
        [
            "Texts/A/A0/A00.xml",
            "Texts/B/B1/B1X.xml",
            "2554/download/Texts/C/C0/C0A.xml",
            "x.xml",
            "../escape.xml",
            "../../escape2.xml",
            "/tmp/wordgames-fuzz-absolute.xml",
            "Texts/../../escape3.xml",
            "Texts/link.xml",
            "Texts/A/.xml",
            "notes.txt",
            "Texts/dir/",
        ]
    ) | st.text(min_size=1, max_size=20)
    sentence = st.lists(st.text(max_size=10), max_size=5).map(
        lambda ws: "".join(f"<w>{escape(w)} </w>" for w in ws)
    )
    xml = st.lists(sentence, max_size=4).map(
        lambda ss: (
            "<bncDoc><teiHeader><x/></teiHeader><text><div>"
            + "".join(f'<s n="{i}">{s}<c>.</c></s>' for i, s in enumerate(ss))
            + "</div></text></bncDoc>"
        )
    )
    content = mangled(encoded(xml | st.text(max_size=100)))
    members = draw(st.lists(st.tuples(names, content, st.booleans()), max_size=5))
    return draw(st.sampled_from(["zip", "folder"])), members


@target("BNC reader", time_limit=20.0)
def bnc_reader():
    _import_extraction()

    def check(value, sandbox):
        form, members = value
        outside = sandbox.root / "outside.xml"  # what a symlink or ../ name points at
        outside.write_text(f"<bncDoc><s><w>{MARKER}</w></s></bncDoc>")
        before = {p.name for p in sandbox.root.parent.iterdir()}
        if form == "zip":
            source = sandbox.input / "2554.zip"
            with zipfile.ZipFile(source, "w") as zf:
                for name, data, link in members:
                    info = zipfile.ZipInfo(name)
                    if link:  # a symlink member: its content is the path it points at
                        info.external_attr = (stat.S_IFLNK | 0o777) << 16
                        data = str(outside).encode()
                    zf.writestr(info, data)
        else:
            source = sandbox.input / "bnc"
            for name, data, link in members:  # an unpacked folder holds only names a disk takes
                path = source / name.lstrip("/").replace("..", "__").replace("\x00", "_")
                # "." or "" names the folder itself, which no member of it can be
                if path == source or path.exists() or name.endswith("/"):
                    continue
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    if link:
                        path.symlink_to(outside)
                    else:
                        path.write_bytes(data)
                except OSError:  # a name the file system refuses (too long, a file as folder)
                    continue
            source.mkdir(exist_ok=True)
            (source / "Texts").mkdir(exist_ok=True)
            (source / "Texts" / "up").symlink_to(sandbox.root)  # a folder link out of the corpus
        try:
            summary = extract(sandbox, "bnc", source)
        finally:
            outside.unlink()
        assert {p.name for p in sandbox.root.parent.iterdir()} == before, "wrote beside the sandbox"
        assert not Path("/tmp/wordgames-fuzz-absolute.xml").exists()
        if summary["documents"]:
            import pyarrow.parquet as pq

            for path in sandbox.results.rglob("*.parquet"):
                assert MARKER not in str(pq.read_table(path).to_pylist()), (
                    f"read a file outside the corpus: {path}"
                )

    return bnc_archive(), check


@target("tokenizer")
def tokenizer():
    from wordgames.corpus.tokenize import tokenize, tokenize_phrase, words

    def check(value, sandbox):
        text, language = value
        sentences = tokenize(text, language)
        assert all(sentence and all(sentence) for sentence in sentences)
        again = tokenize("\n".join(" ".join(s) for s in sentences), language)
        assert again == sentences, "tokenising the tokens again changed them"
        tokenize_phrase(text, language)
        words(text, language)

    texts = st.text() | st.lists(
        st.sampled_from(
            [
                "Mr.",
                "Dr. ",
                "l'",
                "dell'anno",
                "it's",
                "'tis",
                "3.14",
                "1,000",
                "...",
                "!",
                "?",
                "…",
                " ",
                "\n",
                "A",
                "b",
                "È",
                "ß",
                "İ",
                "ﬁ",
                "’",
                "´",
                "\u2028",
                "\x0b",
                "«",
                "»",
                "-",
                "_",
            ]
        ),
        max_size=30,
    ).map("".join)
    return st.tuples(texts, st.sampled_from(["en", "it"])), check


@target("wordle feedback parser")
def feedback_parser():
    from wordgames.wordle.feedback import parse_feedback

    def check(value, sandbox):
        text, length = value
        pattern = parse_feedback(text, length)
        assert 0 <= pattern < 3**length

    feedback = st.text(alphabet="gybxGYBX.-_012 🟩🟨⬛⬜\ufe0f\t", max_size=12) | st.text(
        max_size=12
    )
    return st.tuples(feedback, st.integers(1, 8)), check


WORDLE_TESTS_DATA = Path(__file__).resolve().parents[1] / "data" / "wordle"


@target("wordle openers checkpoint")
def openers_checkpoint():
    """The resume file of the all-openers proof (``wordle openers --checkpoint FILE``, and the
    pipeline's stages): a genuine checkpoint cut at any byte, as a kill leaves it, must resume to the
    uninterrupted run's proved openers; a mangled one, or one with hostile records, may only be
    refused in one line."""
    import tempfile

    from wordgames.wordle.data import make_data
    from wordgames.wordle.exact.openers import KINDS, OpenerSearch
    from wordgames.wordle.words import load_lists

    guesses, answers = load_lists(
        WORDLE_TESTS_DATA / "answers-small.txt", WORDLE_TESTS_DATA / "allowed-small.txt", 5
    )
    data = make_data(guesses, answers)

    def search(checkpoint, foreign_ok: bool):
        return OpenerSearch(
            data, top=3, checkpoint=checkpoint, replace_foreign_checkpoint=foreign_ok
        ).run()

    def proved(result) -> list[tuple[str, int]]:
        return [(result.words[i], int(result.values[i])) for i in result.top_rows()]

    with tempfile.TemporaryDirectory() as folder:  # outside the sandbox, before it exists
        path = Path(folder) / "checkpoint.jsonl"
        reference = proved(search(path, False))
        genuine = path.read_bytes()
    assert genuine.count(b"\n") > 3, "the reference search wrote no checkpoint records"

    def check(value, sandbox):
        how, data_, foreign_ok = value
        path = sandbox.results / "checkpoint.jsonl"
        path.write_bytes(data_)
        result = search(path, foreign_ok)
        again = search(path, False)  # what a run leaves, the next run reads back
        if how == "killed":
            assert proved(result) == reference, f"resumed to {proved(result)}, not {reference}"
            assert proved(again) == reference, f"read back as {proved(again)}, not {reference}"

    record = st.fixed_dictionaries(
        {},
        optional={
            "w": st.sampled_from(guesses[:8]) | st.text(max_size=6) | json_values,
            "v": st.integers(-5, 400) | st.sampled_from([1 << 30, 2**64, True]) | json_values,
            "k": st.sampled_from(KINDS) | st.text(max_size=8) | json_values,
            "s": st.floats() | st.integers() | json_values,
        },
    ).map(json.dumps)
    genuine_lines = genuine.decode().splitlines()

    @st.composite
    def hostile(draw) -> bytes:
        lines = list(genuine_lines)
        for _ in range(draw(st.integers(0, 3))):
            line = draw(record | st.text(max_size=20) | json_values.map(json.dumps))
            lines.insert(draw(st.integers(0, len(lines))), line)
        return "\n".join(lines).encode() + draw(st.sampled_from([b"\n", b""]))

    killed = st.integers(0, len(genuine)).map(lambda n: ("killed", genuine[:n]))
    mangled_ = (hostile() | mangled(encoded(st.just(genuine.decode())))).map(
        lambda b: ("mangled", b)
    )
    return st.tuples(killed | mangled_, st.booleans()).map(lambda v: (*v[0], v[1])), check


LETTERS = "abcdefghijklmnopqrstuvwxyz"
POS = ["noun", "adj", "verb", "adv", "det", "pron", "adp", "num", "aux", "other", "propn"]


@target("wordle list builder")
def wordle_list_builder():
    """``wordgames build wordle-list``: a token file in any encoding and a lexicon of generated
    forms into allowed guesses and answers, which the next stage (``wordle-list-solve``) must read
    back as they were written; the rules of docs/wordle.md hold for every list."""
    from collections import Counter

    from wordgames.wordle.lexicon_lists import (
        ANSWER_POS,
        PROPER,
        build_lists,
        count_tokens,
        fold,
        lemma_like,
        write_list,
    )
    from wordgames.wordle.words import load_lists

    def check(value, sandbox):
        tokens, lexicon, (length, n, answer_pos, min_count, answer_min, fold_accents, alphabet) = (
            value
        )
        token_file = sandbox.input / "tokens.txt"
        token_file.write_bytes(tokens)
        counts = count_tokens(token_file)
        lists = build_lists(
            counts,
            lexicon,
            length=length,
            answers=n,
            answer_pos=answer_pos,
            min_count=min_count,
            answer_min_count=answer_min,
            fold_accents=fold_accents,
            alphabet=alphabet,
        )
        folded: Counter = Counter()
        for word, c in counts.items():
            folded[fold(word, fold_accents)] += c
        floor = max(min_count, answer_min)
        assert 1 <= len(lists.answers) <= n and set(lists.answers) <= set(lists.allowed)
        assert lists.allowed == sorted(set(lists.allowed))
        assert all(len(w) == length and set(w) <= set(alphabet) for w in lists.allowed)
        assert all(folded[w] >= min_count for w in lists.allowed)
        ranks = [(-folded[w], w) for w in lists.answers]
        assert ranks == sorted(ranks) and all(folded[w] >= floor for w in lists.answers)
        raw = {w: [f for f in lexicon if fold(f, fold_accents) == w] for w in lists.answers}
        assert all(any(lemma_like(f, lexicon[f], answer_pos) for f in raw[w]) for w in raw)
        assert all(any(set(lexicon[f]) != {PROPER} for f in raw[w]) for w in raw)
        answers_file, allowed_file = (
            sandbox.results / "answers.txt",
            sandbox.results / "allowed.txt",
        )
        write_list(lists.answers, answers_file, "answers")
        write_list(lists.allowed, allowed_file, "allowed")
        try:
            guesses, answers = load_lists(answers_file, allowed_file, length)
        except WordgamesError as exc:
            raise AssertionError(
                f"the lists written are refused by the next stage: {exc}"
            ) from None
        assert answers == lists.answers and guesses == lists.allowed
        if os.environ.get("WORDGAMES_FUZZ_STATS"):
            print("round trip", len(answers), file=sys.stderr)

    alphabets = [LETTERS] * 6 + ["abcde", "", "àè", "ab#", "ABC", "a b", "text"]

    @st.composite
    def list_inputs(draw):
        alphabet = draw(st.sampled_from(alphabets))
        if alphabet == "text":
            alphabet = draw(st.text(max_size=4))
        length = draw(st.sampled_from([2, 3, 4, 5, 6, 1]))
        # forms of a-z, and forms of the alphabet's own letters and of others (accents, capitals,
        # a combining mark, a dotted capital I that lower-cases to two characters, "#")
        odd_letters = "".join(sorted(set(alphabet) - set(LETTERS[:5]))) + "àè#ÀİßǅC\u0301-"
        plain = st.text(alphabet=LETTERS[:5], min_size=length, max_size=length)
        odd = st.text(alphabet=odd_letters, min_size=length, max_size=length) | st.text(
            alphabet=odd_letters + "ab", min_size=1, max_size=6
        )
        form = plain | plain | odd
        lemmas = st.sets(form | st.just("SELF") | st.just("SELF"), min_size=1, max_size=2)
        self_noun = st.just({"noun": {"SELF"}})
        readings = (
            self_noun
            | self_noun
            | st.dictionaries(
                st.sampled_from(["noun", "noun", "adj", "verb"]) | st.sampled_from(POS),
                lemmas,
                min_size=1,
                max_size=3,
            )
        )
        lex = draw(st.dictionaries(form, readings, min_size=1, max_size=12))
        lex = {
            f: {p: {f if x == "SELF" else x for x in lemmas} for p, lemmas in r.items()}
            for f, r in lex.items()
        }
        words = st.sampled_from(sorted(lex)) | form
        lines = st.lists(st.lists(words, min_size=1, max_size=8).map(" ".join), max_size=12)
        text = "\n".join([draw(lines.map("\n".join))] * draw(st.sampled_from([1, 3])))
        tokens = draw(st.just(text.encode()) | mangled(encoded(st.just(text))))
        params = (
            length,
            draw(st.sampled_from([1, 2, 3, 4, 5, 6, 0])),
            draw(
                st.lists(st.sampled_from(ANSWER_POS), min_size=1, max_size=3)
                | st.lists(st.sampled_from([*ANSWER_POS, "adv", "x"]), max_size=3)
            ),
            draw(st.integers(1, 3)),
            draw(st.integers(1, 3)),
            draw(st.booleans()),
            alphabet,
        )
        return tokens, lex, params

    return list_inputs(), check


GAME_SUFFIXES = [".json", ".jsonl", ".xml", ".csv", ".tsv", ".ndjson", ".tab", ".txt", ""]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(["w1", "w2", "w3", "w4", "w5", "solution", "clues", "id", "x"])
            | st.text(max_size=5),
            inner,
            max_size=7,
        )
    ),
    max_leaves=30,
)


@st.composite
def game_file(draw) -> tuple[str, bytes]:
    suffix = draw(st.sampled_from(GAME_SUFFIXES))
    word = st.text(max_size=8)
    clue_row = st.lists(word, min_size=0, max_size=7)
    if suffix in (".json", ".jsonl", ".ndjson"):
        games = st.lists(
            st.fixed_dictionaries(
                {f"w{k}": word for k in range(1, 6)}, optional={"solution": word}
            ),
            max_size=4,
        )
        value = draw(games | json_values)
        if suffix == ".json" or not isinstance(value, list):
            text = json.dumps(value)
        else:
            text = "\n".join(json.dumps(v) for v in value)
    elif suffix == ".xml":
        rows = draw(st.lists(clue_row, max_size=4))
        text = (
            "<games>"
            + "".join(
                "<game>"
                + "".join(f"<clue>{escape(c)}</clue>" for c in row)
                + "<solution>s</solution>"
                "</game>"
                for row in rows
            )
            + "</games>"
        )
    else:
        sep = "\t" if suffix in (".tsv", ".tab") else ","
        header = draw(
            st.sampled_from(
                [
                    [],
                    ["w1", "w2", "w3", "w4", "w5", "solution"],
                    ["solution"],
                    ["id", "solution", "a"],
                ]
            )
        )
        rows = [header] if header else []
        rows += draw(st.lists(clue_row, max_size=5))
        text = "\n".join(sep.join(row) for row in rows)
    return f"games{suffix}", draw(mangled(encoded(st.just(text))))


@target("game-file readers")
def game_files():
    from wordgames.guillotine.games import N_CLUES, read_games
    from wordgames.hangman.puzzles import read_phrases
    from wordgames.wordle.words import read_source, validate_words

    def check(value, sandbox):
        (name, data), phrases, words = value
        path = sandbox.input / name
        path.write_bytes(data)
        for game in _or_user_error(read_games, path) or []:
            assert len(game.clues) == N_CLUES and all(game.clues)
        phrase_file = sandbox.input / "phrases.txt"
        phrase_file.write_bytes(phrases)
        for phrase in _or_user_error(read_phrases, phrase_file) or []:
            assert phrase.strip()
        word_file = sandbox.input / "words.txt"
        word_file.write_bytes(words)
        source = _or_user_error(read_source, word_file)
        if source is not None:
            for word in _or_user_error(validate_words, source, 5) or []:
                assert len(word) == 5

    phrase_text = st.lists(
        st.text(max_size=20)
        | st.sampled_from(["answer\tcategory", "it's a sunny day", "&amp;", "a\tb"]),
        max_size=5,
    ).map("\n".join)
    word_text = st.lists(
        st.text(max_size=7) | st.sampled_from(["crane", "#c", "CRANE", "cràne"]), max_size=6
    ).map("\n".join)
    return st.tuples(game_file(), mangled(encoded(phrase_text)), mangled(encoded(word_text))), check


def _or_user_error(fn, *args):
    """``fn(*args)``, or None when it refuses the input with a one-line user error."""
    try:
        return fn(*args)
    except WordgamesError as exc:
        _check_message(exc)
        return None


YAML_SNIPPETS = [
    "results_dir: r\n",
    "wordle:\n  strategies: [naive]\n",
    "wordle: {strtegies: 1}\n",
    "corpora:\n  c: {kind: text, source: x}\n",
    "a: &a [1, 2]\nb: *a\n",
    "- 1\n- 2\n",
    "'\n",
    "a: !!python/object/apply:os.system ['touch pwned']\n",
    "threads: -1\n",
    "threads: 1e400\n",
    "glove: {dim: .nan}\n",
    "{",
    "key: [\n",
    "\t",
    "data_dir: /nonexistent\n",
    "a: &a ['x','x','x','x','x','x','x','x','x','x']\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\nwordle: {strategies: *g}\n",
    "a: " + "[" * 5000 + "]" * 5000 + "\n",
    "? [1, 2]\n: x\n",
    "?\n",
    "1: 2\n",
    "wordle: {openers: {enabled: true, top: 0, workers: -1}}\n",
    "wordle_lists:\n  en5: {collection: en, lexicon: lemminflect, length: 5, alphabet: àè}\n",
    "wordle_lists:\n  ../x: {collection: nowhere, lexicon: morphit, length: 99}\n",
    "wordle_lists: {a: {collection: en, lexicon: lemminflect, length: 5, answers: 1e400}}\n",
]


@target("config loader")
def config_loader():
    import yaml

    from wordgames import plan
    from wordgames.config import load_config_file
    from wordgames.corpus import registry

    keys = st.sampled_from(
        [
            "results_dir",
            "threads",
            "wordle",
            "corpora",
            "collections",
            "glove",
            "hangman",
            "guillotine",
            "lm",
            "cooccur",
            "tables",
            "data_dir",
            "wordle_lists",
            "x",
        ]
    )
    structures = st.dictionaries(keys, json_values, max_size=4).map(
        lambda d: yaml.safe_dump(d, allow_unicode=True)
    )
    snippets = st.lists(st.sampled_from(YAML_SNIPPETS), max_size=4).map("".join)

    def check(data, sandbox):
        path = sandbox.input / "config.yaml"
        path.write_bytes(data)
        try:
            cfg = load_config_file(path)
            # what the Snakefile does with the config before any job runs (common.smk)
            registry.used_corpora(cfg)
            plan.targets(cfg)
        finally:
            assert not (sandbox.root / "work" / "pwned").exists()

    return mangled(encoded(structures | snippets | st.text(max_size=50))), check


WEB_CONFIG_ENV = "WORDGAMES_FUZZ_WEB_CONFIG"
#: What a lax parser turns into a boolean or a number where the API documents a boolean or an integer.
LAX_VALUES = [1, 0, 1.0, "true", "yes", "on", "10", " 5 ", "1e1"]
ODD_TEXT = [
    "",
    " ",
    "\x00",
    "\ufeff",
    "\u202e",
    "\ud7ff",
    "😀",
    "İ",
    "ß",
    "ǅ",
    "e\u0301",
    "\t\n",
    "à",
]


def _odd_words(words: list[str]):
    """Known words, their odd variants (capitals, accents, control and wide characters), junk."""
    known = st.sampled_from(words)
    variant = st.tuples(known, st.sampled_from(ODD_TEXT), st.booleans()).map(
        lambda v: (v[0].upper() if v[2] else v[0]) + v[1]
    )
    return st.one_of(known, known, known, known, variant, st.text(max_size=12), st.just("x" * 5000))


def _json_junk():
    """Any JSON value, from scalars to big and deeply nested ones."""
    return (
        json_values
        | st.sampled_from(LAX_VALUES)
        | st.integers(1, 100_000).map(lambda d: "[" * d + "]" * d)
        | st.just(1e308)
        | st.just(2**70)
    )


@st.composite
def web_request(
    draw, words: list[str], clue_words: list[str], port: int, documented: dict
) -> tuple[str, str, bytes, str]:
    """(method, path, body, content type) for one of the JSON endpoints."""
    word = _odd_words(words)
    clue = _odd_words(clue_words)
    feedback = st.sampled_from(
        ["ggggg", ".....", "yyyyy", "..y.g", "22222", "🟩🟨⬛⬛⬛", "gg", "xyz"]
    ) | (st.text(alphabet="gy.012bBGY⬛🟨🟩", max_size=7))
    junk = _json_junk()
    lax = st.sampled_from(LAX_VALUES)
    # half the requests are well-formed (every field of its type), so that the games' own checks
    # (unknown words, impossible feedback and boards, wrong clue counts) are reached, not only the
    # request validation
    clean = draw(st.booleans())
    maybe = (lambda s: s) if clean else (lambda s: st.one_of(s, s, junk, lax))  # noqa: E731
    integer = st.integers(-5, 120) | st.just(10**30)
    callback_hosts = st.sampled_from(
        ["127.0.0.1", "localhost", "LOCALHOST", "example.org", "[::1]", "127.1"]
    )
    callback = st.tuples(
        st.sampled_from(["http", "http", "https", "ftp", "file", "javascript", ""]),
        callback_hosts,
        st.sampled_from([f":{port}/evalita", ":1/answer", ":99999/x", "", ":abc/", "/answer"]),
    ).map(lambda v: f"{v[0]}://{v[1]}{v[2]}")
    callback = st.one_of(callback, callback, callback, st.text(max_size=30))
    moves = st.lists(
        st.fixed_dictionaries({"guess": maybe(word), "feedback": maybe(feedback)}) | junk,
        max_size=7,
    )
    bodies = {
        "/api/wordle/analyse": st.fixed_dictionaries(
            {},
            optional={
                "moves": maybe(moves),
                "hard": maybe(st.booleans()),
                "strategy": maybe(st.sampled_from(["optimal", "entropy", "naive", "minimax", "x"])),
                "top": maybe(integer),
            },
        ),
        "/api/wordle/new": st.fixed_dictionaries({}, optional={"hard": maybe(st.booleans())}),
        "/api/wordle/guess": st.fixed_dictionaries(
            {
                "game": maybe(st.sampled_from(["NEW", "NEW", "unknown"]) | st.text(max_size=70)),
                "guess": maybe(word),
            }
        ),
        "/api/hangman/assist": st.fixed_dictionaries(
            {
                "board": maybe(
                    st.text(alphabet="_ 'abcdeirst-", max_size=40)
                    | st.sampled_from(["___ ___'_ ____", "", "   ", "a_a", "_" * 300, "zzz_"])
                    | st.text(max_size=40)
                )
            },
            optional={
                "wrong": maybe(st.text(alphabet="abcxyz_ 'é", max_size=30) | st.text(max_size=8)),
                "solver": maybe(
                    st.sampled_from(["baseline", "seed", "posterior", "x"]) | st.none()
                ),
                "top": maybe(integer),
            },
        ),
        "/api/hangman/play": st.fixed_dictionaries(
            {
                "phrase": maybe(
                    st.lists(word, max_size=4).map(" ".join)
                    | st.text(max_size=40)
                    | st.just("it's a sunny day")
                )
            },
            optional={
                "solver": maybe(st.sampled_from(["baseline", "seed", "posterior", "x"]) | st.none())
            },
        ),
        "/api/guillotine/solve": st.fixed_dictionaries(
            {
                "clues": maybe(
                    st.lists(st.sampled_from(clue_words), min_size=5, max_size=5)
                    | st.lists(clue, min_size=5, max_size=5)
                    | st.lists(clue, max_size=7)
                )
            },
            optional={
                "solver": maybe(
                    st.sampled_from(sorted(_guillotine_solvers())) | st.text(max_size=8)
                ),
                "top": maybe(integer),
            },
        ),
        "/evalita": st.fixed_dictionaries(
            {
                "game_id": maybe(st.text(min_size=1, max_size=12)),
                **{f"w{k}": maybe(st.sampled_from(clue_words) | clue) for k in range(1, 6)},
                "callback": maybe(callback),
            }
        ),
    }
    # every path of the OpenAPI document: a new endpoint without a body strategy fails the target
    missing = {p for p, ops in documented.items() if "post" in ops} - set(bodies)
    assert not missing, f"endpoints the fuzzer has no bodies for: {sorted(missing)}"
    path = draw(st.sampled_from(sorted(documented)))
    if path in bodies:
        value = draw(bodies[path])
        how = "json"
        if not clean:
            if draw(st.integers(0, 3)) == 0:  # a key the model lacks, or a body that is no object
                value = (
                    draw(junk) if draw(st.booleans()) else {**value, draw(st.text(max_size=5)): 1}
                )
            how = draw(
                st.sampled_from(["json"] * 5 + ["malformed", "bytes", "huge", "form", "GET"])
            )
    else:
        value, how = None, "GET"
    if how == "GET":
        query = draw(
            st.sampled_from(
                ["", "?limit=-1", "?limit=abc", "?limit=99999999999999999999", "?limit=5"]
            )
        )
        return "GET", path + query, b"", ""
    body = json.dumps(value, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    ctype = "application/json"
    if how == "malformed":
        body = body[: draw(st.integers(0, max(0, len(body) - 1)))] + draw(st.binary(max_size=8))
    elif how == "bytes":
        body = draw(encoded(st.text(max_size=60)) | st.binary(max_size=60))
    elif how == "huge":
        body = b'{"x": "' + b"a" * draw(st.sampled_from([1_100_000, 4_000_000])) + b'"}'
    elif how == "form":
        body, ctype = (
            b"game_id=1&w1=a",
            draw(st.sampled_from(["application/x-www-form-urlencoded", "text/plain", ""])),
        )
    return "POST", path, body, ctype


def _guillotine_solvers() -> list[str]:
    from wordgames.guillotine.solvers import SOLVERS

    return list(SOLVERS)


class WebServer:
    """A real ``wordgames serve`` on the config in $WORDGAMES_FUZZ_WEB_CONFIG (the tiny pipeline's,
    built by tests/fuzz/test_fuzz.py), and what its OpenAPI document says of each endpoint."""

    def __init__(self, configfile: Path):
        import atexit

        from wordgames.web import local

        self.log_path = configfile.parent / f"fuzz-serve-{os.getpid()}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - open while the server runs
        self.proc, self.base = local.start(configfile, self.log, cwd=configfile.parent)
        self.log_seen = 0
        atexit.register(local.stop, self.proc)
        self.port = int(self.base.rsplit(":", 1)[1])
        status, _, body = self.send("GET", "/openapi.json")
        assert status == 200, f"no OpenAPI document: {status} {body[:200]!r}"
        self.openapi = json.loads(body)

    def send(
        self, method: str, path: str, body: bytes = b"", ctype: str = ""
    ) -> tuple[int, str, bytes]:
        """(status, content type, body); a connection refused, reset or timed out is a failure."""
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            headers = {"Content-Type": ctype} if ctype else {}
            conn.request(method, path, body=body or None, headers=headers)
            response = conn.getresponse()
            return response.status, response.getheader("content-type") or "", response.read()
        except OSError as exc:
            raise AssertionError(
                f"{method} {path}: no answer ({exc!r}); server log: {self.log_tail()}"
            ) from None
        finally:
            conn.close()

    def new_log(self) -> str:
        """What the server logged since the last call."""
        self.log.flush()
        with open(self.log_path, "rb") as fh:
            fh.seek(self.log_seen)
            text = fh.read()
        self.log_seen += len(text)
        return text.decode(errors="replace")

    def wait_for_evalita_answer(self, game: dict, where: str, seconds: float = 20) -> None:
        """An accepted Evalita game is answered after the 202 (a background task): wait until the
        service records it, so that a task that dies is caught on this input."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            _, _, answer = self.send("GET", "/evalita/log?limit=1")
            last = json.loads(answer)["games"][-1:]
            if (
                last
                and last[0]["game_id"] == game["game_id"]
                and last[0]["clues"] == [game[f"w{k}"] for k in range(1, 6)]
            ):
                return
            time.sleep(0.05)
        raise AssertionError(
            f"an accepted Evalita game never answered: {where}\nserver log: {self.log_tail()}"
        )

    def log_tail(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-3000:]

    def operation(self, method: str, path: str) -> dict | None:
        """The OpenAPI operation of a method and path (None: the document has none)."""
        return self.openapi["paths"].get(path.split("?")[0], {}).get(method.lower())

    def schema(self, method: str, path: str, part: str, status: int | None = None) -> dict | None:
        """The request body's (part "request") or a status's (part "response") JSON schema, with the
        document's components so that $refs resolve."""
        op = self.operation(method, path)
        if op is None:
            return None
        if part == "request":
            content = op.get("requestBody", {}).get("content", {})
        else:
            content = op.get("responses", {}).get(str(status), {}).get("content", {})
        schema = content.get("application/json", {}).get("schema")
        if schema is None:
            return None
        return {**schema, "components": self.openapi.get("components", {})}


@target("web JSON API", time_limit=30.0)
def web_api():
    """Generated requests to every JSON endpoint of a real ``wordgames serve``: never a 5xx or a
    stack trace, a 4xx is ``{"error": one line}``, a 2xx matches the OpenAPI document (and only
    answers a body its request schema allows), and the server answers /api/status afterwards."""
    import jsonschema

    configfile = os.environ.get(WEB_CONFIG_ENV)
    if not configfile:
        raise SystemExit(f"set {WEB_CONFIG_ENV} to a built config (tests/fuzz/test_fuzz.py does)")
    server = WebServer(Path(configfile))
    _, _, first = server.send("POST", "/api/wordle/analyse", b"{}", "application/json")
    words = json.loads(first)["candidates"]
    probe = ["porta", "chiave", "casa", "mare"]  # a past game's clues: known to the tiny config
    clues = [
        w
        for w in _guillotine_test_words()
        if server.send(
            "POST",
            "/api/guillotine/solve",
            json.dumps({"clues": [w, *probe]}).encode(),
            "application/json",
        )[0]
        == 200
    ]
    assert len(clues) >= 5, f"the tiny config's guillotine knows too few words: {clues}"
    games: list[str] = []

    def check(value, sandbox):
        method, path, body, ctype = value
        if b"NEW" in body and path == "/api/wordle/guess":  # a live game's id
            if not games or len(games) < 3:
                _, _, new = server.send("POST", "/api/wordle/new", b"{}", "application/json")
                games.append(json.loads(new)["game"])
            body = body.replace(b"NEW", games[-1].encode(), 1)
        status, answer_type, answer = server.send(method, path, body, ctype)
        where = f"{method} {path} {body[:300]!r} -> {status} {answer[:500]!r}"
        assert status < 500, f"a server error: {where}\nserver log: {server.log_tail()}"
        assert b"Traceback" not in answer and b'File "' not in answer, f"a stack trace: {where}"
        if status >= 400:
            assert answer_type.startswith("application/json"), f"not JSON: {where}"
            error = json.loads(answer)
            assert set(error) == {"error"}, f"not an error body: {where}"
            message = error["error"]
            assert isinstance(message, str) and message.strip(), f"an empty message: {where}"
            assert "\n" not in message and len(message) <= 500, f"not one short line: {where}"
            if server.operation(method, path) is not None:
                documented = server.schema(method, path, "response", status)
                assert documented is not None, (
                    f"an error the OpenAPI document does not list: {where}"
                )
                jsonschema.validate(error, documented)
        else:
            assert answer_type.startswith("application/json"), f"not JSON: {where}"
            documented = server.schema(method, path, "response", status)
            assert documented is not None, f"a status the OpenAPI document does not list: {where}"
            jsonschema.validate(json.loads(answer), documented)
            request = server.schema(method, path, "request")
            if request is not None:
                try:
                    jsonschema.validate(json.loads(body), request)
                except (ValueError, jsonschema.ValidationError) as exc:
                    raise AssertionError(
                        f"a body outside the request schema accepted: {where}: {exc}"
                    ) from None
        if path == "/evalita" and status == 202:
            server.wait_for_evalita_answer(json.loads(body), where)
        alive, _, _ = server.send("GET", "/api/status")
        assert alive == 200, f"the server stopped answering after {where}"
        logged = server.new_log()
        assert "Traceback" not in logged, f"a traceback in the server log after {where}:\n{logged}"
        if os.environ.get("WORDGAMES_FUZZ_STATS"):
            print("status", method, path.split("?")[0], status, answer[:90], file=sys.stderr)

    return web_request(words, clues, server.port, server.openapi["paths"]), check


def _guillotine_test_words() -> list[str]:
    """The clues and answers of the tiny config's guillotine games (tests/data/guillotine)."""
    data = Path(__file__).resolve().parents[1] / "data" / "guillotine"
    games = json.loads((data / "games.json").read_text())
    games += [json.loads(line) for line in (data / "past.jsonl").read_text().splitlines() if line]
    words = {w for g in games for k, w in g.items() if k != "clues"}
    return sorted(words | {w for g in games for w in g.get("clues", [])})


# running -----------------------------------------------------------------------------------------
def _check_message(exc: WordgamesError) -> None:
    message = str(exc)
    assert message and "\n" not in message, f"not a one-line message: {message!r}"


def _limit_memory(megabytes: int) -> None:
    """The address space this process has now, plus ``megabytes``."""
    with open("/proc/self/status") as fh:
        vm = next(int(line.split()[1]) * 1024 for line in fh if line.startswith("VmSize:"))
    limit = vm + megabytes * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _on_alarm(signum, frame):
    raise Hang()


def run(name: str, examples: int, sandbox: Sandbox, memory_mb: int) -> dict:
    build, time_limit = TARGETS[name]
    strategy, check = build()
    tried = 0
    last = sandbox.root / "last-input.txt"
    signal.signal(signal.SIGPROF, _on_alarm)

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=bool(os.environ.get("CI")),
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
    )
    @given(strategy)
    def fuzz(value):
        nonlocal tried
        tried += 1
        sandbox.reset()
        last.write_text(repr(value)[:100_000])
        signal.setitimer(signal.ITIMER_PROF, time_limit)
        started = time.process_time()
        try:
            check(value, sandbox)
        except WordgamesError as exc:
            _check_message(exc)
        except Hang:
            raise AssertionError(f"no answer within {time_limit} s of CPU") from None
        except MemoryError:
            raise AssertionError(f"more than {memory_mb} MB of memory") from None
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        assert time.process_time() - started < time_limit
        stray = sandbox.stray_files()
        assert not stray, f"files written outside the results folder: {stray}"

    os.chdir(sandbox.root / "work")
    _limit_memory(memory_mb)
    failure = None
    try:
        fuzz()
    except BaseException:  # noqa: BLE001 - reported to the test, with the falsifying example
        failure = traceback.format_exc(limit=-8)
    return {"target": name, "inputs": tried, "failure": failure}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=sorted(TARGETS))
    parser.add_argument("--examples", type=int, default=100)
    parser.add_argument("--sandbox", type=Path, required=True)
    parser.add_argument("--memory-mb", type=int, default=1500)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    sandbox = Sandbox(args.sandbox.resolve())
    (sandbox.root / "work").mkdir(parents=True, exist_ok=True)
    result = run(args.target, args.examples, sandbox, args.memory_mb)
    args.out.write_text(json.dumps(result))
    print(json.dumps({k: v for k, v in result.items() if k != "failure"}))
    if result["failure"]:
        print(result["failure"], file=sys.stderr)
    return 0 if result["failure"] is None else 1


if __name__ == "__main__":
    sys.exit(main())
