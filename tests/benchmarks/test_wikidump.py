"""benchmarks/wikidump.py: the generated dump's layout (multistream streams and index, split parts),
determinism, Heaps' law, and that our extractor gets the pages and tokens back (issue 22).

Tiny invented sentences and a tiny invented markup excerpt, written here; one test on the shared
data (skipped without WORDGAMES_DATA)."""

from __future__ import annotations

import bz2
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import wikidump

REPO = Path(__file__).resolve().parents[2]
MULTISTREAM = "itwiki-20241101-pages-articles-multistream.xml.bz2"

SENTENCES = """Il vecchio mulino sorgeva sulla riva sinistra del torrente, poco sotto il ponte di pietra.
Ogni mattina il mugnaio apriva le chiuse e la ruota cominciava a girare lentamente.
Nel villaggio si raccontava che la farina di quel mulino fosse la più bianca della valle.
Durante l'inverno la neve copriva i tetti e i sentieri restavano chiusi per settimane.
La maestra insegnava a leggere ai bambini nella piccola scuola accanto alla chiesa.
Il fabbro batteva il ferro rovente e le scintille volavano fino al soffitto annerito.
In primavera i pastori salivano agli alpeggi con le greggi e i cani fedeli.
La fiera di settembre richiamava mercanti da tutti i paesi vicini e lontani.
Sulla piazza si vendevano formaggi, castagne, stoffe colorate e attrezzi di legno.
Il medico condotto percorreva a cavallo le strade di montagna anche di notte.
La biblioteca comunale custodiva antichi registri delle nascite e dei matrimoni.
Gli abitanti costruirono un acquedotto per portare l'acqua fresca fino alla fontana.
Una frana improvvisa interruppe la strada provinciale dopo giorni di pioggia battente.
Il sindaco convocò il consiglio per decidere come riparare il vecchio ponte.
Le campane suonavano a festa quando tornavano gli emigranti dalle città del nord.
La ferrovia arrivò in valle soltanto alla fine del secolo, tra molte polemiche.
Il torrente, gonfio per il disgelo, trascinava tronchi e sassi verso la pianura.
Nelle sere d'estate i ragazzi giocavano a bocce dietro l'osteria del paese.
Il parroco annotava con cura i nomi dei benefattori in un quaderno rilegato.
Una lapide ricorda ancora i caduti della guerra davanti al municipio.
"""
SENTENCES_B = """Lo stagno era circondato da canne altissime dove nidificavano gli aironi.
Il pescatore preparava le reti all'alba, prima che il vento cambiasse direzione.
Sulle colline crescevano vigneti ordinati e filari di ulivi argentati.
La vendemmia durava due settimane e coinvolgeva tutte le famiglie della contrada.
Il vino nuovo veniva assaggiato a novembre, insieme alle prime castagne arrostite.
"""
EXCERPT = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="it">
  <siteinfo>
    <sitename>Provawiki</sitename>
    <dbname>provawiki</dbname>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="6" case="first-letter">File</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
      <namespace key="14" case="first-letter">Categoria</namespace>
    </namespaces>
  </siteinfo>
  <page>
    <title>Borgo</title>
    <ns>0</ns>
    <id>1</id>
    <revision>
      <id>10</id>
      <text xml:space="preserve">{{Infobox borgo
| nome = Borgo
| abitanti = 300
| altitudine = 900
| provincia = Nessuna
| note = un borgo inventato per una prova del generatore di dump
}}
Il '''borgo''' è un [[paese|villaggio]] di [[montagna]] con una ''chiesa''.&lt;ref&gt;{{cita libro|titolo=Storia del borgo|anno=1901}}&lt;/ref&gt; Ha un [[mulino]] {{citazione necessaria}}.

== Storia ==
Fu fondato da [[pastori]] e [[boscaioli]].&lt;ref name="a"&gt;Un libro inventato&lt;/ref&gt;
* una [[piazza]]
* un ''ponte''

