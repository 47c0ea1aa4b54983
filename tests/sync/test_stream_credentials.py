"""``games.streams.credentials``: what authenticated a stream's opening request, looked up again
in ONE query per recheck (whatever the kind), and a guard that looks it up at most once per
period and never for an anonymous stream. The live streams themselves: test_stream_recheck_live.py.
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.test import Client
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from oauth2_provider.models import AccessToken, Application
from rest_framework.authtoken.models import Token
from rest_framework.test import APIRequestFactory

from games.streams import credentials
from games.streams.views import GameStreamApi
from players.services import player_sign_up, token_revoke
from tests.oauth.flow import access_token
from tests.sync.helpers import in_thread

PASSWORD = "correct-horse-battery-9"


def opened(path: str = "/stream/", session_key: str | None = None, **headers):
    """The DRF request of a stream's opening, authenticated by the game stream's classes."""
    django_request = APIRequestFactory().get(path, **headers)
    if session_key is not None:
        django_request.session = SessionStore(session_key)
        django_request.user = SimpleLazyObject(lambda: get_user(django_request))
    view = GameStreamApi()
    view.args, view.kwargs, view.format_kwarg = (), {}, None
    request = view.initialize_request(django_request)
    assert request.user is not None  # authenticates
    return request


@pytest.fixture
def player(db):
    user, token = player_sign_up(username="recheck-alice", password=PASSWORD)
    return user, token.key


@pytest.fixture
def app(player):
    return Application.objects.create(
        name="Table Talk",
        user=player[0],
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/callback",
    )


def _deactivate(user):
    type(user).objects.filter(pk=user.pk).update(is_active=False)


def test_an_api_token_in_the_header_or_the_query_is_one_query(player, django_assert_num_queries):
    user, key = player
    header = credentials.credential_of(opened(HTTP_AUTHORIZATION=f"Token {key}"))
    query = credentials.credential_of(opened(f"/stream/?token={key}"))
    assert header == query == credentials.ApiToken(model=Token, key=key, user_id=user.pk)
    with django_assert_num_queries(1):
        assert header.is_current()
    token_revoke(user=user)  # signing out deletes the token
    with django_assert_num_queries(1):
        assert not header.is_current()


def test_an_api_token_of_a_deactivated_account_fails(player):
    user, key = player
    found = credentials.credential_of(opened(HTTP_AUTHORIZATION=f"Token {key}"))
    _deactivate(user)
    assert not found.is_current()


def test_an_oauth2_token_is_one_query_and_fails_revoked_expired_or_narrowed(
    player, app, django_assert_num_queries
):
    user, _ = player
    raw = access_token(user, app, "games:read games:play")
    found = credentials.credential_of(opened(HTTP_AUTHORIZATION=f"Bearer {raw}"))
    assert isinstance(found, credentials.OAuth2AccessToken)
    assert found.scopes == {"games:read"}  # what the stream's view requires
    tokens = AccessToken.objects.filter(user=user)
    with django_assert_num_queries(1):
        assert found.is_current()
    tokens.update(scope="profile:read")  # no longer covers the view
    assert not found.is_current()
    tokens.update(scope="games:read", expires=timezone.now() - timedelta(seconds=1))
    with django_assert_num_queries(1):
        assert not found.is_current()
    tokens.update(expires=timezone.now() + timedelta(hours=1))
    assert found.is_current()
    _deactivate(user)
    assert not found.is_current()
    tokens.get().revoke()  # what the revocation endpoint does
    assert not found.is_current()


def _signed_in(user) -> tuple[Client, str]:
    browser = Client()
    browser.force_login(user)
    return browser, browser.session.session_key


def test_a_session_is_one_query_and_fails_logged_out(player, django_assert_num_queries):
    user, _ = player
    browser, key = _signed_in(user)
    found = credentials.credential_of(opened(session_key=key))
    assert found == credentials.WebSession(session_key=key, user_id=user.pk)
    with django_assert_num_queries(1):
        assert found.is_current()
    browser.post("/accounts/logout/")  # the web client's sign-out
    with django_assert_num_queries(1):
        assert not found.is_current()


def test_a_session_fails_after_a_password_change_or_deactivation(player):
    user, _ = player
    _, key = _signed_in(user)
    found = credentials.credential_of(opened(session_key=key))
    assert found.is_current()
    user.set_password("another-horse-battery-7")
    user.save()
    assert not found.is_current()  # as Django's own session check
    _, key = _signed_in(user)
    again = credentials.credential_of(opened(session_key=key))
    assert again.is_current()
    _deactivate(user)
    assert not again.is_current()


def test_a_session_of_another_user_does_not_stand_for_the_stream(player, db):
    user, _ = player
    other, _ = player_sign_up(username="recheck-bob", password=PASSWORD)
    _, key = _signed_in(other)
    assert not credentials.WebSession(session_key=key, user_id=user.pk).is_current()


def test_anonymous_has_nothing_to_look_up(db):
    request = opened()
    assert credentials.credential_of(request) is None
    guard = credentials.guard(request, period=0)
    assert guard.due_in() == float("inf")
    assert asyncio.run(guard.still_valid())


class Counted:
    """A real credential, counting its lookups."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.lookups = 0

    def is_current(self) -> bool:
        self.lookups += 1
        try:
            return self.inner.is_current()
        finally:
            connection.close()  # this pool thread's: the test database is dropped at the end


@pytest.mark.django_db(transaction=True)
def test_the_guard_looks_up_at_most_once_per_period_and_stays_failed():
    user, token = player_sign_up(username="recheck-carol", password=PASSWORD)
    counted = Counted(credentials.ApiToken(model=Token, key=token.key, user_id=user.pk))
    guard = credentials.StreamGuard(counted, period=0.3)

    async def scenario():
        seen = [await guard.still_valid() for _ in range(5)]  # within the first period
        assert counted.lookups == 0  # the opening request just authenticated
        assert 0 < guard.due_in() <= 0.3
        await asyncio.sleep(guard.due_in())
        seen += [await guard.still_valid() for _ in range(5)]
        assert counted.lookups == 1
        await in_thread(token_revoke, user=user)
        await asyncio.sleep(guard.due_in())
        seen += [await guard.still_valid() for _ in range(3)]
        await asyncio.sleep(0.35)
        seen.append(await guard.still_valid())
        return seen

    started = time.monotonic()
    seen = asyncio.run(scenario())
    assert seen == [True] * 10 + [False] * 4
    assert counted.lookups == 2  # a failed credential is not looked up again
    assert time.monotonic() - started < 5


def test_the_recheck_period_defaults_to_the_keep_alive(settings):
    settings.HEARTS_STREAM_KEEPALIVE_S = 7
    settings.HEARTS_STREAM_RECHECK_S = None
    assert credentials.recheck_s() == 7
    settings.HEARTS_STREAM_RECHECK_S = 2.5
    assert credentials.recheck_s() == 2.5
