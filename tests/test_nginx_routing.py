"""docker-compose's proxy (deploy/nginx/default.conf) in a real nginx: REST goes to the WSGI
service, the SSE stream and long polls to the ASGI one, unbuffered, with the client's address
appended to X-Forwarded-For.

No Docker engine here: `scripts/local_proxy.py` runs the very file compose mounts in a local
nginx (Debian `nginx-light`; `dev.py test` installs it as root, like Chromium) with its two
upstreams pointed at two stand-in HTTP servers that answer who they are and what they received.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import local_proxy  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class StandIn(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, name: str):
        self.name = name
        self.release = threading.Event()  # holds the second half of a /stream/ answer
        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):
        self.answer()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.answer(self.rfile.read(length).decode())

    def answer(self, body: str = ""):
        seen = {
            "backend": self.server.name,
            "path": self.path,
            "x_forwarded_for": self.headers.get("X-Forwarded-For"),
            "x_forwarded_proto": self.headers.get("X-Forwarded-Proto"),
            "host": self.headers.get("Host"),
            "body": body,
        }
        if re.fullmatch(r"/api/v1/games/[^/]+/stream/", self.path.split("?")[0]):
            # an event stream: the first event now, the rest only when the test releases it
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.chunk(f"event: view\ndata: {json.dumps(seen)}\n\n")
            self.server.release.wait(10)
            self.chunk("event: card_played\ndata: {}\n\n")
            self.chunk("")
            return
        data = json.dumps(seen).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def chunk(self, text: str):
        data = text.encode()
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    web, stream = StandIn("web"), StandIn("stream")
    for server in (web, stream):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    port = free_port()
    proc = local_proxy.start(
        tmp_path_factory.mktemp("nginx"), web=web.address, stream=stream.address, port=port
    )
    try:
        yield {"port": port, "web": web, "stream": stream}
    finally:
        proc.terminate()
        proc.wait(10)
        for server in (web, stream):
            server.shutdown()
            server.server_close()


def request(proxy, method: str, path: str, *, headers=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", proxy["port"], timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data)


@pytest.mark.parametrize(
    ("method", "path", "backend"),
    [
        ("POST", "/api/v1/games/6f1c/plays/", "web"),
        ("GET", "/api/v1/games/6f1c/", "web"),
        ("GET", "/api/v1/games/", "web"),
        ("POST", "/api/v1/players/", "web"),
        ("GET", "/health/", "web"),
        ("GET", "/play/", "web"),
        ("GET", "/static/webclient/app.js", "web"),
        ("GET", "/api/v1/games/6f1c/events/", "web"),
        ("GET", "/api/v1/games/6f1c/events/?after=3&limit=50", "web"),
        ("GET", "/api/v1/games/6f1c/events/?after=3&wait=0", "web"),
        ("GET", "/api/v1/games/6f1c/events/?after=3&wait=", "web"),
        ("GET", "/api/v1/games/6f1c/events/?after=3&wait=25", "stream"),
        ("GET", "/api/v1/games/6f1c/events/?wait=1&after=3", "stream"),
        ("GET", "/api/v1/games/6f1c/stream/extra/", "web"),  # not the stream: Django's 404
        ("GET", "/api/v1/games/6f1c/plays/stream/", "web"),
    ],
)
def test_each_path_reaches_the_service_that_serves_it(proxy, method, path, backend):
    body = '{"card": "2C"}' if method == "POST" else None
    headers = {"Content-Type": "application/json"} if body else {}
    status, seen = request(proxy, method, path, headers=headers, body=body)
    assert status == 200
    assert seen["backend"] == backend
    assert seen["path"] == path  # path and query string passed through unchanged
    assert seen["body"] == (body or "")


def test_the_client_address_is_appended_and_the_host_kept(proxy):
    status, seen = request(
        proxy,
        "GET",
        "/api/v1/games/",
        headers={"X-Forwarded-For": "203.0.113.9", "Host": "hearts.example"},
    )
    assert status == 200
    assert seen["x_forwarded_for"] == "203.0.113.9, 127.0.0.1"  # the client's own entry first
    assert seen["x_forwarded_proto"] == "http"
    assert seen["host"] == "hearts.example"


def test_stream_and_long_poll_get_the_same_headers(proxy):
    # a location with its own proxy_set_header would silently drop the server-level ones
    _, seen = request(
        proxy, "GET", "/api/v1/games/6f1c/events/?wait=5", headers={"Host": "hearts.example"}
    )
    assert (seen["backend"], seen["x_forwarded_for"]) == ("stream", "127.0.0.1")
    assert seen["host"] == "hearts.example"


def test_the_stream_passes_through_unbuffered(proxy):
    stream = proxy["stream"]
    stream.release.clear()
    conn = http.client.HTTPConnection("127.0.0.1", proxy["port"], timeout=5)
    conn.request(
        "GET", "/api/v1/games/6f1c/stream/?token=k", headers={"X-Forwarded-For": "1.2.3.4"}
    )
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    # The first event arrives while the stand-in still holds the rest (a buffering proxy would
    # wait for the end of the response and this read would time out).
    first = b""
    while not first.endswith(b"\n\n"):
        first += response.read1(4096)
    assert first.startswith(b"event: view\n")
    seen = json.loads(first.split(b"data: ", 1)[1])
    assert seen["backend"] == "stream"
    assert seen["x_forwarded_for"] == "1.2.3.4, 127.0.0.1"
    stream.release.set()
    rest = response.read()
    assert rest == b"event: card_played\ndata: {}\n\n"
    conn.close()


def test_the_site_names_each_upstream_once_and_listens_on_80():
    site = local_proxy.SITE.read_text()
    assert site.count("server web:8000;") == 1
    assert site.count("server stream:8000;") == 1
    rendered = local_proxy.render_site(web="127.0.0.1:1", stream="127.0.0.1:2", port=3)
    assert "server 127.0.0.1:1;" in rendered
    assert "server 127.0.0.1:2;" in rendered
    assert "listen 127.0.0.1:3;" in rendered
    assert "web:8000" not in rendered
