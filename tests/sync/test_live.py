"""games.live without Redis: channel names, publish safety, the database-polling fallback."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid

import pytest

from games import live
from tests.sync.helpers import make_table


def test_channel_name_is_per_game():
    game_id = uuid.UUID("6f1c0c50-0000-4000-8000-000000000001")
    assert live.channel_for(game_id) == "hearts:game:6f1c0c50-0000-4000-8000-000000000001"


def test_the_backend_follows_the_settings(settings):
    settings.HEARTS_LIVE_BACKEND = "polling"
    assert live.live_backend() == "polling"
    settings.HEARTS_LIVE_BACKEND = "carrier-pigeon"
    with pytest.raises(ValueError, match="HEARTS_LIVE_BACKEND"):
        live.live_backend()


def test_publish_never_raises_when_redis_is_unreachable(settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.HEARTS_LIVE_BACKEND = "redis"
    live.publish_game_event(uuid.uuid4(), 1)  # logged, not raised: the move is already accepted


@pytest.fixture
def polling(settings):
    settings.HEARTS_LIVE_BACKEND = "polling"
    settings.HEARTS_LIVE_POLL_INTERVAL_S = 0.1


@pytest.mark.django_db(transaction=True)
def test_polling_wakes_a_subscription_when_the_game_moves(polling):
    table = make_table()
    before = live.last_seqs([table.game_id])[table.game_id]
    moved = {}

    def move():
        moved["seq"] = table.pass_cards(3).seq

    async def scenario():
        async with live.subscribe(table.game_id) as sub:
            # Nothing new yet: no wake-up.
            idle = await sub.wait(after_seq=before, timeout=0.4)
            threading.Timer(0.2, move).start()
            started = time.monotonic()
            woke = await sub.wait(after_seq=before, timeout=5)
            return idle, woke, time.monotonic() - started, sub.latest_seq

    idle, woke, elapsed, latest = asyncio.run(scenario())
    assert idle is False
    assert woke is True
    assert latest == moved["seq"] == before + 1
    assert elapsed < 2


@pytest.mark.django_db(transaction=True)
def test_wait_for_game_event(polling):
    table = make_table()
    last = live.last_seqs([table.game_id])[table.game_id]

    async def scenario():
        at_once = await live.wait_for_game_event(table.game_id, last - 1, timeout=5)
        started = time.monotonic()
        nothing = await live.wait_for_game_event(table.game_id, last, timeout=0.5)
        return at_once, nothing, time.monotonic() - started

    at_once, nothing, waited = asyncio.run(scenario())
    assert at_once == last
    assert nothing is None
    assert 0.4 < waited < 2
