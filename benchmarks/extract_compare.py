"""Side by side on the same dumps: wikiextractor, gensim's WikiCorpus and our extract + tokenize.

Speed (one table): each tool runs in its own subprocess on the same bz2 dump, and the parent reads the
child's resource usage from ``os.wait4`` (CPU and peak RSS of the child and every process it waited
for). Medians of ``--repeats`` runs.

- **ours**: :func:`~wordgames.corpus.extract.extract_shard` then
  :func:`~wordgames.corpus.pipeline.tokenize_shard` (what ``wordgames build extract`` and
  ``build tokenize`` run), one shard, Parquet out: 1 process.
- **wikiextractor** (PyPI, 3.1.0): its CLI, ``--processes 1 --json``, templates expanded from the
  dump as by default: 3 processes (reader, 1 extractor, writer), their CPU summed, peak RSS of the
  largest. It has no tokenizer: its tokens are its text's, counted afterwards (untimed) with ours.
- **gensim**: ``WikiCorpus(dump, processes=1, dictionary={}).get_texts()`` (its own tokenizer:
  lower case, tokens of 2-15 letters, articles of 50 tokens or more), tokens written one article a
  line: 2 processes (reader and a pool of 1 worker).

Pages per CPU second use the same numerator for all: the ``<page>`` elements of the dump.

Text quality (on the real excerpts under ``$WORDGAMES_DATA/corpora/mediawiki``, read in place; each
is rewritten once to a temporary bz2 of well-formed UTF-8 XML so all three read the same bytes: the
.xz excerpts decompressed and cut after their last ``</page>``, the UTF-16 bgwiki converted):

- **viwiki golden page**: wikiextractor's own expected output for its test dump (made by an older
  wikiextractor). Per page, a tool's text against the expected text (title line dropped):
  *token F1* = micro-averaged multiset F1 of lower-case ``[^\\W_]+`` tokens over the pages;
  *line F1* = F1 of line matches, a line being its token sequence (so wikiextractor's quotes for
  italics do not count), empty lines ignored.
- **markup leftovers** per 1,000 tokens of each tool's text (:data:`LEFTOVERS`, the dump's own
  File/Category namespace names added), on every excerpt: gensim's text is ``filter_wiki``'s output,
  before its tokenizer drops the symbols.
- **markup words** per 1,000 of each tool's own tokens (:data:`MARKUP_WORDS`): what reaches a model.

Run: ``.venv/bin/python benchmarks/extract_compare.py [--dump PATH ...] [--repeats 3]`` (needs the
``bench`` extra: ``pip install -e '.[bench]'``). Without ``--dump`` the speed runs use the biggest
real excerpts. Exit status 3 when neither data nor wikiextractor is there.
"""

from __future__ import annotations

import argparse
import bz2
import html
import json
import lzma
import os
import re
import statistics
import sys
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path

from child_usage import run_child  # benchmarks/ is on sys.path when run as a script

HERE = Path(__file__).resolve()
EXCERPTS = "corpora/mediawiki"
#: (excerpt file under EXCERPTS, language for our tokenizer: en or it; others use en's rules)
QUALITY_EXCERPTS = [
    "gensim-test-data/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2",
    "gensim-test-data/enwiki-table-markup.xml.bz2",
    "gensim-test-data/bgwiki-latest-pages-articles-shortened.xml.bz2",
    "dumpster-dive-fixtures/smallwiki-latest-pages-articles.xml",
    "dumpster-dive-fixtures/tinywiki-latest-pages-articles.xml",
    "wikiextractor-test/viwiki-test.xml",
    *(
        f"xztextfilter-truncated-wikis/{w}wiki-truncated-100k.xml.xz"
        for w in ("bn", "el", "hy", "ja", "mr", "uk", "vi")
    ),
]
SPEED_EXCERPTS = [
    QUALITY_EXCERPTS[0],
    QUALITY_EXCERPTS[3],
    *QUALITY_EXCERPTS[6:],
]
GOLDEN_DUMP = "wikiextractor-test/viwiki-test.xml"
GOLDEN_TEXT = "wikiextractor-test/wiki_00.expected-output.txt"
TOOLS = ("ours", "wikiextractor", "gensim")
PROCESSES = {"ours": 1, "wikiextractor": 3, "gensim": 2}

