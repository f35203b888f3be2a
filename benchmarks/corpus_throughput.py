"""Corpus stage throughput and peak memory on generated MediaWiki dumps of two sizes.

Generates synthetic pages-articles XML (templates, nested templates, references, tables, links,
categories, 10% redirects) into a temporary folder, then measures, each in a fresh subprocess (so the
peak RSS is that of the measured work alone):

- ``stream``: PageFilter + mwxml page streaming only (no wikitext cleaning);
- ``extract``: the whole extraction stage (streaming + mwparserfromhell cleaning + Parquet);
- ``tokenize``: the tokenisation stage on the extracted documents;
- ``naive-tokens``: a baseline tokeniser (lower case, ``\\w+``) on the same documents, no sentences.

Run: ``.venv/bin/python benchmarks/corpus_throughput.py [--sizes 25 100] [--repeat 1]`` (sizes in MB of
XML). Prints one table with medians; memory should not grow with the input size.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from xml.sax.saxutils import escape

HEADER = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo>
    <sitename>Benchwiki</sitename>
    <dbname>benchwiki</dbname>
    <base>https://example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.41.0</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="6" case="first-letter">File</namespace>
      <namespace key="14" case="first-letter">Category</namespace>
    </namespaces>
  </siteinfo>
"""


def _words(rng: random.Random, n: int) -> list[str]:
    letters = "etaoinshrdlucmfwypvbgkjqxz"
    weights = [12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    return ["".join(rng.choices(letters, weights, k=rng.randint(2, 9))) for _ in range(n)]


def _sentence(rng, vocab) -> str:
    words = rng.choices(vocab, k=rng.randint(6, 24))
    for i in range(len(words)):
        r = rng.random()
        if r < 0.06:
            words[i] = f"[[{words[i]}]]"
        elif r < 0.08:
            words[i] = f"[[{words[i]}|{rng.choice(vocab)}]]"
        elif r < 0.09:
            words[i] = f"''{words[i]}''"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "?", "!"])


def _page_text(rng, vocab, title) -> str:
    parts = [
        f"{{{{Infobox thing|name={title}|image=Pic {title}.jpg|size={{{{convert|{rng.randint(1, 99)}|km|mi}}}}}}}}",
        f"'''{title}''' "
        + " ".join(_sentence(rng, vocab) for _ in range(rng.randint(2, 5)))
        + "<ref>{{cite web|url=https://example.org|title=Source}}</ref>",
    ]
    for _ in range(rng.randint(2, 5)):
        parts.append(f"== {rng.choice(vocab).title()} ==")
        for _ in range(rng.randint(1, 3)):
            parts.append(" ".join(_sentence(rng, vocab) for _ in range(rng.randint(2, 6))))
        if rng.random() < 0.3:
            parts.append('{| class="wikitable"\n|-\n! a !! b\n|-\n| 1 || 2\n|}')
    parts.append("== References ==\n<references />")
    parts.append(f"[[Category:{rng.choice(vocab).title()}]]")
    return "\n\n".join(parts)


def generate(path: Path, megabytes: float, seed: int = 0) -> int:
    rng = random.Random(seed)
    vocab = _words(rng, 20000)
    target = int(megabytes * 1e6)
    pages = 0
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        written = len(HEADER)
        while written < target:
            title = " ".join(rng.choices(vocab, k=2)).title() + f" {pages}"
            redirect = ""
            if rng.random() < 0.1:
                text = f"#REDIRECT [[{title} target]]"
                redirect = f'    <redirect title="{escape(title)} target" />\n'
            else:
                text = _page_text(rng, vocab, title)
            block = (
                f"  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n    <id>{pages + 1}</id>\n"
                f"{redirect}    <revision>\n      <id>{pages + 1}</id>\n"
                "      <timestamp>2024-01-01T00:00:00Z</timestamp>\n"
                "      <contributor><username>Bench</username><id>1</id></contributor>\n"
                "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
                f'      <text xml:space="preserve">{escape(text)}</text>\n'
                "    </revision>\n  </page>\n"
            )
            fh.write(block)
            written += len(block.encode("utf-8"))
            pages += 1
        fh.write("</mediawiki>\n")
    return pages


CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    from wordgames.config import load_config
    mode, dump, results = sys.argv[1], sys.argv[2], sys.argv[3]
    cfg = load_config({"results_dir": results, "corpora": {"b": {"kind": "mediawiki", "source": dump}}})
    from wordgames import paths
    from wordgames.corpus.registry import corpus, local_files
    c = corpus(cfg, "b")
    extracted = paths.corpus_extract(cfg, "b", "000")
    t0 = time.perf_counter()
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    cpu0 = cpu0.ru_utime + cpu0.ru_stime
    out = {}
    if mode == "stream":
        from pathlib import Path
        from wordgames.corpus.mediawiki.dump import iter_pages
        from wordgames.corpus.model import Tally
        n = sum(1 for _ in iter_pages(Path(dump), Tally()))
        out = {"pages": n}
    elif mode == "extract":
        from wordgames.corpus.extract import extract_shard
        tables = {t: paths.corpus_shard_table(cfg, "b", "000", t) for t in c.tables}
        summary = paths.corpus_shard_summary(cfg, "b", "000")
        s = extract_shard(c, local_files(cfg, c), "000", extracted, summary, tables)
        out = {"pages": s["items_read"], "documents": s["documents"], "chars": s["characters"]}
    elif mode == "tokenize":
        from wordgames.corpus.pipeline import tokenize_shard
        sentences = paths.corpus_shard_sentences(cfg, "b", "000")
        out = tokenize_shard(extracted, sentences, c.language)
    elif mode == "naive-tokens":
        import re
        import pyarrow.parquet as pq
        pattern = re.compile(r"\\w+")
        n = 0
        for batch in pq.ParquetFile(extracted).iter_batches(columns=["text"]):
            for text in batch.column("text").to_pylist():
                n += len(pattern.findall(text.lower()))
        out = {"tokens": n}
    out["seconds"] = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu_seconds"] = usage.ru_utime + usage.ru_stime - cpu0
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))
    """
)


def run(mode: str, dump: Path, results: Path) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(dump), str(results)], capture_output=True, text=True
    )
    if proc.returncode != 0:
        sys.exit(f"{mode} failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", type=float, nargs="+", default=[25, 100], help="dump sizes in MB"
    )
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="wg-corpus-bench-") as tmp:
        for size in args.sizes:
            dump = Path(tmp) / f"bench-{size:g}MB.xml"
            t0 = time.perf_counter()
            pages = generate(dump, size)
            mb = dump.stat().st_size / 1e6
            print(
                f"generated {dump.name}: {pages} pages, {mb:.1f} MB in {time.perf_counter() - t0:.1f} s",
                file=sys.stderr,
            )
            results = Path(tmp) / f"results-{size:g}"
            for mode in ("stream", "extract", "tokenize", "naive-tokens"):
                runs = [run(mode, dump, results) for _ in range(args.repeat)]
                seconds = statistics.median(r["seconds"] for r in runs)
                cpu = statistics.median(r["cpu_seconds"] for r in runs)
                peak = max(r["peak_mb"] for r in runs)
                last = runs[-1]
                rows.append((size, mode, pages, mb, seconds, cpu, peak, last))
                print(
                    f"  {mode}: {seconds:.1f} s (CPU {cpu:.1f} s), peak {peak:.0f} MB",
                    file=sys.stderr,
                )
            dump.unlink()
    print()
    print("rates per CPU second (the machine is shared: wall time is also shown)")
    print(
        f"{'dump MB':>8} {'stage':<13} {'pages/s':>9} {'MB/s':>7} {'Mtok/s':>7} {'CPU s':>7} "
        f"{'wall s':>7} {'peak MB':>8}"
    )
    base = {}
    for _size, mode, pages, mb, seconds, cpu, peak, last in rows:
        tokens = last.get("tokens")
        mtok = f"{tokens / cpu / 1e6:7.2f}" if tokens else f"{'':>7}"
        print(
            f"{mb:8.1f} {mode:<13} {pages / cpu:9.0f} {mb / cpu:7.2f} {mtok} "
            f"{cpu:7.1f} {seconds:7.1f} {peak:8.0f}"
        )
        base.setdefault(mode, []).append((mb, peak, cpu))
    print()
    for i, (mb, _, cpu_tok) in enumerate(base.get("tokenize", [])):
        cpu_naive = base["naive-tokens"][i][2]
        cpu_stream, cpu_extract = base["stream"][i][2], base["extract"][i][2]
        print(
            f"{mb:.0f} MB: tokenize / naive-tokens CPU x{cpu_tok / cpu_naive:.1f}; "
            f"extract / stream CPU x{cpu_extract / cpu_stream:.1f}"
        )
    for mode, points in base.items():
        if len(points) > 1:
            (mb0, p0, s0), (mb1, p1, s1) = points[0], points[-1]
            print(
                f"{mode:<13} input x{mb1 / mb0:.1f}: CPU time x{s1 / s0:.2f}, peak memory x{p1 / p0:.2f}"
            )


if __name__ == "__main__":
    main()
