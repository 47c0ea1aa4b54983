"""Open live streams (a real uvicorn) end once the credential that opened them stops working.

A game stream with a seat carries its player's cards for as long as it runs; it looks its
credential up again every ``HEARTS_STREAM_RECHECK_S`` (games/streams/credentials.py). The server
here sends keep-alives every 30 s and rechecks every second, so a stream that ends within a few
seconds was ended by the recheck. For each kind of credential (a header or query-string token
deleted, an OAuth2 token revoked or expired, a session logged out, an account deactivated) the
seated stream ends without another event, the reconnection authenticates as any request does,
and another player's stream on the same game keeps receiving events.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import httpx
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application

from players.services import token_revoke
from tests.oauth.flow import access_token
from tests.sync.conftest import start_asgi_servers
from tests.sync.helpers import in_thread, make_table
from tests.sync.sse import SseReader

pytestmark = pytest.mark.django_db(transaction=True)

RECHECK_S = 1
ENDS_WITHIN_S = 5


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    (srv,) = start_asgi_servers(
        "recheck", HEARTS_STREAM_KEEPALIVE_S="30", HEARTS_STREAM_RECHECK_S=str(RECHECK_S)
    )
    try:
        yield srv
    finally:
        srv.stop()


@dataclass
class Credential:
    """How a client authenticates, and how that stops working."""

    headers: dict[str, str] = field(default_factory=dict)
    params: dict[str, str] = field(default_factory=dict)
    stop: Any = None  # a sync callable; returns when the credential no longer works
    stops_at: float | None = None  # wall clock (time.time) at which it stops by itself
    reconnect_status: int = 401  # what reconnecting with it answers


def _app(user) -> Application:
    return Application.objects.create(
        name=f"app-{uuid.uuid4().hex[:6]}",
        user=user,
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/callback",
    )


def _deactivate(user):
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)


def credential(kind: str, user, token_key: str, base_url: str) -> Credential:
    if kind == "header_token_deleted":
        return Credential(
            headers={"Authorization": f"Token {token_key}"}, stop=lambda: token_revoke(user=user)
        )
    if kind == "query_token_deleted":
        return Credential(params={"token": token_key}, stop=lambda: token_revoke(user=user))
    if kind == "token_user_deactivated":
        return Credential(
            headers={"Authorization": f"Token {token_key}"}, stop=lambda: _deactivate(user)
        )
    if kind == "oauth2_token_revoked":
        app = _app(user)
        raw = access_token(user, app, "games:read")

        def revoke():  # the revocation endpoint of the running server, as a client calls it
            answer = httpx.post(
                f"{base_url}/o/revoke_token/",
                data={"token": raw, "client_id": app.client_id},
                timeout=10,
            )
            assert answer.status_code == 200, answer.text
            assert not AccessToken.objects.filter(user=user).exists()

        return Credential(headers={"Authorization": f"Bearer {raw}"}, stop=revoke)
    if kind == "oauth2_token_expired":
        app = _app(user)
        raw = access_token(user, app, "games:read")
        expires = timezone.now() + timedelta(seconds=6)
        AccessToken.objects.filter(user=user).update(expires=expires)
        return Credential(headers={"Authorization": f"Bearer {raw}"}, stops_at=expires.timestamp())
    if kind in ("session_logged_out", "session_user_deactivated"):
        browser = Client()
        browser.force_login(user)
        cookie = (
            f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
        )

        def log_out():  # the web client's sign-out (Django's LogoutView, POST)
            answer = browser.post("/accounts/logout/")
            assert answer.status_code in (200, 302), answer.status_code

        return Credential(
            headers={"Cookie": cookie},
            stop=log_out if kind == "session_logged_out" else lambda: _deactivate(user),
            reconnect_status=200,  # a dead session is anonymous: the public view
        )
    raise AssertionError(kind)


async def _next_event(reader: SseReader, timeout: float = 10.0):
    message = await reader.next_event(timeout=timeout)
    assert message is not None, "the stream ended"
    return message


async def _until_the_end(reader: SseReader, limit_s: float) -> tuple[list, float | None]:
    """The messages until the server ends the stream, and when (None: still open)."""
    seen = []

    async def drain():
        while (message := await reader.next(timeout=limit_s)) is not None:
            seen.append(message)

    try:
        await asyncio.wait_for(drain(), timeout=limit_s)
    except TimeoutError:
        return seen, None
    return seen, time.monotonic()


def _wall_to_monotonic(at: float) -> float:
    return time.monotonic() + (at - time.time())


KINDS = [
    "header_token_deleted",
    "query_token_deleted",
    "token_user_deactivated",
    "oauth2_token_revoked",
    "oauth2_token_expired",
    "session_logged_out",
    "session_user_deactivated",
]


@pytest.mark.parametrize("kind", KINDS)
def test_a_seated_game_stream_ends_once_its_credential_stops_working(server, kind):
    table = make_table()  # everyone has to pass three cards
    cred = credential(kind, table.players[0], table.tokens[0], server.base_url)
    url = f"{server.base_url}/api/v1/games/{table.game_id}/stream/"

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=15) as client,
            client.stream("GET", url, headers=cred.headers, params=cred.params) as mine,
            client.stream(
                "GET", url, headers={"Authorization": f"Token {table.tokens[1]}"}
            ) as theirs,
        ):
            assert mine.status_code == 200, await mine.aread()
            assert theirs.status_code == 200
            reader, other = SseReader(mine), SseReader(theirs)
            view = (await _next_event(reader)).json()
            assert view["your_seat"] == 0
            assert len(view["view"]["hand"]) == 13  # my cards: private information
            await _next_event(other)
            await in_thread(table.pass_cards, 2)  # live: both streams get it
            assert (await _next_event(reader)).event == "cards_passed"
            assert (await _next_event(other)).event == "cards_passed"

            if cred.stop is not None:
                await in_thread(cred.stop)
                stopped = time.monotonic()
            else:
                stopped = _wall_to_monotonic(cred.stops_at)
            after, ended = await _until_the_end(reader, limit_s=ENDS_WITHIN_S + 10)
            # The other player's stream on the same game goes on.
            await in_thread(table.pass_cards, 3)
            theirs_next = await _next_event(other)
        async with (
            httpx.AsyncClient(timeout=15) as client,
            client.stream("GET", url, headers=cred.headers, params=cred.params) as again,
        ):
            status = again.status_code
            body = (await _next_event(SseReader(again))).json() if status == 200 else None
        return after, ended, stopped, theirs_next, status, body

    after, ended, stopped, theirs_next, status, body = asyncio.run(scenario())
    assert ended is not None, f"still streaming: {after}"
    assert ended - stopped < ENDS_WITHIN_S
    assert [m for m in after if m.is_event] == []  # nothing more was sent
    assert theirs_next.event == "cards_passed"
    assert status == cred.reconnect_status
    if body is not None:  # a dead session: anonymous, the public view without cards
        assert body["your_seat"] is None
        assert body["view"].get("hand") is None


@pytest.mark.parametrize("kind", ["header_token_deleted", "oauth2_token_revoked"])
def test_the_feed_stream_ends_once_its_credential_stops_working(server, kind):
    table = make_table()
    cred = credential(kind, table.players[0], table.tokens[0], server.base_url)
    url = f"{server.base_url}/api/v1/me/feed/stream/"

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=15) as client,
            client.stream("GET", url, headers=cred.headers, params=cred.params) as mine,
            client.stream(
                "GET", url, headers={"Authorization": f"Token {table.tokens[1]}"}
            ) as theirs,
        ):
            assert mine.status_code == 200, await mine.aread()
            reader, other = SseReader(mine), SseReader(theirs)
            assert (await _next_event(reader)).event == "awaiting"
            assert (await _next_event(other)).event == "awaiting"
            for stream in (reader, other):  # the stored items, up to the deal
                while (item := await _next_event(stream)).event != "feed_item" or (
                    item.json()["event"]["type"] != "hand_dealt"
                ):
                    pass
            await in_thread(cred.stop)
            stopped = time.monotonic()
            after, ended = await _until_the_end(reader, limit_s=ENDS_WITHIN_S + 10)
            await in_thread(table.pass_cards, 2)
            while (item := await _next_event(other, timeout=20)).event != "feed_item" or (
                item.json()["event"]["type"] != "cards_passed"
            ):
                pass
        async with httpx.AsyncClient(timeout=15) as client:
            again = await client.get(url, headers=cred.headers, params=cred.params)
        return after, ended, stopped, item, again.status_code

    after, ended, stopped, theirs_next, status = asyncio.run(scenario())
    assert ended is not None, f"still streaming: {after}"
    assert ended - stopped < ENDS_WITHIN_S
    assert [m for m in after if m.is_event] == []
    assert theirs_next.json()["event"]["payload"] == {"seat": 2}
    assert status == 401


def test_an_anonymous_stream_is_not_ended_by_the_recheck(server):
    table = make_table()
    url = f"{server.base_url}/api/v1/games/{table.game_id}/stream/"

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=15) as client,
            client.stream("GET", url) as response,
        ):
            reader = SseReader(response)
            assert (await _next_event(reader)).json()["your_seat"] is None
            await asyncio.sleep(3 * RECHECK_S)  # three recheck periods: nothing to look up
            await in_thread(table.pass_cards, 1)
            return await _next_event(reader)

    assert asyncio.run(scenario()).event == "cards_passed"
