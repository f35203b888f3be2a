"""The corpus registry: corpus and collection entries of the config, and their sources.

A corpus entry (``corpora.<name>`` in the config) has a ``kind`` (how to read it), a ``source`` (where it
comes from), a ``language`` and kind-specific ``options``. This module turns an entry into a small typed
object (:class:`~wordgames.corpus.model.Corpus`, importable from here too) and resolves its sources;
it is imported by the Snakemake rules, so it stays light (no heavy imports at module level).

Source forms:

- a local path, glob or folder (may start with ``{data_dir}``);
- ``gensim:<file>``: a file of gensim's bundled test data (``gensim.test.utils.datapath``);
- ``wordfreq:<list>``: the word list of the wordfreq package (kind ``wordfreq``);
- an ``http(s)://`` URL with a SHA-1: fetched by the download stage into ``download_dir/<corpus>/``
  (or a ``dump`` entry instead of ``source``: the files of a Wikimedia dump, read from the dump lock,
  :mod:`wordgames.corpus.dumps`);
  a multistream dump may name its index (``index``, ``index_sha1``: a path or URL, downloaded and
  checked the same way; :func:`index_files`);
- ``links:<collection>``: that collection's guillotine links and link-words tables (kind
  ``collocations``), and ``multiwordnet:<language>``: the wordnet tables the guillotine_wordnet rule
  exports (kind ``wordnet``). Both are pipeline artifacts (:func:`artifact_files`): declared as
  inputs whether they exist yet or not, so Snakemake builds them first.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from wordgames import paths
from wordgames.config import Config
from wordgames.corpus.model import Corpus, Source
from wordgames.errors import ConfigError, InputError


def _is_url(value: str) -> bool:
    return value.startswith(("http://", "https://"))


def _index(name: str, kind: str, value, sha1) -> Source | None:
    """The multistream index of a source (``index`` / ``index_sha1``): a local path or a URL."""
    if value is None:
        return None
    if kind != "mediawiki":
        raise ConfigError(f"corpora.{name}.index: a multistream index is for kind mediawiki")
    if _is_url(value):
        return Source(value=value, url=value, sha1=sha1)
    return Source(value=value)


def _sources(name: str, entry: dict) -> tuple[Source, ...]:
    raw = entry.get("source")
    items = raw if isinstance(raw, list) else [raw]
    kind = entry.get("kind", "text")
    if isinstance(raw, list) and entry.get("index") is not None:
        raise ConfigError(
            f"corpora.{name}.index: with a list of sources, give each item its own index "
            "({url, sha1, index, index_sha1})"
        )
    out = []
    for item in items:
        if isinstance(item, dict):
            index = _index(name, kind, item.get("index"), item.get("index_sha1"))
            out.append(
                Source(value=item["url"], url=item["url"], sha1=item.get("sha1"), index=index)
            )
        elif isinstance(item, str) and item:
            index = (
                None
                if isinstance(raw, list)
                else _index(name, kind, entry.get("index"), entry.get("index_sha1"))
            )
            if _is_url(item):
                sha1 = entry.get("sha1") if not isinstance(raw, list) else None
                out.append(Source(value=item, url=item, sha1=sha1, index=index))
            else:
                out.append(Source(value=item, index=index))
        else:
            raise ConfigError(f"corpora.{name}.source: expected a path, URL or list of them")
    return tuple(out)


def corpus(cfg: Config, name: str) -> Corpus:
    entries = cfg.section("corpora")
    if name not in entries:
        known = ", ".join(sorted(entries)) or "none"
        raise ConfigError(f"unknown corpus '{name}' (corpora in the config: {known})")
    entry = cfg.settings.corpora[name]
    if entry.kind == "wordfreq" and entry.shards != 1:
        raise ConfigError(f"corpora.{name}.shards: a wordfreq corpus has one shard")
    if entry.dump and entry.source is not None:
        raise ConfigError(f"corpora.{name}: give a source or a dump, not both")
    if entry.dump:
        from wordgames.corpus.dumps import locked_sources

        sources = locked_sources(cfg, name, entries[name]["dump"])
    elif entry.source is None:
        raise ConfigError(f"corpora.{name}: no source (a path, URL or list) and no dump")
    else:
        sources = _sources(name, entries[name])
    return Corpus(
        name=name,
        kind=entry.kind,
        language=entry.language,
        sources=sources,
        shards=entry.shards,
        download_dir=entry.download_dir,
        max_documents=entry.max_documents,
        options=entry.options,
    )


def corpora(cfg: Config) -> list[Corpus]:
    return [corpus(cfg, name) for name in cfg.section("corpora")]


def collection_members(cfg: Config, collection: str) -> list[Corpus]:
    entries = cfg.section("collections")
    if collection not in entries:
        known = ", ".join(sorted(entries)) or "none"
        raise ConfigError(f"unknown collection '{collection}' (collections in the config: {known})")
    members = []
    for name in entries[collection]["corpora"]:
        if name not in cfg.section("corpora"):
            raise ConfigError(f"collections.{collection}.corpora: unknown corpus '{name}'")
        members.append(corpus(cfg, name))
    return members


def collection_language(cfg: Config, collection: str) -> str:
    lang = cfg.section("collections")[collection].get("language")
    return lang or collection_members(cfg, collection)[0].language


def collection_corpus_tables(cfg: Config, collection: str, table: str) -> list[Path]:
    """The per-corpus tables named ``table`` (wiktionary, titles, quotes, redirects, frequencies) of
    the collection's member corpora, in member order; known from the config before anything runs."""
    return [
        paths.corpus_table(cfg, c.name, table)
        for c in collection_members(cfg, collection)
        if table in c.tables
    ]


