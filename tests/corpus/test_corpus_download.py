"""Downloads against a local HTTP server: Range resume, retry, checksum mismatch, atomic result.

The tests marked ``faults`` inject the failures of issue 12: a connection cut half way, a wrong
checksum, a server that stalls, a full disk (an injected ENOSPC, and a real small tmpfs when this
machine lets us mount one).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import http.server
import threading
import time
import types

import pytest

from wordgames.corpus import download as download_module
from wordgames.corpus.download import download
from wordgames.errors import DiskFullError, InputError

PAYLOAD = bytes(range(256)) * 4000  # 1 MB


class _Handler(http.server.BaseHTTPRequestHandler):
    """Serves PAYLOAD with Range support; the first ``cut`` requests stop half way; the first
    ``stall`` requests go silent for ``stall_seconds`` (before the headers, then mid-body)."""

    state: dict = {}

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        # the client may give up on a stalled reply
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._serve()

    def _stall(self) -> bool:
        """Whether this reply stalls (counts it)."""
        if self.state.get("stall", 0) > 0:
            self.state["stall"] -= 1
            return True
        return False

    def _serve(self):
        state = self.state
        state["requests"].append(self.headers.get("Range"))
        if state.get("garbage", 0) > 0:  # not HTTP at all
            state["garbage"] -= 1
            self.wfile.write(b"SPAM\r\n\r\n")
            return
        if len(state["requests"]) == 1 and self._stall():  # silent before the status line
            time.sleep(state["stall_seconds"])
            return
        if self.path != "/dump.xml.bz2":
            self.send_error(404)
            return
        start = 0
        rng = self.headers.get("Range")
        if rng and state.get("ranges", True):
            start = int(rng.removeprefix("bytes=").split("-")[0])
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(PAYLOAD) - 1}/{len(PAYLOAD)}")
        else:
            self.send_response(200)
        body = PAYLOAD[start:]
        self.send_header("Content-Length", state.get("length", str(len(body))))
        self.end_headers()
        if self._stall():  # silent after the first half of the body
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            time.sleep(state["stall_seconds"])
            return
        if state["cut"] > 0:
            state["cut"] -= 1
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.close()
            return
        self.wfile.write(body)


@pytest.fixture
def server():
    _Handler.state = {"requests": [], "cut": 0}
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", _Handler.state
    httpd.shutdown()
    httpd.server_close()


SHA1 = hashlib.sha1(PAYLOAD).hexdigest()


def test_download_resumes_after_a_cut_connection(server, tmp_path):
    url, state = server
    state["cut"] = 1
    target = download(f"{url}/dump.xml.bz2", tmp_path / "d" / "dump.xml.bz2", SHA1, backoff=0.01)
    assert target.read_bytes() == PAYLOAD
    assert not (tmp_path / "d" / "dump.xml.bz2.part").exists()
    assert state["requests"][0] is None
    assert state["requests"][1] == f"bytes={len(PAYLOAD) // 2}-"  # resumed, not restarted


def test_resume_of_a_partial_file_from_an_earlier_run(server, tmp_path):
    url, state = server
    part = tmp_path / "dump.xml.bz2.part"
    part.write_bytes(PAYLOAD[:1000])
    download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1)
    assert (tmp_path / "dump.xml.bz2").read_bytes() == PAYLOAD
    assert state["requests"] == ["bytes=1000-"]


def test_server_without_range_support_restarts(server, tmp_path):
    url, state = server
    state["ranges"] = False
    (tmp_path / "dump.xml.bz2.part").write_bytes(b"stale bytes")
    download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1)
    assert (tmp_path / "dump.xml.bz2").read_bytes() == PAYLOAD


def test_checksum_mismatch_leaves_nothing(server, tmp_path):
    url, _ = server
    target = tmp_path / "dump.xml.bz2"
    with pytest.raises(InputError, match="SHA-1 mismatch"):
        download(f"{url}/dump.xml.bz2", target, "0" * 40)
    assert not target.exists() and not (tmp_path / "dump.xml.bz2.part").exists()


def test_gives_up_after_retries_and_keeps_the_part(server, tmp_path):
    url, state = server
    state["cut"] = 10
    with pytest.raises(InputError, match="download failed after 2 attempts"):
        download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1, retries=2, backoff=0.01)
    assert (tmp_path / "dump.xml.bz2.part").stat().st_size > 0
    assert not (tmp_path / "dump.xml.bz2").exists()


def test_missing_url_is_an_input_error(server, tmp_path):
    url, _ = server
    with pytest.raises(InputError, match="HTTP 404"):
        download(f"{url}/nothing.bz2", tmp_path / "x.bz2", None)


def test_existing_verified_file_is_not_fetched_again(server, tmp_path):
    url, state = server
    target = tmp_path / "dump.xml.bz2"
    target.write_bytes(PAYLOAD)
    download(f"{url}/dump.xml.bz2", target, SHA1)
    assert state["requests"] == []


def test_download_stage_writes_the_path_it_is_given(server, tmp_path):
    from wordgames.cli import main

    url, _ = server
    target = tmp_path / "downloads" / "w" / "dump.xml.bz2"
    assert (
        main(
            [
                "build",
                "download",
                "--url",
                f"{url}/dump.xml.bz2",
                "--sha1",
                SHA1,
                "--out",
                str(target),
            ]
        )
        == 0
    )
    assert target.read_bytes() == PAYLOAD


# faults (issue 12) ---------------------------------------------------------------------------------
@pytest.mark.faults
def test_cut_download_resumes_to_the_right_checksum(server, tmp_path):
    url, state = server
    state["cut"] = 2
    target = download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1, backoff=0.01)
    assert hashlib.sha1(target.read_bytes()).hexdigest() == SHA1
    # each attempt resumed where the previous one stopped
    assert state["requests"] == [
        None,
        f"bytes={len(PAYLOAD) // 2}-",
        f"bytes={len(PAYLOAD) // 2 + len(PAYLOAD) // 4}-",
    ]


@pytest.mark.faults
def test_wrong_checksum_deletes_the_file_and_names_both_sums(server, tmp_path):
    url, _ = server
    wrong = "f" * 40
    with pytest.raises(InputError) as info:
        download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", wrong)
    message = str(info.value)
    assert f"expected {wrong}" in message and f"got {SHA1}" in message
    assert "\n" not in message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.faults
def test_stalling_server_times_out_and_retries_with_backoff(server, tmp_path, monkeypatch):
    url, state = server
    state.update(stall=2, stall_seconds=1.5)  # silent before the headers, then in mid-body
    pauses = []
    monkeypatch.setattr(download_module, "time", types.SimpleNamespace(sleep=pauses.append))
    target = download(
        f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1, timeout=0.3, backoff=0.5
    )
    assert target.read_bytes() == PAYLOAD
    assert pauses == [0.5, 1.0]  # the pause doubles
    # the mid-body stall kept half the bytes: the third request resumed from there
    assert state["requests"] == [None, None, f"bytes={len(PAYLOAD) // 2}-"]


class _FullDisk:
    """A binary file that takes ``room`` bytes, then fails like a full disk."""

    def __init__(self, fh, room: int):
        self.fh, self.room = fh, room

    def write(self, data) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        n = min(len(data), self.room)
        self.room -= n
        return self.fh.write(bytes(data[:n]))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()


@pytest.mark.faults
def test_full_disk_fails_at_once_and_the_next_run_resumes(server, tmp_path, monkeypatch):
    url, state = server
    pauses = []
    monkeypatch.setattr(download_module, "time", types.SimpleNamespace(sleep=pauses.append))
    monkeypatch.setattr(
        download_module,
        "open",
        lambda *a, **k: _FullDisk(open(*a, **k), 300_000),  # noqa: SIM115
        raising=False,
    )
    target = tmp_path / "dump.xml.bz2"
    with pytest.raises(DiskFullError, match="no space left on device writing .*dump.xml.bz2.part"):
        download(f"{url}/dump.xml.bz2", target, SHA1)
    assert not target.exists()
    assert len(state["requests"]) == 1 and pauses == []  # a full disk is not retried
    part = tmp_path / "dump.xml.bz2.part"
    assert part.read_bytes() == PAYLOAD[:300_000]  # what was written is right, and kept
    monkeypatch.undo()
    download(f"{url}/dump.xml.bz2", target, SHA1)
    assert target.read_bytes() == PAYLOAD
    assert state["requests"][-1] == "bytes=300000-"


@pytest.mark.faults
def test_real_full_disk_download_and_artifact(server, small_tmpfs):
    import pyarrow as pa

    from wordgames.artifacts import write_parquet

    url, _ = server
    mnt, grow = small_tmpfs
    target = mnt / "dump.xml.bz2"
    with pytest.raises(DiskFullError):
        download(f"{url}/dump.xml.bz2", target, SHA1)
    assert not target.exists()
    part = mnt / "dump.xml.bz2.part"
    assert PAYLOAD.startswith(part.read_bytes())
    part.unlink()
    # an artifact that does not fit: one-line error, the previous version kept, no temporary left
    write_parquet(pa.table({"x": [1, 2, 3]}), mnt / "t.parquet")
    before = (mnt / "t.parquet").read_bytes()
    big = pa.table({"x": [bytes(range(256)) * 8 + i.to_bytes(4, "little") for i in range(400)]})
    with pytest.raises(DiskFullError, match="previous version is kept"):
        write_parquet(big, mnt / "t.parquet", compression="none")
    assert (mnt / "t.parquet").read_bytes() == before
    assert sorted(p.name for p in mnt.iterdir()) == ["t.parquet"]
    grow()
    download(f"{url}/dump.xml.bz2", target, SHA1)
    assert target.read_bytes() == PAYLOAD


@pytest.mark.faults
def test_a_reply_that_is_not_http_is_retried(server, tmp_path, monkeypatch):
    # issue 12: http.client's BadStatusLine is not an OSError and ended the stage with a traceback
    url, state = server
    state["garbage"] = 1
    monkeypatch.setattr(download_module, "time", types.SimpleNamespace(sleep=lambda s: None))
    target = download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1)
    assert target.read_bytes() == PAYLOAD and len(state["requests"]) == 2


@pytest.mark.faults
def test_a_content_length_that_is_not_a_number_is_ignored(server, tmp_path):
    # issue 12: int() of the header raised ValueError; the checksum still guards the file
    url, state = server
    state["length"] = "lots"
    target = download(f"{url}/dump.xml.bz2", tmp_path / "dump.xml.bz2", SHA1)
    assert target.read_bytes() == PAYLOAD
