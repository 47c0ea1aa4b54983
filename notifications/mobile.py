"""Push to native apps: Firebase Cloud Messaging (the FCM HTTP v1 API) and Apple Push
Notification service (the APNs HTTP/2 provider API), configured from the environment.

* FCM: OAuth 2 access tokens from a service account through the maintained ``google-auth``
  library (it signs the JWT assertion and exchanges it at the account's ``token_uri``); the
  message is POSTed to ``{HEARTS_FCM_API_URL}/v1/projects/{project}/messages:send`` with
  ``httpx``. A 404 ``UNREGISTERED`` (or a 400 naming the token invalid) means the app was
  uninstalled or the token expired: the caller removes the device.
* APNs: token-based provider authentication (an ES256 JWT of the team's ``.p8`` key, signed with
  the maintained ``PyJWT`` and reused for 40 minutes, as Apple asks), POSTed over HTTP/2 (APNs
  speaks nothing else) with ``httpx`` and ``h2`` to ``{HEARTS_APNS_API_URL}/3/device/{token}``.
  410 ``Unregistered`` and 400 ``BadDeviceToken`` remove the device.

Provider URLs are operator settings, never user input, so they are not behind the webhooks' SSRF
guard (a device token is only ever a path segment, percent-encoded). Settings (empty: off):

``HEARTS_FCM_CREDENTIALS_FILE`` (service-account JSON path) or ``HEARTS_FCM_CREDENTIALS_JSON``,
``HEARTS_FCM_PROJECT_ID`` (default: the account's project), ``HEARTS_FCM_API_URL``;
``HEARTS_APNS_KEY_FILE`` (the ``.p8``) or ``HEARTS_APNS_KEY`` (its PEM text),
``HEARTS_APNS_KEY_ID``, ``HEARTS_APNS_TEAM_ID``, ``HEARTS_APNS_TOPIC`` (the app's bundle id),
``HEARTS_APNS_API_URL`` (``https://api.sandbox.push.apple.com`` for development builds) and
``HEARTS_APNS_CA_FILE`` (a CA bundle to trust instead of the system's: a private gateway, tests).
"""

from __future__ import annotations

import json
import ssl
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import jwt
from django.conf import settings
from google.auth.transport.requests import Request as GoogleRequest
from google.oauth2 import service_account

from notifications.outbound import retry_after_s

FCM = "fcm"
APNS = "apns"
PLATFORMS = (FCM, APNS)
FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
APNS_TOKEN_TTL_S = 40 * 60  # Apple: refresh no more than every 20 minutes, no less than hourly


@dataclass(frozen=True)
class Result:
    ok: bool
    status_code: int | None
    error: str = ""
    unregistered: bool = False  # the provider says the token is dead: remove the device
    retry_after_s: float | None = None  # the provider's Retry-After (429, 503), in seconds


def _setting(name: str) -> str:
    return str(getattr(settings, name, "") or "").strip()


def _timeout() -> httpx.Timeout:
    connect = float(getattr(settings, "HEARTS_WEBHOOK_CONNECT_TIMEOUT_S", 3))
    read = float(getattr(settings, "HEARTS_WEBHOOK_TIMEOUT_S", 10))
    return httpx.Timeout(read, connect=connect)


# ---------------------------------------------------------------------- FCM
def _fcm_info() -> dict[str, Any] | None:
    path, text = _setting("HEARTS_FCM_CREDENTIALS_FILE"), _setting("HEARTS_FCM_CREDENTIALS_JSON")
    if path:
        return json.loads(Path(path).read_text())
    return json.loads(text) if text else None


@lru_cache(maxsize=4)
def _fcm_credentials(info_text: str) -> service_account.Credentials:
    return service_account.Credentials.from_service_account_info(
        json.loads(info_text), scopes=[FCM_SCOPE]
    )


_fcm_lock = threading.Lock()


def fcm_enabled() -> bool:
    return bool(_setting("HEARTS_FCM_CREDENTIALS_FILE") or _setting("HEARTS_FCM_CREDENTIALS_JSON"))


def _fcm_token(info: dict[str, Any]) -> str:
    credentials = _fcm_credentials(json.dumps(info, sort_keys=True))
    with _fcm_lock:
        if not credentials.valid:
            credentials.refresh(GoogleRequest())
        return credentials.token


def fcm_send(token: str, message: dict[str, Any]) -> Result:
    """One FCM v1 ``messages:send`` of a notification (title, body) with its data."""
    info = _fcm_info()
    if info is None:  # pragma: no cover - callers check fcm_enabled first
        raise RuntimeError("FCM is not configured (HEARTS_FCM_CREDENTIALS_FILE)")
    project = _setting("HEARTS_FCM_PROJECT_ID") or info.get("project_id", "")
    base = _setting("HEARTS_FCM_API_URL") or "https://fcm.googleapis.com"
    body = {
        "message": {
            "token": token,
            "notification": {"title": message["title"], "body": message["body"]},
            # FCM data values are strings.
            "data": {
                "id": message["id"],
                "type": message["type"],
                "data": json.dumps(message["data"], separators=(",", ":")),
            },
            "android": {"priority": "high", "ttl": "86400s"},
        }
    }
    try:
        access = _fcm_token(info)
        response = httpx.post(
            f"{base}/v1/projects/{quote(project, safe='')}/messages:send",
            json=body,
            headers={"Authorization": f"Bearer {access}"},
            timeout=_timeout(),
            follow_redirects=False,
        )
    except Exception as exc:
        return Result(False, None, f"{type(exc).__name__}: {exc}"[:500])
    if response.status_code == 200:
        return Result(True, 200)
    error = _fcm_error(response)
    dead = response.status_code == 404 or error in ("UNREGISTERED", "INVALID_ARGUMENT:token")
    return _failed(response, error, unregistered=dead)


