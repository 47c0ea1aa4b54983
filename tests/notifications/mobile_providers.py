"""Stand-ins of the mobile push providers on loopback (the providers are outside the system):

* ``FcmService``: Google's OAuth token endpoint (checks the service account's RS256 JWT
  assertion with its public key, Google's audience, issuer and scope) and the FCM HTTP v1
  ``messages:send`` (checks the bearer token it issued; answers 404 ``UNREGISTERED`` for dead
  tokens), over HTTP/1.1 as the real ones accept.
* ``ApnsService``: the APNs provider API over HTTP/2 with TLS (ALPN ``h2``: APNs speaks nothing
  else), written with the ``h2`` protocol library; it checks the ES256 provider token (key id,
  team), the topic and push type, and answers 410 ``Unregistered`` / 400 ``BadDeviceToken``.

Both can be told to fail a token's next requests first (``fail(token, status, retry_after=...)``:
a 503 or a 429 with ``Retry-After``, as the real ones do under load), then answer as usual;
``attempts`` lists the token of every request that reached the service, failed or not.
"""

from __future__ import annotations

import json
import secrets
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import h2.config
import h2.connection
import h2.events
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging"


def _pem(key: Any) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@dataclass
class FcmService:
    project: str = "hearts-test"
    dead: set[str] = field(default_factory=set)
    sent: list[dict[str, Any]] = field(default_factory=list)  # the accepted messages
    token_requests: int = 0
    failures: dict[str, list[tuple[int, dict[str, str]]]] = field(default_factory=dict)
    attempts: list[str] = field(default_factory=list)
    port: int = 0
    _key: Any = None
    _tokens: set[str] = field(default_factory=set)
    _server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def service_account(self) -> dict[str, Any]:
        return {
            "type": "service_account",
            "project_id": self.project,
            "private_key_id": "k1",
            "private_key": _pem(self._key),
            "client_email": f"push@{self.project}.iam.gserviceaccount.com",
            "client_id": "1",
            "token_uri": f"{self.base_url}/token",
        }

    def fail(self, token: str, status: int, *, retry_after: str | None = None) -> None:
        """Answer the next request for ``token`` with ``status`` (and ``Retry-After``)."""
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        self.failures.setdefault(token, []).append((status, headers))

    def start(self) -> FcmService:
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        service = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(
                self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None
            ) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path == "/token":
                    return self._token(parse_qs(body.decode()))
                expected = f"/v1/projects/{service.project}/messages:send"
                auth = self.headers.get("Authorization", "")
                if auth.removeprefix("Bearer ") not in service._tokens:
                    return self._answer(401, {"error": {"code": 401, "status": "UNAUTHENTICATED"}})
                if self.path != expected:
                    return self._answer(404, {"error": {"code": 404, "status": "NOT_FOUND"}})
                message = json.loads(body)["message"]
                service.attempts.append(message["token"])
                queued = service.failures.get(message["token"])
                if queued:
                    status, headers = queued.pop(0)
                    names = {429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE", 500: "INTERNAL"}
                    error = {"code": status, "status": names.get(status, "INVALID_ARGUMENT")}
                    return self._answer(status, {"error": error}, headers)
                if message["token"] in service.dead:
                    detail = {
                        "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError",
                        "errorCode": "UNREGISTERED",
                    }
                    error = {"code": 404, "status": "NOT_FOUND", "details": [detail]}
                    return self._answer(404, {"error": error})
                service.sent.append(message)
                self._answer(
                    200, {"name": f"projects/{service.project}/messages/{len(service.sent)}"}
                )

            def _token(self, form: dict[str, list[str]]) -> None:
                service.token_requests += 1
                try:
                    claims = jwt.decode(
                        form["assertion"][0],
                        service._key.public_key(),
                        algorithms=["RS256"],
                        # Google's audience, whatever token_uri the account names
                        audience="https://oauth2.googleapis.com/token",
                    )
                    assert form["grant_type"] == ["urn:ietf:params:oauth:grant-type:jwt-bearer"]
                    assert FCM_SCOPE in claims["scope"].split()
                    assert claims["iss"] == f"push@{service.project}.iam.gserviceaccount.com"
                except (jwt.PyJWTError, AssertionError, KeyError):
                    return self._answer(400, {"error": "invalid_grant"})
                token = secrets.token_urlsafe(16)
                service._tokens.add(token)
                self._answer(
                    200, {"access_token": token, "expires_in": 3600, "token_type": "Bearer"}
                )

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


@dataclass
class ApnsRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    http_version: str  # "2" when it came over HTTP/2 (always, here: the server speaks nothing else)
    claims: dict[str, Any] | None  # the verified provider token, None if it did not verify

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.body)