#: Markup that should not survive into plain text, by name (counted per 1,000 tokens of text).
LEFTOVERS = {
    "{{ }}": r"\{\{|\}\}",
    "[[ ]]": r"\[\[|\]\]",
    "{| |} ||": r"\{\||\|\}|\|\|",
    "table row | !": r"(?m)^[ \t]*[|!]",
    "<ref": r"<\s*/?\s*ref\b",
    "other tags": r"</?(?:div|span|small|big|center|font|sup|sub|br|nowiki|blockquote|poem|gallery|"
    r"math|table|tr|td|th|references|includeonly|noinclude|onlyinclude|templatestyles|score|"
    r"timeline|imagemap|syntaxhighlight|source|mapframe|code|abbr|s|u|b|i)\b[^>]*>",
    "&lt; &amp; ...": r"&(?:lt|gt|amp|quot|nbsp|ndash|mdash|#\d+|#x[0-9a-fA-F]+);",
    "'' '''": r"''",
    "== heading": r"==",
    "thumb| px|": r"\bthumb(?:nail)?\||\b\d+px\b|\bpx\|",
    "http www": r"https?://|\bwww\.",
    "param=": r"\|\s*[^\W\d_][\w -]{0,30}=",
    "__MAGIC__": r"__[A-Z]{3,}__",
    "ns prefix:": r"\b(?:Category|Categoria|File|Image|Immagine|Media):",
}
#: Words that are markup, not text (counted per 1,000 of a tool's own tokens).
MARKUP_WORDS = frozenset(
    {"thumb", "thumbnail", "px", "upright", "wikitable", "colspan", "rowspan", "bgcolor"}
    | {"cellpadding", "cellspacing", "align", "valign", "nbsp", "ndash", "mdash", "ref", "reflist"}
    | {"defaultsort", "infobox", "cite", "http", "https", "www", "jpg", "jpeg", "png", "svg", "gif"}
    | {"br", "div", "span", "nowiki", "noinclude", "includeonly", "templatestyles"}
)
_PX = re.compile(r"^\d+px$")
_NEUTRAL = re.compile(r"[^\W_]+")


def neutral_tokens(text: str) -> list[str]:
    """The one token rule every tool's text is measured with: lower-case runs of letters/digits."""
    return _NEUTRAL.findall(unicodedata.normalize("NFC", text).lower())


def leftover_patterns(namespace_names=()) -> dict[str, re.Pattern]:
    patterns = dict(LEFTOVERS)
    extra = [re.escape(n) for n in namespace_names if n]
    if extra:
        patterns["ns prefix:"] = patterns["ns prefix:"][:-2] + "|" + "|".join(extra) + r"):"
    return {name: re.compile(p) for name, p in patterns.items()}


def count_leftovers(text: str, patterns: dict[str, re.Pattern]) -> Counter:
    return Counter({name: len(p.findall(text)) for name, p in patterns.items()})


def markup_words(tokens) -> int:
    return sum(1 for t in tokens if t in MARKUP_WORDS or _PX.match(t))


def multiset_f1(pairs) -> tuple[float, float, float]:
    """Micro (precision, recall, F1) of token multisets over (got tokens, expected tokens) pairs."""
    hit = got = want = 0
    for a, b in pairs:
        ca, cb = Counter(a), Counter(b)
        hit += sum((ca & cb).values())
        got += sum(ca.values())
        want += sum(cb.values())
    p = hit / got if got else 0.0
    r = hit / want if want else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _lines(text: str) -> list[str]:
    """A text's lines as their token sequences (quotes and punctuation do not count)."""
    lines = (" ".join(neutral_tokens(line)) for line in text.splitlines())
    return [line for line in lines if line]


def line_f1(pairs) -> tuple[float, float, float]:
    """Micro (precision, recall, F1) of line matches (same tokens in the same order) over (got
    text, expected text) pairs."""
    return multiset_f1((_lines(a), _lines(b)) for a, b in pairs)


def parse_golden(text: str) -> dict[str, str]:
    """wikiextractor's ``<doc>`` output: title -> body (its first line, the title, dropped)."""
    out = {}
    for m in re.finditer(r'<doc id="[^"]*" url="[^"]*" title="([^"]*)">\n(.*?)</doc>', text, re.S):
        title = html.unescape(m.group(1))
        body = m.group(2).split("\n", 1)
        out[title] = body[1] if len(body) > 1 else ""
    return out


