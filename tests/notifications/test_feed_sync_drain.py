"""A move's feed sync is drained on a Redis broker (``notifications.queue.enqueue_feed_sync``,
``common.broker``): the move marks its game due and pushes ONE drain unless one waits; the
drain clears its pending mark before it reads the due games, projects them and takes each out
only if no move marked it again meanwhile, so the moves committed while one waits ride along
with it and a move committed while it runs is projected (by its next round or the next drain).
Any other broker sends a per-game sync per commit, as before.

Against a real Redis server and, for the first test, a real worker started as the README starts
one (no ``--queues``: it consumes the default queue and the feed queue, ``CELERY_TASK_QUEUES``)."""

from __future__ import annotations

import base64
import json
import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
import redis
from celery import current_app
from django.conf import settings
from django.db import OperationalError, connection
from django.utils import timezone

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
    run takes their messages, and the due games' hash is the test's own: it is named after the
    feed queue); yields (broker url, client, default queue, feed queue)."""
    url = current_app.conf.broker_url
    url = url if isinstance(url, str) and url.startswith("redis://") else redis_url
    monkeypatch.setattr(broker, "_lean_url", lambda: url)
    settings.NOTIFICATIONS_FEED_SYNC = "task"  # production's (the suite's is inline)
    default = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-drain-{uuid.uuid4().hex[:8]}"
    settings.HEARTS_FEED_SYNC_QUEUE = f"{default}-feeds"  # the feed queue of a worker of `default`
    client = redis.Redis.from_url(url)
    yield url, client, default, settings.HEARTS_FEED_SYNC_QUEUE
    client.delete(default, settings.HEARTS_FEED_SYNC_QUEUE, feed_queue.feed_sync_dirty_key(),
                  feed_queue.feed_sync_drain_pending_key())  # fmt: skip


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


def _due(client) -> dict[str, str]:
    """The due games' hash: {game id: the stamp of its last mark}."""
    return {
        k.decode(): v.decode() for k, v in client.hgetall(feed_queue.feed_sync_dirty_key()).items()
    }


def _pop_and_run(client, feed_queue_name: str) -> None:
    """Take the feed queue's oldest message and run its task here, as a worker would."""
    raw = client.rpop(feed_queue_name)
    assert raw is not None, "no drain waiting"
    message = json.loads(raw)
    assert message["headers"]["task"] == feed_queue.FEED_SYNC_DRAIN
    args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
    assert (args, kwargs) == ([], {})
    tasks.feed_sync_drain(*args, **kwargs)


def test_moves_of_many_games_send_one_drain_and_a_worker_projects_them_all(lean):
    url, client, default, feeds = lean
    tables = [Table() for _ in range(3)]  # four humans each: seats taken, started, no AI turn
    for table in tables:
        _move(table)
    assert client.llen(feeds) == 1  # one drain for every commit of the three games so far
    assert client.llen(default) == 0
    assert set(_due(client)) == {str(t.game_id) for t in tables}
    mark = feed_queue.feed_sync_drain_pending_key()
    assert 0 < client.ttl(mark) <= settings.HEARTS_FEED_SYNC_PENDING_TTL_S
    assert not any(_complete(t) for t in tables)

    worker = start_celery_worker(env={"CELERY_BROKER_URL": url}, queue=default)  # no --queues
    try:
        deadline = time.monotonic() + 60
        while not all(_complete(t) for t in tables) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert all(_complete(t) for t in tables), worker.log_text()[-3000:]
        log = worker.log_text()
        assert f".> {feeds} " in log  # the banner's [queues]: both
        assert f".> {default} " in log
        received = re.findall(
            rf"Task {re.escape(feed_queue.FEED_SYNC_DRAIN)}\[[^]]+\] received", log
        )
        assert len(received) == 1
        assert f"{feed_queue.FEED_SYNC_GAME}[" not in log
        assert client.llen(feeds) == 0
        assert _due(client) == {}
        assert not client.exists(mark)  # the drain cleared it: the next move sends one again
        _move(tables[0])
        while not _complete(tables[0]) and time.monotonic() < deadline + 30:
            time.sleep(0.2)
        assert _complete(tables[0]), worker.log_text()[-3000:]
    finally:
        worker.stop()


