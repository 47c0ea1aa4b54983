"""The authorization-code flow with PKCE as a third-party app and its player's browser do it,
over any client with a cookie jar (Django's test client, httpx against a live server)."""

from __future__ import annotations

import base64
import hashlib
import secrets
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit


class FormFields(HTMLParser):
    """The ``<input>`` fields of a page (name -> value), the last one of each name."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "input":
            return
        found = dict(attrs)
        if found.get("name") and found.get("type") in ("hidden", None, "text"):
            self.fields[found["name"]] = found.get("value") or ""


def form_fields(html: str) -> dict[str, str]:
    parser = FormFields()
    parser.feed(html)
    return parser.fields


def authorize_query(*, client_id: str, redirect_uri: str, scope: str, challenge: str, **extra):
    return urlencode(
        {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "scope": scope,
            "state": "st-42",
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            **extra,
        }
    )


def code_of(location: str) -> dict[str, Any]:
    """The query of the redirect back to the app (``code``, ``state``, ``iss`` or ``error``)."""
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}


def pkce_pair() -> tuple[str, str]:
    """A PKCE ``code_verifier`` and its S256 ``code_challenge`` (RFC 7636 section 4)."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def access_token(user: Any, app: Any, scope: str) -> str:
    """An access token for ``user`` with ``scope`` (as the token endpoint stores one)."""
    from django.utils import timezone
    from oauth2_provider.models import AccessToken, set_token_value

    raw = secrets.token_urlsafe(30)
    token = AccessToken(
        user=user, application=app, scope=scope, expires=timezone.now() + timedelta(hours=1)
    )
    set_token_value(token, raw)
    token.save()
    return raw
