"""Outbound HTTP for webhooks, with the SSRF guard (docs/notifications.md#ssrf).

``check_url`` parses a webhook URL, resolves its host and refuses it unless EVERY address it
resolves to is a public (global unicast) address, or lies in one of the networks of
``settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS`` (CIDRs, empty by default). Refused: loopback
(127/8, ::1), link-local (169.254/16, fe80::/10), private (10/8, 172.16/12, 192.168/16,
fc00::/7 unique-local), shared (100.64/10), multicast, reserved and unspecified addresses, and
IPv4 addresses mapped into IPv6 (``::ffff:127.0.0.1``) by the address they map.

``post`` checks again at delivery time (DNS may have changed since registration) and connects to
the address it checked (no second lookup that a rebinding DNS server could answer differently),
with the URL's host in the ``Host`` header and, over TLS, as the SNI name and the name the
certificate must carry (checked against the system's trust store, or the CA bundle of
``HEARTS_OUTBOUND_CA_FILE``). Redirects are never followed (a 3xx is a failed attempt), and connect
and read timeouts bound every request.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

import urllib3
from django.conf import settings

from notifications.errors import WebhookAddressForbidden, WebhookUrlInvalid, WebhookUrlUnresolvable

USER_AGENT = "Hearts-Webhooks/1"
RESPONSE_EXCERPT_BYTES = 512

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as written in the URL (a name or an address literal, without brackets)
    port: int
    path: str  # path and query
    address: str  # the checked address to connect to

    @property
    def host_header(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return host if self.port == default else f"{host}:{self.port}"


def allowed_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    raw = getattr(settings, "HEARTS_WEBHOOK_ALLOWED_NETWORKS", ()) or ()
    if isinstance(raw, str):
        raw = [part for part in raw.split(",") if part.strip()]
    return [ipaddress.ip_network(part.strip(), strict=False) for part in raw]


def forbidden_reason(address: IPAddress) -> str | None:
    """Why outbound requests may not reach ``address`` (None: they may)."""
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    for network in allowed_networks():
        if address.version == network.version and address in network:
            return None
    if address.is_loopback:
        return "loopback"
    if address.is_link_local:
        return "link_local"
    if address.is_multicast:
        return "multicast"
    if address.is_unspecified:
        return "unspecified"
    if address.is_private:
        return "private"
    if address.is_reserved or not address.is_global:
        return "reserved"
    return None


def _resolve(host: str, port: int) -> list[IPAddress]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise WebhookUrlUnresolvable(host=host) from None
    out: list[IPAddress] = []
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%", 1)[0])
        if address not in out:
            out.append(address)
    if not out:
        raise WebhookUrlUnresolvable(host=host)
    return out


def parse_url(url: str) -> tuple[str, str, int, str]:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise WebhookUrlInvalid(url=url) from None
    scheme = (parts.scheme or "").lower()
    host = parts.hostname or ""
    if scheme not in ("http", "https") or not host or parts.username or parts.password:
        raise WebhookUrlInvalid(url=url)
    port = port or (443 if scheme == "https" else 80)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return scheme, host, port, path


def check_url(url: str) -> Target:
    """The checked target of ``url``, or a typed error (invalid, unresolvable, forbidden)."""
    scheme, host, port, path = parse_url(url)
    addresses = _resolve(host, port)
    for address in addresses:
        reason = forbidden_reason(address)
        if reason is not None:
            raise WebhookAddressForbidden(host=host, address=str(address), reason=reason)
    return Target(scheme=scheme, host=host, port=port, path=path, address=str(addresses[0]))


@dataclass(frozen=True)
class Outcome:
    ok: bool
    status_code: int | None
    latency_ms: int
    error_code: str = ""
    error: str = ""
    retry_after_s: float | None = None  # the receiver's Retry-After (429, 503), in seconds


def retry_after_s(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait by a ``Retry-After`` header (RFC 9110: delay-seconds or an HTTP-date);
    None when absent or unreadable, never negative."""
    value = (value or "").strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if moment is None or moment.tzinfo is None:
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


def connect_timeout_s() -> float:
    return float(getattr(settings, "HEARTS_WEBHOOK_CONNECT_TIMEOUT_S", 3))


def read_timeout_s() -> float:
    return float(getattr(settings, "HEARTS_WEBHOOK_TIMEOUT_S", 10))


def post(
    url: str, *, body: bytes, headers: dict[str, str], content_type: str = "application/json"
) -> Outcome:
    """POST ``body`` to ``url`` once: checked address, no redirect, bounded time."""
    started = time.monotonic()

    def elapsed() -> int:
        return int((time.monotonic() - started) * 1000)

    try:
        target = check_url(url)
    except (WebhookAddressForbidden, WebhookUrlUnresolvable, WebhookUrlInvalid) as exc:
        return Outcome(False, None, elapsed(), exc.code, f"{exc.message} {exc.details}")
    timeout = urllib3.Timeout(connect=connect_timeout_s(), read=read_timeout_s())
    common = {"port": target.port, "timeout": timeout, "retries": False, "maxsize": 1}
    if target.scheme == "https":
        ca_file = getattr(settings, "HEARTS_OUTBOUND_CA_FILE", "") or None
        pool: urllib3.HTTPConnectionPool = urllib3.HTTPSConnectionPool(
            target.address,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
            ca_certs=ca_file,
            **common,
        )
    else:
        pool = urllib3.HTTPConnectionPool(target.address, **common)
    send_headers = {
        **headers,
        "Host": target.host_header,
        "User-Agent": USER_AGENT,
        "Content-Type": content_type,
    }
    try:
        response = pool.urlopen(
            "POST",
            target.path,
            body=body,
            headers=send_headers,
            redirect=False,
            retries=False,
            preload_content=False,
            assert_same_host=False,
        )
        try:
            excerpt = response.read(RESPONSE_EXCERPT_BYTES, decode_content=False)
        finally:
            response.release_conn()
    except urllib3.exceptions.NewConnectionError as exc:  # refused, unreachable (before timeout)
        return Outcome(False, None, elapsed(), "connection_error", str(exc)[:500])
    except urllib3.exceptions.TimeoutError as exc:
        return Outcome(False, None, elapsed(), "timeout", str(exc)[:500])
    except urllib3.exceptions.HTTPError as exc:
        return Outcome(False, None, elapsed(), "connection_error", str(exc)[:500])
    finally:
        pool.close()
    status = response.status
    if 200 <= status < 300:
        return Outcome(True, status, elapsed())
    code = "redirect_not_followed" if 300 <= status < 400 else "http_status"
    text = excerpt.decode("utf-8", "replace")
    return Outcome(
        False,
        status,
        elapsed(),
        code,
        f"HTTP {status}: {text}"[:500],
        retry_after_s=retry_after_s(response.headers.get("Retry-After")),
    )