@dataclass
class ApnsService:
    cert_file: str
    key_file: str
    team_id: str = "TEAM123456"
    key_id: str = "KEY1234567"
    topic: str = "com.example.hearts"
    dead: set[str] = field(default_factory=set)  # 410 Unregistered
    bad: set[str] = field(default_factory=set)  # 400 BadDeviceToken
    received: list[ApnsRequest] = field(default_factory=list)
    failures: dict[str, list[tuple[int, dict[str, str]]]] = field(default_factory=dict)
    connections: int = 0
    port: int = 0
    signing_key: Any = None
    _sock: socket.socket | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    @property
    def base_url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def attempts(self) -> list[str]:
        return [r.path.removeprefix("/3/device/") for r in self.received]

    def fail(self, token: str, status: int, *, retry_after: str | None = None) -> None:
        """Answer the next request for ``token`` with ``status`` (and ``retry-after``)."""
        headers = {"retry-after": retry_after} if retry_after is not None else {}
        self.failures.setdefault(token, []).append((status, headers))

    def auth_key_pem(self) -> str:
        """The team's ``.p8`` (a P-256 key in PKCS#8 PEM), as Apple hands it out."""
        return _pem(self.signing_key)

    def start(self) -> ApnsService:
        self.signing_key = ec.generate_private_key(ec.SECP256R1())
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert_file, self.key_file)
        context.set_alpn_protocols(["h2"])
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(0.2)
        self.port = listener.getsockname()[1]
        self._sock = listener

        def accept_loop() -> None:
            while not self._stop.is_set():
                try:
                    raw, _ = listener.accept()
                except (TimeoutError, OSError):
                    continue
                threading.Thread(target=self._serve, args=(raw, context), daemon=True).start()

        threading.Thread(target=accept_loop, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._sock is not None:
            self._sock.close()

    def _verify(self, headers: dict[str, str]) -> dict[str, Any] | None:
        token = headers.get("authorization", "").removeprefix("bearer ")
        try:
            if jwt.get_unverified_header(token).get("kid") != self.key_id:
                return None
            claims = jwt.decode(token, self.signing_key.public_key(), algorithms=["ES256"])
        except jwt.PyJWTError:
            return None
        if claims.get("iss") != self.team_id or abs(time.time() - claims.get("iat", 0)) > 3600:
            return None
        return claims

    def _answer(self, request: ApnsRequest) -> tuple[int, dict[str, Any] | None, dict[str, str]]:
        status, body = self._status(request)
        token = request.path.removeprefix("/3/device/")
        queued = self.failures.get(token)
        if status == 200 and queued:
            failed, headers = queued.pop(0)
            reasons = {429: "TooManyRequests", 503: "ServiceUnavailable", 500: "InternalError"}
            return failed, {"reason": reasons.get(failed, "BadRequest")}, headers
        return status, body, {}

    def _status(self, request: ApnsRequest) -> tuple[int, dict[str, Any] | None]:
        token = request.path.removeprefix("/3/device/")
        if request.method != "POST" or not request.path.startswith("/3/device/"):
            return 404, {"reason": "BadPath"}
        if request.claims is None:
            return 403, {"reason": "InvalidProviderToken"}
        if request.headers.get("apns-topic") != self.topic:
            return 400, {"reason": "TopicDisallowed"}
        if request.headers.get("apns-push-type") != "alert":
            return 400, {"reason": "InvalidPushType"}
        if token in self.dead:
            return 410, {"reason": "Unregistered", "timestamp": int(time.time() * 1000)}
        if token in self.bad:
            return 400, {"reason": "BadDeviceToken"}
        return 200, None

    def _serve(self, raw: socket.socket, context: ssl.SSLContext) -> None:
        try:
            sock = context.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError):
            raw.close()
            return
        if sock.selected_alpn_protocol() != "h2":
            sock.close()
            return
        self.connections += 1
        conn = h2.connection.H2Connection(
            config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8")
        )
        conn.initiate_connection()
        sock.sendall(conn.data_to_send())
        streams: dict[int, dict[str, Any]] = {}
        try:
            while not self._stop.is_set():
                data = sock.recv(65535)
                if not data:
                    break
                for event in conn.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        streams[event.stream_id] = {"headers": dict(event.headers), "body": b""}
                    elif isinstance(event, h2.events.DataReceived):
                        streams[event.stream_id]["body"] += event.data
                        conn.acknowledge_received_data(
                            event.flow_controlled_length, event.stream_id
                        )
                    elif isinstance(event, h2.events.StreamEnded):
                        self._respond(conn, event.stream_id, streams.pop(event.stream_id))
                    elif isinstance(event, h2.events.ConnectionTerminated):
                        return
                sock.sendall(conn.data_to_send())
        except (OSError, ssl.SSLError):
            pass
        finally:
            sock.close()

    def _respond(self, conn: Any, stream_id: int, stream: dict[str, Any]) -> None:
        headers = stream["headers"]
        request = ApnsRequest(
            method=headers.get(":method", ""),
            path=headers.get(":path", ""),
            headers={k: v for k, v in headers.items() if not k.startswith(":")},
            body=stream["body"],
            http_version="2",
            claims=self._verify(headers),
        )
        self.received.append(request)
        status, body, headers = self._answer(request)
        data = json.dumps(body).encode() if body is not None else b""
        out = [(":status", str(status)), ("apns-id", secrets.token_hex(16)), *headers.items()]
        if data:
            out += [("content-type", "application/json"), ("content-length", str(len(data)))]
        conn.send_headers(stream_id, out, end_stream=not data)
        if data:
            conn.send_data(stream_id, data, end_stream=True)