@pytest.mark.parametrize("batch", [1, 50])
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_move_committed_while_its_game_is_projected_is_projected(
    lean, settings, monkeypatch, when, batch
):
    """The move stamps its game again while the drain projects it (before or after the
    projection read the game): the drain's removal leaves the game due. A round that took a
    full batch (1) takes it again in the drain's next round; one that took fewer (50: every
    game due then) ends the drain, and the next drain, which the move sent (the running drain
    had cleared the mark), projects it."""
    _, client, _, feeds = lean
    settings.HEARTS_FEED_DRAIN_BATCH = batch
    table = Table()
    _move(table)  # the drain sent for the first commit is still waiting: this one rides along
    assert client.llen(feeds) == 1
    stamp = _due(client)[str(table.game_id)]

    project = feed_services.feed_sync_game
    moved = []

    def a_move_commits_meanwhile(**kwargs):
        if when == "before" and not moved:
            moved.append(_move(table))
        written = project(**kwargs)
        if when == "after" and not moved:
            moved.append(_move(table))
        return written

    monkeypatch.setattr(feed_services, "feed_sync_game", a_move_commits_meanwhile)
    _pop_and_run(client, feeds)
    assert moved
    assert client.llen(feeds) == 1  # the move's own drain
    if batch == 1:  # projected again by the drain's second round
        assert _complete(table)
        assert _due(client) == {}
    else:
        assert set(_due(client)) == {str(table.game_id)}  # still due: stamped anew
        assert _due(client)[str(table.game_id)] != stamp
        assert _complete(table) == (when == "before")  # after its read: only the next one
    monkeypatch.setattr(feed_services, "feed_sync_game", project)
    _pop_and_run(client, feeds)
    assert _complete(table)
    assert _due(client) == {}
    assert client.llen(feeds) == 0


class WorkerLost(BaseException):
    """What a worker killed mid-task looks like from inside: nothing after it runs."""


@pytest.mark.parametrize("failure", [OperationalError, WorkerLost])
def test_a_drain_that_fails_midway_leaves_the_rest_due_and_the_next_drain_projects_them(
    lean, monkeypatch, failure
):
    """A database outage (the task is retried) or a lost worker (the message redelivered, or the
    next move's drain) on the second game: the first one is out of the due games, the others
    stay, and the next drain projects them."""
    _, client, _, feeds = lean
    tables = [Table() for _ in range(4)]
    assert len(_due(client)) == 4
    project = feed_services.feed_sync_game
    calls = []

    def fails_on_the_second(**kwargs):
        calls.append(kwargs["game_id"])
        if len(calls) == 2:
            raise failure("the connection is gone")
        return project(**kwargs)

    monkeypatch.setattr(feed_services, "feed_sync_game", fails_on_the_second)
    raw = client.lindex(feeds, -1)
    with pytest.raises(failure):
        _pop_and_run(client, feeds)
    done = {str(t.game_id) for t in tables if _complete(t)}
    assert done == {calls[0]}
    assert set(_due(client)) == {str(t.game_id) for t in tables} - done
    monkeypatch.setattr(feed_services, "feed_sync_game", project)
    client.lpush(feeds, raw)  # redelivered (acks_late), or a retry, or the next move's drain
    _pop_and_run(client, feeds)
    assert all(_complete(t) for t in tables)
    assert _due(client) == {}