def _failed(response: httpx.Response, error: str, *, unregistered: bool) -> Result:
    """A provider's refusal: its status, its error (cut to 500 characters), whether the token
    is dead, and its Retry-After."""
    return Result(
        False,
        response.status_code,
        error[:500],
        unregistered=unregistered,
        retry_after_s=retry_after_s(response.headers.get("retry-after")),
    )


def _fcm_error(response: httpx.Response) -> str:
    try:
        err = response.json().get("error", {})
    except ValueError:
        return response.text[:200]
    for detail in err.get("details") or []:
        if detail.get("errorCode"):
            return detail["errorCode"]
    status = err.get("status") or ""
    if status == "INVALID_ARGUMENT" and "token" in (err.get("message") or "").lower():
        return "INVALID_ARGUMENT:token"
    return status or str(err)[:200]


# ---------------------------------------------------------------------- APNs
def _apns_key() -> str:
    path = _setting("HEARTS_APNS_KEY_FILE")
    return Path(path).read_text() if path else _setting("HEARTS_APNS_KEY")


def apns_enabled() -> bool:
    return bool(
        (_setting("HEARTS_APNS_KEY_FILE") or _setting("HEARTS_APNS_KEY"))
        and _setting("HEARTS_APNS_KEY_ID")
        and _setting("HEARTS_APNS_TEAM_ID")
        and _setting("HEARTS_APNS_TOPIC")
    )


_apns_cache: dict[str, Any] = {}
_apns_lock = threading.Lock()


def _apns_jwt() -> str:
    key, key_id, team = _apns_key(), _setting("HEARTS_APNS_KEY_ID"), _setting("HEARTS_APNS_TEAM_ID")
    cache_key = f"{key_id}:{team}:{hash(key)}"
    now = int(time.time())
    with _apns_lock:
        cached = _apns_cache.get(cache_key)
        if cached is None or now - cached[0] >= APNS_TOKEN_TTL_S:
            token = jwt.encode(
                {"iss": team, "iat": now}, key, algorithm="ES256", headers={"kid": key_id}
            )
            _apns_cache.clear()
            _apns_cache[cache_key] = cached = (now, token)
        return cached[1]


@lru_cache(maxsize=2)
def _apns_client(base: str, ca_file: str) -> httpx.Client:
    """One HTTP/2 connection per process and provider (Apple asks to keep it open)."""
    return httpx.Client(
        base_url=base,
        http1=False,
        http2=True,
        verify=ssl.create_default_context(cafile=ca_file) if ca_file else True,
        timeout=_timeout(),
        follow_redirects=False,
    )


def apns_send(token: str, message: dict[str, Any]) -> Result:
    """One APNs alert push (``apns-push-type: alert``, priority 10, a day to live)."""
    base = _setting("HEARTS_APNS_API_URL") or "https://api.push.apple.com"
    payload = {
        "aps": {"alert": {"title": message["title"], "body": message["body"]}, "sound": "default"},
        "hearts": {"id": message["id"], "type": message["type"], "data": message["data"]},
    }
    headers = {
        "authorization": f"bearer {_apns_jwt()}",
        "apns-topic": _setting("HEARTS_APNS_TOPIC"),
        "apns-push-type": "alert",
        "apns-priority": "10",
        "apns-expiration": str(int(time.time()) + 86400),
    }
    try:
        response = _apns_client(base, _setting("HEARTS_APNS_CA_FILE")).post(
            f"/3/device/{quote(token, safe='')}",
            content=json.dumps(payload, separators=(",", ":")).encode(),
            headers=headers,
        )
    except Exception as exc:
        _apns_client.cache_clear()  # a broken connection: a new one next time
        return Result(False, None, f"{type(exc).__name__}: {exc}"[:500])
    if response.status_code == 200:
        return Result(True, 200)
    try:
        reason = response.json().get("reason", "")
    except ValueError:
        reason = response.text[:200]
    dead = response.status_code == 410 or reason in ("BadDeviceToken", "Unregistered")
    return _failed(response, reason, unregistered=dead)


def enabled(platform: str) -> bool:
    return fcm_enabled() if platform == FCM else apns_enabled() if platform == APNS else False


def send(platform: str, token: str, message: dict[str, Any]) -> Result:
    return fcm_send(token, message) if platform == FCM else apns_send(token, message)
