"""An open stream's credentials, looked up again while it runs (docs/live-sync.md).

A live stream (ASGI) authenticates once, when it opens, and then keeps sending the caller's
private seat view for as long as it runs. ``guard(request)`` takes what authenticated the
request at opening (``request.successful_authenticator``, ``request.auth``, the session) and
gives the stream a ``StreamGuard``: ``await guard.still_valid()`` looks the credential up again
at most every ``HEARTS_STREAM_RECHECK_S`` seconds (default: the keep-alive period), in one
indexed query run in the shared pool of the streams' reads, and the stream ends, sending nothing
more, once it fails:

* an API token (``Authorization: Token`` or ``?token=``): the key still exists for that user,
  an active account (a signed-out player, a revoked token, a rotated bot token fail);
* an OAuth2 access token: it still exists (revocation deletes it) for that active user, it has
  not expired, and its scopes still cover the view;
* a session (the web client): the session still exists, unexpired, signed in as that user with
  the same password (logging out, or a password change, ends it), an active account;
* anything else that authenticated: the account is still active.

Anonymous (public) streams have nothing to look up: their guard never queries. The reconnection
of an ended stream authenticates as any request does (401 with a dead token, the public view
with a dead session).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore as DbSessionStore
from django.db.models import Subquery
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.module_loading import import_string
from oauth2_provider.contrib.rest_framework import OAuth2Authentication
from rest_framework.authentication import SessionAuthentication, TokenAuthentication

from common.scopes import required_scopes
from games.streams import backends


def recheck_s() -> float:
    """Seconds between two lookups of an open stream's credential (empty or 0: the keep-alive
    period, ``HEARTS_STREAM_KEEPALIVE_S``)."""
    configured = getattr(settings, "HEARTS_STREAM_RECHECK_S", None)
    if configured:
        return float(configured)
    return float(getattr(settings, "HEARTS_STREAM_KEEPALIVE_S", 15))


# ---------------------------------------------------------------------- the credentials
@dataclass(frozen=True)
class ApiToken:
    """A DRF token (``Token`` or a custom token model): its key, for its user."""

    model: Any
    key: str
    user_id: Any

    def is_current(self) -> bool:
        return self.model._default_manager.filter(
            pk=self.key, user_id=self.user_id, user__is_active=True
        ).exists()


@dataclass(frozen=True)
class OAuth2AccessToken:
    """A django-oauth-toolkit access token (by primary key: no token value kept in memory)."""

    model: Any
    pk: Any
    user_id: Any
    scopes: frozenset[str]

    def is_current(self) -> bool:
        granted = (
            self.model._default_manager.filter(
                pk=self.pk,
                user_id=self.user_id,
                user__is_active=True,
                expires__gt=timezone.now(),
            )
            .values_list("scope", flat=True)
            .first()
        )
        return granted is not None and self.scopes <= set(granted.split())


@dataclass(frozen=True)
class WebSession:
    """A session signed in as ``user_id`` (the web client)."""

    session_key: str
    user_id: Any

    def is_current(self) -> bool:
        store_class = import_string(f"{settings.SESSION_ENGINE}.SessionStore")
        user_model = get_user_model()
        users = user_model._default_manager.filter(pk=self.user_id, is_active=True)
        if issubclass(store_class, DbSessionStore):  # db, cached_db: the table is the truth
            # One query: the user's row with the session's data as a subquery.
            sessions = store_class.get_model_class()._default_manager.filter(
                session_key=self.session_key, expire_date__gt=timezone.now()
            )
            row = (
                users.annotate(stream_session=Subquery(sessions.values("session_data")[:1]))
                .values_list("password", "stream_session")
                .first()
            )
            if row is None or row[1] is None:
                return False
            password, data = row[0], store_class().decode(row[1])
        else:  # cache or signed cookies: the store's own lookup, then the user
            data = store_class(self.session_key).load()
            password = users.values_list("password", flat=True).first()
            if password is None:
                return False
        user = user_model(pk=self.user_id, password=password)
        if str(data.get(SESSION_KEY)) != user_model._meta.pk.value_to_string(user):
            return False
        if not hasattr(user, "get_session_auth_hash"):
            return True
        # As django.contrib.auth.get_user: a password change signs the other sessions out.
        held = data.get(HASH_SESSION_KEY) or ""
        hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
        return any(constant_time_compare(held, h) for h in hashes)


@dataclass(frozen=True)
class Account:
    """Any other authentication: the account is still active."""

    user_id: Any

    def is_current(self) -> bool:
        return get_user_model()._default_manager.filter(pk=self.user_id, is_active=True).exists()


Credential = ApiToken | OAuth2AccessToken | WebSession | Account


def credential_of(request: Any) -> Credential | None:
    """What authenticated a DRF request, to look up again later (None: anonymous)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    authenticator = request.successful_authenticator
    auth = request.auth
    if isinstance(authenticator, TokenAuthentication) and auth is not None:
        return ApiToken(model=type(auth), key=auth.pk, user_id=user.pk)
    if isinstance(authenticator, OAuth2Authentication) and auth is not None:
        view = (request.parser_context or {}).get("view")
        return OAuth2AccessToken(
            model=type(auth),
            pk=auth.pk,
            user_id=user.pk,
            scopes=frozenset(required_scopes(view, request.method)),
        )
    if isinstance(authenticator, SessionAuthentication):
        session = getattr(request._request, "session", None)
        key = getattr(session, "session_key", None)
        if key:
            return WebSession(session_key=key, user_id=user.pk)
    return Account(user_id=user.pk)


def _is_current(credential: Credential) -> bool:
    return credential.is_current()


_is_current_async = backends.shared_pool_read(_is_current)


# ---------------------------------------------------------------------- in a stream
class StreamGuard:
    """One open stream's credential and when it was last found valid."""

    def __init__(self, credential: Credential | None, period: float) -> None:
        self.credential = credential
        self.period = max(0.0, period)
        self.checked_at = time.monotonic()  # the authentication of the opening request
        self.valid = True

    def due_in(self) -> float:
        """Seconds until the next lookup is due (0: now; infinity: never, anonymous)."""
        if self.credential is None:
            return math.inf
        return max(0.0, self.period - (time.monotonic() - self.checked_at))

    async def still_valid(self) -> bool:
        """False once the credential failed (and for ever after). Looks it up when due, else
        answers from the last lookup without a query."""
        if self.credential is None or not self.valid:
            return self.valid
        if time.monotonic() - self.checked_at < self.period:
            return True
        self.valid = bool(await _is_current_async(self.credential))
        self.checked_at = time.monotonic()
        return self.valid


def guard(request: Any, *, period: float | None = None) -> StreamGuard:
    """The guard of a stream opened by ``request`` (a DRF request, authenticated), checking
    every ``period`` seconds (default ``recheck_s()``)."""
    return StreamGuard(credential_of(request), recheck_s() if period is None else period)
