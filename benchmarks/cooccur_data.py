"""Shared data of the stats/vectors benchmarks (imported, not a benchmark itself): a >= 5M-token corpus

Uses the pipeline's Italian collection (results/local-it/it/tokens.txt) when it exists, else
tokenises the Italian prose under $WORDGAMES_DATA/corpora/it simply (lower case, letters and digits,
elisions split after the apostrophe). Derived files are cached under $WG_BENCH_CACHE
(default /tmp/wordgames-bench); delete it freely.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("WG_BENCH_CACHE", "/tmp/wordgames-bench"))
TOKEN_RE = re.compile(r"[^\W\d_]+(?:'(?=[^\W\d_]))?|\d+")
SENT_RE = re.compile(r"(?<=[.!?;:])\s+")


def data_dir() -> Path:
    value = os.environ.get("WORDGAMES_DATA")
    return Path(value) if value else REPO.parent / "shared" / "data"


def simple_tokenise(files, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for f in files:
            # errors="replace": nltk_data/gutenberg_selections.txt has a stray Latin-1 byte
            raw = Path(f).read_text(encoding="utf-8", errors="replace")
            text = unicodedata.normalize("NFC", raw)
            text = text.replace("\u2019", "'")
            for para in text.split("\n"):
                for sent in SENT_RE.split(para):
                    toks = TOKEN_RE.findall(sent.lower())
                    if toks:
                        fh.write(" ".join(toks) + "\n")
    tmp.replace(out)
    return out


def italian_tokens() -> Path:
    pipeline = REPO / "results/local-it/it/tokens.txt"
    if pipeline.is_file():
        return pipeline
    out = CACHE / "it-tokens.txt"
    if not out.is_file():
        root = data_dir() / "corpora/it"
        files = sorted((root / "eltec-ita/novels").glob("*.txt"))
        files += sorted((root / "cligs-textbox").rglob("*.txt"))
        files += [root / "debian-fortunes-it/fortunes-it.txt"]
        simple_tokenise(files, out)
    return out


def english_tokens() -> Path:
    pipeline = REPO / "results/local-en/en/tokens.txt"
    if pipeline.is_file():
        return pipeline
    out = CACHE / "en-tokens.txt"
    if not out.is_file():
        root = data_dir() / "corpora/en"
        files = sorted((root / "eltec-eng/novels").glob("*.txt"))
        files += sorted((root / "nltk_data").glob("*.txt"))
        simple_tokenise(files, out)
    return out


def cooccur_table(tokens: Path, min_count: int, window: int = 10) -> tuple[Path, Path]:
    """vocab.parquet and cooccur.parquet of a token file (cached by name and settings)."""
    from wordgames.artifacts import write_parquet
    from wordgames.stats.cooccur import count_shard, merge_spills
    from wordgames.stats.vocab import vocab_from_file

    key = f"{tokens.parent.name}-{tokens.stem}-m{min_count}-w{window}"
    folder = CACHE / key
    vocab, cooc = folder / "vocab.parquet", folder / "cooccur.parquet"
    if not cooc.is_file():
        table = vocab_from_file(tokens, min_count)
        write_parquet(table, vocab)
        spill = folder / "spill.parquet"
        count_shard(tokens, table.column("word").to_pylist(), spill, window=window)
        merge_spills([spill], cooc, threads=2)
        spill.unlink()
    return vocab, cooc


def count_tokens(path: Path) -> int:
    n = 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            n += line.count(" ") + 1
    return n


def italian_cooccur() -> tuple[Path, Path]:
    """The pipeline's Italian vocab/cooccur (config/local-it.yaml: min count 15, window 10) if built."""
    folder = REPO / "results/local-it/it"
    if (folder / "cooccur.parquet").is_file() and (folder / "vocab.parquet").is_file():
        return folder / "vocab.parquet", folder / "cooccur.parquet"
    return cooccur_table(italian_tokens(), min_count=15)
