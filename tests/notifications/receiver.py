"""A real webhook receiver on loopback for the tests: an HTTP server in a thread that checks
every delivery's signature with the ``standardwebhooks`` library's verifier, can answer errors
or redirects on purpose, and can be stopped and started again on the same port. It listens on
``host`` (``127.0.0.1``, or ``::1`` for IPv6 loopback) and, given a ``tls`` context, over HTTPS."""

from __future__ import annotations

import json
import socket
import ssl
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    verified: bool  # with the receiver's current secret
    answered: int

    @property
    def id(self) -> str:
        return self.headers["webhook-id"]

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.body)


@dataclass
class Receiver:
    secret: str = ""
    fail_next: int = 0  # answer ``fail_status`` to this many requests
    fail_status: int = 500
    retry_after: str = ""  # a Retry-After header on those failures
    redirect_to: str = ""  # answer 302 to this location
    received: list[Received] = field(default_factory=list)
    port: int = 0
    host: str = "127.0.0.1"
    tls: ssl.SSLContext | None = None
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}/hooks/hearts"

    def verify(self, item: Received, secret: str | None = None) -> Any:
        return Webhook(secret or self.secret).verify(item.body, item.headers)

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                headers = {k.lower(): v for k, v in self.headers.items()}
                try:
                    Webhook(receiver.secret).verify(body, headers)
                    verified = True
                except (WebhookVerificationError, ValueError, KeyError):
                    verified = False
                if receiver.redirect_to:
                    status = 302
                elif receiver.fail_next > 0:
                    receiver.fail_next -= 1
                    status = receiver.fail_status
                else:
                    status = 204 if verified else 400
                receiver.received.append(Received(self.path, headers, body, verified, status))
                self.send_response(status)
                if status == 302:
                    self.send_header("Location", receiver.redirect_to)
                if status == receiver.fail_status and receiver.retry_after:
                    self.send_header("Retry-After", receiver.retry_after)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        if not self.port:
            with socket.socket(family) as sock:
                sock.bind((self.host, 0))
                self.port = sock.getsockname()[1]

        class Server(ThreadingHTTPServer):
            address_family = family

        server = Server((self.host, self.port), Handler)
        if self.tls is not None:
            server.socket = self.tls.wrap_socket(server.socket, server_side=True)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self._server = server
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def delivered(self) -> list[Received]:
        """What the receiver accepted (verified and answered 2xx)."""
        return [r for r in self.received if r.verified and 200 <= r.answered < 300]
