"""games.streams.backends on Redis pub/sub: wake-ups cross connections, one subscriber per process.

These talk to a real Redis (marker ``redis``: ``REDIS_URL`` in CI's second run, otherwise the
embedded ``redis-server`` of the ``redis_url`` fixture); a Redis that is down makes them fail.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
import uuid

import pytest
import redis
from django.conf import settings

from games.streams import backends

pytestmark = pytest.mark.redis


@pytest.fixture
def redis_backend(settings):
    assert settings.REDIS_URL, "the redis marker points REDIS_URL at a real server"
    settings.HEARTS_LIVE_BACKEND = "redis"
    return redis.Redis.from_url(settings.REDIS_URL)


def _publish_later(game_id, seq, delay):
    loop = asyncio.get_running_loop()
    # publish_game_event is sync (services call it after commit): run it off the loop.
    return loop.call_later(
        delay, lambda: loop.run_in_executor(None, backends.publish_game_event, game_id, seq)
    )


def test_publish_sends_the_seq_on_the_games_channel(redis_backend):
    game_id = uuid.uuid4()
    pubsub = redis_backend.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(backends.channel_for(game_id))
    try:
        backends.publish_game_event(game_id, 7)
        deadline = time.monotonic() + 5
        message = None
        while message is None and time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.5)
        assert message is not None
        assert message["data"] == b"7"
    finally:
        pubsub.close()


def test_a_published_seq_wakes_the_subscription_of_that_game(redis_backend):
    game_id = uuid.uuid4()

    async def scenario():
        async with backends.subscribe(game_id) as sub:
            _publish_later(game_id, 3, 0.05)
            started = time.monotonic()
            woke = await sub.wait(after_seq=0, timeout=5)
            elapsed = time.monotonic() - started
            # Already up to date: the same notification does not wake again.
            woke_again = await sub.wait(after_seq=3, timeout=0.3)
            return woke, elapsed, sub.latest_seq, woke_again

    woke, elapsed, latest, woke_again = asyncio.run(scenario())
    assert woke is True
    assert elapsed < 4.0  # before the 5 s wait's timeout (a bound, not a speed)
    assert latest == 3
    assert woke_again is False


def test_another_games_events_do_not_wake_a_subscription(redis_backend):
    watched, other = uuid.uuid4(), uuid.uuid4()

    async def scenario():
        async with backends.subscribe(watched) as sub:
            # Let the first-connection resync wake-up pass before measuring.
            await sub.wait(after_seq=0, timeout=0.2)
            _publish_later(other, 5, 0.05)
            return await sub.wait(after_seq=0, timeout=0.5)

    assert asyncio.run(scenario()) is False


def test_a_publish_from_another_process_wakes_the_subscription(redis_backend):
    game_id = uuid.uuid4()
    publisher = (
        "import redis, sys; redis.Redis.from_url(sys.argv[1]).publish(sys.argv[2], sys.argv[3])"
    )

    async def scenario():
        async with backends.subscribe(game_id) as sub:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                publisher,
                settings.REDIS_URL,
                backends.channel_for(game_id),
                "12",
            )
            await proc.wait()
            woke = await sub.wait(after_seq=11, timeout=5)
            return woke, sub.latest_seq

    assert asyncio.run(scenario()) == (True, 12)


def test_hundreds_of_subscriptions_share_one_redis_connection(redis_backend):
    game_ids = [uuid.uuid4() for _ in range(300)]
    client_name = f"hearts-live-{os.getpid()}"

    async def scenario():
        async with backends.subscribe(game_ids[0]):
            subs = []
            contexts = [backends.subscribe(g) for g in game_ids[1:]]
            for ctx in contexts:
                subs.append(await ctx.__aenter__())
            try:
                clients = redis_backend.client_list()
                mine = [c for c in clients if c.get("name") == client_name]
                # Every one of the 300 subscriptions is woken through that one connection.
                for i, g in enumerate(game_ids[1:]):
                    backends.publish_game_event(g, i + 1)
                woken = await asyncio.gather(*(s.wait(after_seq=0, timeout=5) for s in subs))
                return len(mine), woken
            finally:
                for ctx in contexts:
                    await ctx.__aexit__(None, None, None)

    connections, woken = asyncio.run(scenario())
    assert connections == 1
    assert all(woken)


def test_the_subscriber_reconnects_and_wakes_streams_to_re_read(redis_backend):
    game_id = uuid.uuid4()
    client_name = f"hearts-live-{os.getpid()}"

    async def scenario():
        async with backends.subscribe(game_id) as sub:
            await sub.wait(after_seq=0, timeout=0.2)  # first-connection resync
            killed = 0
            for c in redis_backend.client_list():
                if c.get("name") == client_name:
                    killed += redis_backend.client_kill_filter(_id=c["id"])
            # Losing the connection means notifications may have been lost: wake to re-read.
            resync = await sub.wait(after_seq=0, timeout=5)
            # After reconnecting (which wakes streams once more to re-read), new events are
            # delivered again.
            await asyncio.sleep(0.5)
            _publish_later(game_id, 9, 0.05)
            deadline = time.monotonic() + 5
            woke = False
            while sub.latest_seq < 9 and time.monotonic() < deadline:
                woke = await sub.wait(after_seq=0, timeout=deadline - time.monotonic())
            return killed, resync, woke, sub.latest_seq

    killed, resync, woke, latest = asyncio.run(scenario())
    assert killed == 1
    assert resync is True
    assert woke is True
    assert latest == 9


@pytest.mark.django_db
def test_on_commit_publish_sends_only_after_the_commit(
    redis_backend, django_capture_on_commit_callbacks
):
    game_id = uuid.uuid4()
    pubsub = redis_backend.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(backends.channel_for(game_id))
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            backends.on_commit_publish(game_id, 4)
        assert len(callbacks) == 1
        assert pubsub.get_message(timeout=0.3) is None  # not before the commit
        callbacks[0]()  # the commit
        message = None
        deadline = time.monotonic() + 5
        while message is None and time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.5)
        assert message is not None
        assert message["data"] == b"4"
    finally:
        pubsub.close()


@pytest.mark.django_db
def test_every_accepted_command_publishes_its_seq_after_commit(
    redis_backend, django_capture_on_commit_callbacks
):
    """The contract with games.services: a committed command wakes the streams of its game."""
    from tests.sync.helpers import make_table

    table = make_table()
    pubsub = redis_backend.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(backends.channel_for(table.game_id))
    try:
        with django_capture_on_commit_callbacks(execute=True):
            result = table.pass_cards(1)
        seqs = []
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.2)
            if message is not None:
                seqs.append(int(message["data"]))
                if seqs[-1] >= result.seq:
                    break
        assert seqs, (
            "no wake-up published after the commit: games.services must call "
            "games.streams.backends.on_commit_publish(game_id, seq) for every command it commits"
        )
        assert seqs[-1] == result.seq
    finally:
        pubsub.close()
