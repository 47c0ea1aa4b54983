"""Redis round trips of a play, pinned like its queries (counts, never timings): besides the
throttle's one script call before the command, a play's commit sends its feed sync (by the
drain script: its game marked due, a drain pushed unless one waits), its AI turn (when an AI
seat is next)
and the live streams' wake-up in ONE pipeline after the commit (``common.broker``), none of them
before it. With Celery's own ``send_task`` that was one
round trip per task plus, without ``ignore_result``, a subscription to each task's result."""

from __future__ import annotations

import json

import pytest
import redis
from celery import current_app
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common import broker
from games import services
from games.streams import backends
from notifications import queue as feed_queue
from tests.perf.test_query_counts import Table, _client
from tests.services.helpers import aggregate, first_legal, human_move, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _task(command):
    """The task name of an LPUSHed Celery message (or of one the drain script pushes unless a
    drain is pending: EVALSHA sha 3 hash mark list message ttl item), else None."""
    name = str(command[0]).upper()
    if name == "LPUSH":
        return json.loads(command[2])["headers"]["task"]
    if name in ("EVALSHA", "EVAL") and command[1] in (broker.DRAIN_SHA, broker.DRAIN_SCRIPT):
        return json.loads(command[6])["headers"]["task"]
    return None  # the throttles' script among them


@pytest.fixture
def redis_calls(redis_url, settings, monkeypatch):
    """The lean broker on the test's Redis server; every Redis command and pipeline recorded."""
    settings.NOTIFICATIONS_FEED_SYNC = "task"  # production's
    monkeypatch.setattr(broker, "_lean_url", lambda: redis_url)
    # the server knows the drain script (as after any process's first send since it started:
    # the NOSCRIPT fallback's one extra round trip is tests/test_broker_lean.py's)
    assert redis.Redis.from_url(redis_url).script_load(broker.DRAIN_SCRIPT) == broker.DRAIN_SHA
    assert backends.live_backend() == "redis"
    calls: list[list[str]] = []
    single, pipeline = redis.Redis.execute_command, redis.client.Pipeline.execute

    def one(self, *args, **options):
        calls.append([(str(args[0]).upper(), _task(args))])
        return single(self, *args, **options)

    def many(self, *args, **kwargs):
        calls.append([(str(c[0][0]).upper(), _task(c[0])) for c in self.command_stack])
        return pipeline(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "execute_command", one)
    monkeypatch.setattr(redis.client.Pipeline, "execute", many)
    yield calls
    server = redis.Redis.from_url(redis_url)
    server.delete(current_app.conf.task_default_queue, settings.HEARTS_FEED_SYNC_QUEUE)
    server.delete(feed_queue.feed_sync_dirty_key(), feed_queue.feed_sync_drain_pending_key())


def _play(client, game_id, card, calls, capture):
    calls.clear()
    with capture(execute=True) as callbacks, CaptureQueriesContext(connection):
        response = client.post(f"/api/v1/games/{game_id}/plays/", {"card": card}, format="json")
        committed = list(calls)  # before the on-commit callbacks ran
    assert response.status_code == 200, response.content
    assert callbacks  # the commit's callbacks ran: open, feed sync, wake-up, close
    return committed, list(calls)


def _sends(calls):
    """The calls that send a task or a wake-up (not the throttles' script)."""
    return [c for c in calls if any(name in ("LPUSH", "PUBLISH") or task for name, task in c)]


def test_a_human_play_is_one_pipeline_after_its_commit(
    redis_calls, django_capture_on_commit_callbacks
):
    table = Table()
    table.advance_to_play(hand=1)
    agg = aggregate(table.game_id)
    seat = agg.to_act[0]
    card = first_legal(agg, seat).card.code
    before, after = _play(table.clients[seat], table.game_id, card, redis_calls,
                          django_capture_on_commit_callbacks)  # fmt: skip
    assert _sends(before) == []  # nothing sent before the commit
    # the wake-up and the feed sync (the game marked due, a drain pushed unless one is pending:
    # one script)
    assert [[c[0] for c in call] for call in _sends(after)] == [["PUBLISH", "EVALSHA"]]
    assert _sends(after)[0][1][1] == "notifications.feed_sync_drain"
    # the other commands are the cache's (the throttles' one script: test_throttle_atomic.py)


