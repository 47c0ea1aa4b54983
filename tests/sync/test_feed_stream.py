"""GET /api/v1/me/feed/stream/ (the player feed as server-sent events) served by a real ASGI
server: the awaiting list and the stored items first, then new items as the player's games move
(woken by the live bus), each redacted for the player's seat, resumable by Last-Event-ID."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.sync.helpers import make_table
from tests.sync.sse import SseReader
from tests.sync.test_stream import collect_until, run

pytestmark = pytest.mark.django_db(transaction=True)


def stream_url(server) -> str:
    return f"{server.base_url}/api/v1/me/feed/stream/"


def test_the_feed_stream_sends_stored_items_then_new_ones_redacted(asgi_servers):
    table = make_table()  # everyone still has to pass: seat 0 awaits
    server = asgi_servers[1]  # slow keep-alives: a new item arrives by a wake-up

    async def scenario():
        async with (
            httpx.AsyncClient(timeout=15) as client,
            client.stream("GET", stream_url(server), params={"token": table.tokens[0]}) as response,
        ):
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            reader = SseReader(response)
            first = await collect_until(reader, lambda m: m.event == "awaiting")
            stored = await collect_until(reader, lambda m: m.event == "feed_item" and m.json()[
                "event"]["type"] == "hand_dealt")  # fmt: skip
            await asyncio.to_thread(table.pass_cards, 1)
            other = await collect_until(reader, lambda m: m.event == "feed_item", timeout=20)
            await asyncio.to_thread(table.pass_cards, 0)
            mine = await collect_until(reader, lambda m: m.event == "feed_item", timeout=20)
            return first[-1], stored, other[-1], mine[-1]

    awaiting, stored, other, mine = run(scenario())
    assert [(a["game_id"], a["seat"]) for a in awaiting.json()] == [(table.game_id, 0)]
    items = [m for m in stored if m.event == "feed_item"]
    assert [int(m.id) for m in items] == list(range(1, len(items) + 1))
    dealt = items[-1].json()["event"]["payload"]
    assert sorted(dealt["cards"]) == sorted(table.hand(0))  # my own hand, nobody else's
    assert other.json()["event"]["type"] == "cards_passed"
    assert other.json()["event"]["payload"] == {"seat": 1}  # who passed, never what
    assert int(other.id) == int(items[-1].id) + 1
    assert mine.json()["event"]["payload"]["seat"] == 0
    assert len(mine.json()["event"]["payload"]["cards"]) == 3


def test_the_feed_stream_resumes_after_last_event_id_and_needs_a_token(asgi_servers):
    table = make_table()
    server = asgi_servers[0]

    async def scenario():
        async with httpx.AsyncClient(timeout=15) as client:
            refused = await client.get(stream_url(server))
            async with client.stream(
                "GET",
                stream_url(server),
                headers={"Authorization": f"Token {table.tokens[2]}", "Last-Event-ID": "3"},
            ) as response:
                reader = SseReader(response)
                seen = await collect_until(reader, lambda m: m.event == "feed_item")
            bad = await client.get(
                stream_url(server),
                headers={"Authorization": f"Token {table.tokens[2]}", "Last-Event-ID": "x"},
            )
            return refused, seen, bad

    refused, seen, bad = run(scenario())
    assert refused.status_code == 401
    assert seen[-1].id == "4"  # right after the one it had
    assert bad.status_code == 400
    assert bad.json()["code"] == "validation_error"