def used_corpora(cfg: Config) -> list[Corpus]:
    """Corpora that belong to at least one collection, in config order."""
    used = {n for c in cfg.section("collections").values() for n in c["corpora"]}
    return [c for c in corpora(cfg) if c.name in used]


# sources ---------------------------------------------------------------------------------------------
#: Source prefixes naming pipeline artifacts rather than files of the user's.
LINKS_PREFIX = "links:"
WORDNET_PREFIX = "multiwordnet:"


def artifact_files(cfg: Config, c: Corpus) -> list[Path]:
    """The pipeline artifacts a corpus reads (``links:<coll>``, ``multiwordnet:<language>``), in
    source order, existing or not."""
    out: list[Path] = []
    for src in c.sources:
        value = src.value
        if value.startswith(LINKS_PREFIX):
            coll = value[len(LINKS_PREFIX) :]
            if coll not in cfg.section("collections"):
                known = ", ".join(sorted(cfg.section("collections"))) or "none"
                raise ConfigError(
                    f"corpora.{c.name}.source: {value} names no collection (collections: {known})"
                )
            out += [paths.guillotine_links(cfg, coll), paths.guillotine_link_words(cfg, coll)]
        elif value.startswith(WORDNET_PREFIX):
            lang = value[len(WORDNET_PREFIX) :]
            out += [paths.guillotine_wordnet(cfg, lang, t) for t in ("lemma", "synset")]
    return out


def wordnet_languages(c: Corpus) -> list[str]:
    """The ``multiwordnet:<language>`` sources' languages."""
    return [s.value[len(WORDNET_PREFIX) :] for s in c.sources if s.value.startswith(WORDNET_PREFIX)]


def download_path(cfg: Config, c: Corpus, source: Source) -> Path:
    return Path(c.download_dir) / c.name / source.filename


def index_files(cfg: Config, c: Corpus, *, missing_ok: bool = False) -> dict[Path, Path]:
    """Each multistream dump of the corpus mapped to its index file (downloads to their download
    path). A local index that is not there raises, or with ``missing_ok`` is left out
    (:func:`missing_sources` names it)."""
    out: dict[Path, Path] = {}
    for src in c.sources:
        if src.index is None:
            continue
        dump = _local_one(cfg, c, src) if not src.is_url else download_path(cfg, c, src)
        if src.index.is_url:
            out[dump] = download_path(cfg, c, src.index)
            continue
        index = _local_one(cfg, c, src.index)
        if index.exists():
            out[dump] = index
        elif not missing_ok:
            raise InputError(_missing_index(c, index))
    return out


