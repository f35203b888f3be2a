"""Game files and the one normalisation of words.

Formats (chosen by extension, or by content for ``.json``):

- Evalita 2020 JSON: ``[{"w1": .., "w2": .., "w3": .., "w4": .., "w5": .., "solution": ..}, ...]``
- Evalita 2018 XML: ``<games><game><id/><clue/>x5<solution/><type/></game>...</games>``
- JSON lines (``.jsonl``): one object a line with ``clues`` (five strings) and ``solution``
- CSV / TSV (``.csv``, ``.tsv``): five clue columns and a solution column; a header row is used when
  it names ``solution`` (clue columns are then the other columns, in order), otherwise the first five
  columns are clues and the sixth the solution.

:func:`normalize` is applied to every clue, solution, corpus token and lexicon entry in this package:
lower case, typographic apostrophes to ``'``, accents removed (``città`` -> ``citta``), a final
vowel + apostrophe read as an accent (``citta'`` -> ``citta``, ``e'`` -> ``e``), spaces collapsed.
Elisions (``dell'``, ``l'``) keep their apostrophe.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.corpus.tokenize import APOSTROPHE_TABLE
from wordgames.errors import InputError
from wordgames.textfiles import read_text

N_CLUES = 5
_ACCENT_APOS = re.compile(r"([aeiou])'(?=\s|$)")
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(r"[^\W\d_]+'|[^\W\d_]+|\d+")


_FOLD = str.maketrans(
    {
        c: unicodedata.normalize("NFKD", c)[0]
        for c in "àáâäãèéêëìíîïòóôöõùúûüýÿçñÀÁÂÄÃÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÝÇÑ"
    }
)
_SIMPLE = re.compile(r"[a-z]+")


def normalize(text: str) -> str:
    """The canonical form of a word or short phrase (see the module docstring)."""
    text = str(text)
    if _SIMPLE.fullmatch(text):
        return text
    text = text.translate(APOSTROPHE_TABLE).translate(_FOLD).lower()
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    if " " in text or "\t" in text or "\n" in text or text != text.strip():
        text = _SPACES.sub(" ", text).strip()
    if "'" in text:
        text = _ACCENT_APOS.sub(r"\1", text)
    return text


def tokenize(text: str) -> list[str]:
    """Normalised tokens of a line of Italian (elisions split after the apostrophe)."""
    text = unicodedata.normalize("NFC", str(text).translate(APOSTROPHE_TABLE).lower())
    return [normalize(t) for t in _TOKEN.findall(text)]


@dataclass(frozen=True)
class Game:
    """Five clues and the solution (``None`` when unknown), all normalised."""

    clues: tuple[str, ...]
    solution: str | None = None
    id: str = ""
    source: str = ""
    extra: dict = field(default_factory=dict, compare=False, hash=False)


def make_game(
    clues: Sequence[str], solution: str | None, *, id: str = "", source: str = "", where: str = ""
) -> Game:
    if not isinstance(clues, list | tuple) or not all(isinstance(c, str) for c in clues):
        raise InputError(f"{where}: the clues must be a list of {N_CLUES} words, got {clues!r:.80}")
    if solution is not None and not isinstance(solution, str):
        raise InputError(f"{where}: the solution must be a word, got {solution!r:.80}")
    clues = tuple(normalize(c) for c in clues)
    if len(clues) != N_CLUES or not all(clues):
        raise InputError(f"{where}: a game needs {N_CLUES} non-empty clues, got {list(clues)}")
    sol = normalize(solution) if solution not in (None, "") else None
    return Game(clues=clues, solution=sol, id=id, source=source)


def _read_evalita2020(path: Path, data) -> list[Game]:
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON list of games")
    games = []
    for i, item in enumerate(data):
        where = f"{path}: game {i + 1}"
        if not isinstance(item, dict):
            raise InputError(f"{where}: expected an object with w1..w5 and solution")
        if "clues" in item:
            clues = item["clues"]
        else:
            missing = [f"w{k}" for k in range(1, N_CLUES + 1) if f"w{k}" not in item]
            if missing:
                raise InputError(f"{where}: missing {', '.join(missing)}")
            clues = [item[f"w{k}"] for k in range(1, N_CLUES + 1)]
        games.append(
            make_game(
                clues,
                item.get("solution"),
                id=str(item.get("id", i + 1)),
                source=path.name,
                where=where,
            )
        )
    return games


def _read_xml(path: Path) -> list[Game]:
    import xml.etree.ElementTree as ET

    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        line, col = exc.position
        raise InputError(f"{path} line {line} column {col}: not well-formed XML") from None
    games = []
    for i, node in enumerate(root.iter("game")):
        clues = [c.text or "" for c in node.findall("clue")]
        sol = node.findtext("solution")
        gid = node.findtext("id") or str(i + 1)
        games.append(make_game(clues, sol, id=gid, source=path.name, where=f"{path}: game {i + 1}"))
    return games


def _read_jsonl(path: Path) -> list[Game]:
    games = []
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path} line {n}: not valid JSON ({exc.msg})") from None
        if not isinstance(item, dict) or "clues" not in item:
            raise InputError(f"{path} line {n}: expected an object with clues and solution")
        games.append(
            make_game(
                item["clues"],
                item.get("solution"),
                id=str(item.get("id", n)),
                source=path.name,
                where=f"{path} line {n}",
            )
        )
    return games


def _read_delimited(path: Path, delimiter: str) -> list[Game]:
    games = []
    try:
        rows = list(csv.reader(io.StringIO(read_text(path), newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise InputError(
            f"{path}: not valid {'CSV' if delimiter == ',' else 'TSV'} ({exc})"
        ) from None
    if not rows:
        return games
    header = [normalize(h) for h in rows[0]]
    if "solution" in header:
        sol_col = header.index("solution")
        clue_cols = [i for i, h in enumerate(header) if i != sol_col and h not in ("id", "type")]
        body = rows[1:]
        start = 2
    else:
        sol_col, clue_cols, body, start = N_CLUES, list(range(N_CLUES)), rows, 1
    if len(clue_cols) < N_CLUES:
        raise InputError(
            f"{path} line 1: the header names {len(clue_cols)} clue columns, a game has {N_CLUES}"
        )
    for n, row in enumerate(body, start):
        if not any(cell.strip() for cell in row):
            continue
        where = f"{path} line {n}"
        if len(row) <= max(max(clue_cols), sol_col if sol_col < len(row) else 0):
            raise InputError(f"{where}: expected {N_CLUES} clue columns and a solution column")
        clues = [row[i] for i in clue_cols[:N_CLUES]]
        sol = row[sol_col] if sol_col < len(row) else None
        games.append(make_game(clues, sol, id=str(n), source=path.name, where=where))
    return games


def read_games(path: str | Path) -> list[Game]:
    """Read a game file in any supported format (see the module docstring)."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"game file not found: {path}")
    suffix = path.suffix.lower()
    if suffix == ".xml":
        return _read_xml(path)
    if suffix in (".jsonl", ".ndjson"):
        return _read_jsonl(path)
    if suffix == ".csv":
        return _read_delimited(path, ",")
    if suffix in (".tsv", ".tab"):
        return _read_delimited(path, "\t")
    if suffix == ".json":
        try:
            data = json.loads(read_text(path))
        except json.JSONDecodeError as exc:
            if exc.msg == "Extra data":  # JSON lines with a .json name
                return _read_jsonl(path)
            raise InputError(
                f"{path} line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg})"
            ) from None
        return _read_evalita2020(path, data)
    raise InputError(
        f"{path}: unknown game file format '{suffix}' (expected .json, .xml, .jsonl, .csv or .tsv)"
    )


def shared_clues(a: Game, b: Game) -> int:
    return len(set(a.clues) & set(b.clues))


def overlapping(pool: Iterable[Game], evaluated: Iterable[Game], min_shared: int = 4) -> set[int]:
    """Indices of games in ``pool`` sharing ``min_shared`` or more clues with any evaluated game."""
    by_clue: dict[str, set[int]] = {}
    evaluated = list(evaluated)
    for j, g in enumerate(evaluated):
        for c in set(g.clues):
            by_clue.setdefault(c, set()).add(j)
    out = set()
    for i, g in enumerate(pool):
        counts: dict[int, int] = {}
        for c in set(g.clues):
            for j in by_clue.get(c, ()):
                counts[j] = counts.get(j, 0) + 1
        if any(n >= min_shared for n in counts.values()):
            out.add(i)
    return out


def configured_sets(cfg) -> dict[str, list[Game]]:
    """The config's ``guillotine.games`` whose files exist (under its data folder), each with its
    solved games, in config order; a set whose file is absent is left out."""
    sets = {}
    for name, value in cfg.section("guillotine")["games"].items():
        path = cfg.data_path(value)
        if path is not None and path.exists():
            sets[name] = [g for g in read_games(path) if g.solution]
    return sets
