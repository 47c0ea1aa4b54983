"""games.streams.backends without Redis: channel names, publish safety, the polling fallback."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
import uuid

import pytest
from django.db import connection as db_connection

from games.streams import backends
from tests.sync.helpers import make_table


def test_channel_name_is_per_game():
    game_id = uuid.UUID("6f1c0c50-0000-4000-8000-000000000001")
    assert backends.channel_for(game_id) == "hearts:game:6f1c0c50-0000-4000-8000-000000000001"


def test_the_backend_follows_the_settings(settings):
    settings.HEARTS_LIVE_BACKEND = "polling"
    assert backends.live_backend() == "polling"
    settings.HEARTS_LIVE_BACKEND = "carrier-pigeon"
    with pytest.raises(ValueError, match="HEARTS_LIVE_BACKEND"):
        backends.live_backend()


def test_publish_never_raises_when_redis_is_unreachable(settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.HEARTS_LIVE_BACKEND = "redis"
    backends.publish_game_event(uuid.uuid4(), 1)  # logged, not raised: the move is already accepted


@pytest.fixture
def polling(settings):
    settings.HEARTS_LIVE_BACKEND = "polling"
    settings.HEARTS_LIVE_POLL_INTERVAL_S = 0.1


@pytest.mark.django_db(transaction=True)
def test_polling_wakes_a_subscription_when_the_game_moves(polling):
    table = make_table()
    before = backends.last_seqs([table.game_id])[table.game_id]
    moved = {}

    def move():
        try:
            moved["seq"] = table.pass_cards(3).seq
        finally:
            db_connection.close()

    async def scenario():
        async with backends.subscribe(table.game_id) as sub:
            # Nothing new yet: no wake-up.
            idle = await sub.wait(after_seq=before, timeout=0.4)
            mover = threading.Timer(0.2, move)
            mover.start()
            started = time.monotonic()
            woke = await sub.wait(after_seq=before, timeout=5)
            elapsed = time.monotonic() - started
            await asyncio.to_thread(mover.join)
            return idle, woke, elapsed, sub.latest_seq

    idle, woke, elapsed, latest = asyncio.run(scenario())
    assert idle is False
    assert woke is True
    assert latest == moved["seq"] == before + 1
    assert elapsed < 4.0  # by a poll, before the 5 s wait's timeout (a bound, not a speed)


@pytest.mark.django_db(transaction=True)
def test_wait_for_game_event(polling):
    table = make_table()
    last = backends.last_seqs([table.game_id])[table.game_id]

    async def scenario():
        at_once = await backends.wait_for_game_event(table.game_id, last - 1, timeout=5)
        started = time.monotonic()
        nothing = await backends.wait_for_game_event(table.game_id, last, timeout=0.5)
        return at_once, nothing, time.monotonic() - started

    at_once, nothing, waited = asyncio.run(scenario())
    assert at_once == last
    assert nothing is None
    assert 0.4 < waited < 2


def test_without_a_setting_the_backend_follows_the_services(settings):
    settings.HEARTS_LIVE_BACKEND = ""
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    assert backends.live_backend() == "redis"
    settings.REDIS_URL = ""
    expected = (
        "postgres"
        if settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
        else ("polling")
    )
    assert backends.live_backend() == expected


@pytest.fixture
def pg_listen(settings):
    settings.HEARTS_LIVE_BACKEND = "postgres"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_notify_wakes_a_subscription_when_the_game_moves(pg_listen):
    table = make_table()
    before = backends.last_seqs([table.game_id])[table.game_id]
    moved = {}

    def move():
        try:
            moved["seq"] = table.pass_cards(0).seq  # the service publishes after commit
        finally:
            db_connection.close()

    async def scenario():
        async with backends.subscribe(table.game_id) as sub:
            await sub.wait(after_seq=before, timeout=0.2)  # first-connection resync
            mover = threading.Timer(0.1, move)
            mover.start()
            started = time.monotonic()
            woke = False
            while sub.latest_seq <= before and time.monotonic() - started < 5:
                woke = await sub.wait(after_seq=before, timeout=5)
            elapsed = time.monotonic() - started
            await asyncio.to_thread(mover.join)
            return woke, elapsed, sub.latest_seq

    woke, elapsed, latest = asyncio.run(scenario())
    assert woke is True
    assert latest == moved["seq"] == before + 1
    # Woken by the NOTIFY, well before the 5 s wait would have timed out (a bound, not a
    # speed: the move itself takes over a second on a loaded machine; CI once saw 1.56 s).
    assert elapsed < 4.0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_notify_from_another_process_and_one_listener_per_process(pg_listen):
    game_ids = [uuid.uuid4() for _ in range(200)]
    dsn = backends._pg_conninfo()
    notifier = (
        "import psycopg, sys\n"
        "with psycopg.connect(sys.argv[1], autocommit=True) as c:\n"
        "    c.execute('SELECT pg_notify(%s, %s)', ['hearts_game', sys.argv[2]])\n"
    )

    def listeners() -> int:
        try:
            with db_connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                    [f"hearts-live-{os.getpid()}"],
                )
                return cursor.fetchone()[0]
        finally:
            db_connection.close()

    async def scenario():
        contexts = [backends.subscribe(g) for g in game_ids]
        subs = [await ctx.__aenter__() for ctx in contexts]
        try:
            count = await asyncio.to_thread(listeners)
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-c", notifier, dsn, f"{game_ids[7]}:42"
            )
            await proc.wait()
            deadline = time.monotonic() + 5
            while subs[7].latest_seq < 42 and time.monotonic() < deadline:
                await subs[7].wait(after_seq=41, timeout=1)
            return count, subs[7].latest_seq, subs[8].latest_seq
        finally:
            for ctx in contexts:
                await ctx.__aexit__(None, None, None)

    count, woken, other = asyncio.run(scenario())
    assert count == 1
    assert woken == 42
    assert other == 0


@pytest.mark.django_db(transaction=True)
def test_redis_down_streams_fall_back_to_polling_the_store(settings, caplog):
    """The Redis backend with Redis unreachable: subscribing does not wait for a confirmation
    that cannot come, and a move still wakes the subscription within a poll interval or so (the
    feeder polls the store while the bus is down). The loss is logged once, not per retry."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.HEARTS_LIVE_BACKEND = "redis"
    settings.HEARTS_LIVE_POLL_INTERVAL_S = 0.1
    table = make_table()
    before = backends.last_seqs([table.game_id])[table.game_id]
    moved = {}

    def move():
        try:
            moved["seq"] = table.pass_cards(3).seq
        finally:
            db_connection.close()

    async def scenario():
        started = time.monotonic()
        async with backends.subscribe(table.game_id) as sub:
            subscribed_in = time.monotonic() - started
            await sub.wait(after_seq=before, timeout=0.3)  # the loss wakes it once to re-read
            mover = threading.Timer(0.2, move)
            mover.start()
            woke = await sub.wait(after_seq=before, timeout=5)
            await asyncio.to_thread(mover.join)
            await asyncio.sleep(1.5)  # a few reconnection attempts
            return subscribed_in, woke, sub.latest_seq

    with caplog.at_level("DEBUG", logger="games.streams.backends"):
        subscribed_in, woke, latest = asyncio.run(scenario())
    assert subscribed_in < 2  # not the 5 s confirmation timeout
    assert woke is True
    assert latest == moved["seq"] == before + 1
    lost = [r for r in caplog.records if "lost" in r.getMessage() and r.levelname == "WARNING"]
    assert len(lost) == 1, [r.getMessage() for r in caplog.records]