# preparing the inputs -------------------------------------------------------------------------------
def read_excerpt(path: Path) -> bytes:
    """A dump's XML as well-formed UTF-8: decompressed, UTF-16 re-encoded, a cut file closed."""
    if path.suffix == ".xz":
        data = lzma.decompress(path.read_bytes())
    elif path.suffix == ".bz2":
        data = bz2.decompress(path.read_bytes())
    else:
        data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16").replace("\r\n", "\n")
        text = re.sub(r"""encoding=["']utf-16["']""", 'encoding="utf-8"', text, count=1, flags=re.I)
        data = text.encode("utf-8")
    if b"</mediawiki>" not in data[-200:]:
        data = data[: data.rfind(b"</page>") + len(b"</page>")] + b"\n</mediawiki>\n"
    return data


def namespace_names(xml: bytes) -> list[str]:
    """The File (6), Media (-2) and Category (14) namespace names of a dump's <siteinfo>."""
    head = xml[: xml.find(b"<page>")].decode("utf-8", "replace")
    return re.findall(r'<namespace key="(?:-2|6|14)"[^>]*>([^<]+)</namespace>', head)


def prepare(path: Path, folder: Path, rewrite: bool = True) -> dict:
    """The bz2 every tool reads and what is known about it. A real excerpt (``rewrite``) is
    rewritten by :func:`read_excerpt`; a given .bz2 dump is used as it is."""
    if rewrite or not path.name.endswith(".bz2"):
        xml = read_excerpt(path)
        target = folder / (re.sub(r"\.(xml|bz2|xz)", "", path.name) + ".xml.bz2")
        target.write_bytes(bz2.compress(xml, 6))
        head, pages = xml[: 1 << 16], xml.count(b"<page>")
    else:
        target, pages = path, _count_pages_bz2(path)
        with bz2.open(path) as fh:
            head = fh.read(1 << 16)
    lang = re.search(rb'xml:lang="([a-z-]+)"', head[:2000])
    return {
        "name": path.name,
        "bz2": target,
        "pages": pages,
        "ns": namespace_names(head),
        "language": lang.group(1).decode() if lang else "en",
    }


def _count_pages_bz2(path: Path) -> int:
    pages, tail = 0, b""
    with bz2.open(path) as fh:
        while chunk := fh.read(1 << 22):
            pages += (tail + chunk).count(b"<page>")
            tail = chunk[-5:]
    return pages


def our_language(language: str) -> str:
    return language if language in ("en", "it") else "en"


# the measured children ------------------------------------------------------------------------------
def child_ours(dump: Path, out: Path, language: str) -> dict:
    from wordgames.corpus.extract import extract_shard
    from wordgames.corpus.model import Corpus
    from wordgames.corpus.pipeline import tokenize_shard

    spec = {"kind": "mediawiki", "language": language, "shards": 1, "max_documents": None}
    c = Corpus.from_spec("bench", {**spec, "options": {}})
    tables = {t: out / f"{t}.parquet" for t in c.tables}
    summary = extract_shard(c, [dump], "000", out / "docs.parquet", out / "summary.json", tables)
    tokens = tokenize_shard(out / "docs.parquet", out / "tokens.parquet", language)
    return {"documents": summary["documents"], "tokens": tokens["tokens"]}


def child_gensim(dump: Path, out: Path) -> dict:
    from gensim.corpora.wikicorpus import WikiCorpus

    corpus = WikiCorpus(str(dump), processes=1, dictionary={}, metadata=True)
    documents = tokens = 0
    with open(out / "gensim.txt", "w", encoding="utf-8") as fh:
        for words, (_, title) in corpus.get_texts():
            fh.write(f"{title}\t{' '.join(words)}\n")
            documents += 1
            tokens += len(words)
    return {"documents": documents, "tokens": tokens}


def _wikiextractor_command(dump: Path, out: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "wikiextractor.WikiExtractor",
        str(dump),
        "-o",
        str(out / "wx"),
        "--json",
        "--processes",
        "1",
        "-b",
        "100M",
        "-q",
    ]


