"""A stand-in push service on loopback (the real ones are outside the system): it checks each
request's VAPID token with ``py_vapid``'s verifier and its claims, decrypts the ``aes128gcm``
payload with the browser's private key (``http_ece``, as a browser would), and answers 201, or
410 Gone for subscriptions it was told have expired; ``fail(token, status, retry_after=...)``
answers a subscription's next request with an error first (a 503, a 429 with ``Retry-After``).
``browser_subscription`` makes the keys a browser's PushManager would."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_private_key() -> str:
    """A server VAPID key as HEARTS_VAPID_PRIVATE_KEY takes it (raw, base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


@dataclass
class Browser:
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def keys(self) -> dict[str, str]:
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(public), "auth": b64url(self.auth)}


def browser_subscription() -> Browser:
    return Browser(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))


@dataclass
class Pushed:
    token: str
    vapid_ok: bool
    claims: dict[str, Any]
    vapid_key: str
    headers: dict[str, str]
    message: dict[str, Any] | None  # decrypted; None if it could not be


@dataclass
class PushService:
    browsers: dict[str, Browser] = field(default_factory=dict)  # token -> browser
    gone: set[str] = field(default_factory=set)
    received: list[Pushed] = field(default_factory=list)  # every request, answered or failed
    failures: dict[str, list[tuple[int, dict[str, str]]]] = field(default_factory=dict)
    delivered: list[str] = field(default_factory=list)  # the tokens of the 201s
    port: int = 0
    _server: ThreadingHTTPServer | None = None

    def endpoint(self, token: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{token}"

    def fail(self, token: str, status: int, *, retry_after: str | None = None) -> None:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        self.failures.setdefault(token, []).append((status, headers))

    def start(self) -> PushService:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                token = self.path.rsplit("/", 1)[-1]
                auth = self.headers.get("Authorization", "")
                try:
                    vapid_ok = bool(Vapid02.verify(auth))
                    parts = dict(p.split("=", 1) for p in auth.split(" ", 1)[1].split(","))
                    claims = json.loads(unb64url(parts["t"].split(".")[1]))
                    key = parts["k"]
                except (AssertionError, ValueError, KeyError, IndexError):
                    vapid_ok, claims, key = False, {}, ""
                browser = service.browsers.get(token)
                message = None
                if browser is not None and self.headers.get("Content-Encoding") == "aes128gcm":
                    try:
                        plain = http_ece.decrypt(
                            body,
                            private_key=browser.private_key,
                            auth_secret=browser.auth,
                            version="aes128gcm",
                        )
                        message = json.loads(plain)
                    except Exception:
                        message = None
                service.received.append(
                    Pushed(token, vapid_ok, claims, key, dict(self.headers.items()), message)
                )
                status = 410 if token in service.gone else (201 if vapid_ok else 403)
                headers: dict[str, str] = {}
                if status == 201 and service.failures.get(token):
                    status, headers = service.failures[token].pop(0)
                if status == 201:
                    service.delivered.append(token)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def claims_ok(self, pushed: Pushed) -> bool:
        return (
            pushed.claims.get("aud") == f"http://127.0.0.1:{self.port}"
            and int(pushed.claims.get("exp", 0)) > time.time()
        )
