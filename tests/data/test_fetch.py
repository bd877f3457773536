"""Tests for :mod:`smalltrees.data.fetch`, offline: a 127.0.0.1 server and tmp dirs."""

from __future__ import annotations

import hashlib
import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from smalltrees.data import fetch
from smalltrees.data.fetch import (
    UCI_ARCHIVE,
    ChecksumError,
    FetchError,
    fetch_file,
    origin_url,
    sha256_of,
)

REL = "iris/iris.data"
DATA = b"5.1,3.5,1.4,0.2,Iris-setosa\n" * 500
SHA = hashlib.sha256(DATA).hexdigest()
BAD = b"this is not iris\n"
BAD_SHA = hashlib.sha256(BAD).hexdigest()


@dataclass
class Reply:
    """One scripted HTTP response.

    `delay` stalls before the headers (to provoke a read timeout); with
    `truncate`, only the first half of `body` is sent although the
    Content-Length announces all of it, then the connection is closed.
    """

    status: int = 200
    body: bytes = DATA
    delay: float = 0.0
    truncate: bool = False


@dataclass
class Server:
    """A local HTTP server whose responses the test scripts per path."""

    url: str
    routes: dict[str, list[Reply]] = field(default_factory=dict)
    hits: list[str] = field(default_factory=list)

    def route(self, path: str, *replies: Reply) -> str:
        """Serve `replies` in turn at `path` (the last one repeats); return the full URL."""
        self.routes[path] = list(replies)
        return self.url + path


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        state: Server = self.server.state
        state.hits.append(self.path)
        replies = state.routes.get(self.path)
        if not replies:
            self.send_error(404)
            return
        reply = replies.pop(0) if len(replies) > 1 else replies[0]
        if reply.delay:
            time.sleep(reply.delay)
        self.send_response(reply.status)
        self.send_header("Content-Length", str(len(reply.body)))
        self.end_headers()
        self.wfile.write(reply.body[: len(reply.body) // 2] if reply.truncate else reply.body)
        self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output clean."""


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore clients that hang up on a stalled handler (the timeout test)."""


@pytest.fixture
def server():
    httpd = _QuietServer(("127.0.0.1", 0), _Handler)
    host, port = httpd.server_address
    httpd.state = Server(url=f"http://{host}:{port}")
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield httpd.state
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def sleeps(monkeypatch):
    """Record backoff delays instead of sleeping, keeping the tests fast."""
    delays: list[float] = []
    monkeypatch.setattr(fetch.time, "sleep", delays.append)
    return delays


def make_mirror(root, rel=REL, data=DATA):
    """Lay out `data` under `root` the way the UCI archive does."""
    path = root / rel
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    return root


def test_sha256_of(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    assert sha256_of(path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


@pytest.mark.parametrize("form", ["absolute", "relative", "file-url"])
def test_served_from_local_dir_mirror(tmp_path, server, monkeypatch, caplog, form):
    mirror = make_mirror(tmp_path / "mirror")
    monkeypatch.chdir(tmp_path)
    spec = {"absolute": str(mirror), "relative": "mirror", "file-url": mirror.as_uri()}[form]
    url = server.route("/" + REL, Reply())
    dest = tmp_path / "out" / "iris.data"

    with caplog.at_level(logging.INFO, logger="smalltrees.data.fetch"):
        got = fetch_file(REL, SHA, dest, mirrors=[spec], urls=[url])

    assert got == dest
    assert dest.read_bytes() == DATA
    assert server.hits == []  # the mirror comes first, so no network access
    assert f"served by {mirror / REL}" in caplog.text


@pytest.mark.parametrize("slash", ["", "/"])
def test_served_from_http_mirror(tmp_path, server, caplog, slash):
    server.route("/uci/" + REL, Reply())
    dest = tmp_path / "iris.data"

    with caplog.at_level(logging.INFO, logger="smalltrees.data.fetch"):
        fetch_file(REL, SHA, dest, mirrors=[server.url + "/uci" + slash])

    assert dest.read_bytes() == DATA
    assert server.hits == ["/uci/" + REL]
    assert f"served by {server.url}/uci/{REL}" in caplog.text


def test_single_strings_are_not_split_into_characters(tmp_path, server, monkeypatch):
    make_mirror(tmp_path / "mirror")
    monkeypatch.chdir(tmp_path)
    url = server.route("/f", Reply())
    dest = tmp_path / "iris.data"

    fetch_file(REL, SHA, dest, mirrors="mirror", urls=url)

    assert dest.read_bytes() == DATA
    assert server.hits == []
    dest.unlink()
    fetch_file(REL, SHA, dest, mirrors=str(tmp_path / "absent"), urls=url)
    assert server.hits == ["/f"]


def test_home_directory_in_mirror_is_expanded(tmp_path, monkeypatch):
    make_mirror(tmp_path / "mirror")
    monkeypatch.setenv("HOME", str(tmp_path))
    dest = tmp_path / "out" / "iris.data"
    fetch_file(REL, SHA, dest, mirrors=["~/mirror"])
    assert dest.read_bytes() == DATA


def test_file_url_in_urls(tmp_path):
    source = tmp_path / "iris.data"
    source.write_bytes(DATA)
    dest = tmp_path / "out" / "iris.data"
    fetch_file(REL, SHA, dest, urls=[source.as_uri()])
    assert dest.read_bytes() == DATA


def test_retry_after_503_succeeds_with_exponential_backoff(tmp_path, server, sleeps):
    url = server.route("/f", Reply(503, b""), Reply(503, b""), Reply(503, b""), Reply())
    dest = tmp_path / "iris.data"

    fetch_file(REL, SHA, dest, urls=[url], retries=3, backoff=0.5)

    assert dest.read_bytes() == DATA
    assert server.hits == ["/f"] * 4
    assert sleeps == [0.5, 1.0, 2.0]


@pytest.mark.parametrize("status", [503, 429])
def test_transient_failures_give_up_after_retries(tmp_path, server, sleeps, status):
    url = server.route("/f", Reply(status, b"busy"))

    with pytest.raises(FetchError) as err:
        fetch_file(REL, SHA, tmp_path / "iris.data", urls=[url], retries=2, backoff=0.5)

    assert server.hits == ["/f"] * 3  # one attempt plus two retries
    assert sleeps == [0.5, 1.0]
    assert f"HTTP {status}" in str(err.value)
    assert "after 3 attempts" in str(err.value)


def test_timeout_is_retried(tmp_path, server):
    url = server.route("/f", Reply(delay=0.5), Reply())
    dest = tmp_path / "iris.data"

    fetch_file(REL, SHA, dest, urls=[url], timeout=0.1, backoff=0)

    assert dest.read_bytes() == DATA
    assert server.hits == ["/f"] * 2


def test_404_is_not_retried(tmp_path, server, sleeps):
    url = server.route("/missing", Reply(404, b"gone"))

    with pytest.raises(FetchError) as err:
        fetch_file(REL, SHA, tmp_path / "iris.data", urls=[url], retries=3)

    assert not isinstance(err.value, ChecksumError)
    assert server.hits == ["/missing"]
    assert sleeps == []
    assert f"{url}: HTTP 404" in str(err.value)


def test_checksum_mismatch_reports_hashes_and_writes_nothing(tmp_path, server, sleeps):
    mirror = make_mirror(tmp_path / "mirror", data=BAD)
    url = server.route("/f", Reply(body=BAD))
    out = tmp_path / "out"

    with pytest.raises(ChecksumError) as err:
        fetch_file(REL, SHA, out / "iris.data", mirrors=[mirror], urls=[url], retries=3)

    message = str(err.value)
    assert REL in message
    assert SHA in message
    assert message.count(BAD_SHA) == 2  # once per source
    assert str(mirror / REL) in message and url in message
    assert server.hits == ["/f"]  # a wrong digest is not retried
    assert list(out.iterdir()) == []


def test_a_mirror_serving_another_file_says_so_not_set_mirrors(tmp_path):
    mirror = make_mirror(tmp_path / "mirror", data=BAD)

    with pytest.raises(ChecksumError) as err:
        fetch_file(REL, SHA, tmp_path / "iris.data", mirrors=[mirror])

    message = str(err.value)
    assert f"{mirror / REL} served a file whose sha256 is not the one the dataset registry pins"\
        in message
    assert "not a connection problem" in message
    assert "`mirrors`" not in message  # the mirror is set; its copy is wrong


def test_falls_through_bad_mirrors_to_good_url(tmp_path, server, caplog):
    server.route("/bad/" + REL, Reply(body=BAD))
    url = server.route("/good", Reply())
    dest = tmp_path / "iris.data"
    mirrors = [tmp_path / "no-such-mirror", server.url + "/absent", server.url + "/bad"]

    with caplog.at_level(logging.INFO, logger="smalltrees.data.fetch"):
        fetch_file(REL, SHA, dest, mirrors=mirrors, urls=[url], backoff=0)

    assert dest.read_bytes() == DATA
    assert server.hits == ["/absent/" + REL, "/bad/" + REL, "/good"]
    assert f"served by {url}" in caplog.text


def test_all_sources_fail_lists_every_source_and_mirrors_hint(tmp_path, server, monkeypatch):
    monkeypatch.chdir(tmp_path)
    server.route("/bad/" + REL, Reply(body=BAD))
    busy = server.route("/busy", Reply(503, b""))
    mirrors = ["no-such-mirror", server.url + "/absent", server.url + "/bad"]

    with pytest.raises(FetchError) as err:
        fetch_file(REL, SHA, tmp_path / "iris.data", mirrors=mirrors, urls=[busy], backoff=0)

    assert not isinstance(err.value, ChecksumError)  # only one source had a wrong digest
    lines = str(err.value).splitlines()
    assert lines[1:5] == [
        f"  - {tmp_path / 'no-such-mirror' / REL}: no such file",
        f"  - {server.url}/absent/{REL}: HTTP 404 Not Found",
        f"  - {server.url}/bad/{REL}: {REL} from {server.url}/bad/{REL}: "
        f"sha256 mismatch: expected {SHA}, got {BAD_SHA}",
        f"  - {busy}: HTTP 503 Service Unavailable (after 4 attempts)",
    ]
    assert f"{server.url}/bad/{REL} served a file whose sha256 is not" in str(err.value)
    assert "`mirrors`" in str(err.value)
    assert "--config 'mirrors=[\"../shared/uci-mirror\"]'" in str(err.value)


def test_no_sources_is_an_error(tmp_path):
    with pytest.raises(FetchError, match="no sources"):
        fetch_file(REL, SHA, tmp_path / "iris.data")


def test_no_partial_or_temp_file_after_failure(tmp_path, server):
    url = server.route("/f", Reply(truncate=True))
    out = tmp_path / "out"

    with pytest.raises(FetchError, match="after 2 attempts"):
        fetch_file(REL, SHA, out / "iris.data", urls=[url], retries=1, backoff=0)

    assert server.hits == ["/f"] * 2  # the body really was cut short, and retried
    assert list(out.iterdir()) == []


def test_failed_refetch_leaves_existing_file_untouched(tmp_path, server):
    dest = tmp_path / "iris.data"
    dest.write_bytes(BAD)
    url = server.route("/f", Reply(truncate=True))

    with pytest.raises(FetchError):
        fetch_file(REL, SHA, dest, urls=[url], retries=0)

    assert dest.read_bytes() == BAD
    assert [p.name for p in tmp_path.iterdir()] == ["iris.data"]


def test_existing_good_file_is_not_refetched(tmp_path, server):
    dest = tmp_path / "iris.data"
    dest.write_bytes(DATA)
    url = server.route("/f", Reply())

    assert fetch_file(REL, SHA.upper(), str(dest), urls=[url]) == dest

    assert server.hits == []


def test_existing_corrupted_file_is_replaced(tmp_path, server, caplog):
    dest = tmp_path / "iris.data"
    dest.write_bytes(BAD)
    url = server.route("/f", Reply())

    with caplog.at_level(logging.WARNING, logger="smalltrees.data.fetch"):
        fetch_file(REL, SHA, dest, urls=[url])

    assert dest.read_bytes() == DATA
    assert server.hits == ["/f"]
    assert f"existing {dest} has sha256 {BAD_SHA}" in caplog.text


def test_caller_session_is_used_and_left_open(tmp_path, server):
    class CountingSession(fetch.requests.Session):
        def __init__(self) -> None:
            super().__init__()
            self.gets = 0
            self.closed = False

        def get(self, *args, **kwargs):
            self.gets += 1
            return super().get(*args, **kwargs)

        def close(self) -> None:
            self.closed = True
            super().close()

    session = CountingSession()
    url = server.route("/f", Reply())
    fetch_file(REL, SHA, tmp_path / "iris.data", urls=[url], session=session)
    assert (session.gets, session.closed) == (1, False)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"sha256": "abc"}, "SHA-256"),
        ({"relpath": "../etc/passwd"}, "relpath"),
        ({"relpath": "/iris/iris.data"}, "relpath"),
        ({"retries": -1}, "retries"),
        ({"mirrors": ["ftp://example.org/uci"]}, "unsupported mirror"),
        ({"urls": ["ftp://example.org/uci/" + REL]}, "unsupported URL"),
        ({"urls": ["file://otherhost/uci/" + REL]}, "remote host"),
    ],
)
def test_invalid_arguments_are_rejected_before_fetching(tmp_path, server, kwargs, match):
    args = {"relpath": REL, "sha256": SHA, "urls": [server.route("/f", Reply())]} | kwargs
    with pytest.raises(ValueError, match=match):
        fetch_file(dest=tmp_path / "iris.data", **args)
    assert server.hits == []
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("archive", [UCI_ARCHIVE, UCI_ARCHIVE.rstrip("/")])
def test_origin_is_the_own_url_or_the_archive_path(archive):
    assert origin_url(REL, None, archive) == (
        "https://archive.ics.uci.edu/ml/machine-learning-databases/iris/iris.data"
    )
    assert origin_url(REL, "https://example.org/x.zip", archive) == "https://example.org/x.zip"


@pytest.mark.parametrize(("code", "attempts"), [(socket.EAI_NONAME, 1), (socket.EAI_AGAIN, 3)])
def test_an_unknown_host_is_not_retried_a_temporary_resolver_failure_is(
        tmp_path, sleeps, monkeypatch, code, attempts):
    """Offline, the resolver knows no host (``EAI_NONAME``): the first failure is final, and
    the next source is tried at once; ``EAI_AGAIN`` is a temporary failure, retried."""
    asked = []

    def resolve(host, *args, **kwargs):
        asked.append(host)
        raise socket.gaierror(code, "resolver says no")

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    with pytest.raises(FetchError) as err:
        fetch_file(REL, SHA, tmp_path / "iris.data", urls=["https://no-such-host.invalid/f"],
                   retries=2, backoff=0.5)
    assert asked == ["no-such-host.invalid"] * attempts
    assert sleeps == [0.5, 1.0][: attempts - 1]
    assert "https://no-such-host.invalid/f" in str(err.value)
    assert not list(tmp_path.iterdir())