def test_a_play_while_a_drain_waits_pushes_none_in_the_same_round_trip(
    redis_calls, redis_url, settings, django_capture_on_commit_callbacks
):
    """Draining costs no round trip: the script runs in the pipeline either way, and marks the
    game due (a new stamp) whether it pushes a drain or not."""
    table = Table()
    table.advance_to_play(hand=1)
    feeds = redis.Redis.from_url(redis_url)
    stamps = [feeds.hget(feed_queue.feed_sync_dirty_key(), str(table.game_id))]
    for _ in range(2):
        agg = aggregate(table.game_id)
        seat = agg.to_act[0]
        card = first_legal(agg, seat).card.code
        _, after = _play(table.clients[seat], table.game_id, card, redis_calls,
                         django_capture_on_commit_callbacks)  # fmt: skip
        assert [[c[0] for c in call] for call in _sends(after)] == [["PUBLISH", "EVALSHA"]]
        assert feeds.llen(settings.HEARTS_FEED_SYNC_QUEUE) == 1  # the first play's, waiting
        stamps.append(feeds.hget(feed_queue.feed_sync_dirty_key(), str(table.game_id)))
    assert len(set(stamps)) == 3  # the game marked due by each play (the first: its start)


def test_a_play_before_an_ai_seat_sends_its_turn_in_the_same_pipeline(
    redis_calls, django_capture_on_commit_callbacks
):
    human = make_user()
    created = services.game_create(user=human, preset="classic")
    services.seat_fill_with_ai(game_id=created.game_id, user=human, level="heuristic")
    services.game_start(game_id=created.game_id, user=human)
    agg = aggregate(created.game_id)
    # on to a turn of the human (seat 0) that is not a trick's last card: an AI seat is next
    while not (agg.phase == "playing" and agg.to_act == (0,) and len(agg.state.hand.trick) < 3):
        seat = 0 if 0 in agg.to_act else agg.to_act[0]
        if seat == 0:
            human_move(created.game_id, human, first_legal(agg, 0))
        else:
            services.ai_take_turn(game_id=created.game_id, seat=seat, expected_seq=agg.seq)
        agg = aggregate(created.game_id)
    card = first_legal(agg, 0).card.code
    before, after = _play(_client(human), created.game_id, card, redis_calls,
                          django_capture_on_commit_callbacks)  # fmt: skip
    assert _sends(before) == []
    sends = _sends(after)
    assert [[c[0] for c in call] for call in sends] == [["LPUSH", "PUBLISH", "EVALSHA"]]
    # the AI turn first, the wake-up, then the feed sync (lazy): the worker takes the AI turn first
    assert [c[1] for c in sends[0]] == ["games.ai_take_turn", None, "notifications.feed_sync_drain"]


def test_a_drain_of_one_game_is_two_round_trips(redis_calls, redis_url, settings):
    """The drain's first step deletes its pending mark and takes the due games (one script),
    the last removes the game projected (the same script): two round trips for one game, and
    one a round more for a drain of many (the removals of a round ride with the next take)."""
    from notifications import tasks

    settings.HEARTS_FEED_SYNC_QUEUE = f"{settings.HEARTS_FEED_SYNC_QUEUE}-drain-trips"
    table = Table()
    feed_queue.enqueue_feed_sync(str(table.game_id))  # as its commits did (on commit)
    server = redis.Redis.from_url(redis_url)
    assert server.hkeys(feed_queue.feed_sync_dirty_key()) == [str(table.game_id).encode()]
    server.delete(settings.HEARTS_FEED_SYNC_QUEUE)
    assert server.script_load(broker.TAKE_SCRIPT) == broker.TAKE_SHA  # known, as after a drain
    redis_calls.clear()
    tasks.feed_sync_drain()
    take = ("EVALSHA", None)
    assert redis_calls == [[take], [take]]
    assert server.hlen(feed_queue.feed_sync_dirty_key()) == 0
    assert not server.exists(feed_queue.feed_sync_drain_pending_key())
