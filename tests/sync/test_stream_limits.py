"""The cap on a user's open live streams (``games.streams.limits``, HEARTS_STREAM_MAX_PER_USER):
game, feed and bot streams count together; one more is 429 ``too_many_streams`` with
Retry-After; a stream that ends, is closed or whose client disconnects frees its slot; the count
holds across two real ASGI processes (Redis), and a lease a crashed process left expires."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
import redis
from rest_framework.test import APIClient

from games.streams import limits
from tests.sync.conftest import start_asgi_servers
from tests.sync.helpers import make_table
from tests.sync.test_stream import run

pytestmark = pytest.mark.django_db(transaction=True)
LIMIT = 3


def client_of(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def feed(client: APIClient):
    return client.get("/api/v1/me/feed/stream/")


def game(client: APIClient, game_id: str):
    return client.get(f"/api/v1/games/{game_id}/stream/")


def assert_too_many(response) -> None:
    assert response.status_code == 429, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "too_many_streams"
    assert body["extra"]["limit"] == LIMIT
    assert int(response["Retry-After"]) == body["extra"]["retry_after_s"] >= 1


@pytest.fixture
def capped(settings):
    settings.HEARTS_STREAM_MAX_PER_USER = LIMIT
    settings.REDIS_URL = ""  # this process's count (the Redis one has its own test below)


def test_the_streams_of_a_user_are_capped_and_a_closed_one_frees_its_slot(capped):
    table = make_table()
    alice, bob = client_of(table.tokens[0]), client_of(table.tokens[1])
    held = [feed(alice), game(alice, table.game_id), feed(alice)]  # open, not read to the end
    assert [r.status_code for r in held] == [200, 200, 200]
    assert limits.local_count(table.players[0].pk) == LIMIT
    assert_too_many(feed(alice))
    assert_too_many(game(alice, table.game_id))  # game and feed streams count together
    assert game(bob, table.game_id).status_code == 200  # per user
    anonymous = APIClient().get(f"/api/v1/games/{table.game_id}/stream/")
    assert anonymous.status_code == 200  # public views are not counted here
    held[1].close()  # the client went away: the response is closed
    assert limits.local_count(table.players[0].pk) == LIMIT - 1
    again = game(alice, table.game_id)
    assert again.status_code == 200
    assert_too_many(feed(alice))
    # A stream read to its end (WSGI: the stored events, then a retry hint) frees it too.
    b"".join(again.streaming_content)
    assert limits.local_count(table.players[0].pk) == LIMIT - 1
    assert feed(alice).status_code == 200
    # Errors before the stream opens hold no slot.
    for _ in range(LIMIT + 1):
        response = alice.get("/api/v1/games/00000000-0000-4000-8000-000000000000/stream/")
        assert response.status_code == 404
    for response in held:
        response.close()


def test_a_lease_left_behind_expires(capped, settings):
    table = make_table()
    alice = client_of(table.tokens[0])
    settings.HEARTS_STREAM_LEASE_S = 0.5
    for _ in range(LIMIT):
        assert feed(alice).status_code == 200  # never closed: a process that lost them
    assert_too_many(feed(alice))
    time.sleep(0.6)
    assert feed(alice).status_code == 200


def test_no_cap_when_the_setting_is_zero(capped, settings):
    settings.HEARTS_STREAM_MAX_PER_USER = 0
    table = make_table()
    alice = client_of(table.tokens[0])
    held = [feed(alice) for _ in range(LIMIT + 2)]
    assert {r.status_code for r in held} == {200}
    for response in held:
        response.close()


@pytest.mark.redis
def test_the_cap_holds_across_two_asgi_processes_and_a_disconnect_frees_a_slot(redis_url):
    """Two uvicorn processes sharing Redis: streams held open on one count on the other, and a
    client that disconnects gives its slot back."""
    servers = start_asgi_servers(
        "limit-a", "limit-b", HEARTS_STREAM_MAX_PER_USER=str(LIMIT), REDIS_URL=redis_url
    )
    table = make_table()
    key = f"{limits.KEY_PREFIX}{table.players[0].pk}"
    redis.Redis.from_url(redis_url).delete(key)
    headers = {"Authorization": f"Token {table.tokens[0]}"}
    a, b = servers

    readers = []  # the streams' line iterators, kept: one dropped closes its connection

    async def finish(response):
        if response.status_code == 200:
            await response.aclose()
        else:
            await response.aread()

    async def opened(client, server, path):
        request = client.build_request("GET", f"{server.base_url}{path}", headers=headers)
        response = await client.send(request, stream=True)
        if response.status_code == 200:
            lines = response.aiter_lines()
            readers.append(lines)
            await lines.__anext__()  # the stream is live
        return response

    async def scenario():
        feed_path = "/api/v1/me/feed/stream/"
        game_path = f"/api/v1/games/{table.game_id}/stream/"
        async with httpx.AsyncClient(timeout=15) as client:
            held = [
                await opened(client, a, feed_path),
                await opened(client, a, game_path),
                await opened(client, b, feed_path),
            ]
            statuses = [r.status_code for r in held]
            leases = redis.Redis.from_url(redis_url).zcard(key)
            refused = [await opened(client, s, game_path) for s in servers]
            for response in refused:
                await finish(response)
            await held[0].aclose()  # the client disconnects from process a
            readers.pop(0)
            deadline = time.monotonic() + 10
            while True:  # the server sees the disconnect and frees the slot
                reopened = await opened(client, b, game_path)
                if reopened.status_code == 200 or time.monotonic() > deadline:
                    break
                await reopened.aclose()
                await asyncio.sleep(0.2)
            full = await opened(client, a, feed_path)
            await finish(full)
            for response in [*held[1:], reopened]:
                await response.aclose()
            return statuses, leases, refused, reopened.status_code, full

    try:
        statuses, leases, refused, reopened, full = run(scenario())
        logs = "\n".join(s.log_text()[-3000:] for s in servers)
    finally:
        for server in servers:
            server.stop()
    assert statuses == [200, 200, 200]
    assert leases == LIMIT  # in Redis, from both processes
    for response in refused:
        assert response.status_code == 429, logs
        assert response.json()["code"] == "too_many_streams"
        assert response.headers["Retry-After"]
    assert reopened == 200
    assert full.status_code == 429


@pytest.mark.redis
def test_a_renewed_lease_moves_its_expiry_in_redis_and_a_release_removes_it(redis_url, settings):
    settings.REDIS_URL = redis_url
    settings.HEARTS_STREAM_MAX_PER_USER = LIMIT
    settings.HEARTS_STREAM_LEASE_S = 30
    table = make_table()
    user = table.players[0]
    store = redis.Redis.from_url(redis_url)
    key = f"{limits.KEY_PREFIX}{user.pk}"
    store.delete(key)
    lease = limits.acquire(user)
    assert lease is not None
    assert lease.shared
    first = store.zscore(key, lease.member)
    store.expire(key, 5)  # as if the key were about to lapse
    time.sleep(0.05)
    lease.renew()
    assert store.zscore(key, lease.member) > first  # a later expiry
    assert 25 < store.ttl(key) <= 31  # and the key's own TTL set again
    lease.release()
    assert store.zscore(key, lease.member) is None
    assert limits.local_count(user.pk) == 0
