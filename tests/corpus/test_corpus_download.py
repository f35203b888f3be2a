"""Downloads against a local HTTP server: Range resume, retry, checksum mismatch, atomic result."""

from __future__ import annotations

import hashlib
import http.server
import threading

import pytest

from wordgames.corpus.download import download
from wordgames.errors import InputError

PAYLOAD = bytes(range(256)) * 4000  # 1 MB


class _Handler(http.server.BaseHTTPRequestHandler):
    """Serves PAYLOAD with Range support; the first ``cut`` requests stop half way."""

    state: dict = {}

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        state = self.state
        state["requests"].append(self.headers.get("Range"))
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
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
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