{| class="wikitable"
! anno !! abitanti
|-
| 1900 || 500
|}
[[File:Borgo.jpg|thumb|Il borgo]]
== Collegamenti esterni ==
* [http://example.org/borgo Sito del borgo]

[[Categoria:Borghi]]</text>
    </revision>
  </page>
  <page>
    <title>Paese</title>
    <ns>0</ns>
    <id>2</id>
    <redirect title="Borgo" />
    <revision>
      <id>11</id>
      <text xml:space="preserve">#RINVIA [[Borgo]]</text>
    </revision>
  </page>
  <page>
    <title>Template:Infobox borgo</title>
    <ns>10</ns>
    <id>3</id>
    <revision>
      <id>12</id>
      <text xml:space="preserve">{{{nome}}}</text>
    </revision>
  </page>
</mediawiki>
"""


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    root = tmp_path_factory.mktemp("inputs")
    (root / "a.txt").write_text(SENTENCES)
    (root / "novels").mkdir()
    (root / "novels" / "one.txt").write_text(SENTENCES_B)
    (root / "novels" / "two.txt").write_text(SENTENCES_B.replace("Il ", "Un "))
    (root / "excerpt.xml").write_text(EXCERPT)
    sources = [[root / "a.txt"], sorted((root / "novels").glob("*.txt"))]
    return sources, [root / "excerpt.xml"]


def make(inputs, out: Path, tokens: int, seed: int = 0, heaps=(3.0, 0.6), parts: int = 3):
    sources, excerpts = inputs
    return wikidump.generate(
        out,
        tokens,
        seed=seed,
        parts=parts,
        sources=sources,
        excerpts=excerpts,
        heaps=heaps,
        jobs=2,
        log=lambda *_: None,
    )


@pytest.fixture(scope="module")
def dump(inputs, tmp_path_factory):
    out = tmp_path_factory.mktemp("dump")
    return out, make(inputs, out, 40_000)


def streams(data: bytes) -> list[tuple[int, bytes]]:
    """(offset, decompressed bytes) of every bz2 stream of a file."""
    out, offset = [], 0
    while offset < len(data):
        d = bz2.BZ2Decompressor()
        text = d.decompress(data[offset:])
        out.append((offset, text))
        assert d.eof
        offset = len(data) - len(d.unused_data)
    return out


def test_markup_rates_are_measured_from_the_excerpt(inputs):
    m = wikidump.measure_markup(inputs[1])
    # the one article: 3 links + 3 in the history section + the list's, one labelled
    assert m.per_article["block"] == 1 and m.per_article["table"] == 1
    assert m.per_article["file"] == 1 and m.per_article["category"] == 1
    assert m.per_ktok["ref"] > 0 and m.per_ktok["link"] > m.per_ktok["ref"]
    assert m.pages == {"article": 1 / 3, "redirect": 1 / 3, "ns10": 1 / 3}
    assert m.pools["block"][0].startswith("{{Infobox borgo")
    assert m.pools["file"] == ["Borgo.jpg|thumb|Il borgo"]


def test_multistream_layout_and_index(dump):
    out, manifest = dump
    data = (out / "itwiki-20241101-pages-articles-multistream.xml.bz2").read_bytes()
    parts = streams(data)
    head = parts[0][1].decode()
    assert head.startswith('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/"')
    assert head.rstrip().endswith("</siteinfo>") and "<page>" not in head
    assert parts[-1][1] == b"</mediawiki>\n"
    pages = parts[1:-1]
    counts = [p.count(b"<page>") for _, p in pages]
    assert counts[:-1] == [100] * (len(counts) - 1) and 0 < counts[-1] <= 100
    assert sum(counts) == manifest["pages"] > 200
    index = bz2.decompress(
        (out / "itwiki-20241101-pages-articles-multistream-index.txt.bz2").read_bytes()
    ).decode()
    lines = [line.split(":", 2) for line in index.splitlines()]
    assert len(lines) == manifest["pages"]
    by_offset = {off: text for off, text in pages}
    for off, pid, title in lines[::37]:
        root = ET.fromstring(b"<x>" + by_offset[int(off)] + b"</x>")
        found = {p.findtext("id"): p.findtext("title") for p in root.iter("page")}
        assert found[pid] == title
    ids = [int(pid) for _, pid, _ in lines]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


def test_split_parts_are_single_stream_documents(dump):
    out, manifest = dump
    names = [n for n in manifest["files"] if re.search(r"articles\d+\.xml-p", n)]
    assert len(names) == 3
    ranges, ids = [], []
    for name in sorted(names, key=lambda n: int(re.search(r"articles(\d+)", n)[1])):
        first, last = map(int, re.search(r"-p(\d+)p(\d+)\.bz2$", name).groups())
        (only,) = streams((out / name).read_bytes())
        root = ET.fromstring(only[1])
        assert root.tag == "{http://www.mediawiki.org/xml/export-0.11/}mediawiki"
        ns = {"m": "http://www.mediawiki.org/xml/export-0.11/"}
        assert root.find("m:siteinfo/m:dbname", ns).text == "itwiki"
        part_ids = [int(p.findtext("m:id", namespaces=ns)) for p in root.findall("m:page", ns)]
        assert part_ids[0] == first and part_ids[-1] == last
        ranges.append((first, last))
        ids += part_ids
    assert all(a[1] < b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    assert len(ids) == manifest["pages"]


def test_same_seed_same_bytes(inputs, tmp_path):
    a = make(inputs, tmp_path / "a", 6000, seed=3)
    b = make(inputs, tmp_path / "b", 6000, seed=3)
    c = make(inputs, tmp_path / "c", 6000, seed=4)
    for name in a["files"]:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    name = "itwiki-20241101-pages-articles-multistream.xml.bz2"
    assert (tmp_path / "a" / name).read_bytes() != (tmp_path / "c" / name).read_bytes()
    assert a["tokens"] >= 6000 and a["types"] == b["types"]
    assert (a["pages"], a["tokens"]) != (c["pages"], c["tokens"])


def extract(files: list[Path], out: Path, shards: int) -> tuple[int, list[str]]:
    """(documents, texts) of ``wordgames build extract`` over every shard, as the rule calls it."""
    spec = {"kind": "mediawiki", "language": "it", "shards": shards, "max_documents": None,
            "options": {"wiki": "wikipedia"}}  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    texts, documents = [], 0
    for shard in range(shards):
        s = f"{shard:03d}"
        cmd = [sys.executable, "-m", "wordgames", "build", "extract", "--corpus", "gen",
               "--shard", s, "--spec", json.dumps(spec), "--files", *map(str, files),
               "--out", str(out / f"{s}.parquet"), "--summary-out", str(out / f"{s}.json"),
               "--table-out", f"redirects={out / f'{s}-redirects.parquet'}",
               "--table-out", f"titles={out / f'{s}-titles.parquet'}"]  # fmt: skip
        subprocess.run(cmd, check=True, env=env, capture_output=True)
        documents += json.loads((out / f"{s}.json").read_text())["documents"]
        texts += pq.read_table(out / f"{s}.parquet").column("text").to_pylist()
    return documents, texts


@pytest.mark.parametrize("layout", ["multistream", "parts"])
def test_extractor_recovers_pages_and_tokens(dump, tmp_path, layout):
    out, manifest = dump
    if layout == "multistream":
        files = [out / "itwiki-20241101-pages-articles-multistream.xml.bz2"]
    else:
        files = sorted(out.glob("itwiki-20241101-pages-articles[0-9]*.bz2"))
    # two shards: each streams the multistream file and keeps every other page, or whole parts
    documents, texts = extract(files, tmp_path, shards=2)
    assert documents == manifest["articles"]
    tokens = sum(len(t.split()) for t in texts)
    assert abs(tokens - manifest["tokens"]) <= 0.01 * manifest["tokens"]


def test_types_follow_heaps_law(inputs, tmp_path):
    """Five invented sources hold ~300 types; the generated text keeps growing on V = K n^beta."""
    k, beta = 3.0, 0.6
    manifest = make(inputs, tmp_path / "d", 80_000, heaps=(k, beta), parts=0)
    assert manifest["rewritten_tokens"] > 0.05 * manifest["tokens"]
    _, texts = extract([tmp_path / "d" / MULTISTREAM], tmp_path, shards=1)
    types, n, points = set(), 0, []
    marks = set(wikidump.checkpoints(80_000, start=5000))
    for text in texts:
        for tok in text.split():
            n += 1
            core = tok.strip(wikidump.PUNCT).lower()
            if core:
                types.add(core)
            if n in marks:
                points.append((n, len(types)))
    fit_k, fit_beta = wikidump.heaps_fit(points)
    assert abs(fit_beta - beta) < 0.02, (fit_k, fit_beta)
    assert abs(math.log(fit_k / k)) < 0.3
    assert manifest["types"] == pytest.approx(k * n**beta, rel=0.05)


def test_heaps_fit_recovers_a_power_law():
    points = [(n, round(7 * n**0.55)) for n in wikidump.checkpoints(10**6)]
    k, beta = wikidump.heaps_fit(points)
    assert beta == pytest.approx(0.55, abs=1e-3) and k == pytest.approx(7, rel=0.01)


def test_markup_like_lines_are_skipped_or_unmarked():
    assert wikidump.clean_line("* Una riga di elenco con parole") == "Una riga di elenco con parole"
    assert wikidump.clean_line("Una riga con [[collegamento]] dentro") is None
    assert wikidump.clean_line("Vedi http://example.org per tutto") is None
    assert wikidump.clean_line("corta") is None


def test_real_sources_and_excerpts(wordgames_data, tmp_path):
    """On the shared data: the Italian sources and the real excerpts' markup, recovered."""
    root = Path(wordgames_data) / "corpora"
    sources = wikidump.source_files("it", root)
    assert len(sources) >= 5
    # the data folder the fixture found (WORDGAMES_DATA or ../shared/data), not the environment
    excerpts = [root / "mediawiki" / e for e in wikidump.EXCERPTS]
    manifest = wikidump.generate(
        tmp_path / "d", 20_000, lang="it", log=lambda *_: None, parts=2,
        sources=sources, excerpts=excerpts,
    )  # fmt: skip
    assert 0.4 < manifest["heaps"]["beta"] < 0.9
    assert manifest["redirects"] > 0 and manifest["other_namespaces"] > 0
    rates = manifest["markup"]["per_1000_tokens"]
    assert rates["link"] > 10 and rates["ref"] > 1 and rates["inline"] > 1
    files = [tmp_path / "d" / MULTISTREAM]
    documents, texts = extract(files, tmp_path, shards=1)
    assert documents == manifest["articles"]
    tokens = sum(len(t.split()) for t in texts)
    assert abs(tokens - manifest["tokens"]) <= 0.01 * manifest["tokens"]
