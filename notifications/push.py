"""Web Push (RFC 8030) with VAPID (RFC 8292) and message encryption (RFC 8291, ``aes128gcm``),
through the maintained ``pywebpush`` library (and its ``py_vapid`` / ``http_ece``).

The library encrypts the payload for the subscription's keys and ``py_vapid`` signs the VAPID
token; the request itself goes through ``outbound.post``, so a push endpoint (a URL a browser
handed us) gets the webhooks' SSRF guard: checked address, no redirects, timeouts.

Configuration: ``HEARTS_VAPID_PRIVATE_KEY`` (base64url of the raw 32-byte P-256 private key, or of
its DER form; ``python -c "from py_vapid import Vapid; v = Vapid(); v.generate_keys(); ..."``)
and ``HEARTS_VAPID_SUBJECT`` (``mailto:`` or ``https:`` contact). Without a key, push is off.
"""

from __future__ import annotations

import base64
import json
import time
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid
from py_vapid.utils import b64urlencode
from pywebpush import WebPusher

from notifications import outbound

PUSH_TTL_S = 24 * 3600


@lru_cache(maxsize=4)
def _vapid_for(key: str) -> Vapid:
    return Vapid.from_string(key)


def vapid() -> Vapid | None:
    key = getattr(settings, "HEARTS_VAPID_PRIVATE_KEY", "") or ""
    return _vapid_for(key.strip()) if key.strip() else None


def vapid_public_key() -> str | None:
    """The applicationServerKey a browser subscribes with (base64url, uncompressed point)."""
    v = vapid()
    if v is None:
        return None
    raw = v.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64urlencode(raw)


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def valid_keys(p256dh: str, auth: str) -> bool:
    """Whether a subscription's keys are usable: ``p256dh`` a P-256 point (65 bytes,
    uncompressed) and ``auth`` a 16-byte secret, both base64url."""
    try:
        point, secret = _unb64url(p256dh), _unb64url(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (ValueError, TypeError):
        return False
    return len(point) == 65 and len(secret) == 16


def send(
    *, endpoint: str, p256dh: str, auth: str, message: dict[str, Any], ttl: int = PUSH_TTL_S
) -> outbound.Outcome:
    """Encrypt ``message`` (JSON) for the subscription and POST it to its push service."""
    v = vapid()
    if v is None:  # pragma: no cover - callers check push_enabled first
        raise RuntimeError("Web Push is not configured (HEARTS_VAPID_PRIVATE_KEY)")
    pusher = WebPusher({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}})
    body = pusher.encode(json.dumps(message, separators=(",", ":")).encode(), "aes128gcm")["body"]
    parts = urlsplit(endpoint)
    claims = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + 12 * 3600,
        "sub": getattr(settings, "HEARTS_VAPID_SUBJECT", "") or "mailto:admin@hearts.example",
    }
    headers = {
        **v.sign(claims),
        "TTL": str(int(ttl)),
        "Content-Encoding": "aes128gcm",
        "Urgency": "high",
    }
    return outbound.post(
        endpoint, body=body, headers=headers, content_type="application/octet-stream"
    )
