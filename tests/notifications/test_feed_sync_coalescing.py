"""A game's feed syncs are coalesced on a Redis broker (``notifications.queue.enqueue_feed_sync``,
``common.broker``): at most one waits in the feed queue, the task clears the game's pending mark
before it reads the game, so the moves committed while one waits ride along with it and a move
committed while one runs sends the next. Any other broker sends one per commit, as before.

Against a real Redis server and, for the first test, a real worker started as the README starts
one (no ``--queues``: it consumes the default queue and the feed queue, ``CELERY_TASK_QUEUES``)."""

from __future__ import annotations

import base64
import json
import re
import time
import uuid

import pytest
import redis
from celery import current_app
from django.conf import settings

from common import broker
from games.models import Game
from notifications import queue as feed_queue
from notifications import services as feed_services
from notifications import tasks
from notifications.models import FeedItem
from tests.conftest import start_celery_worker
from tests.perf.test_query_counts import Table
from tests.services.helpers import aggregate, first_legal, human_move

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lean(redis_url, settings, monkeypatch):
    """The lean sender on a Redis broker (the run's, else the test's server), production's
    feed setting, and a default queue and feed queue of the test's own (no other worker of the
    run takes their messages); yields (broker url, client, default queue, feed queue)."""
    url = current_app.conf.broker_url
    url = url if isinstance(url, str) and url.startswith("redis://") else redis_url
    monkeypatch.setattr(broker, "_lean_url", lambda: url)
    settings.NOTIFICATIONS_FEED_SYNC = "task"  # production's (the suite's is inline)
    default = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-coalesce-{uuid.uuid4().hex[:8]}"
    settings.HEARTS_FEED_SYNC_QUEUE = f"{default}-feeds"  # the feed queue of a worker of `default`
    client = redis.Redis.from_url(url)
    yield url, client, default, settings.HEARTS_FEED_SYNC_QUEUE
    client.delete(default, settings.HEARTS_FEED_SYNC_QUEUE)


def _complete(table: Table) -> bool:
    """Every seated player's feed has every event of the game."""
    last_seq = Game.objects.get(pk=table.game_id).last_seq
    return all(
        FeedItem.objects.filter(player=user, game_id=table.game_id).count() == last_seq
        for user in table.users
    )


def _move(table: Table) -> None:
    agg = aggregate(table.game_id)
    seat = agg.to_act[0]
    human_move(table.game_id, table.users[seat], first_legal(agg, seat))


def _pop_and_run(client, feed_queue_name: str) -> None:
    """Take the feed queue's oldest message and run its task here, as a worker would."""
    raw = client.rpop(feed_queue_name)
    assert raw is not None, "no feed sync waiting"
    message = json.loads(raw)
    assert message["headers"]["task"] == feed_queue.FEED_SYNC_GAME
    args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
    tasks.feed_sync_game(*args, **kwargs)


def test_moves_committed_before_the_worker_runs_send_one_sync_and_the_feeds_end_complete(lean):
    url, client, default, feeds = lean
    table = Table()  # four humans: seats taken, the game started (a commit each), no AI turn
    _move(table)
    _move(table)
    assert client.llen(feeds) == 1  # one feed sync for every commit so far
    assert client.llen(default) == 0
    key = feed_queue.feed_sync_pending_key(str(table.game_id))
    assert 0 < client.ttl(key) <= settings.HEARTS_FEED_SYNC_PENDING_TTL_S
    assert not _complete(table)

    worker = start_celery_worker(env={"CELERY_BROKER_URL": url}, queue=default)  # no --queues
    try:
        deadline = time.monotonic() + 60
        while not _complete(table) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _complete(table), worker.log_text()[-3000:]
        log = worker.log_text()
        assert f".> {feeds} " in log  # the banner's [queues]: both
        assert f".> {default} " in log
        received = re.findall(
            rf"Task {re.escape(feed_queue.FEED_SYNC_GAME)}\[[^]]+\] received", log
        )
        assert len(received) == 1
        assert client.llen(feeds) == 0
        assert not client.exists(key)  # the task cleared the mark: the next move sends again
        _move(table)
        while not _complete(table) and time.monotonic() < deadline + 30:
            time.sleep(0.2)
        assert _complete(table), worker.log_text()[-3000:]
    finally:
        worker.stop()


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_move_committed_while_a_sync_runs_sends_a_second_sync(lean, monkeypatch, when):
    """The running task cleared the mark already: a move committed now (before or after the
    projection read the game) sends its own sync."""
    _, client, _, feeds = lean
    table = Table()
    _move(table)  # the sync sent for the first commit is still waiting: this one rides along
    assert client.llen(feeds) == 1

    project = feed_services.feed_sync_game

    def a_move_commits_meanwhile(**kwargs):
        if when == "before":
            _move(table)
        written = project(**kwargs)
        if when == "after":
            _move(table)
        return written

    monkeypatch.setattr(feed_services, "feed_sync_game", a_move_commits_meanwhile)
    _pop_and_run(client, feeds)
    assert client.llen(feeds) == 1  # the move's own sync
    assert _complete(table) == (when == "before")  # after its read: only the next one sees it
    monkeypatch.setattr(feed_services, "feed_sync_game", project)
    _pop_and_run(client, feeds)
    assert _complete(table)
    assert client.llen(feeds) == 0


def test_a_redelivered_sync_writes_nothing_twice(lean):
    _, client, _, feeds = lean
    table = Table()
    raw = client.lindex(feeds, -1)
    _pop_and_run(client, feeds)
    assert _complete(table)
    client.lpush(feeds, raw)  # the same message again (acks_late: a worker lost after the run)
    _pop_and_run(client, feeds)
    assert _complete(table)
    items = FeedItem.objects.filter(game_id=table.game_id)
    assert items.count() == 4 * Game.objects.get(pk=table.game_id).last_seq


def test_without_the_lean_redis_sender_every_commit_sends_its_sync(settings, monkeypatch):
    """The embedded filesystem broker (or a Redis URL the lean sender leaves to Celery): no
    pending mark, a message per commit through Celery's send_task, on the feed queue."""
    monkeypatch.setattr(broker, "_lean_url", lambda: None)
    settings.NOTIFICATIONS_FEED_SYNC = "task"
    settings.HEARTS_FEED_SYNC_QUEUE = (
        f"{settings.CELERY_TASK_DEFAULT_QUEUE}-plain-{uuid.uuid4().hex}"
    )
    game_id = str(uuid.uuid4())
    feed_queue.enqueue_feed_sync(game_id)
    feed_queue.enqueue_feed_sync(game_id)
    feed_queue.feed_sync_started(game_id)  # nothing to clear: no error, no Redis
    got = []
    with current_app.connection_for_read() as conn:
        plain = conn.SimpleQueue(settings.HEARTS_FEED_SYNC_QUEUE)
        try:
            for _ in range(2):
                message = plain.get(timeout=5)
                got.append((message.headers["task"], message.headers["argsrepr"]))
                message.ack()
        finally:
            plain.close()
    assert got == [(feed_queue.FEED_SYNC_GAME, repr([game_id]))] * 2