def test_a_projection_that_raises_does_not_hold_back_the_other_games(lean, monkeypatch, caplog):
    """Logged, and its game out of the due games (as a failed per-game task was gone): the
    others are projected; the sweep projects the failed one later."""
    _, client, _, feeds = lean
    tables = [Table() for _ in range(3)]
    broken = str(tables[1].game_id)
    project = feed_services.feed_sync_game

    def one_game_is_broken(**kwargs):
        if kwargs["game_id"] == broken:
            raise ValueError("a bug in one game's projection")
        return project(**kwargs)

    monkeypatch.setattr(feed_services, "feed_sync_game", one_game_is_broken)
    _pop_and_run(client, feeds)
    assert [_complete(t) for t in tables] == [True, False, True]
    assert f"the projection of game {broken} failed" in caplog.text
    assert _due(client) == {}
    assert client.llen(feeds) == 0  # nothing is left: no drain again
    monkeypatch.setattr(feed_services, "feed_sync_game", project)
    later = timezone.now() + timedelta(seconds=60)  # past the sweep's grace
    assert feed_services.feed_sync_behind(now=later) == 1
    assert all(_complete(t) for t in tables)


@pytest.mark.parametrize("budget_s", [0, 5])
def test_more_games_than_a_round_takes(lean, settings, budget_s):
    """Two games a round: with no budget left after a round, the drain sends itself again
    while games are due (one message at a time); with one, its rounds take them all."""
    _, client, _, feeds = lean
    settings.HEARTS_FEED_DRAIN_BATCH = 2
    settings.HEARTS_FEED_DRAIN_BUDGET_S = budget_s
    tables = [Table() for _ in range(5)]
    assert client.llen(feeds) == 1
    left = [5]
    while client.llen(feeds):
        _pop_and_run(client, feeds)
        left.append(len(_due(client)))
        assert client.llen(feeds) == (1 if left[-1] else 0)
    assert left == ([5, 3, 1, 0] if budget_s == 0 else [5, 0])
    assert all(_complete(t) for t in tables)


def test_two_drains_at_once_project_every_game_once(lean):
    """Drains side by side (a move's drain taken by a second worker process while the first
    runs, or a redelivery): they take the same games at random, each game's projection runs
    under its lock, and every feed gets every event once (a second projection finds nothing)."""
    _, client, _, feeds = lean
    tables = [Table() for _ in range(6)]
    assert len(_due(client)) == 6
    client.delete(feeds)
    barrier = threading.Barrier(2)

    def drain() -> None:
        try:
            barrier.wait(10)
            tasks.feed_sync_drain()
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        for done in [pool.submit(drain) for _ in range(2)]:
            done.result()
    assert all(_complete(t) for t in tables)
    assert _due(client) == {}
    for table in tables:
        last_seq = Game.objects.get(pk=table.game_id).last_seq
        assert FeedItem.objects.filter(game_id=table.game_id).count() == 4 * last_seq


def test_a_redelivered_drain_writes_nothing_twice(lean):
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


def test_a_per_game_sync_left_in_a_queue_still_runs(lean):
    """A message of the per-game task sent before the drain (a deploy): it projects its game
    and clears its former pending mark."""
    _, client, _, feeds = lean
    table = Table()
    client.delete(feeds)
    mark = feed_queue.feed_sync_pending_key(str(table.game_id))
    client.set(mark, 1, ex=30)
    tasks.feed_sync_game(str(table.game_id))
    assert _complete(table)
    assert not client.exists(mark)


def test_without_the_lean_redis_sender_every_commit_sends_its_sync(settings, monkeypatch):
    """The embedded filesystem broker (or a Redis URL the lean sender leaves to Celery): no
    due games' hash, no drain, a per-game message per commit through Celery's send_task, on
    the feed queue."""
    monkeypatch.setattr(broker, "_lean_url", lambda: None)
    settings.NOTIFICATIONS_FEED_SYNC = "task"
    settings.HEARTS_FEED_SYNC_QUEUE = (
        f"{settings.CELERY_TASK_DEFAULT_QUEUE}-plain-{uuid.uuid4().hex}"
    )
    game_id = str(uuid.uuid4())
    feed_queue.enqueue_feed_sync(game_id)
    feed_queue.enqueue_feed_sync(game_id)
    feed_queue.feed_sync_started(game_id)  # nothing to clear: no error, no Redis
    assert feed_queue.feed_sync_dirty(50, first=True) == {}
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
