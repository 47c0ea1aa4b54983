"""A move accepted by one web process reaches a stream held open by another.

Two uvicorn processes on the same database (and Redis, when REDIS_URL is set). The stream is held
by the process whose keep-alive period is 30 s, so an event that arrives within a few seconds was
delivered by the cross-process wake-up (Redis pub/sub, or the database-polling fallback without
Redis), not by the re-read that every keep-alive tick also does.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from games.streams import backends
from tests.sync.conftest import SLOW_KEEPALIVE_S
from tests.sync.helpers import make_table
from tests.sync.sse import SseReader

pytestmark = pytest.mark.django_db(transaction=True)

MAX_LATENCY_S = 3.0


async def move_on_one_stream_on_other(stream_server, move_server, table, *, watcher, mover, hand):
    async with (
        httpx.AsyncClient(timeout=10) as client,
        client.stream(
            "GET",
            f"{stream_server.base_url}/api/v1/games/{table.game_id}/stream/",
            headers={"Authorization": f"Token {table.tokens[watcher]}"},
        ) as response,
    ):
        reader = SseReader(response)
        view = await reader.next_event()
        assert view.event == "view"
        posted = await client.post(
            f"{move_server.base_url}/api/v1/games/{table.game_id}/passes/",
            json={"cards": hand[:3]},
            headers={"Authorization": f"Token {table.tokens[mover]}"},
        )
        accepted_at = time.monotonic()
        assert posted.status_code == 200, posted.text
        try:
            event = await reader.next_event(timeout=SLOW_KEEPALIVE_S - 5)
        except TimeoutError:
            pytest.fail(
                "the stream on the other process was not woken: with Redis, games.services "
                "must publish after commit (games.streams.backends.on_commit_publish)"
            )
        return posted.json()["seq"], event, time.monotonic() - accepted_at


def test_a_move_on_one_process_reaches_a_stream_on_another(asgi_servers):
    mover_process, stream_process = asgi_servers
    assert mover_process.process.pid != stream_process.process.pid
    table = make_table()

    seq, event, latency = asyncio.run(
        move_on_one_stream_on_other(
            stream_process, mover_process, table, watcher=0, mover=1, hand=table.hand(1)
        )
    )
    assert (event.event, event.id) == ("cards_passed", str(seq))
    assert event.json()["payload"] == {"seat": 1}  # redacted for seat 0
    assert latency < MAX_LATENCY_S
    print(f"\ncross-process wake-up ({backends.live_backend()}): {latency * 1000:.0f} ms")
