"""Text a user hands us (phrase, game, word-list and config files, standard input), decoded once.

UTF-8 is expected. A byte-order mark is honoured (UTF-8, or UTF-16/32 as some editors save
"Unicode" text); anything else that is not UTF-8 fails in one line that names the file, the line and the byte
offset, instead of a ``UnicodeDecodeError`` traceback.
"""

from __future__ import annotations

import codecs
import os
import sys
from pathlib import Path

from wordgames.errors import InputError, WordgamesError

# longest first: the UTF-32 LE mark starts with the UTF-16 LE one
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes, name: str, error: type[WordgamesError] = InputError) -> str:
    """``data`` as text; ``name`` (a path, "standard input") is what the error message names."""
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), "utf-8")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(
            f"{name} line {line} byte {exc.start}: not {encoding.upper().removesuffix('-SIG')} "
            f"text (byte 0x{data[exc.start]:02x}); save it as UTF-8"
        ) from None


def read_text(path: str | os.PathLike, error: type[WordgamesError] = InputError) -> str:
    """The text of a file (see the module docstring); a missing file is ``error`` too."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
    return decode(data, str(path), error)


def read_stdin(line: bool = False) -> str:
    """Standard input (all of it, or one line), failing in one line when it is not UTF-8.

    The bytes are decoded here: under a C locale Python would otherwise read undecodable bytes as
    surrogates and carry them on silently."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream given by a caller (tests)
        return sys.stdin.readline() if line else sys.stdin.read()
    return decode(buffer.readline() if line else buffer.read(), "standard input")
