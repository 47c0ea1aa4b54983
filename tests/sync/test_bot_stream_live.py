"""GET /api/v1/bot/stream/ served by a real ASGI server (the live, endless bot stream): it ends
when its token is rotated or its bot revoked, sending nothing more; the reconnection with the
old token is a 401, the rotated token opens a new stream (docs/bots-api.md)."""

from __future__ import annotations

import asyncio
import time
import uuid

import httpx
import pytest

from players.services import bot_register, bot_revoke, bot_token_rotate, player_sign_up
from tests.sync.sse import SseReader

pytestmark = pytest.mark.django_db(transaction=True)


def stream_url(server) -> str:
    return f"{server.base_url}/api/v1/bot/stream/"


@pytest.mark.parametrize("change", ["rotate", "revoke"])
def test_the_live_bot_stream_ends_once_its_token_stops_working(asgi_servers, change):
    server = asgi_servers[0]  # a keep-alive each second: an idle stream wakes each second
    suffix = uuid.uuid4().hex[:8]
    owner, _ = player_sign_up(username=f"owner-{suffix}", password="correct-horse-battery-9")
    bot, token = bot_register(owner=owner, name=f"live-bot-{suffix}")
    name = bot.user.get_username()

    def stop_the_token():
        if change == "rotate":
            return bot_token_rotate(owner=owner, name=name)[1].key
        bot_revoke(owner=owner, name=name)
        return None

    async def scenario():
        headers = {"Authorization": f"Token {token.key}"}
        async with httpx.AsyncClient(timeout=15) as client:
            async with client.stream("GET", stream_url(server), headers=headers) as response:
                assert response.status_code == 200
                reader = SseReader(response)
                before = []
                while not any(m.comment == "keep-alive" for m in before):  # live and idle
                    before.append(await reader.next(timeout=10))
                new_key = await asyncio.to_thread(stop_the_token)
                stopped_at = time.monotonic()
                after = []

                async def until_the_end():
                    while (message := await reader.next(timeout=10)) is not None:
                        after.append(message)

                try:
                    await asyncio.wait_for(until_the_end(), timeout=10)
                    ended_after = time.monotonic() - stopped_at
                except TimeoutError:
                    ended_after = None  # still streaming (keep-alives) ten seconds later
            old = await client.get(stream_url(server), headers=headers)
            new = None
            if new_key is not None:
                async with client.stream(
                    "GET", stream_url(server), headers={"Authorization": f"Token {new_key}"}
                ) as response:
                    first = await SseReader(response).next(timeout=10)
                    new = (response.status_code, first)
            return before, after, ended_after, old, new

    before, after, ended_after, old, new = asyncio.run(scenario())
    assert before[0].retry is not None  # the stream's first line: the reconnection hint
    # It ended without a message: at most a keep-alive written before the token was looked up.
    assert all(m.comment == "keep-alive" for m in after), after
    assert ended_after is not None, after
    assert ended_after < 5  # the next round (a second here) looked the token up
    assert old.status_code == 401
    assert old.json()["code"] == "authentication_failed"
    if change == "rotate":
        status, first = new
        assert status == 200
        assert first.retry is not None
    else:
        assert new is None