def read_wikiextractor(out: Path) -> dict[str, str]:
    """title -> text of a wikiextractor ``--json`` output folder."""
    docs = {}
    for path in sorted((out / "wx").rglob("wiki_*")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                docs[row["title"]] = row["text"]
    return docs


def run_measured(tool: str, prep: dict, out: Path) -> dict:
    """Run one tool in a subprocess on a prepared dump: CPU, wall, peak RSS, documents, tokens."""
    out.mkdir(parents=True, exist_ok=True)
    if tool == "wikiextractor":
        cmd = _wikiextractor_command(prep["bz2"], out)
    else:
        cmd = [sys.executable, str(HERE), "--child", tool, str(prep["bz2"]), str(out)]
        cmd.append(our_language(prep["language"]))
    child = run_child(cmd, out / "stdout", out / "stderr")
    stdout = child.stdout.read_bytes()
    if child.returncode != 0:
        stderr = child.stderr.read_text(errors="replace")
        raise SystemExit(f"{tool} on {prep['name']} failed:\n{stderr[-3000:]}")
    if tool == "wikiextractor":
        docs = read_wikiextractor(out)
        language = our_language(prep["language"])
        from wordgames.corpus.tokenize import tokenize

        result = {
            "documents": sum(1 for t in docs.values() if t.strip()),
            "tokens": sum(len(s) for t in docs.values() for s in tokenize(t, language)),
        }
    else:
        result = json.loads(stdout.decode().strip().splitlines()[-1])
    result.update(cpu=child.cpu_s, wall=child.wall_s, rss_mb=child.peak_mb)
    return result


def speed(preps: list[dict], repeats: int, work: Path) -> list[dict]:
    rows = []
    for prep in preps:
        for tool in TOOLS:
            runs = []
            for r in range(repeats):
                out = work / f"{tool}-{prep['bz2'].stem}-{r}"
                runs.append(run_measured(tool, prep, out))
                _rmtree(out)
            cpu = statistics.median(x["cpu"] for x in runs)
            rows.append(
                {
                    "dump": prep["name"],
                    "tool": tool,
                    "processes": PROCESSES[tool],
                    "pages": prep["pages"],
                    "documents": runs[0]["documents"],
                    "tokens": runs[0]["tokens"],
                    "cpu": cpu,
                    "wall": statistics.median(x["wall"] for x in runs),
                    "rss_mb": statistics.median(x["rss_mb"] for x in runs),
                    "pages_per_cpu_s": prep["pages"] / cpu,
                    "tokens_per_cpu_s": runs[0]["tokens"] / cpu,
                }
            )
            print(
                f"  {prep['name'][:40]:40} {tool:13} cpu {cpu:7.2f} s  "
                f"rss {rows[-1]['rss_mb']:6.0f} MB",
                file=sys.stderr,
            )
    return rows


def _rmtree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


# quality --------------------------------------------------------------------------------------------
def texts_of_all(prep: dict, work: Path) -> dict[str, dict]:
    """tool -> {"text": title -> text, "tokens": the tool's own tokens} on one prepared excerpt."""
    import pyarrow.parquet as pq
    from gensim.corpora.wikicorpus import extract_pages, filter_wiki, tokenize

    out = work / f"quality-{prep['bz2'].stem}"
    language = our_language(prep["language"])
    run_measured("ours", prep, out / "ours")
    ours = {
        d["doc"].split(":", 1)[1]: d["text"]
        for d in pq.read_table(out / "ours" / "docs.parquet").to_pylist()
    }
    our_tokens = [
        t
        for row in pq.read_table(out / "ours" / "tokens.parquet").to_pylist()
        for t in row["tokens"]
    ]
    run_measured("wikiextractor", prep, out / "wx")
    wx = {t: x for t, x in read_wikiextractor(out / "wx").items() if x.strip()}
    from wordgames.corpus.tokenize import tokenize as our_tokenize

    wx_tokens = [t for x in wx.values() for s in our_tokenize(x, language) for t in s]
    # gensim: the same page walk as get_texts (main namespace), its text before its tokenizer
    gensim, gensim_tokens = {}, []
    with bz2.open(prep["bz2"]) as fh:
        for title, text, _ in extract_pages(fh, ("0",)):
            if not text or re.match(r"#redirect", text, re.I):
                continue
            clean = filter_wiki(text)
            words = tokenize(clean)
            if len(words) < 50:  # get_texts drops articles under ARTICLE_MIN_WORDS
                continue
            gensim[title] = clean
            gensim_tokens.extend(words)
    _rmtree(out)
    return {
        "ours": {"text": ours, "tokens": our_tokens},
        "wikiextractor": {"text": wx, "tokens": wx_tokens},
        "gensim": {"text": gensim, "tokens": gensim_tokens},
    }


def quality(preps: list[dict], data: Path, work: Path) -> dict:
    golden = parse_golden((data / EXCERPTS / GOLDEN_TEXT).read_text(encoding="utf-8"))
    golden = {t: b for t, b in golden.items() if b.strip()}
    per_excerpt = []
    pooled = {tool: Counter() for tool in TOOLS}
    pooled_tokens = Counter()
    pooled_words = Counter()
    pooled_own = Counter()
    scores = {}
    for prep in preps:
        texts = texts_of_all(prep, work)
        patterns = leftover_patterns(prep["ns"])
        row = {"excerpt": prep["name"], "pages": prep["pages"]}
        for tool in TOOLS:
            text = "\n".join(texts[tool]["text"].values())
            n = len(neutral_tokens(text))
            found = count_leftovers(text, patterns)
            pooled[tool] += found
            pooled_tokens[tool] += n
            own = texts[tool]["tokens"]
            words = markup_words(own)
            pooled_words[tool] += words
            pooled_own[tool] += len(own)
            row[tool] = {
                "tokens": n,
                "leftovers": sum(found.values()),
                "per_1000": 1000 * sum(found.values()) / n if n else 0.0,
                "markup_words_per_1000": 1000 * words / len(own) if own else 0.0,
            }
        per_excerpt.append(row)
        if prep["name"] == Path(GOLDEN_DUMP).name:
            for tool in TOOLS:
                got = texts[tool]["text"]
                pairs = [(got.get(t, ""), body) for t, body in golden.items()]
                scores[tool] = {
                    "token": multiset_f1((neutral_tokens(a), neutral_tokens(b)) for a, b in pairs),
                    "line": line_f1(pairs),
                    "pages": len(pairs),
                }
    return {
        "golden": scores,
        "per_excerpt": per_excerpt,
        "pooled": {
            tool: {
                name: 1000 * pooled[tool][name] / max(pooled_tokens[tool], 1) for name in LEFTOVERS
            }
            for tool in TOOLS
        },
        "pooled_tokens": dict(pooled_tokens),
        "pooled_markup_words": {t: 1000 * pooled_words[t] / max(pooled_own[t], 1) for t in TOOLS},
    }


# tables ---------------------------------------------------------------------------------------------
def print_speed(rows: list[dict]) -> None:
    print("\n### Speed (medians; CPU = user + system of all the tool's processes)\n")
    print(
        "| dump | tool | procs | pages | docs out | tokens out | CPU s | wall s | peak RSS MB "
        "| pages/CPU s | tokens/CPU s |"
    )
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for r in rows:
        print(
            f"| {r['dump']} | {r['tool']} | {r['processes']} | {r['pages']:,} | "
            f"{r['documents']:,} | {r['tokens']:,} | {r['cpu']:.2f} | {r['wall']:.2f} | "
            f"{r['rss_mb']:.0f} | {r['pages_per_cpu_s']:,.0f} | {r['tokens_per_cpu_s']:,.0f} |"
        )
    if len({r["dump"] for r in rows}) > 1:
        for tool in TOOLS:
            mine = [r for r in rows if r["tool"] == tool]
            cpu = sum(r["cpu"] for r in mine)
            pages = sum(r["pages"] for r in mine)
            tokens = sum(r["tokens"] for r in mine)
            print(
                f"| **all** | {tool} | {PROCESSES[tool]} | {pages:,} | "
                f"{sum(r['documents'] for r in mine):,} | {tokens:,} | {cpu:.2f} | "
                f"{sum(r['wall'] for r in mine):.2f} | {max(r['rss_mb'] for r in mine):.0f} | "
                f"{pages / cpu:,.0f} | {tokens / cpu:,.0f} |"
            )


def print_quality(q: dict) -> None:
    if q["golden"]:
        print("\n### viwiki test page against wikiextractor's expected output\n")
        print("| tool | pages | token P | token R | token F1 | line P | line R | line F1 |")
        print("|---|--:|--:|--:|--:|--:|--:|--:|")
        for tool, s in q["golden"].items():
            tp, tr, tf = s["token"]
            lp, lr, lf = s["line"]
            print(
                f"| {tool} | {s['pages']} | {tp:.3f} | {tr:.3f} | {tf:.3f} | {lp:.3f} | {lr:.3f} "
                f"| {lf:.3f} |"
            )
    print("\n### Markup leftovers per 1,000 tokens of text, by excerpt\n")
    print("| excerpt | pages | " + " | ".join(TOOLS) + " |")
    print("|---|--:|" + "--:|" * len(TOOLS))
    for row in q["per_excerpt"]:
        cells = " | ".join(f"{row[t]['per_1000']:.2f}" for t in TOOLS)
        print(f"| {row['excerpt']} | {row['pages']:,} | {cells} |")
    print("\n### Markup leftovers per 1,000 tokens of text, by pattern (all excerpts)\n")
    print("| pattern | " + " | ".join(TOOLS) + " |")
    print("|---|" + "--:|" * len(TOOLS))
    for name in LEFTOVERS:
        cells = " | ".join(f"{q['pooled'][t][name]:.2f}" for t in TOOLS)
        print(f"| `{name}` | {cells} |")
    total = " | ".join(f"{sum(q['pooled'][t].values()):.2f}" for t in TOOLS)
    print(f"| **all** | {total} |")
    tokens = " | ".join(f"{q['pooled_tokens'][t]:,}" for t in TOOLS)
    print(f"| (tokens of text) | {tokens} |")
    print("\n### Markup words per 1,000 of the tool's own tokens\n")
    print("| excerpt | " + " | ".join(TOOLS) + " |")
    print("|---|" + "--:|" * len(TOOLS))
    for row in q["per_excerpt"]:
        cells = " | ".join(f"{row[t]['markup_words_per_1000']:.2f}" for t in TOOLS)
        print(f"| {row['excerpt']} | {cells} |")
    cells = " | ".join(f"{q['pooled_markup_words'][t]:.2f}" for t in TOOLS)
    print(f"| **all** | {cells} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dump", type=Path, action="append", help="a .bz2 dump to time (repeat)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-quality", action="store_true", help="speed only")
    parser.add_argument("--no-speed", action="store_true", help="text quality only")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--child", nargs=4, metavar=("TOOL", "DUMP", "OUT", "LANG"))
    args = parser.parse_args(argv)
    if args.child:
        tool, dump, out, language = args.child
        if tool == "ours":
            result = child_ours(Path(dump), Path(out), language)
        else:
            result = child_gensim(Path(dump), Path(out))
        print(json.dumps(result))
        return 0

    try:
        import wikiextractor.WikiExtractor  # noqa: F401
    except ImportError:
        print("wikiextractor is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 3
    data = Path(os.environ["WORDGAMES_DATA"]) if os.environ.get("WORDGAMES_DATA") else None
    if (data is None or not (data / EXCERPTS).is_dir()) and (not args.dump or not args.no_quality):
        print(
            f"WORDGAMES_DATA has no {EXCERPTS} (the real excerpts): set it, or give --dump "
            "and --no-quality",
            file=sys.stderr,
        )
        return 3
    results = {}
    with tempfile.TemporaryDirectory(prefix="extract-compare-") as tmp:
        work = Path(tmp)
        cache: dict[str, dict] = {}

        def prep_excerpt(rel: str) -> dict:
            if rel not in cache:
                cache[rel] = prepare(data / EXCERPTS / rel, work)
            return cache[rel]

        if not args.no_speed:
            if args.dump:
                preps = [prepare(d, work, rewrite=False) for d in args.dump]
            else:
                preps = [prep_excerpt(rel) for rel in SPEED_EXCERPTS]
            results["speed"] = speed(preps, args.repeats, work)
            print_speed(results["speed"])
        if not args.no_quality:
            preps = [prep_excerpt(rel) for rel in QUALITY_EXCERPTS]
            results["quality"] = quality(preps, data, work)
            print_quality(results["quality"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
