"""Which collections and data files a config selects for each stage: the questions about a config
that the games' manifests (e.g. ``wordgames.guillotine.files``) and ``wordgames.plan`` both ask,
answered once below them.

A value under ``{data_dir}`` whose file is absent (or with no data folder set) is not selected: the
stage that needs it is not part of the run, as the schema documents.
"""

from __future__ import annotations

from pathlib import Path

from wordgames.config import Config
from wordgames.errors import ConfigError


def data_file(cfg: Config, value) -> Path | None:
    """A config path (may start with ``{data_dir}``) when its file or folder exists, else None."""
    path = cfg.data_path(value)
    return path if path is not None and path.exists() else None


def existing_files(cfg: Config, values) -> list[Path]:
    """The config paths among ``values`` whose file exists (:func:`data_file`), in order."""
    return [p for p in (data_file(cfg, v) for v in values) if p is not None]


def hangman_domain_train(cfg: Config) -> Path | None:
    """The in-domain training answers (hangman.domain.train) when set and present, else None."""
    train = cfg.settings.hangman.domain.train
    return None if train is None else data_file(cfg, train)


def hangman_phrase_entries(cfg: Config) -> dict[str, tuple[dict, Path]]:
    """The phrase lists (hangman.phrases.lists): name -> (config entry, path). A list under an
    unset ``{data_dir}`` is left out (the config runs without the data); a list whose file is
    missing is a config error, not a silently weaker solver."""
    from wordgames.errors import ConfigError

    out = {}
    for name, entry in cfg.section("hangman")["phrases"]["lists"].items():
        path = cfg.data_path(entry["path"])
        if path is None:
            continue
        if not path.exists():
            raise ConfigError(f"hangman.phrases.lists.{name}: no file {path}")
        out[name] = (entry, path)
    return out


def hangman_phrases_configured(cfg: Config) -> bool:
    """Whether the config has a phrase channel: a list whose file exists and the training answers
    (hangman.domain.train) its weights are fitted on."""
    return bool(hangman_phrase_entries(cfg)) and hangman_domain_train(cfg) is not None


# the collections of each stage ---------------------------------------------------------------------
def collections(cfg: Config) -> list[str]:
    return list(cfg.section("collections"))


def stats_collections(cfg: Config) -> list[str]:
    known = cfg.section("collections")
    return [c for c in cfg.settings.cooccur.collections if c in known]


def table_collections(cfg: Config) -> list[str]:
    stats = stats_collections(cfg)
    return [c for c in cfg.settings.tables.collections if c in stats]


def collection_cooccur(cfg: Config, coll: str):
    """The cooccur settings of one collection: the section's, with the collection's own values."""
    import dataclasses

    return dataclasses.replace(cfg.settings.cooccur, **_collection_entry(cfg, coll).cooccur)


def collection_glove(cfg: Config, coll: str):
    """The glove settings of one collection: the section's, with the collection's own values."""
    import dataclasses

    return dataclasses.replace(cfg.settings.glove, **_collection_entry(cfg, coll).glove)


def _collection_entry(cfg: Config, coll: str):
    try:
        return cfg.settings.collections[coll]
    except KeyError:
        raise ConfigError(f"unknown collection '{coll}'") from None


def glove_collections(cfg: Config) -> list[str]:
    stats = stats_collections(cfg)
    return [c for c in cfg.settings.glove.collections if c in stats]


def vectors_eval_collections(cfg: Config) -> list[str]:
    glove = glove_collections(cfg)
    return [c for c in cfg.settings.glove.evaluate if c in glove]


def lm_collections(cfg: Config) -> list[str]:
    known = cfg.section("collections")
    return [c for c in cfg.settings.lm.collections if c in known]