def _local_one(cfg: Config, c: Corpus, src: Source) -> Path:
    """The one local file of a source that has (or is) an index: no glob, no folder."""
    resolved = cfg.data_path(src.value)
    if resolved is None:
        raise InputError(
            f"corpus {c.name}: {src.value} is under {{data_dir}} but no data folder is set "
            "(set data_dir in the config or WORDGAMES_DATA)"
        )
    if glob.has_magic(str(resolved)) or resolved.is_dir():
        raise ConfigError(
            f"corpora.{c.name}: {src.value} has an index, so it must be one file (not a glob "
            "or folder)"
        )
    return resolved


def _missing_index(c: Corpus, index: Path) -> str:
    return f"corpus {c.name}: no such multistream index {index}"


def gensim_datapath(name: str) -> Path:
    """gensim.test.utils.datapath(name), without importing gensim.test.utils (it trains a toy
    dictionary at import)."""
    import importlib.util

    spec = importlib.util.find_spec("gensim")
    if spec is None or not spec.submodule_search_locations:
        raise InputError(f"gensim:{name}: the gensim package is not installed")
    path = Path(spec.submodule_search_locations[0]) / "test" / "test_data" / name
    if not path.exists():
        raise InputError(f"gensim:{name}: no such file in gensim's test data ({path.parent})")
    return path


def local_files(cfg: Config, c: Corpus, *, missing_ok: bool = False) -> list[Path]:
    """The local files a corpus reads, sorted; URLs resolve to their download path.

    Folders expand to the files under them (recursively), globs to their matches. Files matching
    ``options.exclude`` (by name) are left out. With ``missing_ok`` a missing source is skipped instead
    of raising (:func:`missing_sources` lists those).
    """
    files, missing = _resolve(cfg, c)
    if missing and not missing_ok:
        raise InputError(missing[0][1])
    return files


def missing_sources(cfg: Config, c: Corpus) -> list[str]:
    """One message per local source of the corpus that is not there (the extract stage fails
    with them, so the user learns what is missing and where to get it)."""
    return [message for _, message in _resolve(cfg, c)[1]]


def _resolve(cfg: Config, c: Corpus) -> tuple[list[Path], list[tuple[str, str]]]:
    import fnmatch

    files: list[Path] = []
    missing: list[tuple[str, str]] = []
    for src in c.sources:
        if src.value.startswith((LINKS_PREFIX, WORDNET_PREFIX)):
            continue  # artifacts, added below in source order
        if src.index is not None and not src.index.is_url:
            index = _local_one(cfg, c, src.index)
            if not index.exists():
                missing.append((str(index), _missing_index(c, index)))
        if src.is_url:
            files.append(download_path(cfg, c, src))
            continue
        value = src.value
        if value.startswith("gensim:"):
            try:
                files.append(gensim_datapath(value.split(":", 1)[1]))
            except InputError as exc:
                missing.append((value, str(exc)))
            continue
        if value.startswith("wordfreq:"):
            continue
        resolved = cfg.data_path(value)
        if resolved is None:
            missing.append(
                (
                    value,
                    f"corpus {c.name}: source {value} is under {{data_dir}} but no data folder is set "
                    "(set data_dir in the config or WORDGAMES_DATA)",
                )
            )
            continue
        text = str(resolved)
        if glob.has_magic(text):
            matches = sorted(Path(p) for p in glob.glob(text, recursive=True) if os.path.isfile(p))
            if not matches:
                missing.append((text, f"corpus {c.name}: no file matches {text}"))
            files.extend(matches)
        elif resolved.is_dir() and c.kind != "bnc":
            matches = sorted(
                p for p in resolved.rglob("*") if p.is_file() and not p.name.startswith(".")
            )
            files.extend(m for m in matches if m.name not in ("PROVENANCE.md", "README.md"))
        elif resolved.exists():
            files.append(resolved)
        elif c.kind == "bnc":
            from wordgames.corpus.bnc import OBTAIN

            missing.append(
                (text, f"corpus {c.name}: {resolved} not found; " + OBTAIN.format(where=resolved))
            )
        else:
            missing.append((text, f"corpus {c.name}: no such file or folder {resolved}"))
    files += artifact_files(cfg, c)
    excludes = c.options.exclude
    if excludes:
        files = [f for f in files if not any(fnmatch.fnmatch(f.name, pat) for pat in excludes)]
    return files, missing
