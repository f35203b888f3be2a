"""One decoder for the text users hand us: BOMs honoured, anything else not UTF-8 in one line."""

from __future__ import annotations

import io
import sys

import pytest

from wordgames.errors import ConfigError, InputError, WordgamesError
from wordgames.textfiles import decode, read_stdin, read_text


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-32"])
def test_utf8_and_marked_unicode_are_read(tmp_path, encoding):
    path = tmp_path / "t.txt"
    path.write_bytes("città\nnaïve\n".encode(encoding))
    assert read_text(path) == "città\nnaïve\n"


def test_latin1_names_file_line_and_byte(tmp_path):
    path = tmp_path / "phrases.txt"
    path.write_bytes("ok\ncafé\n".encode("latin-1"))
    with pytest.raises(
        InputError, match=r"phrases\.txt line 2 byte 6: not UTF-8 text \(byte 0xe9\)"
    ):
        read_text(path)
    with pytest.raises(ConfigError):
        read_text(path, ConfigError)


def test_missing_file_is_the_callers_error(tmp_path):
    with pytest.raises(InputError, match="cannot read .*nope"):
        read_text(tmp_path / "nope")


def test_standard_input_bytes_are_decoded_strictly(monkeypatch):
    # under a C locale Python reads undecodable standard input as surrogates, silently
    stdin = io.TextIOWrapper(io.BytesIO(b"caf\xe9\n"), encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr(sys, "stdin", stdin)
    with pytest.raises(InputError, match="standard input line 1 byte 3: not UTF-8"):
        read_stdin(line=True)
    assert decode(b"ok", "x") == "ok"


def test_every_user_error_is_one_line():
    # issue 12: a library's message with line breaks (YAML's) reached the user as two lines
    assert str(WordgamesError("a\n  in <unicode string>\r\nb")) == "a in <unicode string> b"
