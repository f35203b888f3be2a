"""The corpus data model: a corpus entry (:class:`Corpus`, :class:`Source`), the documents a kind
reader yields (:class:`Doc`), what it counted (:class:`Tally`) and the tables each kind writes.

The bottom of the corpus package: it imports no other module of it, and nothing heavy (the
Snakemake rules import it through :mod:`wordgames.corpus.registry`), so every other corpus module
can import it.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from wordgames.errors import InputError
from wordgames.settings import CorpusOptions, as_dict, from_dict

# the name the skip messages have always been logged under (they come from extraction)
log = logging.getLogger("wordgames.corpus.extract")

#: Tables each kind writes beside its sentences (``paths.corpus_table``).
KIND_TABLES = {
    ("mediawiki", "wikipedia"): ("redirects", "titles"),
    ("mediawiki", "wiktionary"): ("redirects", "wiktionary"),
    ("mediawiki", "wikiquote"): ("redirects", "quotes"),
    ("titles", None): ("titles",),
    ("wordfreq", None): ("frequencies",),
    ("bnc", None): (),
    ("text", None): (),
    ("thesaurus", None): (),
    ("dictd", None): (),
    ("collocations", None): (),
    ("wordnet", None): (),
}

#: Every table a corpus can produce: its columns, in order, with their types ("string", "bool",
#: "float32", "float64", "string list"). The one definition: :data:`wordgames.corpus.io.TABLE_SCHEMAS`
#: is built from it.
TABLE_COLUMNS: dict[str, dict[str, str]] = {
    "redirects": {"title": "string", "target": "string"},
    "titles": {"title": "string", "is_redirect": "bool", "target": "string"},
    "wiktionary": {
        "lemma": "string",
        "pos": "string",
        "definitions": "string list",
        "examples": "string list",
        "synonyms": "string list",
        "antonyms": "string list",
        "derived": "string list",
        "related": "string list",
        "proverbs": "string list",
        "locutions": "string list",
    },
    "quotes": {"text": "string", "page": "string", "section": "string"},
    "frequencies": {"word": "string", "frequency": "float64", "zipf": "float32"},
}

#: At most this many skipped items are described one by one in the log (all are counted).
LOG_SKIPPED = 20


@dataclass(frozen=True)
class Source:
    """One input: a local path (or glob/folder) or a URL to download; a multistream dump may
    have its ``index`` (itself a local path or URL source)."""

    value: str
    url: str | None = None
    sha1: str | None = None
    index: Source | None = None
    #: a locked dump file (wordgames.corpus.dumps): its size, and every mirror's URL in order
    size: int | None = None
    urls: tuple[str, ...] = ()

    @property
    def is_url(self) -> bool:
        return self.url is not None

    @property
    def filename(self) -> str:
        name = Path(unquote(urlparse(self.url).path)).name if self.url else Path(self.value).name
        return name or "download"


@dataclass(frozen=True)
class Corpus:
    name: str
    kind: str
    language: str
    sources: tuple[Source, ...]
    shards: int
    download_dir: str
    max_documents: int | None
    options: CorpusOptions

    @property
    def wiki(self) -> str | None:
        return self.options.wiki if self.kind == "mediawiki" else None

    @property
    def tables(self) -> tuple[str, ...]:
        return KIND_TABLES[(self.kind, self.wiki)]

    @property
    def has_text(self) -> bool:
        """Whether the corpus yields sentences (wordfreq, and titles without ``as_text``, only
        yield tables)."""
        if self.kind == "titles":
            return self.options.as_text
        return self.kind != "wordfreq"

    @property
    def downloads(self) -> tuple[Source, ...]:
        """The URL sources and URL indexes: what the download rule fetches."""
        out = []
        for s in self.sources:
            out += [x for x in (s, s.index) if x is not None and x.is_url]
        return tuple(out)

    @property
    def shard_ids(self) -> list[str]:
        return [f"{i:03d}" for i in range(self.shards)]

    def spec(self) -> dict:
        """What extraction needs besides the source files (the ``--spec`` of the extract stage).

        Options at their schema default are left out (:meth:`from_spec` restores them): the spec is
        a rule param, so an option added to the schema later changes no existing corpus's spec
        and reruns no extraction."""
        defaults = _option_defaults()
        return {
            "kind": self.kind,
            "language": self.language,
            "shards": self.shards,
            "max_documents": self.max_documents,
            "options": {
                k: v
                for k, v in as_dict(self.options).items()
                if k not in defaults or v != defaults[k]
            },
        }

    @classmethod
    def from_spec(cls, name: str, spec: dict, source_specs=()) -> Corpus:
        """The corpus an extract job describes: its :meth:`spec` plus non-file sources
        (``wordfreq:<list>``); the files themselves are passed separately."""
        try:
            return cls(
                name=name,
                kind=spec["kind"],
                language=spec["language"],
                sources=tuple(Source(value=v) for v in source_specs),
                shards=int(spec["shards"]),
                download_dir="",
                max_documents=spec["max_documents"],
                options=from_dict(CorpusOptions, {**_option_defaults(), **spec["options"]}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"corpus {name}: bad --spec ({exc!r})") from None


def _option_defaults() -> dict:
    from wordgames.config import schema_defaults

    return schema_defaults("corpora.*.options")


@dataclass
class Doc:
    """One document of a corpus: its name (``{corpus}:{...}``) and its text."""

    doc: str
    text: str


@dataclass
class Tally:
    """Counts of what was read, kept and skipped (by reason), for the log and the summary."""

    seen: int = 0
    documents: int = 0
    skipped: Counter = field(default_factory=Counter)
    counts: Counter = field(default_factory=Counter)
    #: bytes read from the input and decompressed (mediawiki dumps), for the shard's summary
    reads: dict = field(default_factory=dict)

    def skip(self, reason: str, where: str = "", detail: str = "") -> None:
        self.skipped[reason] += 1
        if sum(self.skipped.values()) <= LOG_SKIPPED:
            log.warning("skipped (%s) %s %s", reason, where, detail[:200])
        elif sum(self.skipped.values()) == LOG_SKIPPED + 1:
            log.warning("further skipped items are only counted (see the summary)")
